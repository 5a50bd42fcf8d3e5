import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../lib/openapi/vendored';
import { schemaViews } from '../../lib/openapi/view';
import SchemaFields from './SchemaFields';

const data = readVendoredDocument('data');

test("lists a schema's fields and links a field of a named schema to that schema's page", () => {
  const match = schemaViews(data, 'data-v4').find((view) => view.name === 'Match');
  expect(match).toBeDefined();
  const html = renderToStaticMarkup(<SchemaFields node={match!.root} linkBase="/docs/data-api" />);
  for (const child of match!.root.children ?? []) expect(html).toContain(`>${child.name}<`);
  const linked = (match!.root.children ?? []).find((child) => child.schemaSlug);
  expect(linked).toBeDefined();
  expect(html).toContain(`href="/docs/data-api/${linked!.schemaSlug}"`);
});
