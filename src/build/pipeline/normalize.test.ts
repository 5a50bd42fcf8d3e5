import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../core/openapi/document';
import { containerEngineSchemas } from '../../../config/apis';
import {
  absoluteServers,
  dropUnusedSchemas,
  capDocumentShape,
  capDocumentText,
  cutText,
  externalReferences,
  shapeLimits,
  textLimits,
  unresolvedReferences,
} from './normalize';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';

const containerEngineSchemaPattern = new RegExp(containerEngineSchemas.pattern);
const dropContainerEngineSchemas = (document: JsonObject) => dropUnusedSchemas(document, containerEngineSchemas);

describe("the provider's container-engine schemas (config/apis.ts)", () => {
  test.each(['Volume', 'VolumeCreateOptions', 'Plugin', 'PluginMount', 'SwarmSpec', 'ImageSummary', 'ContainerState'])(
    'matches the container-engine schema %s',
    (name) => expect(containerEngineSchemaPattern.test(name)).toBe(true),
  );
  test.each(['Championship', 'Player', 'Images', 'Volumetric', 'TeamStats'])('leaves %s alone', (name) =>
    expect(containerEngineSchemaPattern.test(name)).toBe(false),
  );
});

describe('dropUnusedSchemas', () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    paths: {
      '/a': {
        get: {
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Game' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Game: { type: 'object', properties: { image: { $ref: '#/components/schemas/ImageRef' } } },
        ImageRef: { type: 'string' },
        ImageSummary: { type: 'object' },
        Volume: { type: 'object', properties: { spec: { $ref: '#/components/schemas/SwarmSpec' } } },
        SwarmSpec: { type: 'object' },
        Item: { type: 'object' },
      },
    },
  };

  test('drops unreferenced container-engine schemas and keeps referenced ones and product schemas', () => {
    const { document: result, dropped } = dropContainerEngineSchemas(document);
    expect(dropped.sort()).toEqual(['ImageSummary', 'SwarmSpec', 'Volume']);
    expect(Object.keys((result.components as JsonObject).schemas as JsonObject)).toEqual(['Game', 'ImageRef', 'Item']);
  });

  test('keeps a container-engine schema that a kept schema refers to, even one no operation reaches', () => {
    // Seen in a real document (amazonaws.com/kinesis-video-archived-media): dropping it broke the other's page.
    const schemas = { Unused: { properties: { format: { $ref: '#/components/schemas/ContainerFormat' } } } };
    const withUnused = { ...document, components: { schemas: { ...schemas, ContainerFormat: { type: 'string' } } } };
    const { document: result, dropped } = dropContainerEngineSchemas(withUnused);
    expect(dropped).toEqual([]);
    expect(Object.keys((result.components as JsonObject).schemas as JsonObject)).toEqual(['Unused', 'ContainerFormat']);
  });

  test("drops nothing of an API whose record names no such schemas: a third party's ImageSummary is its product", () => {
    expect(dropUnusedSchemas(document, undefined)).toEqual({ document, dropped: [] });
  });

  test('leaves a document without components as it is', () => {
    expect(dropContainerEngineSchemas({ openapi: '3.1.0' })).toEqual({ document: { openapi: '3.1.0' }, dropped: [] });
  });
});

