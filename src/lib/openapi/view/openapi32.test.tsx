import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import SignIn from '../../../components/ApiExplorer/SignIn';
import MediaFields from '../../../components/ApiOperation/MediaFields';
import OperationSummary from '../../../components/ApiOperation/OperationSummary';
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
