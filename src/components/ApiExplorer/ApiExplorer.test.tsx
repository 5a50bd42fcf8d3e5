import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { getOperation } from '../../lib/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView } from '../../lib/openapi/view';
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
