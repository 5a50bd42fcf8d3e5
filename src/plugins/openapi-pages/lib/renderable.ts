import type { JsonObject } from '../../../lib/openapi/document';
import { apiFacts } from '../../../lib/openapi/facts';
import { apis } from '../../../../config/apis';
import { documentSlugs, operationViews, reservedSlugCollisions } from '../../../lib/openapi/view';
import { referenceModel } from '../../../lib/openapi/singlePage';
import { operationMarkdown } from '../../../lib/openapi/operationMarkdown';
import { referencePages } from './pages';
import { sampleSettings } from '../../../lib/samples';

const probe = {
  dir: 'probe',
  docIdPrefix: 'probe',
  slugBase: '/probe',
  linkBase: '/probe',
  credentialVariable: 'PROBE',
  baseUrlVariable: 'PROBE_URL',
  mockUrl: 'http://127.0.0.1:1',
  trustedOrigins: ['http://127.0.0.1:1'],
  schemaFiles: { dir: 'probe', route: '/probe' },
};

/**
 * The page names an API's generated pages must leave free, with what takes them: the overview pages of every API in
 * the registry (each API's folder holds its own; all are kept free so a document cannot move between APIs' names),
 * the folder's index, its schemas folder and its changelog.
 */
export const reservedPageNames: ReadonlyMap<string, string> = new Map([
  ...apis.map((api): [string, string] => [api.overview, `the ${api.title} overview page`]),
  ['index', "the API's landing page"],
  ['schemas', "the API's schemas folder"],
  ['changelog', "the API's changelog page"],
]);

/**
 * Makes from a document everything a build makes of it (reference pages, facts, the single-page reference's input,
 * the Markdown exports) and throws if any of it fails, so a document that validates but cannot be built is refused
 * like any other unusable one: the build falls back, `specs:pull` keeps the vendored copy. Returns the page names
 * that had to be changed (collisions, empty names), for the log.
 */
export function renderingNotices(document: JsonObject): string[] {
  const collisions = reservedSlugCollisions(document, reservedPageNames);
  if (collisions.length > 0) {
    throw new Error(
      `${collisions.join('; ')}: the generated page would replace that page; give the operation another operationId`,
    );
  }
  referencePages(document, 'probe', probe);
  apiFacts(document, 'probe', probe.linkBase);
  referenceModel(document, {
    api: 'probe',
    samples: sampleSettings(document, probe),
  });
  for (const view of operationViews(document, 'probe')) operationMarkdown(view, probe);
  return documentSlugs(document).problems;
}
