import components from 'prismjs/components';
import getLoader from 'prismjs/dependencies';

/**
 * The languages code blocks are highlighted in: the operation pages' samples (src/core/samples/index.ts), JSON
 * examples and the guides' fences (including their aliases: `js`, `sh`, `html`). A block in any other language renders
 * as plain text; config/codeLanguages.test.ts fails when content uses one that is missing here.
 */
export const codeLanguages = ['markup', 'javascript', 'bash', 'python', 'go', 'csharp', 'json', 'http'];

/**
 * Languages only the reference's request samples use: registered by the reference chunk
 * (src/components/ApiOperation/grammars.ts), so guides do not carry their grammars (15 KB of the main bundle, measured).
 */
export const referenceLanguages = ['java', 'php', 'ruby', 'perl'];

/**
 * Docusaurus registers `additionalLanguages` one by one, in order, so each has to come after the languages it builds
 * on (`javascript` extends `clike`); Prism's own dependency table gives that order.
 */
export function prismLoadOrder(languages: readonly string[]): string[] {
  return getLoader(components, [...languages]).getIds();
}
