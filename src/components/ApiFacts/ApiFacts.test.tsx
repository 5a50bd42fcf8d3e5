import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { apiFacts } from '../../lib/openapi/facts';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { BodyLimit, CallLink, EnvSetup, ErrorTable, PagingTable } from './index';

const data = apiFacts(readVendoredDocument('data'), 'data-v4', '/docs/data-api');
const chat = apiFacts(readVendoredDocument('chat'), 'chat-v1', '/docs/chat-api');

describe('ApiFacts components', () => {
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
  const html = renderToStaticMarkup(<EnvSetup data={hostile} />);
  const text = html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
  expect(text).toContain(String.raw`export ARENA_DATA_API_URL='https://open.arena.example/v4;touch pwned&x='\''y'\'''`);
});
