import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { getOperation } from '../../lib/openapi/document';
import { readVendoredDocument } from '../../lib/openapi/vendored';
import { operationView } from '../../lib/openapi/view';
import ParameterTable from './ParameterTable';

const data = readVendoredDocument('data');

test('shows every parameter with its limits and default as the document states them', () => {
  const view = operationView(data, 'data-v4', getOperation(data, '/championships'));
  const html = renderToStaticMarkup(<ParameterTable parameters={view.parameters} />);
  for (const parameter of view.parameters) {
    expect(html).toContain(parameter.name);
    if (parameter.maximum !== undefined) expect(html).toContain(String(parameter.maximum));
    if (parameter.default !== undefined)
      expect(html).toContain(JSON.stringify(parameter.default).replace(/^"|"$/g, ''));
  }
  const required = view.parameters.filter((parameter) => parameter.required).length;
  expect(html.match(/>required</g)?.length).toBe(required);
});

test('says so when a call takes no parameters', () => {
  expect(renderToStaticMarkup(<ParameterTable parameters={[]} />)).toBe('<p>This call takes no parameters.</p>');
});
