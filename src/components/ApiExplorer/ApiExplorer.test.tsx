import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { getOperation } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView } from '../../core/openapi/view';
import { securityDocument } from '../../../tests/fixtures/securityDocument';
import ApiExplorer from './index';

const data = readVendoredDocument('data');
const history = operationView(data, 'data-v4', getOperation(data, '/players/{player_id}/history'));
const servers = [
  { label: 'Production', url: 'https://open.arena.example/data/v4', trusted: true },
  { label: 'Local mock', url: 'http://127.0.0.1:4010', trusted: true },
];

test('renders its form on the server with no credential, every server and a field per parameter', () => {
  const html = renderToStaticMarkup(<ApiExplorer operation={history} servers={servers} />);
  expect(html).toContain('aria-label="Request explorer"');
  for (const server of servers) expect(html).toContain(`value="${server.url}"`);
  // The credential is read in the browser from the tab's storage only; the server renders none.
  expect(html).toMatch(/type="password"[^>]*value=""/);
  for (const parameter of history.parameters) expect(html).toContain(`>${parameter.name}`);
});

test('a call that combines two schemes gets a credential field for each, each saying where it goes', () => {
  const both = operationView(securityDocument, 'schemes', getOperation(securityDocument, '/schemes/both'));
  const html = renderToStaticMarkup(
    <ApiExplorer operation={both} servers={[{ label: 'API', url: 'https://api.example.com', trusted: true }]} />,
  );
  expect(html.match(/type="password"/g)).toHaveLength(2);
  const text = html.replace(/<[^>]*>/g, ' ');
  expect(text).toMatch(/X-API-Key\s+header/);
  expect(text).toMatch(/query parameter\s+api_key/);
});

test('a server with variables gets a field per variable, a list where the document lists the values', () => {
  const html = renderToStaticMarkup(
    <ApiExplorer
      operation={history}
      servers={[
        {
          label: 'Production',
          url: 'https://open.arena.example/data/v4',
          template: 'https://{host}/{version}',
          trusted: true,
          variables: [
            { name: 'host', default: 'open.arena.example', description: 'The host.' },
            { name: 'version', default: 'data/v4', enum: ['data/v4', 'data/v5'], description: '' },
          ],
        },
      ]}
    />,
  );
  expect(html).toContain('Production: https://{host}/{version}');
  expect(html).toMatch(/<input[^>]*value="open\.arena\.example"/);
  expect(html).toMatch(/<select[^>]*><option value="data\/v4" selected="">data\/v4<\/option><option value="data\/v5">/);
});

test('a call that takes one of several ways of authenticating lets the reader pick one, the first by default', () => {
  const either = operationView(securityDocument, 'schemes', getOperation(securityDocument, '/schemes/either'));
  const html = renderToStaticMarkup(
    <ApiExplorer operation={either} servers={[{ label: 'API', url: 'https://api.example.com', trusted: true }]} />,
  );
  expect(html).toMatch(/<select[^>]*id="[^"]*-security"/);
  expect(html.match(/<option value="\d"/g)).toHaveLength(2);
  expect(html).toContain('<option value="0" selected="">KeyHeader (API key)</option>');
  // Only the picked way's credential field.
  expect(html.match(/type="password"/g)).toHaveLength(1);
});
