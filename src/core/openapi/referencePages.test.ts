import { describe, expect, test } from 'vitest';
import type { JsonObject } from './document';
import {
  defaultPageCalls,
  maxInlinedValues,
  pageCallsFrom,
  referenceTagPages,
  splitReference,
  tagSlice,
} from './referencePages';
import { referenceModel } from './singlePage';
import { operationViews, slugsOf, withSlugs } from './view';
import { resolvePointer } from './document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';

const samples = {
  credentialVariable: 'KEY',
  baseUrlVariable: 'URL',
  fallbackServer: 'https://api.example',
  trustedOrigins: ['https://api.example'],
};

/** Three tags declared (one without calls), a tag only a call names, calls without a tag, shared and private schemas. */
const document: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Split', version: '1' },
  servers: [{ url: 'https://api.example' }],
  security: [{ key: [] }],
  tags: [
    { name: 'Players', description: 'People who play.' },
    { name: 'Empty' },
    { name: 'Matches', description: 'Games played.' },
  ],
  paths: {
    '/players': {
      parameters: [{ $ref: '#/components/parameters/Limit' }],
      get: {
        operationId: 'listPlayers',
        tags: ['Players', 'Matches'],
        responses: { 200: { $ref: '#/components/responses/Players' } },
      },
      post: {
        operationId: 'addPlayer',
        tags: ['Matches'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Player' } } } },
        responses: { 201: { description: 'added' } },
      },
    },
    '/matches/{id}': {
      get: {
        operationId: 'getMatch',
        tags: ['Matches'],
        // Another path's parameter, as Codat's documents share them: that path is on another tag's page.
        parameters: [{ $ref: '#/paths/~1health/get/parameters/0' }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Match' } } },
          },
        },
      },
      additionalOperations: {
        PURGE: { operationId: 'purgeMatch', tags: ['Cache'], responses: { 204: { description: 'x' } } },
      },
    },
    '/health': {
      get: {
        operationId: 'health',
        parameters: [{ name: 'verbose', in: 'query', schema: { type: 'boolean' } }],
        responses: { 200: { description: 'ok' } },
      },
    },
    '/status': { get: { operationId: 'status', tags: [''], responses: { 200: { description: 'ok' } } } },
  },
  webhooks: {
    matchEnded: {
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Match' } } } },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 50 } } },
    responses: {
      Players: {
        description: 'players',
        content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Player' } } } },
      },
    },
    schemas: {
      Player: { type: 'object', properties: { best: { $ref: '#/components/schemas/Match/properties/score' } } },
      Match: {
        type: 'object',
        properties: { score: { type: 'integer' }, winner: { $ref: '#/components/schemas/Player' } },
      },
      Unused: { type: 'object', properties: { x: { $ref: '#/components/schemas/AlsoUnused' } } },
      AlsoUnused: { type: 'string' },
    },
  },
};

describe('referenceTagPages', () => {
  test("lists the single page's groups in its order, a page each, with their calls; a tag without calls gets none", () => {
    expect(referenceTagPages(document)).toEqual([
      { slug: 'players', tag: 'Players', name: 'Players', description: 'People who play.', calls: 1 },
      { slug: 'matches', tag: 'Matches', name: 'Matches', description: 'Games played.', calls: 2 },
      { slug: 'cache', tag: 'Cache', name: 'Cache', description: '', calls: 1 },
      { slug: 'other-calls', tag: undefined, name: 'Other calls', description: '', calls: 2 },
    ]);
  });

  test("gives each page the single page's groups: the same names, order and calls", () => {
    const model = referenceModel(document, { api: 'split', samples });
    const pages = referenceTagPages(document);
    expect(pages.map((page) => page.name)).toEqual(model.groups.map((group) => group.name));
    expect(pages.map((page) => page.calls)).toEqual(model.groups.map((group) => group.calls.length));
  });

  test('keeps slugs unique when two tags make the same one, and names a tag of no letters', () => {
    const clash: JsonObject = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': { get: { tags: ['User Items'], responses: {} } },
        '/b': { get: { tags: ['user-items'], responses: {} } },
        '/c': { get: { tags: ['★'], responses: {} } },
      },
    };
    expect(referenceTagPages(clash).map((page) => page.slug)).toEqual(['user-items', 'user-items-2', 'tag']);
  });
});

