import { describe, expect, test } from 'vitest';
import { bigTable, pageCacheCounts, pickBigDocuments, withOneCallChanged, type BigRow } from './bigRun';
import type { JsonObject } from '../../../src/core/openapi/document';

describe('the big documents axis', () => {
  test('--documents picks sizes by name, the site alone as `site`, in the order given', () => {
    expect(pickBigDocuments('graph,site').map((document) => document?.slug ?? 'site')).toEqual(['graph', 'site']);
    expect(pickBigDocuments(undefined).map((document) => document?.slug ?? 'site')).toEqual([
      'site',
      'stripe',
      'github',
      'autotask',
      'graph',
    ]);
    expect(() => pickBigDocuments('stripe,graf')).toThrow('no document named "graf"');
  });

  test('the table gives HTML per page and each step’s peak', () => {
    const row: BigRow = {
      label: 'the site and graph',
      calls: 11_489,
      schemas: 4_000,
      pages: 1_000,
      wall: 1_500.4,
      cpu: 2_000,
      rss: 3.5e9,
      stepRss: { bundle: 3.5e9, render: 2.25e9 },
      bytes: 5e8,
      mdxBytes: 4e6,
      htmlBytes: 1.5e8,
      jsBytes: 2e7,
      warm: { wall: 375.1, cpu: 500, rss: 3e9, copied: 990, rendered: 10 },
    };
    const [, , line, failed] = bigTable([row, { ...row, label: 'the site and stripe', warm: null }]).split('\n');
    expect(failed).toMatch(/^\| the site and stripe \|.* \| 4\.0 \| failed \| — \| — \| — \| — \|$/);
    expect(line).toBe(
      '| the site and graph | 11489 | 4000 | 1000 | 1500 | 2000 | 3.50 | bundle 3.50, render 2.25 | 500.0 | 150.0 | 20.0 | 4.0 | 375, 0.25 | 990, 10 | — | — | — |',
    );
  });

  test("a call page's bytes are given against the site alone's call page, and search's first query's", () => {
    const weight = (raw: number) => ({ jsRaw: raw / 2, jsGzip: raw / 8, totalRaw: raw, totalGzip: raw / 4 });
    const search = { medianBytes: 204_800, maxBytes: 307_200, mrr: 0.964, top3: 0.98, coldMs: 150 };
    const base: BigRow = {
      label: "the site's own APIs",
      calls: 67,
      schemas: 100,
      pages: 241,
      wall: 70,
      cpu: 110,
      rss: 1e9,
      stepRss: {},
      bytes: 1e8,
      mdxBytes: 1e6,
      htmlBytes: 1e7,
      jsBytes: 1e7,
      warm: null,
      readerPages: { ownCall: weight(1_024_000), call: null, search },
    };
    const graph: BigRow = {
      ...base,
      label: 'the site and graph',
      readerPages: { ownCall: weight(1_126_400), call: { route: '/docs/real-graph/a', ...weight(1_228_800) }, search },
    };
    const [header, , site, big] = bigTable([base, graph]).split('\n');
    expect(header).toContain(
      "| our call page KB raw / gzip (of the site alone's) | its first call page by name KB raw / gzip | search, first query KB median / max; MRR / top-3 |",
    );
    expect(site).toMatch(/ \| 1000 \(1\.00\) \/ 250 \(1\.00\) \| — \| 200 \/ 300; 0\.96 \/ 0\.98 \|$/);
    // Our call page against the same page in the site alone; the added API's own page as it is.
    expect(big).toMatch(/ \| 1100 \(1\.10\) \/ 275 \(1\.10\) \| 1200 \/ 300 \| 200 \/ 300; 0\.96 \/ 0\.98 \|$/);
    // Without the site alone in the run, bytes without a ratio.
    expect(bigTable([graph]).split('\n')[2]).toMatch(/ \| 1100 \/ 275 \| 1200 \/ 300 \| /);
  });

  test("the page cache's counts are read from the build's output", () => {
    expect(pageCacheCounts('x\n[page-cache] 14500 pages copied from the previous build, 184 rendered\ny')).toEqual({
      copied: 14_500,
      rendered: 184,
    });
    expect(pageCacheCounts('no cache here')).toBeUndefined();
  });

  test('the warm build’s change is one call’s summary, the rest of the document as it was', () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      paths: {
        '/games': { get: { summary: 'List games', operationId: 'listGames' }, post: { operationId: 'addGame' } },
        '/players': { get: { summary: 'List players' } },
      },
    };
    const changed = withOneCallChanged(document);
    expect(changed).toEqual({
      openapi: '3.1.0',
      paths: {
        '/games': {
          get: { summary: 'List games (changed)', operationId: 'listGames' },
          post: { operationId: 'addGame' },
        },
        '/players': { get: { summary: 'List players' } },
      },
    });
    expect((document.paths as JsonObject)['/games']).toEqual({
      get: { summary: 'List games', operationId: 'listGames' },
      post: { operationId: 'addGame' },
    });
    expect(() => withOneCallChanged({ openapi: '3.1.0', paths: {} })).toThrow('no call to change');
    // An OpenAPI 3.2 call of a method outside the fixed eight is changed where the document keeps it.
    const query = withOneCallChanged({
      openapi: '3.2.0',
      paths: { '/search': { additionalOperations: { PURGE: { summary: 'Purge the search cache' } } } },
    });
    expect(query.paths).toEqual({
      '/search': { additionalOperations: { PURGE: { summary: 'Purge the search cache (changed)' } } },
    });
  });
});
