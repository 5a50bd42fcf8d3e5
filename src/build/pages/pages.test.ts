import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { listOperations, type JsonObject } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { dataPagesOptions } from '../../../tests/fixtures/pagesOptions';
import {
  categoryDocs,
  operationPage,
  otherSchemasLabel,
  referencePages,
  webhooksLabel,
  writeProblem,
  writeReferencePages,
  type PagesOptions,
} from './pages';
import { scaleDocument } from '../../../tools/bench/lib/scale';
import { operationViews, type OperationView, type SchemaFile } from '../../core/openapi/view';
import { descriptionTexts, markdownKey, type MarkdownTrees } from '../../core/markdown/tree';
import { referencePageComponents } from '../../components/ApiOperation/pageComponents';
import {
  pageDataText,
  type OperationPageData,
  type ReferencePageData,
  type SchemaPageData,
} from '../../core/openapi/pageData';

const options: PagesOptions = dataPagesOptions;
const data = readVendoredDocument('data');
/** A page's data file, as the build writes it. */
const dataOf = (pages: ReturnType<typeof referencePages>, slug: string): ReferencePageData =>
  JSON.parse(pages.schemaFiles.find((file) => file.name === `pages/${slug}.json`)!.content) as ReferencePageData;

describe('referencePages', () => {
  const pages = referencePages(data, 'data-v4', options);
  const schemaCount = Object.keys((data.components as JsonObject).schemas as JsonObject).length;
  const webhookCount = Object.keys(data.webhooks as JsonObject).length;

  test('writes one page per operation and per schema', () => {
    expect(pages.files).toHaveLength(listOperations(data).length + webhookCount + schemaCount);
    expect(pages.files.filter((file) => file.name.startsWith('webhooks/'))).toHaveLength(webhookCount);
    expect(pages.files.filter((file) => file.name.startsWith('schemas/'))).toHaveLength(schemaCount);
  });

  test('groups every call in the sidebar under its first tag, in the order of the document', () => {
    const tags = (data.tags as { name: string }[]).map((tag) => tag.name);
    // The Data API's document declares a few schemas no call uses (Order, Item…): they come last.
    expect(pages.sidebar.map((category) => category.label)).toEqual([...tags, webhooksLabel, otherSchemasLabel]);
    const operations = pages.sidebar.flatMap((category) =>
      categoryDocs(category).filter((item) => item.className?.startsWith('api-method')),
    );
    const calls = operations.filter((item) => item.className !== 'api-method api-method--webhook');
    expect(calls).toHaveLength(listOperations(data).length);
    expect(operations.length - calls.length).toBe(webhookCount);
    expect(operations[0]).toMatchObject({ type: 'doc', id: 'data-api/reference/get-championships' });
    expect(calls.every((item) => item.className === 'api-method api-method--get')).toBe(true);
  });

  test('lists each schema once, after the calls of the tag of the first call that names it; unused schemas last', () => {
    const schemaItems = pages.sidebar.flatMap((category) =>
      categoryDocs(category).filter((item) => item.className === 'api-schema'),
    );
    expect(schemaItems).toHaveLength(schemaCount);
    expect(new Set(schemaItems.map((item) => item.id)).size).toBe(schemaCount);
    const championships = pages.sidebar.find((category) => category.label === 'Championships');
    expect(championships?.items.map((item) => item.label)).toContain('Championship');
    // Calls first, then schemas, within a category.
    for (const category of pages.sidebar) {
      const kinds = categoryDocs(category).map((item) => (item.className === 'api-schema' ? 1 : 0));
      expect(kinds).toEqual([...kinds].sort());
    }
    const components = data.components as { schemas: JsonObject };
    const unused = {
      ...data,
      components: { ...components, schemas: { ...components.schemas, Lonely: { type: 'object' } } },
    };
    const others = referencePages(unused, 'data-v4', options).sidebar.at(-1);
    expect(others?.label).toBe(otherSchemasLabel);
    expect(others?.items.at(-1)).toMatchObject({ label: 'Lonely', className: 'api-schema' });
  });

  test("a call's or used schema's sidebar category does not grow with the API: the largest is the same at 4 times the size", () => {
    const largest = (sidebar: { label: string; items: unknown[] }[]) =>
      Math.max(
        ...sidebar.filter((category) => category.label !== otherSchemasLabel).map((category) => category.items.length),
      );
    const scaled = referencePages(scaleDocument(data, 4), 'data-v4', options);
    // The copies are of the calls and schemas; the webhooks stay one set.
    expect(scaled.files).toHaveLength(4 * (pages.files.length - webhookCount) + webhookCount);
    expect(largest(scaled.sidebar)).toBe(largest(pages.sidebar));
  });
});

