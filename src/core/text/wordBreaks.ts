/**
 * A title's text in the pieces between which a line may break inside a word: before each word of a camel-case
 * identifier (`ChampionshipSubscriptionsList`, `getHTTPResponse`) and after a `_`, `.` or `/`. A schema's name or an
 * operation's id used as a title is one word to the browser, which on a phone otherwise breaks it anywhere
 * (`Champion` / `shipSubscriptionsLi` / `st`). Joined, the pieces are the text.
 */
export function wordBreaks(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 1; index < text.length; index += 1) {
    const [before, at, after] = [text[index - 1], text[index], text[index + 1] ?? ''];
    const camel = isUpper(at) && (isLower(before) || isDigit(before) || (isUpper(before) && isLower(after)));
    if (camel || '_./'.includes(before)) {
      pieces.push(text.slice(start, index));
      start = index;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

const isUpper = (character: string) => /\p{Lu}/u.test(character);
const isLower = (character: string) => /\p{Ll}/u.test(character);
const isDigit = (character: string) => /\d/.test(character);
