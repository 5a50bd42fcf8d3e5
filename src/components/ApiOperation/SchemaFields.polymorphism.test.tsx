import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { polymorphismDocument } from '../../../tests/fixtures/polymorphismDocument';
import { getOperation, type Json } from '../../core/openapi/document';
import { operationMarkdown } from '../../core/openapi/operationMarkdown';
import { exampleOf } from '../../core/openapi/synthesize';
import { operationView, schemaCatalog, schemaViews, type SchemaNode } from '../../core/openapi/view';
import { schemaRef } from '../../core/openapi/view/schemaRefs';
import { unresolvedReferences } from '../../build/pipeline/normalize';
import SchemaFields from './SchemaFields';

// Anchors are field names in lower case. cspell:words pettype shapetype

// As the build reads it: the document step marks Vehicle's reference to nothing and drops its mapping to it.
const document = unresolvedReferences(polymorphismDocument).document;
const catalog = schemaCatalog(document);
const views = schemaViews(document, 'pets');

/** A tree as a page renders it: the named schemas at its root carried, as the build writes them. */
function rendered(root: SchemaNode): string {
  catalog.sized(root);
  return renderToStaticMarkup(<SchemaFields node={root} linkBase="/api" schemas={catalog.rootSchemas([root])} />);
}

/** A schema's page. */
function schemaPage(name: string): string {
  return rendered(views.find((view) => view.name === name)!.root);
}

/** A shape of a schema's page once the reader opens it: what it lists there, under the shape's anchor. */
function openedShape(name: string, shape: string): string {
  const option = views.find((view) => view.name === name)!.root.variants!.options.find((item) => item.name === shape)!;
  return renderToStaticMarkup(<SchemaFields node={option} linkBase="/api" idBase={`field-${shape}`} />);
}

/** A call's first response, its body's fields. */
function responsePage(path: string, method: string): string {
  const view = operationView(document, 'pets', getOperation(document, path, method));
  return rendered(view.responses[0].contents[0].schema!);
}

/** Each field's or shape's anchor and its head as a reader reads it: name, type, flags. */
function heads(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<li id="([^"]+)"[^>]*><div[^>]*>(.*?)<\/div>/g)].map((match) => [
      match[1],
      match[2]
        .replace(/<[^>]+>/g, '')
        .replace(/\u200b/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );
}

interface Case {
  page: string;
  html: () => string;
  /** Heads that must be there, by anchor. */
  shows: Record<string, string>;
  /** Anchors that must not be there. */
  hides?: string[];
  /** Buttons that open a shape in place. */
  buttons?: string[];
  /** Fields (`data-field`) the page lists exactly once. */
  once?: string[];
  /** Whether the page offers shapes. */
  shapes?: boolean;
}

const cases: Record<string, Case> = {
  '1. a mapping names each shape by its value, its schema beside it, a bare schema name as a value too': {
    page: 'Pet',
    html: () => schemaPage('Pet'),
    shows: { 'field-dog': 'dog Dog', 'field-cat': 'cat Cat' },
  },
  '1. an inline oneOf in a property is named as a referenced one is (Redoc #2252)': {
    page: 'Household',
    html: () => schemaPage('Household'),
    shows: { 'field-favourite-dog': 'dog Dog', 'field-favourite-cat': 'cat Cat' },
  },
  '1. a shape no value names goes by its schema name, once; an inline one by its title': {
    page: 'Payment',
    html: () => schemaPage('Payment'),
    shows: { 'field-card': 'card Card', 'field-bank-transfer': 'Bank transfer object' },
  },
  '2. a shape that extends the base offers what it adds, the base fields listed once above it': {
    page: 'Pet',
    html: () => schemaPage('Pet'),
    shows: { 'field-pettype': 'petType string required', 'field-dog': 'dog Dog' },
    buttons: ['Show the field Dog adds', 'Show the field Cat adds'],
    once: ['petType', 'name'],
  },
  '2. opened, such a shape lists only what it adds, not the base fields or the discriminator again (Scalar #9861)': {
    page: 'Pet',
    html: () => openedShape('Pet', 'cat'),
    shows: { 'field-cat-meows': 'meows boolean' },
    hides: ['field-cat-pettype', 'field-cat-name'],
  },
  "2. a shape's own page has the base's fields once, and is not again one of the base's shapes": {
    page: 'Dog',
    html: () => schemaPage('Dog'),
    shows: {
      'field-pettype': 'petType string required',
      'field-name': 'name string required',
      'field-barks': 'barks boolean',
    },
    once: ['petType', 'name', 'barks'],
    shapes: false,
  },
  '2. a shape that says its discriminator again lists it once on its own page': {
    page: 'Cat',
    html: () => schemaPage('Cat'),
    shows: { 'field-pettype': 'petType string required', 'field-meows': 'meows boolean' },
    once: ['petType'],
    shapes: false,
  },
  '3. a base with a mapping and no oneOf offers the mapped schemas, values of one schema together, and those extending it (Scalar #8286)':
    {
      page: 'Shape',
      html: () => schemaPage('Shape'),
      shows: {
        'field-shapetype': 'shapeType string required',
        'field-circle-round': 'circle, round Circle',
        'field-shape': 'shape Shape',
        'field-square': 'Square',
      },
      buttons: ['Show the field Circle adds', 'Show the field Square adds'],
      shapes: true,
    },
  '3. the same base as array items offers its shapes (Scalar #9674)': {
    page: 'GET /shapes',
    html: () => responsePage('/shapes', 'get'),
    shows: { 'field-circle-round': 'circle, round Circle', 'field-square': 'Square' },
    shapes: true,
  },
  '3. opened, a shape found through its allOf lists what it adds': {
    page: 'Shape',
    html: () => openedShape('Shape', 'Square'),
    shows: { 'field-square-side': 'side number' },
    hides: ['field-square-shapetype'],
  },
  "3. a shape of such a base is not again one of the base's shapes": {
    page: 'Circle',
    html: () => schemaPage('Circle'),
    shows: { 'field-shapetype': 'shapeType string required', 'field-radius': 'radius number' },
    shapes: false,
  },
  "4. a oneOf inside a shape's field lists its shapes": {
    page: 'Card',
    html: () => schemaPage('Card'),
    shows: {
      'field-wallet-apple-pay': 'Apple Pay object',
      'field-wallet-apple-pay-devicetoken': 'deviceToken string',
      'field-wallet-google-pay-googletoken': 'googleToken string',
    },
  },
  '4. a oneOf of array items lists its shapes': {
    page: 'Household',
    html: () => schemaPage('Household'),
    shows: { 'field-pets': 'pets array of Dog | Cat', 'field-pets-dog': 'Dog', 'field-pets-cat': 'Cat' },
  },
  '4. a discriminated oneOf inside an allOf part offers its shapes beside the common fields (docusaurus-openapi-docs #1302)':
    {
      page: 'Notification',
      html: () => schemaPage('Notification'),
      shows: { 'field-id': 'id string', 'field-email': 'email Email', 'field-sms': 'sms Sms' },
      shapes: true,
    },
  '5. a mapping value naming a schema the document lacks shows that name, unresolved and unlinked': {
    page: 'Shape',
    html: () => schemaPage('Shape'),
    shows: { 'field-hexagon': 'hexagon unresolved reference #/components/schemas/Hexagon' },
  },
  '5. a reference to nothing says so, by its schema name, rather than passing for a value of any shape': {
    page: 'Vehicle',
    html: () => schemaPage('Vehicle'),
    shows: { 'field-bike': 'bike Bike', 'field-boat': 'Boat unresolved reference #/components/schemas/Boat' },
  },
};

