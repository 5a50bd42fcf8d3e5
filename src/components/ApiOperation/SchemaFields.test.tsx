import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { referencedSchemas, schemaViews } from '../../core/openapi/view';
import SchemaFields from './SchemaFields';

const data = readVendoredDocument('data');
const match = schemaViews(data, 'data-v4').find((view) => view.name === 'Match');

test("lists a schema's fields and links a field of a named schema to that schema's page", () => {
  expect(match).toBeDefined();
  const html = renderToStaticMarkup(<SchemaFields node={match!.root} linkBase="/docs/data-api" />);
  for (const child of match!.root.children ?? []) expect(html).toContain(`>${child.name}<`);
  const linked = (match!.root.children ?? []).find((child) => child.schemaSlug);
  expect(linked).toBeDefined();
  expect(html).toContain(`href="/docs/data-api/${linked!.schemaSlug}"`);
});

test('every field has an anchor under the id of its tree', () => {
  const html = renderToStaticMarkup(
    <SchemaFields node={match!.root} linkBase="/docs/data-api" idBase="response-200" />,
  );
  for (const child of match!.root.children ?? []) {
    expect(html).toContain(`id="response-200-${child.name!.toLowerCase()}"`);
  }
});

test('a field of a named schema offers to open its fields in place when the page carries them, closed at first', () => {
  const schemas = referencedSchemas(data, [match!.root]);
  const linked = (match!.root.children ?? []).find((child) => child.schemaName && schemas[child.schemaName]);
  expect(linked).toBeDefined();
  const html = renderToStaticMarkup(<SchemaFields node={match!.root} linkBase="/docs/data-api" schemas={schemas} />);
  expect(html).toContain(`aria-expanded="false"`);
  expect(html).toContain(`fields of ${linked!.schemaName}</button>`);
  // Closed: the nested fields are not built until the reader opens them.
  const nested = schemas[linked!.schemaName!].children![0].name!;
  expect(html).not.toContain(`id="field-${linked!.name}-${nested.toLowerCase()}"`);
});

test('a schema that contains itself is offered once, so the tree ends', () => {
  const node = {
    type: 'Node',
    required: false,
    deprecated: false,
    nullable: false,
    description: '',
    schemaName: 'Node',
  };
  const schemas = {
    Node: { ...node, children: [{ ...node, name: 'next', children: undefined }] },
  };
  const html = renderToStaticMarkup(<SchemaFields node={node} linkBase="/x" schemas={schemas} />);
  expect(html).toContain('>next<');
  expect(html).not.toContain('<button');
});

test('a oneOf lists its shapes, names the discriminator, and opens a named shape in place', () => {
  const base = { required: false, deprecated: false, nullable: false, description: '' };
  const cat = { ...base, name: 'Cat', type: 'Cat', schemaName: 'Cat', schemaSlug: 'schemas/cat' };
  const node = {
    ...base,
    type: 'Cat | Dog',
    variants: {
      kind: 'oneOf' as const,
      discriminator: 'kind',
      options: [
        cat,
        { ...base, name: 'Option 2', type: 'object', children: [{ ...base, name: 'barks', type: 'boolean' }] },
      ],
    },
  };
  const schemas = { Cat: { ...cat, children: [{ ...base, name: 'meows', type: 'boolean' }] } };
  const html = renderToStaticMarkup(<SchemaFields node={node} linkBase="/x" schemas={schemas} idBase="body" />);
  expect(html).toContain('One of these shapes');
  expect(html).toContain('<code>kind</code>');
  // A named shape: its linked name once (no separate name column), its fields behind a button, closed.
  expect(html).toContain('href="/x/schemas/cat"');
  expect(html.match(/>Cat</g)).toHaveLength(1);
  expect(html).toContain('fields of Cat</button>');
  expect(html).not.toContain('>meows<');
  // An inline shape lists its fields, under anchors of their own.
  expect(html).toContain('id="body-option-2-barks"');
});
