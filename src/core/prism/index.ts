import { useCallback, useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import type {
  HighlightProps,
  LineInputProps,
  LineOutputProps,
  RenderProps,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';
import './manual';
import Prism from 'prismjs/components/prism-core';
import { normalizeTokens, themeToDict, tokenStyle } from './tokens';

/*
 * Stands in for `prism-react-renderer` in the site's bundles (aliased by src/plugins/code-highlighter).
 * prism-react-renderer ships one module holding its own Prism with about 20 languages and 20 themes, all kept by the
 * bundler (the package declares side effects): 84 KB of every page's 580 KB main bundle, measured. Here the bare
 * Prism core is exported instead, and Docusaurus's own `prism-include-languages` registers exactly the languages in
 * `config/codeLanguages.ts` on it, so every page pays only for the languages the site shows.
 */

export { Prism, normalizeTokens };

/** Prism's tokens of `code` as lines, the way prism-react-renderer makes them; unknown languages are plain text. */
export function tokenize(code: string, language: string, prism: typeof Prism = Prism): Token[][] {
  const grammar = prism.languages[language];
  if (grammar == null) return normalizeTokens([code]);
  const env = { code, grammar, language, tokens: [] as ReturnType<typeof prism.tokenize> };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

/** prism-react-renderer's props, with a render function typed for React 19 (its types name the old global JSX). */
export type Props = Omit<HighlightProps, 'children'> & { children: (props: RenderProps) => ReactNode };

export function Highlight({ code, language: requested, theme, prism = Prism, children }: Props): ReactNode {
  const language = requested.toLowerCase();
  const dict = useMemo(() => (theme ? themeToDict(theme, language) : undefined), [theme, language]);
  const tokens = useMemo(() => tokenize(code, language, prism), [prism, code, language]);

  const getLineProps = useCallback(
    ({ className, style, line: _line, ...rest }: LineInputProps): LineOutputProps => ({
      ...rest,
      className: clsx('token-line', className),
      style: dict || style ? { ...dict?.plain, ...style } : undefined,
    }),
    [dict],
  );
  const getTokenProps = useCallback(
    ({ token, className, style, ...rest }: TokenInputProps): TokenOutputProps => {
      const themed = dict ? tokenStyle(dict, token) : undefined;
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style != null ? { ...themed, ...style } : themed,
      };
    },
    [dict],
  );

  const props: RenderProps = {
    tokens,
    className: `prism-code language-${language}`,
    style: dict?.root ?? {},
    getLineProps,
    getTokenProps,
  };
  return children(props);
}
