import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSpecServer, type SpecServer } from '../../../tests/fixtures/specServer';
import type { JsonObject } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { isDeepStrictEqual } from 'node:util';
import { parseDocumentText } from '../../core/openapi/parse';
import { pullApi } from './pull';
import { prepareDocument } from './resolve';
import { renderingNotices } from '../pages/renderable';

const vendored = readVendoredDocument('data');
const changed = structuredClone(vendored);
// The remote provider lowered a limit and removed a call: both must be reported as breaking.
const parameters = (changed.components as JsonObject).parameters as JsonObject;
((parameters.Limit100Default20 as JsonObject).schema as JsonObject).maximum = 50;
delete (changed.paths as Record<string, unknown>)['/games/{game_id}/parent'];

let sameServer: SpecServer;
let changedServer: SpecServer;
let dir: string;
let vendoredCopy: string;

beforeAll(async () => {
  sameServer = await startSpecServer(vendored, 10);
  changedServer = await startSpecServer(changed, 10);
  dir = mkdtempSync(path.join(tmpdir(), 'pull-'));
  vendoredCopy = path.join(dir, 'data-v4.yaml');
});

afterAll(async () => {
  await sameServer.stop();
  await changedServer.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Pulls the Data API document from `url` into the test's vendored copy, recording into `history` when given. */
function pull(url: string, { check = false, history = '', note = '' } = {}) {
  const changelog = history ? { changelog: { path: history, date: '2026-11-22', note } } : {};
  return pullApi({ id: 'data-v4', url, vendoredPath: vendoredCopy, check, renderable: renderingNotices, ...changelog });
}

describe('pullApi', () => {
  test('reports no difference when the remote equals the vendored copy, and writes nothing', async () => {
    copyFileSync('openapi/data-v4.yaml', vendoredCopy);
    const result = await pull(sameServer.url('/valid.json'));
    expect(result.differs).toBe(false);
    expect(result.written).toBe(false);
    expect(readFileSync(vendoredCopy, 'utf8')).toBe(readFileSync('openapi/data-v4.yaml', 'utf8'));
  });

  test('--check reports breaking changes and leaves the vendored file as it is', async () => {
    copyFileSync('openapi/data-v4.yaml', vendoredCopy);
    const result = await pull(changedServer.url('/valid.json'), { check: true });
    expect(result.differs).toBe(true);
    expect(result.written).toBe(false);
    expect(result.report).toContain('! BREAKING GET /games/{game_id}/parent: operation removed');
    expect(result.report).toMatch(/! BREAKING GET \/games: limit maximum: 100 -> 50/);
    expect(readFileSync(vendoredCopy, 'utf8')).toBe(readFileSync('openapi/data-v4.yaml', 'utf8'));
  });

  test('a pull replaces the vendored file with the normalized remote document', async () => {
    copyFileSync('openapi/data-v4.yaml', vendoredCopy);
    const result = await pull(changedServer.url('/valid.yaml'));
    expect(result.written).toBe(true);
    expect(isDeepStrictEqual(parseDocumentText(readFileSync(vendoredCopy, 'utf8')), changed)).toBe(true);
  });

  test('a broken remote document is refused and the vendored file kept', async () => {
    copyFileSync('openapi/data-v4.yaml', vendoredCopy);
    await expect(pull(sameServer.url('/broken-yaml'))).rejects.toThrow(/not valid JSON or YAML/);
    expect(readFileSync(vendoredCopy, 'utf8')).toBe(readFileSync('openapi/data-v4.yaml', 'utf8'));
  });

  test.each([
    ['/external-ref-url', /refers outside itself/],
    ['/external-ref-file', /refers outside itself/],
    ['/external-ref-relative', /refers outside itself/],
  ])('a document the build would refuse (%s) is refused and the vendored file kept', async (route, reason) => {
    copyFileSync('openapi/data-v4.yaml', vendoredCopy);
    await expect(pull(sameServer.url(route))).rejects.toThrow(reason);
    expect(readFileSync(vendoredCopy, 'utf8')).toBe(readFileSync('openapi/data-v4.yaml', 'utf8'));
    expect(sameServer.hits('/secret')).toBe(0);
  });

  // A reference that loops back to itself is shown as unresolved, not a reason to refuse (issue 56's decision).
  test.each(['/hostile-everywhere', '/allof-cycle', '/empty-and-colliding-names', '/ref-loop'])(
    'a document a build accepts (%s) is written, and builds the same pages from the written file',
    async (route) => {
      copyFileSync('openapi/data-v4.yaml', vendoredCopy);
      const result = await pull(sameServer.url(route));
      expect(result.written).toBe(true);
      // What was written is what the build reads: it passes the same checks again, page generation included.
      await expect(prepareDocument(readFileSync(vendoredCopy, 'utf8'), renderingNotices)).resolves.toBeDefined();
    },
  );

  describe('the changelog history', () => {
    const seeded = {
      api: 'data-v4',
      entries: [
        {
          id: '2026-11-22',
          date: '2026-11-22',
          before: { version: '4', digest: 'a' },
          after: { version: '4', digest: 'b' },
          note: 'Edited by hand',
          changes: [],
        },
      ],
    };

    test('a pull that replaces the document appends an entry, breaking changes flagged, earlier entries untouched', async () => {
      copyFileSync('openapi/data-v4.yaml', vendoredCopy);
      const history = path.join(dir, 'history.json');
      const earlier = `${JSON.stringify(seeded, null, 2)}\n`;
      writeFileSync(history, earlier);
      const result = await pull(changedServer.url('/valid.json'), { history, note: 'Limits lowered by the provider' });
      const written = JSON.parse(readFileSync(history, 'utf8')) as typeof seeded;
      expect(written.entries).toHaveLength(2);
      expect(written.entries[0]).toEqual(seeded.entries[0]);
      const entry = written.entries[1];
      expect(entry).toEqual(result.entry);
      // The same day already had an entry: the new one gets its own id.
      expect(entry).toMatchObject({ id: '2026-11-22-2', date: '2026-11-22', note: 'Limits lowered by the provider' });
      expect(entry?.changes).toContainEqual(
        expect.objectContaining({ where: 'GET /games/{game_id}/parent', what: 'operation removed', breaking: true }),
      );
      expect(entry?.changes).toContainEqual(
        expect.objectContaining({ operation: 'GET /games', parameter: 'limit', breaking: true }),
      );
      // The file starts with the earlier entries exactly as they were written.
      const lastEntryEnd = earlier.lastIndexOf('}', earlier.lastIndexOf(']')) + 1;
      expect(readFileSync(history, 'utf8').startsWith(earlier.slice(0, lastEntryEnd))).toBe(true);
    });

    test('a pull that changes nothing, or only checks, records nothing', async () => {
      for (const [url, check] of [
        [sameServer.url('/valid.json'), false],
        [changedServer.url('/valid.json'), true],
      ] as const) {
        copyFileSync('openapi/data-v4.yaml', vendoredCopy);
        const history = path.join(dir, 'unchanged.json');
        writeFileSync(history, JSON.stringify(seeded));
        const result = await pull(url, { check, history });
        expect(result.entry).toBeUndefined();
        expect(readFileSync(history, 'utf8')).toBe(JSON.stringify(seeded));
      }
    });

    test('a history file that is not one stops the pull before the document is replaced', async () => {
      copyFileSync('openapi/data-v4.yaml', vendoredCopy);
      const history = path.join(dir, 'wrong.json');
      writeFileSync(history, JSON.stringify({ api: 'chat-v1', entries: [] }));
      await expect(pull(changedServer.url('/valid.json'), { history })).rejects.toThrow(
        /is not the changelog of data-v4/,
      );
      expect(readFileSync(vendoredCopy, 'utf8')).toBe(readFileSync('openapi/data-v4.yaml', 'utf8'));
    });
  });
});
