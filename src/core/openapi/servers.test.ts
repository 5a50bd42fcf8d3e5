import { describe, expect, test } from 'vitest';
import {
  fillServerTemplate,
  filledServerUrl,
  firstTrustedServer,
  isTrustedServer,
  serverOrigin,
  serverUrlProblem,
  serverVariables,
  usableServerUrls,
} from './servers';

describe('serverUrlProblem', () => {
  test.each([
    'https://open.arena.example/data/v4',
    'http://127.0.0.1:4010',
    'https://api.example.com',
    'http://[::1]:8080/v1/',
    'https://api.example.com/a_b-c.d~e/%7Bx%7D/+,;=:@',
  ])('accepts %s', (url) => {
    expect(serverUrlProblem(url)).toBeUndefined();
  });

  test.each([
    ['https://x.example/$(touch pwned)', 'characters outside a plain URL'],
    ['https://x.example/`id`', 'characters outside a plain URL'],
    ['https://x.example/"; id; "', 'characters outside a plain URL'],
    ["https://x.example/'", 'characters outside a plain URL'],
    ['https://x.example/a\\b', 'characters outside a plain URL'],
    ['https://x.example/a b', 'characters outside a plain URL'],
    ['https://x.example/${HOME}', 'a variable with no default'],
    ['https://x.example/!', 'characters outside a plain URL'],
    ['https://x.example/a\nb', 'a control character'],
    ['https://user:secret@x.example', 'a user name'],
    ['https://x.example@evil.example', 'a user name'],
    ['https://x.example/v1?key=1', 'a query string'],
    ['https://x.example/v1#top', 'a fragment'],
    ['https://api.example/bot{token}', 'a variable with no default'],
    ['/api/v2', 'not an absolute http or https URL'],
    ['javascript:alert(1)', 'not an absolute http or https URL'],
    ['file:///etc/passwd', 'not an absolute http or https URL'],
    ['', 'empty'],
  ])('refuses %j: %s', (url, reason) => {
    expect(serverUrlProblem(url)).toContain(reason);
  });
});

describe('filledServerUrl', () => {
  test('fills each variable with its default, and leaves one without a string default', () => {
    expect(
      filledServerUrl({
        url: 'https://{region}.api.example/{version}/{token}',
        variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v2' }, token: {} },
      }),
    ).toBe('https://eu.api.example/v2/{token}');
  });

  test("does not read a variable from the prototype chain ('constructor')", () => {
    expect(filledServerUrl({ url: 'https://x.example/{constructor}', variables: {} })).toBe(
      'https://x.example/{constructor}',
    );
  });
});

describe('serverVariables', () => {
  test("each variable the URL names, in the URL's order, with its default, allowed values and description", () => {
    expect(
      serverVariables({
        url: 'https://{region}.api.example/{version}/{region}',
        variables: {
          version: { default: 'v2', description: 'The version.' },
          region: { default: 'eu', enum: ['eu', 'us', 3] },
          unused: { default: 'x' },
        },
      }),
    ).toEqual([
      { name: 'region', default: 'eu', enum: ['eu', 'us'], description: '' },
      { name: 'version', default: 'v2', description: 'The version.' },
    ]);
  });

  test('a variable without a string default is left out (its URL is refused by the gate)', () => {
    expect(serverVariables({ url: 'https://x.example/{a}/{b}', variables: { a: {}, b: { default: 1 } } })).toEqual([]);
    expect(serverVariables({ url: 'https://x.example/{constructor}' })).toEqual([]);
  });

  test("a template is filled with the reader's values, a variable without one left in place", () => {
    expect(fillServerTemplate('https://{region}.api.example/{v}', { region: 'us' })).toBe('https://us.api.example/{v}');
    expect(fillServerTemplate('https://x.example/{toString}', {})).toBe('https://x.example/{toString}');
  });
});

describe('trust', () => {
  const trusted = ['https://open.arena.example', 'http://127.0.0.1:4010'];

  test('a server is trusted only on one of the origins, whatever its path', () => {
    expect(isTrustedServer('https://open.arena.example/data/v4', trusted)).toBe(true);
    expect(isTrustedServer('http://127.0.0.1:4010', trusted)).toBe(true);
    expect(isTrustedServer('https://open.arena.example.evil.example/data/v4', trusted)).toBe(false);
    expect(isTrustedServer('http://open.arena.example/data/v4', trusted)).toBe(false);
    expect(isTrustedServer('https://open.arena.example:8443/data/v4', trusted)).toBe(false);
    expect(isTrustedServer('https://open.arena.example/$(id)', trusted)).toBe(false);
  });

  test('the first trusted server is chosen, an untrusted one before it skipped', () => {
    expect(firstTrustedServer(['https://collector.example/v4', 'https://open.arena.example/v4'], trusted)).toBe(
      'https://open.arena.example/v4',
    );
    expect(firstTrustedServer(['https://collector.example/v4'], trusted)).toBeUndefined();
  });

  test('usable servers: variables filled, anything the gate refuses left out', () => {
    expect(
      usableServerUrls([
        { url: 'https://{host}/v1', variables: { host: { default: 'open.arena.example' } } },
        { url: 'https://x.example/$(id)' },
        { url: '/relative' },
        'not an object',
      ]),
    ).toEqual(['https://open.arena.example/v1']);
    expect(serverOrigin('https://open.arena.example/v1')).toBe('https://open.arena.example');
    expect(serverOrigin('https://x.example/`id`')).toBeUndefined();
  });
});
