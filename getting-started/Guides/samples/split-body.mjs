// Splits a long answer into message bodies the Chat API accepts (at most `limit` characters each), at spaces
// where it can, so no word is cut in two unless it is longer than a whole message.
export function splitBody(text, limit) {
  const parts = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const space = rest.lastIndexOf(' ', limit);
    const cut = space > 0 ? space : limit;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
