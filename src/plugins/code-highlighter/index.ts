import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { codeTheme } from '../../../config/codeTheme';
import { themeCss } from '../../core/prism/html';

/**
 * Points `prism-react-renderer`, which Docusaurus's CodeBlock and `prism-include-languages` import, at the site's
 * own highlighter (src/core/prism): the same `Highlight` over a bare Prism core that carries only the languages in
 * config/codeLanguages.ts. Both bundles get the alias, so server-rendered code blocks match the hydrated ones.
 */
export default function codeHighlighterPlugin(): Plugin {
  return {
    name: 'code-highlighter',
    configureWebpack() {
      return {
        resolve: { alias: { 'prism-react-renderer$': path.resolve(__dirname, '../../core/prism/index.ts') } },
      };
    },
    // The token colours of the code blocks coloured by class (src/core/prism/html.ts), once per page: about 1 KB.
    injectHtmlTags() {
      return { headTags: [{ tagName: 'style', innerHTML: themeCss(codeTheme) }] };
    },
  };
}
