import { describe, expect, test } from 'vitest';
import { decodeDocument } from './fetchText';
import { convertSwagger, openApiProblem, openApiWarnings } from './validate';

const minimal = (openapi: string) => ({
  openapi,
  info: { title: 'x', version: '1' },
  paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
});

describe('openApiProblem: a document is refused only when nothing can be rendered from it, or for safety', () => {
  test('3.0, 3.1 and 3.2 pass; a newer version is named; a missing field is named as missing', () => {
    expect(openApiProblem(minimal('3.1.0'))).toBeUndefined();
    expect(openApiProblem(minimal('3.0.3'))).toBeUndefined();
    expect(openApiProblem(minimal('3.2.0'))).toBeUndefined();
    expect(openApiProblem(minimal('4.0.0'))).toBe(
      'an OpenAPI 4.0.0 document: the portal reads OpenAPI 3.0, 3.1 and 3.2 documents, not yet 4.0.0',
    );
    expect(openApiProblem({ info: {} })).toBe('not an OpenAPI 3.x document (no `openapi: 3.x.y` field)');
  });

  test('a path without its slash refuses the document by name, before any other rule', () => {
    const document = { ...minimal('3.1.0'), paths: { '.evil.example/x': { get: { responses: {} } } } };
    expect(openApiProblem(document)).toBe(
      'the path ".evil.example/x" does not begin with / (OpenAPI requires it): the call would go to another host',
    );
  });

  test("a vendor extension of the Paths object is no path (Apicurio's x-codegen-contextRoot)", () => {
    const document = { ...minimal('3.0.3'), paths: { ...minimal('3.0.3').paths, 'x-codegen-contextRoot': '/apis' } };
    expect(openApiProblem(document)).toBeUndefined();
  });

  // Decision: a document of only webhooks (Adyen's notification APIs) or only schemas renders those pages.
  test.each([
    ['only webhooks', { webhooks: { ping: { post: { responses: { 200: { description: 'ok' } } } } } }],
    ['only schemas', { components: { schemas: { Thing: { type: 'object' } } } }],
  ])('a document of %s is accepted', (_, content) => {
    expect(openApiProblem({ openapi: '3.1.0', info: { title: 'x', version: '1' }, ...content })).toBeUndefined();
  });

  test('a document with nothing to render is refused, saying so', () => {
    expect(openApiProblem({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} })).toBe(
      'the document has no operations, no webhooks and no schemas: there is nothing to render',
    );
  });
});

describe("openApiWarnings: the linter's findings are warnings naming the place, not refusals", () => {
  // Decision for each finding the corpus refused on before: the page renders around it, the log names it.
  test.each([
    [
      'x-logo as a string (a Redoc extension)',
      { ...minimal('3.0.3'), info: { title: 'x', version: '1', 'x-logo': 'a.png' } },
    ],
    ['nullable in 3.1', { ...minimal('3.1.0'), components: { schemas: { A: { type: 'string', nullable: true } } } }],
    ['a misspelt keyword', { ...minimal('3.0.3'), info: { title: 'x', version: '1', descrciption: 'typo' } }],
    ['allOf as an object', { ...minimal('3.0.3'), components: { schemas: { A: { allOf: { type: 'object' } } } } }],
    ['a field at the root', { ...minimal('3.0.3'), source: 'somewhere' }],
    ['a $ref to nowhere', { ...minimal('3.0.3'), components: { schemas: { A: { $ref: '#/components/schemas/B' } } } }],
  ])('%s', async (_, document) => {
    expect(openApiProblem(document)).toBeUndefined();
    const warnings = await openApiWarnings(document);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\d+ finding\(s\) of the OpenAPI rules, rendered around: \//);
  });

  test('a clean document has none', async () => {
    expect(await openApiWarnings(minimal('3.1.0') as never)).toEqual([]);
  });
});

describe('convertSwagger', () => {
  const swagger = {
    swagger: '2.0',
    info: { title: 'Pets', version: '1' },
    host: 'pets.example',
    basePath: '/v1',
    schemes: ['https'],
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
          responses: { 200: { description: 'A pet', schema: { $ref: '#/definitions/Pet' } } },
        },
      },
    },
    definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
  };

  test('a Swagger 2.0 document becomes OpenAPI 3.0, with its server, schemas and a notice', async () => {
    const { document, notice } = await convertSwagger(swagger);
    expect(notice).toMatch(/^a Swagger 2\.0 document, converted to OpenAPI 3\.0\.\d by swagger2openapi/);
    expect(document).toMatchObject({
      openapi: expect.stringMatching(/^3\.0\./) as string,
      servers: [{ url: 'https://pets.example/v1' }],
      components: { schemas: { Pet: { type: 'object' } } },
    });
    expect(openApiProblem(document)).toBeUndefined();
  });

  test('an OpenAPI document, or another Swagger version, is left as it is', async () => {
    const openapi = minimal('3.1.0');
    expect((await convertSwagger(openapi)).document).toBe(openapi);
    const old = { swagger: '1.2' };
    expect((await convertSwagger(old)).document).toBe(old);
    expect(openApiProblem(old)).toBe(
      'a Swagger 1.2 document: the portal converts Swagger 2.0 and reads OpenAPI 3.0 to 3.2',
    );
  });
});

describe('decodeDocument', () => {
  const text = 'openapi: 3.1.0\ninfo: {title: "ü"}\n';

  test('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeDocument(Buffer.from(text))).toBe(text);
    expect(decodeDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
  });

  test.each([
    ['UTF-16 (little-endian)', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['UTF-16 (big-endian)', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
    ['UTF-16 (little-endian, no byte-order mark)', Buffer.from(text, 'utf16le')],
    ['UTF-16 (big-endian, no byte-order mark)', Buffer.from(text, 'utf16le').swap16()],
    ['UTF-32', Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x6f, 0, 0, 0])],
  ])('refuses %s by name', (name, bytes) => {
    expect(() => decodeDocument(bytes)).toThrow(`the document is encoded as ${name}; the portal reads UTF-8`);
  });

  test('refuses Latin-1 as not UTF-8, near the byte that is not', () => {
    expect(() => decodeDocument(Buffer.from('openapi: 3.1.0\ntitle: caf\xe9 au lait\n', 'latin1'))).toThrow(
      /not UTF-8 text \(an invalid byte near byte (2[0-9])\)/,
    );
  });
});
