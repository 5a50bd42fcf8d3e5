import type { JsonObject } from '../../openapi/document';
import type { ArazzoDocument } from '../types';

/**
 * A small API and a recipe over it for the generator's tests (recipeCode.test.ts): a paging loop that calls itself,
 * a goto past a step, a step whose criterion fails, and text built to break out of each language's quoting.
 */

/** Quotes of every kind, a command substitution, a template, a line break and a line separator, `%` and `\`. */
export const hostile = `it's "q" $(touch pwned) \`touch pwned\` \${process.exit(3)} {$inputs.x} \\ %s\n# next line\u2028'); import os #`;

/** As a name that expressions read (`$inputs.<name>`), which runs to the end of a line and stops at a `#`. */
export const hostileName = `it's "q" $(touch pwned) \`touch pwned\` \${process.exit(3)} \\ %s '); import os; os.system('touch pwned') //`;

export const pagesDocument: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Pages', version: '1' },
  servers: [{ url: 'https://pages.example/v1' }],
  components: { securitySchemes: { Key: { type: 'http', scheme: 'bearer' } } },
  security: [{ Key: [] }],
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { 200: { description: 'A page' } },
      },
    },
    '/check/{mode}': {
      get: {
        operationId: 'check',
        parameters: [
          { name: 'mode', in: 'path', required: true, schema: { type: 'string' } },
          { name: hostile, in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'What it was sent' } },
      },
    },
  },
};

const security = [{ schemeName: 'Key', values: { token: '$inputs.key' } }];
const key = { type: 'string', format: 'password', description: 'The key.' };

export const pagesRecipe: ArazzoDocument = {
  arazzo: '1.0.1',
  info: { title: 'Pages', version: '1' },
  sourceDescriptions: [{ name: 'pages', url: './pages.yaml', type: 'openapi' }],
  workflows: [
    {
      workflowId: 'readAll',
      summary: hostile,
      inputs: { type: 'object', required: ['key'], properties: { key } },
      'x-security': security,
      steps: [
        {
          stepId: 'pages',
          description: hostile,
          workflowId: 'itemPages',
          parameters: [
            { name: 'key', value: '$inputs.key' },
            { name: 'offset', value: 0 },
          ],
        },
      ],
      outputs: { first: '$steps.pages.outputs.items', last: '$workflows.itemPages.outputs.next' },
    },
    {
      workflowId: 'itemPages',
      inputs: {
        type: 'object',
        required: ['key'],
        properties: { key, offset: { type: 'integer', default: 0, examples: [0] } },
      },
      'x-security': security,
      steps: [
        {
          stepId: 'page',
          operationId: '$sourceDescriptions.pages.listItems',
          parameters: [
            { name: 'offset', in: 'query', value: '$inputs.offset' },
            { name: 'limit', in: 'query', value: 1 },
          ],
          successCriteria: [{ condition: '$statusCode == 200' }],
          onSuccess: [
            {
              name: 'read',
              type: 'end',
              criteria: [{ condition: '$response.body#/end <= $request.query.offset' }],
            },
          ],
          outputs: { items: '$response.body#/items', next: '$response.body#/end' },
        },
        {
          stepId: 'more',
          workflowId: 'itemPages',
          parameters: [
            { name: 'key', value: '$inputs.key' },
            { name: 'offset', value: '$steps.page.outputs.next' },
          ],
        },
      ],
      outputs: { items: '$steps.page.outputs.items', next: '$steps.page.outputs.next' },
    },
    {
      workflowId: 'jump',
      inputs: {
        type: 'object',
        required: ['key'],
        properties: { key, [hostileName]: { type: 'string', examples: [hostile] } },
      },
      'x-security': security,
      steps: [
        {
          stepId: 'first',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [{ name: 'mode', in: 'path', value: 'ok' }],
          onSuccess: [
            { name: 'skip', type: 'goto', stepId: 'third', criteria: [{ condition: '$response.body#/ok == true' }] },
          ],
        },
        {
          stepId: 'second',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [{ name: 'mode', in: 'path', value: 'skipped' }],
        },
        {
          stepId: 'third',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [
            { name: 'mode', in: 'path', value: 'echo' },
            { name: hostile, in: 'query', value: `$inputs.${hostileName}` },
          ],
          successCriteria: [{ condition: '$statusCode == 200 && $response.body#/ok' }],
          outputs: { [hostileName]: '$response.body#/query', path: '$response.body#/path' },
        },
      ],
      outputs: { echoed: `$steps.third.outputs.${hostileName}`, path: '$steps.third.outputs.path' },
    },
    {
      workflowId: 'busy',
      inputs: { type: 'object', required: ['key'], properties: { key } },
      'x-security': security,
      steps: [
        {
          stepId: 'waited',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [{ name: 'mode', in: 'path', value: 'busy' }],
          outputs: { path: '$response.body#/path' },
        },
      ],
      outputs: { path: '$steps.waited.outputs.path' },
    },
    {
      workflowId: 'failing',
      inputs: { type: 'object', required: ['key'], properties: { key } },
      'x-security': security,
      steps: [
        {
          stepId: 'broken',
          operationId: '$sourceDescriptions.pages.check',
          parameters: [{ name: 'mode', in: 'path', value: 'fail' }],
          successCriteria: [{ condition: '$statusCode == 200' }],
        },
      ],
    },
  ],
};
