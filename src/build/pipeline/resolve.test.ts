import { describe, expect, test } from 'vitest';
import { prepareDocument, resolveApiDocument, type RenderScope } from './resolve';
import { operationViews, reservedPagesKey } from '../../core/openapi/view';
import { renderingNotices } from '../pages/renderable';

describe('prepareDocument', () => {
  test("reads a fetched document's relative servers against its address, and says so", async () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      servers: [{ url: '/api/v2' }],
      paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } },
    });
    const remote = await prepareDocument(text, renderingNotices, undefined, 'https://docs.example/openapi.json');
    expect(remote.document.servers).toEqual([{ url: 'https://docs.example/api/v2' }]);
    expect(remote.notices).toContainEqual(
      "1 relative server URL(s) were read against the document's address https://docs.example/openapi.json: /api/v2 is https://docs.example/api/v2",
    );
    const file = await prepareDocument(text, renderingNotices);
    expect(file.document.servers).toEqual([{ url: '/api/v2' }]);
  });

  // Decision (issue 56): a call whose page name the portal keeps is renamed, never a reason to refuse the document.
  test.each([
    ['changelog', 'changelog-2'],
    ['data', 'data-2'],
    ['chat', 'chat-2'],
    ['schemas', 'schemas-2'],
    ['index', 'index-2'],
  ])('a call named %s gets the page %s, and the log says why', async (id, slug) => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/things': { get: { operationId: id, responses: { 200: { description: 'ok' } } } } },
    });
    const { document, notices } = await prepareDocument(text, renderingNotices, undefined, undefined, ['data', 'chat']);
    expect(operationViews(document, 'x')[0].slug).toBe(slug);
    expect(notices).toContain(
      `operation GET /things would have the page name "${id}", which the portal keeps for a page of its own; it gets "${slug}"`,
    );
  });

  test('a document whose calls take no kept name carries no list of them', async () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { 200: { description: 'ok' } } } } },
    });
    const { document } = await prepareDocument(text, renderingNotices, undefined, undefined, ['data', 'chat']);
    expect(document).not.toHaveProperty(reservedPagesKey);
  });

  test('names an integer beyond 2^53 that it can only read rounded, rather than rounding it in silence', async () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          get: {
            parameters: [{ name: 'id', in: 'query', schema: { type: 'integer', maximum: 1 } }],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
    }).replace('"maximum":1', '"maximum":9223372036854775807');
    const { notices } = await prepareDocument(text, renderingNotices);
    expect(notices).toContainEqual(
      expect.stringContaining(
        '/paths/~1a/get/parameters/0/schema/maximum (9223372036854775807 reads as 9223372036854775808)',
      ),
    );
  });
});

describe('resolveApiDocument', () => {
  const text = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } },
  });
  const source = { id: 'x', vendoredPath: 'openapi/x.yaml', vendoredText: text, urlVariable: 'X_SPEC_URL' };

  // Issue 59: the build renders a vendored document's pages anyway, and has nothing to fall back to.
  test('renders a remote document whole before using it, and checks a vendored one only for its notices', async () => {
    const scopes: (RenderScope | undefined)[] = [];
    const renderable = (_document: unknown, scope?: RenderScope) => (scopes.push(scope), []);
    await resolveApiDocument(source, { strict: false, renderable });
    expect(scopes).toEqual(['notices']);
    const fetchImpl = (() => Promise.resolve(new Response(text, { status: 200 }))) as typeof fetch;
    const remote = await resolveApiDocument(
      { ...source, url: 'https://docs.example/x.json' },
      { strict: false, renderable, fetchImpl },
    );
    expect(remote.source).toBe('remote');
    expect(scopes).toEqual(['notices', 'everything']);
  });

  test('a remote document that cannot be rendered falls back to the vendored one, which is not rendered twice', async () => {
    const scopes: (RenderScope | undefined)[] = [];
    const renderable = (_document: unknown, scope?: RenderScope) => {
      scopes.push(scope);
      if (scope === 'everything') throw new Error('a page writer failed');
      return [];
    };
    const fetchImpl = (() => Promise.resolve(new Response(text, { status: 200 }))) as typeof fetch;
    const result = await resolveApiDocument(
      { ...source, url: 'https://docs.example/x.json' },
      { strict: false, renderable, fetchImpl },
    );
    expect(result.source).toBe('vendored');
    expect(result.warning).toContain('its reference pages cannot be built: a page writer failed');
    expect(scopes).toEqual(['everything', 'notices']);
  });

  test('the notices of a vendored document are the renamed pages, as a whole render reports them', async () => {
    const named = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/things': { get: { operationId: 'changelog', responses: { 200: { description: 'ok' } } } } },
    });
    const vendored = await resolveApiDocument(
      { ...source, vendoredText: named },
      { strict: false, renderable: renderingNotices },
    );
    const whole = await prepareDocument(named, renderingNotices);
    expect(vendored.notices).toEqual(whole.notices);
    expect(vendored.notices).toContain(
      'operation GET /things would have the page name "changelog", which the portal keeps for a page of its own; it gets "changelog-2"',
    );
  });
});