describe('splitReference', () => {
  test('splits only a document with more calls than one page holds', () => {
    expect(splitReference(document, 6)).toBeUndefined();
    expect(splitReference(document, 5)?.map((page) => page.slug)).toEqual([
      'players',
      'matches',
      'cache',
      'other-calls',
    ]);
  });

  test("today's documents stay one page at the default budget", () => {
    for (const key of ['data', 'chat'])
      expect(splitReference(readVendoredDocument(key), defaultPageCalls)).toBeUndefined();
  });

  test('reads REFERENCE_PAGE_CALLS, refusing anything but a whole number above 0', () => {
    expect(pageCallsFrom({})).toBe(defaultPageCalls);
    expect(pageCallsFrom({ REFERENCE_PAGE_CALLS: '40' })).toBe(40);
    expect(() => pageCallsFrom({ REFERENCE_PAGE_CALLS: '0' })).toThrow(
      'REFERENCE_PAGE_CALLS must be a whole number of calls above 0, not "0"',
    );
  });
});

describe('tagSlice', () => {
  test("holds the tag's calls only, with their path items' shared fields, and the components they reach", () => {
    const slice = tagSlice(document, 'Players');
    expect(Object.keys(slice.paths as JsonObject)).toEqual(['/players']);
    expect(Object.keys((slice.paths as JsonObject)['/players'] as JsonObject)).toEqual(['parameters', 'get']);
    const components = slice.components as Record<string, JsonObject>;
    // Players reaches Player, which reaches a field inside Match: the whole of Match comes, and Match's Player.
    expect(Object.keys(components).sort()).toEqual(['parameters', 'responses', 'schemas', 'securitySchemes']);
    expect(Object.keys(components.schemas).sort()).toEqual(['Match', 'Player']);
    expect(slice.tags).toEqual([{ name: 'Players', description: 'People who play.' }]);
    expect(slice.webhooks).toBeUndefined();
    expect(slice.info).toBe(document.info);
    expect(slice.security).toBe(document.security);
  });

  test("keeps a tag's additional operation and leaves the path item's other calls out", () => {
    const slice = tagSlice(document, 'Cache');
    const paths = document.paths as Record<string, { additionalOperations: JsonObject }>;
    expect(slice.paths).toEqual({
      '/matches/{id}': { additionalOperations: { PURGE: paths['/matches/{id}'].additionalOperations.PURGE } },
    });
    expect(Object.keys((slice.components as JsonObject).schemas ?? {})).toEqual([]);
  });

  test('a reference into a path the slice leaves out is replaced by its target; the document is left as it was', () => {
    const before = JSON.stringify(document);
    const slice = tagSlice(document, 'Matches');
    const paths = slice.paths as Record<string, Record<string, JsonObject>>;
    expect(paths['/matches/{id}'].get.parameters).toEqual([
      { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
    ]);
    expect(Object.keys(paths)).not.toContain('/health');
    expect(JSON.stringify(document)).toBe(before);
    // A part of the document without such a reference is the document's own object, not a copy.
    expect(paths['/players'].post).toBe((document.paths as Record<string, JsonObject>)['/players'].post);
  });

  test('the calls without a tag (none, or an empty one) make the last page', () => {
    expect(Object.keys(tagSlice(document, undefined).paths as JsonObject)).toEqual(['/health', '/status']);
  });

  test("the single page's model of a slice is that tag's group of the whole document's, call for call", () => {
    const whole = referenceModel(document, { api: 'split', samples });
    for (const page of referenceTagPages(document)) {
      const part = referenceModel(tagSlice(document, page.tag), { api: 'split', samples });
      const group = whole.groups.find((candidate) => candidate.name === page.name)!;
      expect(part.groups.map((candidate) => candidate.name)).toEqual([page.name]);
      expect(part.groups[0].calls).toEqual(group.calls);
      for (const [name, node] of Object.entries(part.schemas)) expect(node).toEqual(whole.schemas[name]);
    }
  });

  test("on the Data API, every tag's slice renders its calls as the whole document does", () => {
    const data = readVendoredDocument('data');
    const whole = referenceModel(data, { api: 'data-v4', samples });
    const pages = referenceTagPages(data);
    expect(pages.reduce((sum, page) => sum + page.calls, 0)).toBe(
      whole.groups.reduce((sum, group) => sum + group.calls.length, 0),
    );
    for (const page of pages) {
      const part = referenceModel(tagSlice(data, page.tag), { api: 'data-v4', samples });
      expect(part.groups[0].calls).toEqual(whole.groups.find((group) => group.name === page.name)!.calls);
    }
  });

  test('a slice names its calls and schemas as the whole document does, where names collide there', () => {
    const clash: JsonObject = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          get: { operationId: 'getUser', tags: ['X'], responses: { 200: { $ref: '#/components/responses/U' } } },
        },
        '/b': {
          get: { operationId: 'GetUser', tags: ['Y'], responses: { 200: { $ref: '#/components/responses/V' } } },
        },
      },
      components: {
        responses: {
          U: { description: 'u', content: { 'application/json': { schema: { $ref: '#/components/schemas/user' } } } },
          V: { description: 'v', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        },
        schemas: { user: { type: 'string' }, User: { type: 'integer' } },
      },
    };
    const whole = operationViews(clash, 'x').map((view) => view.slug);
    expect(whole).toEqual(['get-user', 'get-user-2']);
    const slice = tagSlice(clash, 'Y');
    expect(operationViews(slice, 'x').map((view) => view.slug)).toEqual(['get-user-2']);
    expect(slugsOf(clash, slice)).toEqual({ operations: [['get /b', 'get-user-2']], schemas: [['User', 'user-2']] });
    // As the browser has it: the slice's JSON, given the page names the page's props carry.
    const loaded = JSON.parse(JSON.stringify(slice)) as JsonObject;
    expect(operationViews(loaded, 'x').map((view) => view.slug)).toEqual(['get-user']);
    withSlugs(loaded, slugsOf(clash, slice));
    expect(referenceModel(loaded, { api: 'x', samples })).toEqual(referenceModel(slice, { api: 'x', samples }));
  });
});