describe('polymorphism renders as the peers users expect', () => {
  test.each(Object.entries(cases))('%s', (_, { html: render, shows, hides = [], buttons = [], once = [], shapes }) => {
    const html = render();
    const found = heads(html);
    expect(found).toMatchObject(shows);
    for (const id of hides) expect(found).not.toHaveProperty(id);
    for (const text of buttons) expect(html).toContain(`>${text}</button>`);
    for (const field of once) expect(html.split(`data-field="${field}"`)).toHaveLength(2);
    if (shapes !== undefined) expect(html.includes('of these shapes')).toBe(shapes);
    // A shape the document lacks is never a link: its page does not exist.
    expect(html).not.toMatch(/href="\/api\/schemas\/(hexagon|boat)"/);
  });
});

describe('the example built from a polymorphic schema', () => {
  const ref = (name: string) => ({ $ref: schemaRef(name) });
  const examples: [string, () => Json, Json][] = [
    [
      "a body of the base is its first shape, the discriminator set to that shape's mapping value",
      () =>
        operationView(document, 'pets', getOperation(document, '/pets', 'post')).requestBody!.contents[0].generated!,
      { petType: 'dog', name: 'string', barks: true },
    ],
    [
      "a shape built alone is that shape, not another of its base's",
      () => exampleOf(document, ref('Dog'), 'response'),
      { petType: 'dog', name: 'string', barks: true },
    ],
    [
      'a base with a mapping and no oneOf is built as its first mapped shape',
      () =>
        operationView(document, 'pets', getOperation(document, '/shapes', 'get')).responses[0].contents[0].generated!,
      [{ shapeType: 'circle', radius: 1.5 }],
    ],
    [
      'a shape that is a reference to nothing is passed over',
      () => exampleOf(document, ref('Vehicle'), 'response'),
      { kind: 'bike', gears: 1 },
    ],
  ];
  test.each(examples)('%s', (_, example, expected) => {
    expect(example()).toEqual(expected);
  });
});

test("the Markdown twin names each shape by its value and lists what it adds once, under the base's fields", () => {
  const view = operationView(document, 'pets', getOperation(document, '/pets', 'post'));
  const markdown = operationMarkdown(view, {
    credentialVariable: 'TOKEN',
    baseUrlVariable: 'BASE',
    trustedOrigins: [],
  });
  const body = markdown.slice(markdown.indexOf('## Request body'), markdown.indexOf('## Responses'));
  expect(body).toContain(
    [
      '- One of these shapes, told apart by `petType`:',
      '  - dog (Dog)',
      '    - `barks` (boolean)',
      '  - cat (Cat)',
      '    - `meows` (boolean)',
    ].join('\n'),
  );
  expect(body.match(/`petType`/g)).toHaveLength(2);
});