describe('capDocumentText', () => {
  test('cuts each string longer than its field limit, says where, and leaves text unescaped', () => {
    const long = (n: number) => 'x'.repeat(n);
    const { document, cut } = capDocumentText({
      info: { title: `T<b>${long(textLimits.title)}`, description: '<script>x</script>' },
      paths: {
        '/a': { get: { summary: long(1_000_000), description: long(textLimits.description), responses: {} } },
      },
      components: { schemas: { S: { example: long(textLimits.other + 1), properties: { description: {} } } } },
    });
    expect(cut).toEqual([
      { at: '/info/title', length: textLimits.title + 4 },
      { at: '/paths/~1a/get/summary', length: 1_000_000 },
      { at: '/components/schemas/S/example', length: textLimits.other + 1 },
    ]);
    const info = document.info as { title: string; description: string };
    expect(info.title).toHaveLength(textLimits.title + 1);
    expect(info.title.endsWith('…')).toBe(true);
    // Text is plain: escaping is each renderer's job at output.
    expect(info.description).toBe('<script>x</script>');
    const get = ((document.paths as JsonObject)['/a'] as JsonObject).get as JsonObject;
    expect(get.description).toHaveLength(textLimits.description);
  });

  test('a long description is cut after its last whole paragraph, a long line after its last whole word', () => {
    const paragraph = `${'word '.repeat(199)}end.`;
    const text = Array.from({ length: 30 }, () => paragraph).join('\n\n');
    const cut = cutText(text, 10_000);
    expect(cut.length).toBeLessThanOrEqual(10_003);
    expect(cut.endsWith('end.\n\n…')).toBe(true);
    expect(cutText('alpha beta gamma delta', 14)).toBe('alpha beta…');
    expect(cutText('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('externalReferences', () => {
  test('finds every reference to a file or URL, and no local one', () => {
    expect(
      externalReferences({
        a: { $ref: '#/components/schemas/A' },
        b: [{ $ref: 'http://127.0.0.1:9/secret' }, { c: { $ref: '/etc/passwd' } }],
        d: { $ref: '../package.json#/name' },
      }),
    ).toEqual(['http://127.0.0.1:9/secret', '/etc/passwd', '../package.json#/name']);
  });
});

describe('capDocumentShape', () => {
  const many = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }]));

  test('cuts a schema past the property limit to its first properties, and its required list with it', () => {
    const count = shapeLimits.properties + 5;
    const document = {
      components: {
        schemas: {
          Wide: { type: 'object', properties: many(count), required: ['p0', `p${count - 1}`] },
          // A property named like the keywords is a name, not a keyword.
          Named: { type: 'object', properties: { enum: { type: 'string' }, example: { type: 'string' } } },
        },
      },
    } as unknown as JsonObject;
    const { document: capped, cut } = capDocumentShape(document);
    const wide = (capped.components as { schemas: Record<string, JsonObject> }).schemas.Wide;
    expect(Object.keys(wide.properties as JsonObject)).toHaveLength(shapeLimits.properties);
    expect(wide.required).toEqual(['p0']);
    expect(cut).toEqual([{ at: '/components/schemas/Wide/properties', what: 'properties', count }]);
    expect((capped.components as { schemas: JsonObject }).schemas.Named).toEqual(
      (document.components as { schemas: JsonObject }).schemas.Named,
    );
  });

  test('cuts an enum past its limit and drops an example too large to show; smaller ones stay', () => {
    const big = 'x'.repeat(shapeLimits.exampleCharacters);
    const document = {
      paths: {
        '/a': {
          get: {
            parameters: [
              {
                name: 'e',
                in: 'query',
                schema: { type: 'string', enum: Array.from({ length: 6000 }, (_, i) => `v${i}`) },
              },
              { name: 'x', in: 'query', example: big, schema: { type: 'string', example: 'small' } },
            ],
            responses: { 200: { content: { 'application/json': { examples: { huge: { value: { big } } } } } } },
          },
        },
      },
    } as unknown as JsonObject;
    const { document: capped, cut } = capDocumentShape(document);
    const get = ((capped.paths as JsonObject)['/a'] as { get: { parameters: JsonObject[]; responses: JsonObject } })
      .get;
    expect((get.parameters[0].schema as { enum: string[] }).enum).toHaveLength(shapeLimits.enumValues);
    expect(get.parameters[1].example).toBeUndefined();
    expect((get.parameters[1].schema as JsonObject).example).toBe('small');
    expect(cut.map((place) => [place.at, place.what])).toEqual([
      ['/paths/~1a/get/parameters/0/schema/enum', 'enum values'],
      ['/paths/~1a/get/parameters/1/example', 'example'],
      ['/paths/~1a/get/responses/200/content/application~1json/examples/huge/value', 'example'],
    ]);
  });

  test('the vendored documents are within every limit: nothing of ours is cut', () => {
    for (const key of ['data', 'chat']) expect(capDocumentShape(readVendoredDocument(key)).cut).toEqual([]);
  });
});

