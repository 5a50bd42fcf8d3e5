import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import OperationReference from '../../src/components/ApiOperation/OperationReference';
import SchemaFields from '../../src/components/ApiOperation/SchemaFields';
import { listOperations, type JsonObject } from '../../src/core/openapi/document';
import { sampleMedia } from '../../src/core/openapi/request';
import { codeSamples, sampleLanguages } from '../../src/core/samples';
import {
  bodyTypeRank,
  operationSchemaRoots,
  operationViews,
  referencedSchemas,
  schemaViews,
  webhookViews,
} from '../../src/core/openapi/view';
import { referencePages } from '../../src/build/pages/pages';
import { prepareDocument } from '../../src/build/pipeline/resolve';
import { githubDocument, realDocumentPath, realDocuments } from '../../tools/lib/realDocuments';
import { renderingNotices } from '../../src/build/pages/renderable';

/**
 * The pipeline held against documents nobody here wrote: each of the selection (tools/lib/realDocuments.ts) and
 * GitHub's REST document (about 1,000 calls) is resolved as a remote document would be, and every call and schema
 * is written and rendered with the components of the pages: each gets a page, a sample in every language, and renders
 * without an exception. The site builds with a part of the selection in provider-build.integration.test.ts.
 */
const documents = [...realDocuments, githubDocument].map((document) => ({
  ...document,
  file: realDocumentPath(document),
}));

const samples = {
  credentialVariable: 'ARENA_X_KEY',
  baseUrlVariable: 'ARENA_X_URL',
  fallbackServer: 'http://127.0.0.1:1',
  trustedOrigins: ['http://127.0.0.1:1'],
};

describe.each(documents)('$slug ($shape)', ({ slug, file }) => {
  let document: JsonObject;

  test('resolves as a remote document would, refused by nothing', async () => {
    ({ document } = await prepareDocument(readFileSync(file, 'utf8'), renderingNotices));
    // Something to render: calls, or (Adyen's notification APIs) only webhooks.
    expect(listOperations(document).length + webhookViews(document, slug).length).toBeGreaterThan(0);
  }, 60_000);

  test('every call and every schema gets a page', () => {
    const schemaCount = Object.keys((document.components as JsonObject | undefined)?.schemas ?? {}).length;
    const pages = referencePages(document, slug, {
      dir: 'x',
      docIdPrefix: 'x',
      slugBase: '/x',
      linkBase: '/docs/x',
      credentialVariable: samples.credentialVariable,
      baseUrlVariable: samples.baseUrlVariable,
      mockUrl: samples.fallbackServer,
      trustedOrigins: samples.trustedOrigins,
      schemaFiles: { dir: 'x-schemas', route: '/x-schemas' },
    });
    // And every webhook and method (OpenAPI 3.1 `webhooks`: Listen Notes' document has some).
    const webhookCount = webhookViews(document, slug).length;
    expect(pages.files).toHaveLength(listOperations(document).length + schemaCount + webhookCount);
    if (slug === 'listennotes' || slug === 'adyen-notifications') expect(webhookCount).toBeGreaterThan(0);
    expect(new Set(pages.files.map((page) => page.name)).size).toBe(pages.files.length);
  });

  test('every call renders with its samples in every language, and a body sample sends a body', () => {
    const failures: string[] = [];
    for (const view of operationViews(document, slug)) {
      const label = `${view.method.toUpperCase()} ${view.path}`;
      try {
        const written = codeSamples(view, { ...samples, serverUrl: view.servers[0]?.url ?? samples.fallbackServer });
        expect(written.map((sample) => sample.language)).toEqual(sampleLanguages.map((language) => language.id));
        for (const sample of written)
          if (sample.code.trim() === '') failures.push(`${label}: empty ${sample.language}`);
        const media = sampleMedia(view);
        // A document's example of `null` says the call is made without a body (GitHub's optional bodies do).
        const body = media?.example ?? media?.generated;
        if (media && body !== undefined && body !== null && !/--(data|form)/.test(written[0].code)) {
          failures.push(`${label}: its ${media.contentType} body is missing from the curl sample`);
        }
        const html = renderToString(
          createElement(OperationReference, {
            operation: view,
            samples,
            schemas: referencedSchemas(document, operationSchemaRoots(view)),
            linkBase: '/docs/x',
            // Only the first language is highlighted: every language's code was written above.
            lazySamples: true,
          }),
        );
        // A path may wrap after each slash (<wbr>, PathText): read it without those.
        if (!html.replaceAll('<wbr/>', '').includes(view.path.replaceAll('&', '&amp;').replaceAll('<', '&lt;'))) {
          failures.push(`${label}: the page does not show its path`);
        }
        // What the document says of callbacks and response links, the page says: each callback's section, each
        // link's target.
        const raw = listOperations(document).find(
          (ref) => ref.path === view.path && ref.method === view.method,
        )?.operation;
        for (const name of Object.keys((raw?.callbacks as JsonObject | undefined) ?? {}))
          if (!html.includes(`data-callback="${name.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`))
            failures.push(`${label}: its callback ${name} is not on the page`);
        for (const response of view.responses)
          for (const link of response.links ?? [])
            if (link.target && !html.includes(`href="/docs/x/${link.target.slug}"`))
              failures.push(`${label}: its ${response.status} link ${link.name} does not lead to its call`);
        // Every JSON response with a schema has an example to show: the document's, or one built from the schema,
        // of a size a page can carry (GitHub's objects nest dozens of objects).
        for (const response of view.responses)
          for (const media of response.contents) {
            if (bodyTypeRank(media.contentType) !== 0 || !media.schema) continue;
            // The document's example may be `null` (GitHub's for a body it does not describe): still its own.
            if (media.example !== undefined) continue;
            const built = media.generated === undefined ? undefined : JSON.stringify(media.generated);
            if (built === undefined) failures.push(`${label}: ${response.status} has no example`);
            else if (built.length > 20_000)
              failures.push(`${label}: ${response.status}'s built example is ${built.length} B`);
          }
      } catch (error) {
        failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('every schema renders its fields', () => {
    const failures: string[] = [];
    for (const view of schemaViews(document, slug)) {
      try {
        renderToString(
          createElement(SchemaFields, {
            node: view.root,
            linkBase: '/docs/x',
            schemas: referencedSchemas(document, [view.root]),
          }),
        );
      } catch (error) {
        failures.push(`${view.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