describe('operationPage', () => {
  const [view] = operationViews(data, 'data-v4');

  test('keeps document text as data: quoted front matter and a data file, never MDX', () => {
    const hostile = {
      ...view,
      summary: 'x"\nslug: /evil\n{alert(1)}',
      description: '</script><script>alert(1)</script><!--',
      responses: [{ status: '200 <b>', description: '# not a heading', contents: [] }],
    };
    const page = operationPage(data, hostile, options);
    const frontMatter = page.content.split('---')[1];
    expect(frontMatter).toContain('title: "x\\"\\nslug: /evil\\n{alert(1)}"');
    expect(frontMatter.match(/^slug: /gm)).toHaveLength(1);
    // Below the front matter, one element naming the data file: no document text in the MDX at all.
    const body = page.content.split('---\n').slice(2).join('---\n');
    expect(body.trim()).toBe(`<ReferencePage data={"/openapi/data-v4/pages/${view.slug}.json"} />`);
    expect(page.content).not.toContain('alert(1)</script>');
    // The description's Markdown is parsed into data too: its heading is a tree node, not a line of MDX.
    const markdown = page.data.markdown;
    expect(markdown[markdownKey('# not a heading')]).toEqual([{ t: 'h', d: 1, c: ['not a heading'] }]);
    // The file's text can sit in a script element: no `<` at all, and it is the same value.
    const text = pageDataText(page.data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(page.data)));
  });

  test('a call without an operationId gets keywords Docusaurus accepts: none empty, none repeated', () => {
    // Docusaurus refuses the whole build over one empty keyword (seen with mercure.local.json).
    const page = operationPage(
      data,
      { ...view, operationId: '', parameters: [view.parameters[0], view.parameters[0]] },
      options,
    );
    const line = page.content.split('\n').find((candidate) => candidate.startsWith('keywords: '));
    const listed = JSON.parse(line!.slice('keywords: '.length)) as string[];
    expect(listed).toEqual([view.path, view.parameters[0].name]);
  });

  test("hands the explorer the API's sign-in hosts, none when the options name none", () => {
    const page = operationPage(data, view, { ...options, signInOrigins: ['https://open.arena.example'] });
    expect((page.data as OperationPageData).signInOrigins).toEqual(['https://open.arena.example']);
    expect((operationPage(data, view, options).data as OperationPageData).signInOrigins).toEqual([]);
  });

  test('lists the production server and the local mock for the explorer', () => {
    expect((operationPage(data, view, options).data as OperationPageData).servers).toEqual([
      { label: 'Production', url: 'https://open.arena.example/data/v4', trusted: true },
      { label: 'Local mock', url: 'http://127.0.0.1:4010', trusted: true },
    ]);
  });
});

describe('description links', () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'Links', version: '1' },
    externalDocs: { url: 'https://provider.example/docs' },
    paths: {
      '/a': {
        get: {
          operationId: 'getA',
          description: 'Before [B](#operation/getB); see [privacy](/bots#privacy) and [nothing](#section/Nothing).',
          responses: { '200': { description: 'OK' } },
        },
      },
      '/b': { get: { operationId: 'getB', responses: { '200': { description: 'OK' } } } },
    },
  };
  const markdownOf = (content: string) => JSON.stringify((JSON.parse(content) as { markdown: MarkdownTrees }).markdown);

  test("lead to the portal's page of the call, the provider's site, or nowhere; a probe's routes never leak", () => {
    // The pipeline writes every document under a probe's route first (renderable.ts): the same object, other links.
    referencePages(document, 'probe', { ...options, linkBase: '/probe' });
    const trees = markdownOf(
      referencePages(document, 'links', options).schemaFiles.find((file) => file.name === 'pages/get-a.json')!.content,
    );
    expect(trees).toContain(`"href":"${options.linkBase}/get-b"`);
    expect(trees).toContain('"href":"https://provider.example/bots#privacy"');
    expect(trees).not.toContain('/probe');
    expect(trees).not.toContain('#section');
  });
});

