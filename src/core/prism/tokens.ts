import type { CSSProperties } from 'react';
import type { PrismTheme, Token } from 'prism-react-renderer';
import type { Token as PrismToken, TokenStream } from 'prismjs';

/*
 * The pure parts of the highlighter Docusaurus's CodeBlock renders with. They follow prism-react-renderer 2.4
 * (MIT) exactly, so code blocks render the same markup; see ./index.ts for why the site carries its own copy.
 */

export type ThemeDictionary = Record<string, CSSProperties> & { root: CSSProperties; plain: CSSProperties };

const newline = /\r\n|\r|\n/;

function markEmptyLine(line: Token[]): void {
  if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
  else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function withType(types: string[], type: string | string[]): string[] {
  return types.length > 0 && types[types.length - 1] === type ? types : types.concat(type);
}

/** Flattens Prism's nested token stream into lines of tokens, each carrying the types of every token around it. */
export function normalizeTokens(stream: TokenStream): Token[][] {
  let line: Token[] = [];
  const lines = [line];
  const walk = (items: (string | PrismToken)[], types: string[], nested: boolean) => {
    for (const item of items) {
      let itemTypes = types;
      let content: TokenStream;
      if (typeof item === 'string') {
        itemTypes = nested ? types : ['plain'];
        content = item;
      } else {
        itemTypes = withType(types, item.type);
        if (item.alias) itemTypes = withType(itemTypes, item.alias);
        content = item.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], itemTypes, true);
        continue;
      }
      const parts = content.split(newline);
      line.push({ types: itemTypes, content: parts[0] });
      for (const part of parts.slice(1)) {
        markEmptyLine(line);
        lines.push((line = []));
        line.push({ types: itemTypes, content: part });
      }
    }
  };
  walk(Array.isArray(stream) ? stream : [stream], [], false);
  markEmptyLine(line);
  return lines;
}

/** Merges a theme's styles per token type, keeping only entries for this language (or for every language). */
export function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const dict: Record<string, CSSProperties> = {};
  for (const { languages, style, types } of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = { ...dict[type], ...(style as CSSProperties) };
  }
  const plain = theme.plain as CSSProperties;
  return { ...dict, root: plain, plain: { ...plain, backgroundColor: undefined } };
}

/** The inline style of one token: the merged styles of its types. */
export function tokenStyle(dict: ThemeDictionary, { types, empty }: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty != null ? { display: 'inline-block' } : undefined;
  if (types.length === 1 && empty != null) return dict[types[0]];
  const merged: CSSProperties = empty != null ? { display: 'inline-block' } : {};
  for (const type of types) Object.assign(merged, dict[type]);
  return merged;
}
