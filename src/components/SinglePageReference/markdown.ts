import type { JsonObject } from '@site/src/lib/openapi/document';
import { descriptionLinks, type DescriptionLinkOptions } from '@site/src/lib/openapi/descriptionLinks';
import type { ReferenceModel } from '@site/src/lib/openapi/singlePage';
import { descriptionTexts, markdownKey } from '@site/src/lib/markdown/tree';

let parser: Promise<typeof import('@site/src/lib/markdown/parse')> | undefined;

/**
 * The Markdown parser, loaded once, in a chunk of its own: only this page parses in the browser (markdown-it, 46 KB
 * gzipped). Every other page carries its descriptions parsed; this one would carry each description's text twice,
 * once in the document it loads and once in the trees.
 */
export function loadParser(): Promise<typeof import('@site/src/lib/markdown/parse')> {
  parser ??= import('@site/src/lib/markdown/parse');
  return parser;
}

/** The model of a document the browser loaded, with a parsed tree for every description it shows. */
export async function withParsedDescriptions(
  model: ReferenceModel,
  document: JsonObject,
  links: DescriptionLinkOptions,
): Promise<ReferenceModel> {
  const missing = descriptionTexts(model).filter((text) => !(markdownKey(text) in model.markdown));
  if (missing.length === 0) return model;
  const { parseMarkdown } = await loadParser();
  const targets = descriptionLinks(document, links);
  const markdown = { ...model.markdown };
  for (const text of missing) markdown[markdownKey(text)] = parseMarkdown(text, targets);
  return { ...model, markdown };
}