describe('nested schemas', () => {
  const pages = referencePages(data, 'data-v4', options);
  const page = (name: string) => pages.files.find((file) => file.name === name)?.content ?? '';

  test('a page carries the trees it shows open, and each nested named field the size of what it opens', () => {
    const content = page('get-championships.mdx');
    const pageData = dataOf(pages, 'get-championships') as OperationPageData;
    const operation: OperationView = pageData.operation;
    const items = operation.responses[0].contents[0].schema?.children?.find((child) => child.name === 'items');
    const championship = (
      JSON.parse(pages.schemaFiles.find((file) => file.name === 'schemas/championship.json')!.content) as SchemaFile
    ).node;
    expect(items?.schemaName).toBe('Championship');
    expect(items?.schemaSize).toEqual({ fields: championship.children?.length, shapes: false });
    expect(championship.children?.length).toBeGreaterThan(10);
    expect(pageData.schemaFiles).toBe('/openapi/data-v4');
    expect(content).toContain('hide_table_of_contents: true');
  });

  test("each schema's file is its tree, its own nested named fields sized, one file per schema", () => {
    const schemaCount = Object.keys((data.components as JsonObject).schemas as JsonObject).length;
    const trees = pages.schemaFiles.filter((file) => file.name.startsWith('schemas/'));
    expect(trees).toHaveLength(schemaCount);
    // Beside them, one data file per operation and schema page.
    expect(pages.schemaFiles.filter((file) => file.name.startsWith('pages/'))).toHaveLength(
      listOperations(data).length + schemaCount,
    );
    const files = trees.map((file) => JSON.parse(file.content) as SchemaFile);
    const nested = files
      .flatMap((file) => file.node.children ?? [])
      .filter((child) => child.schemaName && !child.children && !child.variants);
    expect(nested.length).toBeGreaterThan(0);
    for (const child of nested) expect(child.schemaSize, child.schemaName).toBeDefined();
    // Each file brings the parsed description of every field it holds, and nothing else.
    for (const file of files) {
      expect(Object.keys(file.markdown).sort()).toEqual(descriptionTexts(file.node).map(markdownKey).sort());
    }
    expect(files.some((file) => Object.keys(file.markdown).length > 0)).toBe(true);
  });

  test('a page weighs the same however many schemas its call reaches', () => {
    // A response whose schema leads to a chain of others: each page once carried the whole chain.
    const chain = (length: number): JsonObject => ({
      openapi: '3.1.0',
      info: { title: 'Chain', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            responses: {
              '200': {
                description: 'A',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
              },
            },
          },
        },
      },
      components: {
        schemas: Object.fromEntries(
          Array.from({ length }, (_, index) => [
            `S${index}`,
            {
              type: 'object',
              description: 'A link of the chain. '.repeat(20),
              properties: {
                id: { type: 'string' },
                ...(index + 1 < length ? { next: { $ref: `#/components/schemas/S${index + 1}` } } : {}),
              },
            },
          ]),
        ),
      },
    });
    const bytes = (length: number) => {
      const written = referencePages(chain(length), 'chain', options);
      return written.schemaFiles.find((file) => file.name === 'pages/get-a.json')!.content.length;
    };
    expect(bytes(200)).toBe(bytes(10));
  });
});

describe('"Changed" badges', () => {
  const badge = { date: '2026-11-22', href: '/docs/data-api/changelog#2026-11-22', breaking: true };
  const changed = {
    'GET /players/{player_id}/history': badge,
    'GET /players/{player_id}/history limit': badge,
    'Season.end_date': badge,
  };
  const pages = referencePages(data, 'data-v4', { ...options, changed });
  const page = (name: string) => pages.files.find((file) => file.name === name)?.content ?? '';

  test("reach the changed call, its changed parameters and a schema's changed fields, and nothing else", () => {
    expect((dataOf(pages, 'get-player-history') as OperationPageData).changed).toEqual({
      operation: badge,
      parameters: { limit: badge },
    });
    expect((dataOf(pages, 'get-player') as OperationPageData).changed).toEqual({});
    expect((dataOf(pages, 'schemas/season') as SchemaPageData).changed).toEqual({ end_date: badge });
    expect(page('schemas/season.mdx')).toContain('<SchemaPageFields />');
    expect((dataOf(pages, 'schemas/player') as SchemaPageData).changed).toEqual({});
  });
});

