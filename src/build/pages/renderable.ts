import type { JsonObject } from '../../core/openapi/document';
import { apiFacts } from '../../core/openapi/facts';
import { documentSampleNotices, documentSlugs } from '../../core/openapi/view';
import { referenceModel } from '../../core/openapi/singlePage';
import { operationMarkdown } from '../../core/openapi/operationMarkdown';
import { referencePages } from './pages';
import { sampleSettings } from '../../core/samples';
import type { RenderScope } from '../pipeline/resolve';

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
 * Makes from a document everything a build makes of it (reference pages, facts, the single-page reference's input,
 * the Markdown exports) and throws if any of it fails, so a document that validates but cannot be built is refused
 * like any other unusable one: the build falls back, `specs:pull` keeps the vendored copy. Returns the page names
 * that had to be changed (collisions, empty names) and the document's own code samples skipped or cut, for the log;
 * with the scope `notices`, only those (src/build/pipeline/resolve.ts says when).
 */
export function renderingNotices(document: JsonObject, scope: RenderScope = 'everything'): string[] {
  if (scope === 'notices') return [...documentSlugs(document).problems, ...documentSampleNotices(document)];
  const { operations } = referencePages(document, 'probe', probe);
  apiFacts(document, 'probe', probe.linkBase, undefined, operations);
  referenceModel(document, {
    api: 'probe',
    samples: sampleSettings(document, probe),
  });
  for (const view of operations) operationMarkdown(view, probe);
  return [...documentSlugs(document).problems, ...documentSampleNotices(document)];
}
