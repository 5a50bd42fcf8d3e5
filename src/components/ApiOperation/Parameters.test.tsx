import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { getOperation } from '../../core/openapi/document';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { operationView } from '../../core/openapi/view';
import Parameters from './Parameters';

const data = readVendoredDocument('data');
const view = operationView(data, 'data-v4', getOperation(data, '/championships'));

test('shows every parameter with its limits and default as the document states them', () => {
  const html = renderToStaticMarkup(<Parameters parameters={view.parameters} />);
  for (const parameter of view.parameters) {
    expect(html).toContain(parameter.name);
    if (parameter.maximum !== undefined) expect(html).toContain(String(parameter.maximum));
    if (parameter.default !== undefined)
      expect(html).toContain(JSON.stringify(parameter.default).replace(/^"|"$/g, ''));
  }
  const required = view.parameters.filter((parameter) => parameter.required).length;
  expect(html.match(/>required</g)?.length).toBe(required);
});

test('each parameter has an anchor of its own, prefixed by the call on a page of many calls', () => {
  const own = renderToStaticMarkup(<Parameters parameters={view.parameters} />);
  const shared = renderToStaticMarkup(<Parameters parameters={view.parameters} idPrefix={view.slug} />);
  for (const parameter of view.parameters) {
    expect(own).toContain(`id="parameter-${parameter.name}"`);
    expect(own).toContain(`href="#parameter-${parameter.name}"`);
    expect(shared).toContain(`id="${view.slug}-parameter-${parameter.name}"`);
  }
});

test('says so when a call takes no parameters', () => {
  expect(renderToStaticMarkup(<Parameters parameters={[]} />)).toBe('<p>This call takes no parameters.</p>');
});