test('a generated page imports nothing, and every component it uses is one the docs page component provides', () => {
  const document = readVendoredDocument('data');
  // A changed schema gets its badge: the one component only a changelog brings.
  const schemaName = Object.keys((document.components as JsonObject).schemas as JsonObject)[0];
  const badge = { date: '2026-01-01', href: '/docs/data-api/changelog', breaking: false };
  // A webhook too: its page is the one component only a webhook brings.
  document.webhooks = { matchEnded: { post: { responses: { 200: { description: 'ok' } } } } };
  const pages = referencePages(document, 'data-v4', { ...options, changed: { [schemaName]: badge } });
  const used = new Set<string>();
  for (const file of pages.files) {
    expect(file.content, file.name).not.toMatch(/^import /m);
    for (const [, name] of file.content.matchAll(/<([A-Z]\w*)/g)) used.add(name);
  }
  expect([...used].sort()).toEqual(Object.keys(referencePageComponents).sort());
});

test('a webhook payload’s schema pages list the webhooks that send them, after any call', () => {
  const document = readVendoredDocument('data');
  const pages = referencePages(document, 'data-v4', options);
  const page = (name: string) =>
    pages.schemaFiles.find((file) => file.name === `pages/schemas/${name}.json`)?.content ?? '';
  // The body's own schema, a schema of a field inside it, and the envelope its allOf builds on.
  for (const schema of ['match-event-delivery', 'match-event-payload', 'webhook-delivery']) {
    expect(page(schema), schema).toContain(
      '"slug":"webhooks/match-status-cancelled","method":"post","path":"match_status_cancelled"',
    );
  }
  expect(page('webhook-delivery')).toContain('"path":"hub_created"');
  // A schema no webhook sends keeps its calls only.
  expect(page('championship')).not.toContain('"slug":"webhooks/');
});

test('webhooks count among a schema’s users and are listed while the list has room', () => {
  const json = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } } };
  const calls = (count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `/events${index}`,
        { get: { operationId: `events${index}`, responses: { 200: { description: 'ok', ...json } } } },
      ]),
    );
  const document = (count: number): JsonObject => ({
    openapi: '3.1.0',
    info: { title: 'Events', version: '1' },
    paths: calls(count),
    webhooks: { eventSent: { post: { requestBody: json, responses: { 200: { description: 'ok' } } } } },
    components: { schemas: { Event: { type: 'object', properties: { id: { type: 'string' } } } } },
  });
  const usedBy = (count: number) => {
    const file = referencePages(document(count), 'events', options).schemaFiles.find(
      (candidate) => candidate.name === 'pages/schemas/event.json',
    );
    return (JSON.parse(file?.content ?? '{}') as SchemaPageData).schema;
  };
  // 3 calls and the webhook: all listed, the webhook last.
  expect(usedBy(3).usedByCount).toBe(4);
  expect(usedBy(3).usedBy.map((use) => use.path)).toEqual(['/events0', '/events1', '/events2', 'eventSent']);
  // 50 calls fill the list; the webhook is counted.
  expect(usedBy(50).usedByCount).toBe(51);
  expect(usedBy(50).usedByWebhookCount).toBe(1);
  expect(usedBy(50).usedBy).toHaveLength(50);
  expect(usedBy(50).usedBy.at(-1)?.path).toBe('/events49');
});

test("OpenAPI 3.2's QUERY has a page and a badge of its own; an additional operation's method shows OTHER", () => {
  const pages = referencePages(
    {
      openapi: '3.2.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/items': {
          query: { operationId: 'searchItems', tags: ['Items'], responses: { 200: { description: 'ok' } } },
          additionalOperations: {
            COPY: { operationId: 'copyItems', tags: ['Items'], responses: { 201: { description: 'copied' } } },
          },
        },
      },
    },
    'x',
    options,
  );
  expect(pages.files.map((file) => file.name)).toEqual(['search-items.mdx', 'copy-items.mdx']);
  const [items] = pages.sidebar;
  expect(categoryDocs(items).map((item) => [item.id, item.className])).toEqual([
    ['data-api/reference/search-items', 'api-method api-method--query'],
    ['data-api/reference/copy-items', 'api-method api-method--other'],
  ]);
  expect(pages.files[1].content).toContain('COPY');
});

