import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../openapi/document';
import { operationResolver } from './requests';
import type { Confirmation, RecipeAnswer } from './runModel';
import { runRecipeToEnd } from './runner';
import { traceMarkdown, traceValueLimit } from './trace';
import type { ArazzoDocument } from './types';

const openapi: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  components: { securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ Key: [] }],
  paths: {
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'A note' } },
      },
      put: {
        operationId: 'putNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'Saved' } },
      },
    },
  },
};

const document: ArazzoDocument = {
  arazzo: '1.0.1',
  info: { title: 'Notes', version: '1' },
  sourceDescriptions: [{ name: 'notes', url: './notes.yaml' }],
  workflows: [
    {
      workflowId: 'copyNote',
      inputs: { type: 'object', properties: { key: { type: 'string' }, id: { type: 'string' } } },
      'x-security': [{ schemeName: 'Key', values: { apiKey: '$inputs.key' } }],
      steps: [
        {
          stepId: 'read',
          description: 'Read the note <script>alert(1)</script> [link](javascript:alert(1))',
          operationId: 'getNote',
          parameters: [{ name: 'id', in: 'path', value: '$inputs.id' }],
          successCriteria: [{ condition: '$statusCode == 200' }, { condition: "$response.body#/text != ''" }],
          outputs: { text: '$response.body#/text' },
        },
        {
          stepId: 'write',
          operationId: 'putNote',
          parameters: [{ name: 'id', in: 'path', value: 'copy' }],
          requestBody: { payload: { text: '$steps.read.outputs.text' } },
        },
      ],
      outputs: { text: '$steps.read.outputs.text' },
    },
  ],
};

const key = 'k-secret-42';

async function trace(confirmed: Confirmation): Promise<string> {
  const send = (): Promise<RecipeAnswer> =>
    Promise.resolve({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a ``` fence and the key k-secret-42' }),
    });
  const { events } = await runRecipeToEnd({
    document,
    inputs: { key, id: 'n-1' },
    resolveOperation: operationResolver({ notes: { document: openapi } }),
    send,
    confirm: () => Promise.resolve(confirmed),
    trustedOrigins: ['https://api.example.test'],
  });
  return traceMarkdown(events, { title: 'Copy a note' });
}

describe('the trace as Markdown', () => {
  test('each step with its request, answer, criteria, outputs and next action; no credential', async () => {
    const markdown = await trace(true);
    expect(markdown).toContain('# Copy a note: `copyNote`');
    expect(markdown).toContain('- Result: **succeeded** after 2 steps');
    expect(markdown).toContain('## 1. `read`');
    expect(markdown).toContain(
      '```http\nGET https://api.example.test/notes/n-1\nAccept: application/json\nX-API-Key: [hidden]\n```',
    );
    expect(markdown).toContain('Answer: **200**');
    expect(markdown).toContain('- met: `$statusCode == 200`');
    expect(markdown).toContain("- met: `$response.body#/text != ''`");
    expect(markdown).toContain('Next: step `write`.');
    expect(markdown).toContain('This step writes: it was confirmed before it was sent.');
    expect(markdown).toContain('PUT https://api.example.test/notes/copy');
    expect(markdown).not.toContain(key);
  });

  test('document and answer text cannot become HTML, a link or the end of a code block', async () => {
    const markdown = await trace(true);
    expect(markdown).not.toContain('<script>');
    expect(markdown).toContain('&lt;script&gt;');
    expect(markdown).toContain('\\[link\\]');
    // The answer holds three backticks: its block is fenced with four.
    expect(markdown).toMatch(/````json\n\{\n {2}"text": "a ``` fence and the key \[hidden\]"\n\}\n````/);
  });

  test('a refused write is named with the request it would have sent', async () => {
    const markdown = await trace(false);
    expect(markdown).toContain('- Result: **stopped** after 2 steps');
    expect(markdown).toContain('- Why: write writes (PUT) and was not confirmed: nothing is sent');
    expect(markdown).toContain('This step writes and was **not** confirmed: nothing was sent.');
    expect(markdown).not.toContain(key);
  });

  test('a write sent without asking anyone says so and why, not that it was confirmed', async () => {
    const markdown = await trace({ unasked: 'the server was started with --allow-writes' });
    expect(markdown).toContain('- Result: **succeeded** after 2 steps');
    expect(markdown).toContain(
      'This step writes: it was sent without asking, because the server was started with --allow-writes.',
    );
    expect(markdown).not.toContain('confirmed');
    expect(markdown).toContain('PUT https://api.example.test/notes/copy');
  });

  test('a large kept value is cut, and says so', () => {
    const long = 'x'.repeat(traceValueLimit);
    const markdown = traceMarkdown([{ type: 'outputs', workflowId: 'w', depth: 0, stepId: 's', outputs: { long } }]);
    expect(markdown).toContain(`(cut at ${traceValueLimit} characters)`);
    expect(markdown).not.toContain(long);
  });
});
