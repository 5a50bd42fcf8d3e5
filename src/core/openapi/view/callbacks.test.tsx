import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { getOperation, type JsonObject } from '../document';
import { operationView } from './operations';
import { operationMarkdown } from '../operationMarkdown';
import OperationReference from '../../../components/ApiOperation/OperationReference';

/** A document with a callback (a request the API sends) and response links (calls a response leads to). */
const document: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Hooks', version: '1' },
  servers: [{ url: 'https://api.example' }],
  paths: {
    '/subscriptions': {
      post: {
        operationId: 'subscribe',
        summary: 'Subscribe',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { callbackUrl: { type: 'string', format: 'uri' } } },
            },
          },
        },
        responses: {
          201: {
            description: 'Subscribed',
            content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
            links: {
              GetSubscription: {
                operationId: 'getSubscription',
                parameters: { id: '$response.body#/id' },
                description: 'The subscription just made.',
              },
              Elsewhere: { operationRef: 'https://other.example/openapi.json#/paths/~1x/get' },
              ByRef: { operationRef: '#/paths/~1subscriptions~1{id}/get', parameters: { id: '$response.body#/id' } },
            },
          },
        },
        callbacks: {
          onEvent: {
            '{$request.body#/callbackUrl}': {
              post: {
                summary: 'An event happened',
                description: 'Sent when <b>an event</b> happens.',
                requestBody: {
                  required: true,
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        required: ['kind'],
                        properties: { kind: { type: 'string', description: 'What happened.' } },
                      },
                    },
                  },
                },
                responses: { 200: { description: 'Your server took it.' }, 410: { description: 'Stop sending.' } },
                callbacks: { nested: { '{$request.body#/x}': { get: { responses: { 200: { description: 'x' } } } } } },
              },
            },
          },
        },
      },
    },
    '/subscriptions/{id}': {
      get: {
        operationId: 'getSubscription',
        summary: 'Get a subscription',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The subscription' } },
      },
    },
  },
};

const view = operationView(document, 'hooks', getOperation(document, '/subscriptions', 'post'));

describe('callbacks and response links', () => {
  test("a callback is a view of the request the API sends: its expression, body fields and your server's answers", () => {
    expect(view.callbacks).toHaveLength(1);
    const [callback] = view.callbacks!;
    expect(callback).toMatchObject({ name: 'onEvent', expression: '{$request.body#/callbackUrl}' });
    const [sent] = callback.operations;
    expect(sent.method).toBe('post');
    expect(sent.requestBody?.contents[0].schema?.children?.map((child) => [child.name, child.required])).toEqual([
      ['kind', true],
    ]);
    expect(sent.responses.map((response) => response.status)).toEqual(['200', '410']);
    // A callback's own callbacks are not followed.
    expect(sent.callbacks).toBeUndefined();
  });

  test('a link names the call it leads to, by operationId or by a reference into the document, else as written', () => {
    const links = view.responses[0].links!;
    expect(links.map((link) => [link.name, link.target?.slug ?? link.unresolved])).toEqual([
      ['GetSubscription', 'get-subscription'],
      ['Elsewhere', 'https://other.example/openapi.json#/paths/~1x/get'],
      ['ByRef', 'get-subscription'],
    ]);
    expect(links[0].parameters).toEqual([{ name: 'id', value: '$response.body#/id' }]);
  });

  test('the page shows both, its text as text, each link to the page of its call', () => {
    const html = renderToStaticMarkup(
      <OperationReference
        operation={view}
        samples={{
          credentialVariable: 'K',
          baseUrlVariable: 'U',
          fallbackServer: 'https://api.example',
          trustedOrigins: ['https://api.example'],
        }}
        schemas={{}}
        linkBase="/docs/hooks"
      />,
    );
    expect(html).toContain('id="callbacks"');
    expect(html).toContain('id="callback-onevent-post"');
    expect(html).toContain('<code>{$request.body#/callbackUrl}</code>');
    expect(html).toContain('id="callback-onevent-post-body-kind"');
    expect(html).toContain('Stop sending.');
    expect(html).not.toContain('<b>an event</b>');
    expect(html).toContain('href="/docs/hooks/get-subscription"');
    expect(html).toContain('<code>id</code> from <code>$response.body#/id</code>');
  });

  test('the Markdown twin has them too', () => {
    const markdown = operationMarkdown(view, {
      credentialVariable: 'K',
      baseUrlVariable: 'U',
      trustedOrigins: ['https://api.example'],
    });
    expect(markdown).toContain('## Callbacks');
    expect(markdown).toContain('### onEvent: `POST {$request.body#/callbackUrl}`');
    expect(markdown).toContain('- 410: Stop sending.');
    expect(markdown).toContain(
      'Leads to `GET /subscriptions/{id}` (Get a subscription) (GetSubscription), with `id` from `$response.body#/id`.',
    );
  });
});