describe('tagSlice on a hostile document', () => {
  test('a key named __proto__ is a key: nothing reaches a prototype', () => {
    const hostile = JSON.parse(
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'x', version: '1' },
        paths: {
          '/a': {
            get: {
              tags: ['T'],
              parameters: [{ $ref: '#/components/__proto__/polluted' }, { $ref: '#/constructor' }],
              responses: {},
            },
          },
        },
        components: { __proto__placeholder: { polluted: { name: 'p', in: 'query' } } },
      }).replace('__proto__placeholder', '__proto__'),
    ) as JsonObject;
    const slice = tagSlice(hostile, 'T');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(slice)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(slice.components)).toBe(Object.prototype);
    // The slice's JSON is the slice (compared as text: Vitest's deep equality does not end on a key named __proto__).
    const text = JSON.stringify(slice);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    expect(text).toContain('"components":{"__proto__":{"polluted":');
    expect(() => resolvePointer(hostile, '#/constructor')).toThrow('unresolvable reference #/constructor');
  });

  test('references that each point twice to the next level stop being put in place past a budget, at once', () => {
    const levels = 40;
    const paths: JsonObject = {};
    for (let level = 0; level < levels; level += 1) {
      const next = `#/paths/~1l${level + 1}/x-shared`;
      paths[`/l${level}`] = { 'x-shared': { a: { $ref: next }, b: { $ref: next } } };
    }
    paths[`/l${levels}`] = { 'x-shared': { leaf: true } };
    paths['/call'] = { get: { tags: ['T'], parameters: [{ $ref: '#/paths/~1l0/x-shared' }], responses: {} } };
    const started = performance.now();
    const slice = tagSlice({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths }, 'T');
    const text = JSON.stringify(slice);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Some 2^40 values in full: the slice copies up to the budget, then keeps the remaining references.
    expect(text.length).toBeLessThan(50 * maxInlinedValues);
    expect(text).toContain('"$ref":"#/paths/~1l');
  });
});