describe('absoluteServers', () => {
  const document: JsonObject = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    servers: [{ url: '/api/v2' }, { url: 'https://other.example/v1' }],
    paths: {
      '/a': {
        servers: [{ url: 'v3/{region}', variables: { region: { default: 'eu' } } }],
        get: { servers: [{ url: '../up' }], responses: { 200: { description: 'ok' } } },
      },
    },
  };

  test("reads each relative server against the document's address, variables kept, absolute ones untouched", () => {
    const { document: absolute, resolved } = absoluteServers(document, 'https://docs.example/specs/openapi.json');
    expect(absolute.servers).toEqual([{ url: 'https://docs.example/api/v2' }, { url: 'https://other.example/v1' }]);
    const path = (absolute.paths as JsonObject)['/a'] as JsonObject;
    expect(path.servers).toEqual([
      { url: 'https://docs.example/specs/v3/{region}', variables: { region: { default: 'eu' } } },
    ]);
    expect((path.get as JsonObject).servers).toEqual([{ url: 'https://docs.example/up' }]);
    expect(resolved.map((server) => server.from)).toEqual(['/api/v2', 'v3/{region}', '../up']);
    // The document it was given is left as it was.
    expect(document.servers).toEqual([{ url: '/api/v2' }, { url: 'https://other.example/v1' }]);
  });

  test('a document read from a file, or from an address that is not http(s), is left as it is', () => {
    expect(absoluteServers(document, undefined)).toEqual({ document, resolved: [] });
    expect(absoluteServers(document, 'file:///x/openapi.json')).toEqual({ document, resolved: [] });
  });
});

describe('unresolvedReferences: a reference to nothing is shown as unresolved, never a reason to refuse', () => {
  const base = { openapi: '3.1.0', info: { title: 'x', version: '1' } };
  test('a missing target becomes an empty schema that keeps its siblings and says what it was', () => {
    const document = {
      ...base,
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/Missing', description: 'kept' } } },
        },
      },
    };
    const { document: result, unresolved } = unresolvedReferences(document);
    expect(unresolved).toEqual(['/components/schemas/A/properties/b ($ref #/components/schemas/Missing)']);
    expect(result).toMatchObject({
      components: {
        schemas: {
          A: { properties: { b: { description: 'kept', 'x-unresolved-ref': '#/components/schemas/Missing' } } },
        },
      },
    });
  });

  test('a loop of references with no value is unresolved; a loop through a real schema is left alone', () => {
    const document = {
      ...base,
      components: {
        schemas: {
          Loop: { $ref: '#/components/schemas/Back' },
          Back: { $ref: '#/components/schemas/Loop' },
          Tree: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
          },
        },
      },
    };
    const { unresolved } = unresolvedReferences(document);
    expect(unresolved).toEqual([
      '/components/schemas/Loop ($ref #/components/schemas/Back)',
      '/components/schemas/Back ($ref #/components/schemas/Loop)',
    ]);
  });

  test("a discriminator mapping outside the document or to nothing is dropped (DigitalOcean's), a name is kept", () => {
    const document = {
      ...base,
      components: {
        schemas: {
          Dog: { type: 'object' },
          Pet: {
            oneOf: [{ $ref: '#/components/schemas/Dog' }],
            discriminator: {
              propertyName: 'kind',
              mapping: {
                dog: '#/components/schemas/Dog',
                cat: 'models/cat.yml',
                bird: '#/components/schemas/Bird',
                fish: 'Fish',
              },
            },
          },
        },
      },
    };
    const { document: result, unresolved } = unresolvedReferences(document);
    expect(((result.components as JsonObject).schemas as JsonObject).Pet).toMatchObject({
      discriminator: { mapping: { dog: '#/components/schemas/Dog', fish: 'Fish' } },
    });
    expect(unresolved).toEqual([
      '/components/schemas/Pet/discriminator/mapping/cat (mapping to "models/cat.yml")',
      '/components/schemas/Pet/discriminator/mapping/bird (mapping to "#/components/schemas/Bird")',
    ]);
  });

  test('a document without broken references is returned as it is', () => {
    const document = {
      ...base,
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' } } },
    };
    expect(unresolvedReferences(document).document).toBe(document);
  });
});

describe("absoluteServers reads relative servers against OpenAPI 3.2's $self", () => {
  const document = (self?: string) => ({
    openapi: '3.2.0',
    info: { title: 'x', version: '1' },
    ...(self === undefined ? {} : { $self: self }),
    servers: [{ url: '/api/v2' }],
  });
  test.each([
    [
      'an absolute $self, in a vendored document',
      'https://docs.example/specs/openapi.yaml',
      undefined,
      'https://docs.example/api/v2',
    ],
    [
      'a relative $self, against the address',
      '/published/openapi.yaml',
      'https://cdn.example/x.yaml',
      'https://cdn.example/api/v2',
    ],
    ['no $self: the address', undefined, 'https://cdn.example/x.yaml', 'https://cdn.example/api/v2'],
    ['a $self of another scheme: ignored', 'urn:example:api', undefined, '/api/v2'],
  ])('%s', (_, self, address, url) => {
    expect(absoluteServers(document(self), address).document.servers).toEqual([{ url }]);
  });
});