describe("OpenAPI 3.2's tag tree: a tag's parent nests its category, a badge tag makes none", () => {
  const call = (operationId: string, tags: string[]) => ({
    get: { operationId, tags, responses: { 200: { description: 'ok' } } },
  });
  const tree = referencePages(
    {
      openapi: '3.2.0',
      info: { title: 'x', version: '1' },
      tags: [
        { name: 'Commerce', summary: 'Commerce' },
        { name: 'Orders', parent: 'Commerce' },
        { name: 'Refunds', parent: 'Orders', summary: 'Refunds and returns' },
        { name: 'Beta', kind: 'badge' },
        { name: 'Loop A', parent: 'Loop B' },
        { name: 'Loop B', parent: 'Loop A' },
        { name: 'Orphan', parent: 'Nowhere' },
        { name: 'Orphan child', parent: 'Orphan' },
      ],
      paths: {
        '/orders': call('listOrders', ['Orders']),
        '/refunds': call('listRefunds', ['Beta', 'Refunds']),
        '/a': call('inLoopA', ['Loop A']),
        '/b': call('inLoopB', ['Loop B']),
        '/orphan': call('orphaned', ['Orphan']),
        '/orphan/child': call('orphanChild', ['Orphan child']),
      },
    },
    'x',
    options,
  );
  const shape = (items: (typeof tree.sidebar)[number]['items']): unknown[] =>
    items.map((item) => (item.type === 'doc' ? item.id.split('/').at(-1) : { [item.label]: shape(item.items) }));

  test('nests each category under its parent, created when the parent has no call of its own', () => {
    expect(tree.sidebar.map((category) => ({ [category.label]: shape(category.items) }))).toEqual([
      { Commerce: [{ Orders: ['list-orders', { 'Refunds and returns': ['list-refunds'] }] }] },
      // A loop of parents is flattened, not followed; a parent that is not declared is ignored.
      { 'Loop A': ['in-loop-a'] },
      { 'Loop B': ['in-loop-b'] },
      { Orphan: ['orphaned', { 'Orphan child': ['orphan-child'] }] },
    ]);
  });

  test('every call is in the sidebar once', () => {
    expect(tree.sidebar.flatMap(categoryDocs).filter((item) => item.className?.startsWith('api-method'))).toHaveLength(
      6,
    );
  });
});

test("a server's 3.2 name labels it in the explorer's list, before its description", () => {
  const named: JsonObject = {
    openapi: '3.2.0',
    info: { title: 'x', version: '1' },
    servers: [
      { url: 'https://open.arena.example/v1', name: 'Production', description: 'The live platform' },
      { url: 'https://open.arena.example/v2', description: 'Next' },
    ],
    paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } },
  };
  const page = operationPage(named, operationViews(named, 'x')[0], options).data as OperationPageData;
  expect(page.servers.slice(0, 2)).toMatchObject([
    { label: 'Production', url: 'https://open.arena.example/v1' },
    { label: 'Next', url: 'https://open.arena.example/v2' },
  ]);
});

describe('writing the pages', () => {
  test('a file the file system refuses leaves the previous pages and nothing half-written beside them', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'pages-write-'));
    try {
      const target = path.join(siteDir, options.dir);
      mkdirSync(target, { recursive: true });
      writeFileSync(path.join(target, 'get-games.mdx'), 'the previous page');
      // 300 characters: past the 255 bytes a file name may hold.
      const refused = { name: `${'x'.repeat(300)}.mdx`, content: 'refused' };
      const pages = {
        files: [{ name: 'list-games.mdx', content: 'new' }, refused],
        schemaFiles: [],
        sidebar: [],
        operations: [],
      };
      const attempt = writeReferencePages(siteDir, pages, options, 'sidebar.json');
      await expect(attempt).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
      expect(readdirSync(path.dirname(target))).toEqual(['reference']);
      expect(readdirSync(target)).toEqual(['get-games.mdx']);
      expect(readFileSync(path.join(target, 'get-games.mdx'), 'utf8')).toBe('the previous page');
      expect(writeProblem(await attempt.catch((error: unknown) => error))).toBe(`ENAMETOOLONG for ${refused.name}`);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  test('what is not a file system error is named by its message', () => {
    expect(writeProblem(new Error('disk on fire'))).toBe('disk on fire');
    expect(writeProblem('a string')).toBe('a string');
  });
});
