import type { PrismTheme, Token } from 'prism-react-renderer';
import { htmlText } from '../text/escape';

/*
 * Highlighted code as one HTML string, coloured by class, for code blocks that render many lines (the reference's
 * samples and examples). prism-react-renderer's markup is an element per line and per token, each with an inline
 * style: on the single-page reference that was 579 KB of the page's 1.4 MB and 10,016 of its 21,541 elements for 44 KB
 * of code, and React walked every one of them when hydrating. Here plain text stays text, a token is one `<span>` with
 * its types as classes, lines are newlines, and the colours come once per page from `themeCss`. React hydrates a
 * string set with `dangerouslySetInnerHTML` as it is, without walking it.
 */

/** Prism's token types are grammar names; anything else never becomes a class. */
const tokenType = /^[A-Za-z][\w-]*$/;

/** Lines of tokens (from `tokenize`) as HTML: escaped text, a `<span class="token …">` per token that has a type. */
export function tokensHtml(lines: readonly (readonly Token[])[]): string {
  return lines
    .map((line) =>
      line
        .map((token) => {
          if (token.empty) return '';
          // The code is the document's (a provider's): shown, never interpreted.
          const text = htmlText(token.content);
          const types = token.types.filter((type) => type !== 'plain' && tokenType.test(type));
          return types.length === 0 || text === '' ? text : `<span class="token ${types.join(' ')}">${text}</span>`;
        })
        .join(''),
    )
    .join('\n');
}

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const safeValue = /^[\w\s#%(),.-]+$/;

/** The class of the code blocks `tokensHtml` fills, under which `themeCss` colours their tokens. */
export const highlightedClass = 'highlighted-code';

/**
 * The theme's token colours as CSS rules under `scope`, in the theme's order, so that where two types of one token
 * both have a colour the later entry wins, as in prism-react-renderer's merge. Language-specific entries apply under
 * `.language-<id>` only (and, being more specific, win over the others).
 */
export function themeCss(theme: PrismTheme, scope = highlightedClass): string {
  return theme.styles
    .map(({ types, languages, style }) => {
      const declarations = Object.entries(style)
        .filter(([, value]) => typeof value === 'string' && safeValue.test(value))
        .map(([property, value]) => `${kebab(property)}:${String(value)}`)
        .join(';');
      const selectors = types
        .filter((type) => tokenType.test(type))
        .flatMap((type) =>
          languages
            ? languages.map((language) => `.${scope}.language-${language} .token.${type}`)
            : [`.${scope} .token.${type}`],
        );
      return declarations && selectors.length > 0 ? `${selectors.join(',')}{${declarations}}` : '';
    })
    .filter(Boolean)
    .join('\n');
}
