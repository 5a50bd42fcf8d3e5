import type { JsonObject } from '@site/src/core/openapi/document';
import { descriptionLinks, type DescriptionLinkOptions } from '@site/src/core/openapi/descriptionLinks';
import type { ReferenceModel } from '@site/src/core/openapi/singlePage';
import { descriptionTexts, markdownKey } from '@site/src/core/markdown/tree';
// Only this page parses Markdown in the browser (markdown-it, 46 KB gzipped), so only its route's chunks hold the
// parser, named in its HTML like the rest of them. Every other page carries its descriptions parsed; this one would
// carry each description's text twice, once in the document it loads and once in the trees. A description's HTML is
// parsed by the browser's own DOMParser, not by parse5 as at build time.
import { parseMarkdownInBrowser } from '@site/src/core/markdown/browser';

/** The model of a document the browser loaded, with a parsed tree for every description it shows. */
export function withParsedDescriptions(
  model: ReferenceModel,
  document: JsonObject,
  links: DescriptionLinkOptions,
): ReferenceModel {
  const missing = descriptionTexts(model).filter((text) => !(markdownKey(text) in model.markdown));
  if (missing.length === 0) return model;
  const targets = descriptionLinks(document, links);
  const markdown = { ...model.markdown };
  for (const text of missing) markdown[markdownKey(text)] = parseMarkdownInBrowser(text, targets);
  return { ...model, markdown };
}
