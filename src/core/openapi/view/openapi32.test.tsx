import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import SignIn from '../../../components/ApiExplorer/SignIn';
import MediaFields from '../../../components/ApiOperation/MediaFields';
import OperationSummary from '../../../components/ApiOperation/OperationSummary';
import Parameters from '../../../components/ApiOperation/Parameters';
import { codeSamples } from '../../samples';
import { buildRequest } from '../request';
import type { JsonObject } from '../document';
import { operationMarkdown } from '../operationMarkdown';
import { operationViews } from './index';

/** OpenAPI 3.2's response summary and sequential media types (`itemSchema`), as the views and the pages read them. */
const document: JsonObject = {
  openapi: '3.2.0',
  info: { title: 'Live', version: '1' },
  paths: {
    '/matches/{id}/events': {
      get: {
        operationId: 'streamMatchEvents',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            summary: 'The match, live',
            description: 'Each event as it happens.',
            content: {
              'text/event-stream': {
                itemSchema: {
                  type: 'object',
                  properties: { event: { type: 'string' }, data: { type: 'string', description: 'The payload' } },
                },
              },
            },
          },
          404: { summary: 'No such match' },
        },
      },
    },
  },
};
const [view] = operationViews(document, 'live');

describe('OpenAPI 3.2 responses', () => {
  test("a response's summary leads its description, and stands alone where there is none", () => {
    expect(view.responses.map((response) => [response.status, response.description])).toEqual([
      ['200', 'The match, live\n\nEach event as it happens.'],
      ['404', 'No such match'],
    ]);
  });

  test("a stream's itemSchema is the schema of each item, and the page and the twin say it is a stream", () => {
    const [media] = view.responses[0].contents;
    expect(media).toMatchObject({ contentType: 'text/event-stream', streamed: true });
    expect(media.schema?.children?.map((field) => field.name)).toEqual(['event', 'data']);
    const html = renderToStaticMarkup(
      <MediaFields contents={view.responses[0].contents} linkBase="/docs/live" schemas={{}} idBase="r200" />,
    );
    expect(html).toContain('A stream: the items arrive one at a time as the server sends them, each of this shape');
    expect(html).toContain('The payload');
    const twin = operationMarkdown(view, { credentialVariable: 'X', baseUrlVariable: 'X_URL', trustedOrigins: [] });
    expect(twin).toContain(
      'Content type: `text/event-stream`. A stream: the items arrive one at a time, each of this shape',
    );
  });
});

describe('OpenAPI 3.2 security', () => {
  const secured: JsonObject = {
    openapi: '3.2.0',
    info: { title: 'Devices', version: '1' },
    components: {
      securitySchemes: {
        device: {
          type: 'oauth2',
          flows: {
            deviceAuthorization: {
              deviceAuthorizationUrl: 'https://auth.example/device',
              tokenUrl: 'https://auth.example/token',
              scopes: {},
            },
          },
        },
        legacyKey: { type: 'apiKey', in: 'header', name: 'X-Key', deprecated: true },
      },
    },
    paths: {
      '/me': { get: { security: [{ device: [] }, { legacyKey: [] }], responses: { 200: { description: 'ok' } } } },
    },
  };
  const [me] = operationViews(secured, 'devices');

  test('the device authorization flow is named, and Try it says it leaves it to a pasted token', () => {
    expect(me.security[0]).toMatchObject({ name: 'device', deviceAuthorization: true });
    expect(me.security[0].authorizationCode).toBeUndefined();
    const html = renderToStaticMarkup(
      <SignIn
        api="devices"
        scheme={me.security[0]}
        serverUrl="https://api.example"
        signInOrigins={[]}
        draft={() => ({ serverUrl: '', inputs: {}, bodyText: '' })}
        restore={() => undefined}
      />,
    );
    expect(html).toContain('device authorization flow');
    expect(html).toContain('paste it above');
  });

  test('a deprecated scheme says so on the page', () => {
    expect(me.otherSecurity?.[0]?.[0]).toMatchObject({ name: 'legacyKey', deprecated: true });
    const html = renderToStaticMarkup(<OperationSummary operation={me} trustedOrigins={[]} />);
    expect(html).toContain('(the legacyKey scheme is deprecated)');
  });
});

describe("OpenAPI 3.2's querystring parameter: the whole query string", () => {
  const searched: JsonObject = {
    openapi: '3.2.0',
    info: { title: 'Search', version: '1' },
    paths: {
      '/search': {
        get: {
          parameters: [
            {
              name: 'filter',
              in: 'querystring',
              content: {
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', properties: { game: { type: 'string' }, limit: { type: 'integer' } } },
                  example: { game: 'cs2', limit: 5 },
                },
              },
            },
          ],
          responses: { 200: { description: 'ok' } },
        },
      },
    },
  };
  const [search] = operationViews(searched, 'search');
  const server = 'https://api.example';

  test('is a parameter of its own location, its example the text it travels as', () => {
    expect(search.parameters[0]).toMatchObject({ name: 'filter', in: 'querystring', example: 'game=cs2&limit=5' });
    const html = renderToStaticMarkup(<Parameters parameters={search.parameters} />);
    expect(html).toContain('the whole query string');
  });

  test.each([
    ['game=cs2&limit=5', '?game=cs2&limit=5'],
    ['?game=cs2', '?game=cs2'],
    ['name=a b&x=#frag', '?name=a%20b&x=%23frag'],
    [{ game: 'cs2', limit: 5 }, '?game=cs2&limit=5'],
    ['', ''],
  ])('the value %j is sent as the query %j, and the samples send the same', (value, query) => {
    const request = buildRequest(search, { serverUrl: server, values: { filter: value } });
    expect(request.url).toBe(`${server}/search${query}`);
    const [curl] = codeSamples(
      search,
      { credentialVariable: 'K', baseUrlVariable: 'U', serverUrl: server, values: { filter: value } },
      ['curl'],
    );
    for (const [name, item] of new URLSearchParams(query)) {
      // curl writes each pair as it is and encodes it itself (--data-urlencode).
      expect(curl.code).toContain(`'${name}=${item}'`);
    }
  });
});
