import { describe, expect, test } from 'vitest';
import { securityDocument } from '../../../tests/fixtures/securityDocument';
import type { JsonObject } from './document';
import { buildRequest } from './request';
import { credentialGuide, credentialSentence, credentialWhere, requiredSecurity, sentenceText } from './security';
import { operationViews, type OperationView } from './view';

const views = Object.fromEntries(operationViews(securityDocument, 'schemes').map((view) => [view.path, view]));
const view = (path: string): OperationView => views[path];
const text = (path: string) =>
  view(path)
    .security.map((security) => sentenceText(credentialSentence(security), (code) => `\`${code}\``))
    .join(' and ');

describe("a call's security, as its document says", () => {
  test.each([
    [
      '/schemes/header',
      { type: 'apiKey', credential: 'API key', placement: { in: 'header', name: 'X-API-Key', scheme: 'none' } },
    ],
    ['/schemes/query', { type: 'apiKey', placement: { in: 'query', name: 'api_key', scheme: 'none' } }],
    ['/schemes/cookie', { type: 'apiKey', placement: { in: 'cookie', name: 'sessionid', scheme: 'none' } }],
    [
      '/schemes/basic',
      {
        type: 'http',
        credential: 'user name and password',
        placement: { in: 'header', name: 'Authorization', scheme: 'basic' },
      },
    ],
    [
      '/schemes/bearer',
      { type: 'http', credential: 'JWT', placement: { in: 'header', name: 'Authorization', scheme: 'bearer' } },
    ],
  ])('%s: the scheme, what the reader sends and where', (path, expected) => {
    expect(view(path).security).toEqual([expect.objectContaining(expected)]);
  });

  test('two schemes of one requirement are sent together; of alternatives, the first is sent and all are listed', () => {
    expect(view('/schemes/both').security.map((security) => security.name)).toEqual(['KeyHeader', 'KeyQuery']);
    expect(view('/schemes/either').security.map((security) => security.name)).toEqual(['KeyHeader']);
    expect(requiredSecurity(view('/schemes/either')).map((alternative) => alternative[0].name)).toEqual([
      'KeyHeader',
      'Bearer',
    ]);
  });

  test('`security: []` on a call means no credential, and `{}` among alternatives makes it optional', () => {
    const document: JsonObject = {
      ...securityDocument,
      paths: {
        '/open': { get: { security: [], responses: { '200': { description: 'OK' } } } },
        '/maybe': { get: { security: [{}, { KeyHeader: [] }], responses: { '200': { description: 'OK' } } } },
      },
    };
    const [open, maybe] = operationViews(document, 'x');
    expect(open.security).toEqual([]);
    expect(requiredSecurity(open)).toEqual([]);
    expect(open.securityOptional).toBeUndefined();
    expect(maybe.security).toEqual([]);
    expect(requiredSecurity(maybe).map((alternative) => alternative.length)).toEqual([1]);
    expect(maybe.securityOptional).toBe(true);
  });

  test('the page says where each credential goes', () => {
    expect(text('/schemes/header')).toBe('an API key in the `X-API-Key` header');
    expect(text('/schemes/query')).toBe('an API key in the query parameter `api_key`');
    expect(text('/schemes/cookie')).toBe('an API key in the cookie `sessionid`');
    expect(text('/schemes/basic')).toBe(
      'a user name and password in the `Authorization` header, as `Basic <base64 of user:password>`',
    );
    expect(text('/schemes/bearer')).toBe('a JWT in the `Authorization` header, as `Bearer <jwt>`');
    expect(sentenceText(credentialWhere(view('/schemes/header').security[0]), (code) => code)).toBe(
      'sent in the X-API-Key header',
    );
  });

  test('an API key header or cookie whose name is no HTTP token (a line break, a space) is named, never sent', () => {
    const document: JsonObject = {
      ...securityDocument,
      components: {
        securitySchemes: {
          Split: { type: 'apiKey', in: 'header', name: 'X-Key\r\nX-Injected: 1' },
          Spaced: { type: 'apiKey', in: 'cookie', name: 'session id' },
        },
      },
      paths: {
        '/a': { get: { security: [{ Split: [] }], responses: { '200': { description: 'OK' } } } },
        '/b': { get: { security: [{ Spaced: [] }], responses: { '200': { description: 'OK' } } } },
      },
    };
    for (const call of operationViews(document, 'x')) {
      expect(call.security[0].placement).toBeUndefined();
      expect(buildRequest(call, { serverUrl: 'https://a.example', values: {}, credential: 'k' }).headers).toEqual([
        ['Accept', 'application/json'],
      ]);
    }
  });

  test('a mutual TLS scheme is named, and nothing is sent for it', () => {
    const document: JsonObject = {
      ...securityDocument,
      paths: { '/tls': { get: { security: [{ Certificate: [] }], responses: { '200': { description: 'OK' } } } } },
    };
    const [tls] = operationViews(document, 'x');
    expect(tls.security[0]).toMatchObject({ type: 'mutualTLS', credential: 'client certificate' });
    expect(tls.security[0].placement).toBeUndefined();
    expect(sentenceText(credentialSentence(tls.security[0]), (code) => code)).toContain('mutual TLS');
  });
});

