import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { getOperation } from '../../core/openapi/document';
import { operationView } from '../../core/openapi/view';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import OperationSummary from './OperationSummary';

const data = readVendoredDocument('data');
const games = operationView(data, 'data-v4', getOperation(data, '/games'));
const trustedOrigins = ['https://open.arena.example'];
const text = (html: string) => html.replace(/<[^>]*>/g, '').replaceAll('&#x27;', "'");

test('a server with variables shows its template and each variable, its text escaped', () => {
  const html = renderToStaticMarkup(
    <OperationSummary
      operation={{
        ...games,
        servers: [
          {
            url: 'https://open.arena.example/data/v4',
            description: 'Production',
            template: 'https://open.arena.example/{version}',
            variables: [{ name: 'version', default: 'data/v4', enum: ['data/v4', 'data/v5'], description: '<b>x</b>' }],
          },
        ],
      }}
      trustedOrigins={trustedOrigins}
    />,
  );
  expect(text(html)).toContain('Server: https://open.arena.example/{version} (Production), with a variable');
  expect(text(html)).toContain('version: default data/v4, one of data/v4, data/v5. &lt;b&gt;x&lt;/b&gt;');
  expect(html).not.toContain('<b>x</b>');
});

test("a relative server with no host is said to be on the API's own host", () => {
  const html = renderToStaticMarkup(
    <OperationSummary
      operation={{ ...games, servers: [], hostlessServers: ['/api/v2'] }}
      trustedOrigins={trustedOrigins}
    />,
  );
  expect(text(html)).toContain("Server: /api/v2 on the API's own host: the document names no host");
});
