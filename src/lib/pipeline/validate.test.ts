import { describe, expect, test } from 'vitest';
import { decodeDocument } from './fetchText';
import { openApiProblem } from './validate';

const minimal = (openapi: string) => ({
  openapi,
  info: { title: 'x', version: '1' },
  paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
});

describe('openApiProblem', () => {
  test('a 3.2 document is refused as 3.2, not as a document without an openapi field', async () => {
    expect(await openApiProblem(minimal('3.2.0'))).toBe(
      'an OpenAPI 3.2.0 document: the portal reads OpenAPI 3.0 and 3.1 documents, not yet 3.2.0',
    );
    expect(await openApiProblem(minimal('4.0.0'))).toMatch(/^an OpenAPI 4\.0\.0 document/);
  });

  test('3.0 and 3.1 pass; a missing field is still named as missing', async () => {
    expect(await openApiProblem(minimal('3.1.0'))).toBeUndefined();
    expect(await openApiProblem(minimal('3.0.3'))).toBeUndefined();
    expect(await openApiProblem({ info: {} })).toMatch(/no `openapi: 3.x.y` field/);
  });

  test('a path without its slash refuses the document by name, before any other rule', async () => {
    const document = { ...minimal('3.1.0'), paths: { '.evil.example/x': { get: { responses: {} } } } };
    expect(await openApiProblem(document)).toBe(
      'the path ".evil.example/x" does not begin with / (OpenAPI requires it): the call would go to another host',
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