describe("the site's guide to a credential", () => {
  const guides = {
    accessToken: { href: '/guides/tokens', label: 'Tokens' },
    apiKey: { href: '/guides/keys', label: 'Keys' },
  };
  const oauth2: JsonObject = {
    ...securityDocument,
    components: {
      securitySchemes: {
        Token: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://x.example/token', scopes: {} } } },
      },
    },
    paths: { '/me': { get: { security: [{ Token: [] }], responses: { '200': { description: 'OK' } } } } },
  };

  test("comes from the guides it is given, by the scheme's kind; basic and bearer have none", () => {
    expect(credentialGuide(view('/schemes/header').security[0], guides)).toEqual(guides.apiKey);
    expect(credentialGuide(view('/schemes/query').security[0], guides)).toEqual(guides.apiKey);
    expect(credentialGuide(operationViews(oauth2, 'x')[0].security[0], guides)).toEqual(guides.accessToken);
    expect(credentialGuide(view('/schemes/basic').security[0], guides)).toBeUndefined();
    expect(credentialGuide(view('/schemes/bearer').security[0], guides)).toBeUndefined();
    expect(credentialGuide(view('/schemes/header').security[0], {})).toBeUndefined();
  });

  test("without guides, the portal's own (config/credentialGuides.ts)", () => {
    expect(credentialGuide(view('/schemes/header').security[0])?.href).toBe('/getting-started/authentication/api-keys');
  });
});

describe('the request Try it sends', () => {
  const sent = (path: string, credential = 'secret', moreCredentials?: string[]) =>
    buildRequest(view(path), {
      serverUrl: 'https://api.example.com',
      values: { limit: 1 },
      credential,
      moreCredentials,
    });

  test.each([
    ['/schemes/header', ['X-API-Key', 'secret'], undefined],
    ['/schemes/cookie', ['Cookie', 'sessionid=secret'], undefined],
    ['/schemes/basic', ['Authorization', `Basic ${Buffer.from('user:pass').toString('base64')}`], 'user:pass'],
    ['/schemes/bearer', ['Authorization', 'Bearer secret'], undefined],
  ])('%s carries the credential in %j', (path, header, credential) => {
    const request = sent(path, credential ?? 'secret');
    expect(request.headers).toContainEqual(header);
    expect(request.headers.filter(([name]) => name === 'Authorization').length).toBe(
      header[0] === 'Authorization' ? 1 : 0,
    );
  });

  test("a query credential joins the call's own query; two schemes at once carry both", () => {
    expect(new URL(sent('/schemes/query').url).searchParams.get('api_key')).toBe('secret');
    const both = sent('/schemes/both', 'first', ['second']);
    expect(both.headers).toContainEqual(['X-API-Key', 'first']);
    expect(new URL(both.url).searchParams.get('api_key')).toBe('second');
  });

  test('Basic takes user:password as UTF-8', () => {
    const request = sent('/schemes/basic', 'üser:pässword');
    const value = request.headers.find(([name]) => name === 'Authorization')?.[1] ?? '';
    expect(Buffer.from(value.replace('Basic ', ''), 'base64').toString('utf8')).toBe('üser:pässword');
  });
});
