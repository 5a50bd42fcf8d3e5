import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { apiFacts } from '../../core/openapi/facts';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { securityDocument } from '../../../tests/fixtures/securityDocument';
import {
  ApiList,
  AtAGlance,
  Authentication,
  BodyLimit,
  CallLink,
  EnvSetup,
  ErrorTable,
  ErrorTables,
  PagingTable,
  ReferenceLinks,
} from './index';

const data = apiFacts(readVendoredDocument('data'), 'data-v4', '/docs/data-api');
const chat = apiFacts(readVendoredDocument('chat'), 'chat-v1', '/docs/chat-api');

describe('ApiFacts components', () => {
  test('At a glance says what a document of only webhooks holds, with no call count to mislead', () => {
    const webhooksOnly = apiFacts(
      {
        openapi: '3.1.0',
        info: { title: 'Notifications', version: '1' },
        webhooks: {
          paymentSucceeded: { post: { responses: { 200: { description: 'ok' } } } },
          paymentFailed: { post: { responses: { 200: { description: 'ok' } } } },
        },
        components: { schemas: { Payment: { type: 'object' } } },
      },
      'x',
      '/docs/x',
    );
    const text = renderToStaticMarkup(<AtAGlance facts={webhooksOnly} reference="/api/x" />).replace(/<[^>]*>/g, ' ');
    expect(text).toMatch(/Calls\s+None: this document describes what the API sends/);
    expect(text).toMatch(/Webhooks\s+2\s/);
    expect(text).toMatch(/Schemas\s+1\s/);
    expect(text).toMatch(/Base URL\s+None: the document names no server/);
    // The Data API's own document has its calls and its webhooks.
    const own = renderToStaticMarkup(<AtAGlance facts={data} reference="/api/data" />);
    expect(own).toContain(`${data.operationCount} (<a href="/api/data">single-page reference</a>)`);
    expect(data.webhookCount).toBeGreaterThan(0);
  });

  test("Authentication says what the document's scheme says, not a Bearer header it does not ask for", () => {
    const text = (html: string) =>
      html
        .replace(/<[^>]*>/g, '')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>');
    const header = text(renderToStaticMarkup(<Authentication facts={apiFacts(securityDocument, 'x', '/docs/x')} />));
    expect(header).toContain('Calls take an API key in the X-API-Key header (how to get an API key).');
    expect(header).not.toContain('Bearer');
    const own = text(renderToStaticMarkup(<Authentication facts={data} />));
    expect(own).toContain(
      'Calls take an API key in the Authorization header, as Bearer <api key> (how to get an API key).',
    );
    const chatHtml = renderToStaticMarkup(<Authentication facts={chat} />);
    expect(chatHtml).toContain('href="/getting-started/authentication/oauth2"');
    const none = apiFacts(
      { ...securityDocument, paths: { '/open': { get: { security: [], responses: { 200: { description: 'ok' } } } } } },
      'x',
      '/docs/x',
    );
    expect(renderToStaticMarkup(<Authentication facts={none} />)).toContain('take no credential');
  });

  test('PagingTable has a row per paged call with its figures, linked to the call', () => {
    const html = renderToStaticMarkup(<PagingTable facts={data} />);
    expect(html.match(/<tr data-call=/g)?.length).toBe(data.paging.length);
    const first = data.paging[0];
    expect(html).toContain(`href="/docs/data-api/${first.slug}"`);
    expect(html).toContain(`<td>${first.limitMaximum}</td>`);
  });

  test('ErrorTable lists every error status the document declares', () => {
    const html = renderToStaticMarkup(<ErrorTable facts={data} />);
    for (const { status } of data.errors) expect(html).toContain(status);
  });

  test('CallLink links a call by method and path, and fails for a call the document lacks', () => {
    expect(renderToStaticMarkup(<CallLink facts={data} path="/games" />)).toContain('<code>GET /games</code>');
    expect(() => renderToStaticMarkup(<CallLink facts={data} path="/no/such/call" />)).toThrow(
      'the data-v4 document has no GET /no/such/call',
    );
  });

  test('BodyLimit shows the document limit of a body field, and fails for a field without one', () => {
    const limit = chat.bodyLimits.find((candidate) => candidate.field === 'body');
    expect(renderToStaticMarkup(<BodyLimit facts={chat} field="body" />)).toBe(limit?.maxLength.toLocaleString('en'));
    expect(() => renderToStaticMarkup(<BodyLimit facts={chat} field="nope" />)).toThrow(/no length limit/);
  });
});

test('EnvSetup quotes the base URL: a `;` or `&` (legal in a URL path) cannot end the export and run a command', () => {
  const environment = { credentialVariable: 'ARENA_API_KEY', baseUrlVariable: 'ARENA_DATA_API_URL' };
  const hostile = { ...data, baseUrl: "https://open.arena.example/v4;touch pwned&x='y'", environment };
  const html = renderToStaticMarkup(<EnvSetup apis={[hostile]} />);
  const text = html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
  expect(text).toContain(String.raw`export ARENA_DATA_API_URL='https://open.arena.example/v4;touch pwned&x='\''y'\'''`);
});

test("EnvSetup exports a body limit a page names, from the document's maxLength, and fails for a field without one", () => {
  const environment = { credentialVariable: 'ARENA_ACCESS_TOKEN', baseUrlVariable: 'ARENA_CHAT_API_URL' };
  const facts = { ...chat, environment };
  // chat-v1.yaml's PostMessageBody: `body: { type: string, maxLength: 10000 }`.
  const html = renderToStaticMarkup(<EnvSetup apis={[facts]} limits={{ MESSAGE_MAX_LENGTH: 'body' }} />);
  expect(html.replace(/<[^>]+>/g, '')).toContain('export MESSAGE_MAX_LENGTH=10000');
  expect(() => renderToStaticMarkup(<EnvSetup apis={[facts]} limits={{ X: 'nope' }} />)).toThrow(
    'EnvSetup: no API given has a length limit on a body field nope',
  );
});

describe('the lists of every API (the facts list, .generated/facts/apis.json)', () => {
  const environment = (credentialVariable: string, baseUrlVariable: string) => ({
    environment: { credentialVariable, baseUrlVariable },
  });
  const site = (name: string, folder: string) => ({
    site: {
      name,
      href: `/docs/${folder}/`,
      overview: `/docs/${folder}/${folder.split('-')[0]}`,
      reference: `/api/${folder.split('-')[0]}`,
      description: `The ${name}.`,
    },
  });
  const apis = [
    { ...data, ...environment('ARENA_API_KEY', 'ARENA_DATA_API_URL'), ...site('Data API', 'data-api') },
    { ...chat, ...environment('ARENA_ACCESS_TOKEN', 'ARENA_CHAT_API_URL'), ...site('Chat API', 'chat-api') },
    // A third API that takes the same key as the first.
    {
      ...data,
      id: 'stats-v1',
      ...environment('ARENA_API_KEY', 'ARENA_STATS_API_URL'),
      ...site('Stats API', 'stats-api'),
    },
  ];

  test('ApiList gives each API a heading, its sentence, its figures and its overview, in order', () => {
    const html = renderToStaticMarkup(<ApiList apis={apis} />);
    expect([...html.matchAll(/<h3 id="([^"]+)">([^<]+)<\/h3>/g)].map((match) => `${match[1]} ${match[2]}`)).toEqual([
      'data-v4 Data API',
      'chat-v1 Chat API',
      'stats-v1 Stats API',
    ]);
    expect(html).toContain('<a href="/docs/stats-api/stats">Stats API overview</a>');
    expect(html).toContain('The Stats API.');
  });

  test('ErrorTables has a table per API and ReferenceLinks one link per API, joined as a sentence', () => {
    expect(renderToStaticMarkup(<ErrorTables apis={apis} />).match(/<table/g)).toHaveLength(3);
    const links = renderToStaticMarkup(<ReferenceLinks apis={apis} />).replace(/<\/?span>/g, '');
    expect(links).toBe(
      'the <a href="/api/data">Data API reference</a>, the <a href="/api/chat">Chat API reference</a> and the <a href="/api/stats">Stats API reference</a>',
    );
  });

  test("EnvSetup exports every API's variables once each, a shared key once", () => {
    const text = renderToStaticMarkup(<EnvSetup apis={apis} />)
      .replace(/<[^>]+>/g, '')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>');
    expect(text.split('\n').filter((line) => line.startsWith('export ARENA_API_KEY='))).toEqual([
      "export ARENA_API_KEY='<your API key>'",
    ]);
    expect(text).toContain("export ARENA_ACCESS_TOKEN='<your OAuth2 access token>'");
    expect(text).toContain("export ARENA_STATS_API_URL='https://");
  });
});
