import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import type { JsonObject } from '../openapi/document';
import { parseDocumentText } from '../openapi/parse';
import type { HttpRequest } from '../openapi/request';
import { operationResolver } from './requests';
import { hiddenText, type RecipeAnswer, type RunOptions, type TraceEvent } from './runModel';
import { runRecipeToEnd } from './runner';
import type { ArazzoDocument, ArazzoStep, ArazzoWorkflow } from './types';

const server = 'https://api.example.test/v1';
const apiKey = 'sk-live-0123456789';

/** A small API: a paged list, one item, a write, behind an HTTP bearer scheme. */
const openapi: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '1' },
  servers: [{ url: server }],
  security: [{ Key: [] }],
  components: { securitySchemes: { Key: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { '200': { description: 'A page' } },
      },
      post: {
        operationId: 'createItem',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'An item' } },
      },
    },
  },
};

const security = [{ schemeName: 'Key', values: { token: '$inputs.apiKey' } }];
const keyInput = { apiKey: { type: 'string', format: 'password' } };

function recipe(...workflows: ArazzoWorkflow[]): ArazzoDocument {
  return {
    arazzo: '1.0.1',
    info: { title: 'Test', version: '1' },
    sourceDescriptions: [{ name: 'items', url: './items.yaml', type: 'openapi' }],
    workflows,
  };
}

const json = (status: number, body: unknown): RecipeAnswer => ({
  status,
  headers: [['Content-Type', 'application/json']],
  body: JSON.stringify(body),
});

/** A fake `send` answering by a function of the request, keeping every request it was given. */
function fakeSend(answer: (request: HttpRequest, url: URL) => RecipeAnswer) {
  const sent: HttpRequest[] = [];
  return {
    sent,
    send: (request: HttpRequest) => {
      sent.push(request);
      return Promise.resolve(answer(request, new URL(request.url)));
    },
  };
}

function options(document: ArazzoDocument, send: RunOptions['send'], more: Partial<RunOptions> = {}): RunOptions {
  return {
    document,
    inputs: { apiKey },
    resolveOperation: operationResolver({ items: { document: openapi } }),
    send,
    trustedOrigins: ['https://api.example.test'],
    ...more,
  };
}

const ofType = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((event): event is Extract<TraceEvent, { type: T }> => event.type === type);

/** The paging loop of the recipes: a page, then this workflow again from the page's end, until a page is empty. */
const pages: ArazzoWorkflow = {
  workflowId: 'pages',
  inputs: {
    type: 'object',
    required: ['apiKey'],
    properties: { ...keyInput, offset: { type: 'integer', default: 0 } },
  },
  'x-security': security,
  steps: [
    {
      stepId: 'page',
      operationId: '$sourceDescriptions.items.listItems',
      parameters: [
        { name: 'offset', in: 'query', value: '$inputs.offset' },
        { name: 'limit', in: 'query', value: 2 },
      ],
      successCriteria: [{ condition: '$statusCode == 200' }],
      onSuccess: [
        { name: 'done', type: 'end', criteria: [{ condition: '$response.body#/end <= $request.query.offset' }] },
        { name: 'more', type: 'goto', stepId: 'next', criteria: [{ condition: '$response.body#/end > 0' }] },
      ],
      outputs: { items: '$response.body#/items', end: '$response.body#/end' },
    },
    {
      stepId: 'next',
      workflowId: 'pages',
      parameters: [
        { name: 'apiKey', value: '$inputs.apiKey' },
        { name: 'offset', value: '$steps.page.outputs.end' },
      ],
    },
  ],
  outputs: { items: '$steps.page.outputs.items', end: '$steps.page.outputs.end' },
};

/** Five items, two a page: pages end at 2, 4, 5, and the page at 5 is empty (its end is 5). */
const fiveItems = (_request: HttpRequest, url: URL) => {
  const offset = Number(url.searchParams.get('offset'));
  const items = ['a', 'b', 'c', 'd', 'e'].slice(offset, offset + 2);
  return json(200, { items, end: offset + items.length });
};

describe('the recipe runner', () => {
  test('a self-calling paging workflow reads every page and ends at the empty one', async () => {
    const { sent, send } = fakeSend(fiveItems);
    const { result, events } = await runRecipeToEnd(options(recipe(pages), send));
    expect(result.status).toBe('succeeded');
    expect(sent.map((request) => new URL(request.url).searchParams.get('offset'))).toEqual(['0', '2', '4', '5']);
    // The entry workflow's outputs are its own page's, the first.
    expect(result.outputs).toEqual({ items: ['a', 'b'], end: 2 });
    expect(ofType(events, 'action').map((event) => `${event.depth}:${event.action}:${event.name ?? ''}`)).toEqual([
      '0:goto:more',
      '1:goto:more',
      '2:goto:more',
      '3:end:done',
      // Each call returns to the step that made it, the last of its workflow: that workflow ends there.
      '2:next:',
      '1:next:',
      '0:next:',
    ]);
    expect(ofType(events, 'workflow-finished').map((event) => event.depth)).toEqual([3, 2, 1, 0]);
    expect(result.steps).toBe(7);
  });

  test('the credential goes where the scheme says, and no event carries it', async () => {
    const { sent, send } = fakeSend(fiveItems);
    const { events } = await runRecipeToEnd(options(recipe(pages), send));
    expect(sent[0].headers).toContainEqual(['Authorization', `Bearer ${apiKey}`]);
    expect(sent[0].url).toBe(`${server}/items?offset=0&limit=2`);
    expect(JSON.stringify(events)).not.toContain(apiKey);
    expect(ofType(events, 'request')[0].request.headers).toContainEqual(['Authorization', `Bearer ${hiddenText}`]);
    expect(ofType(events, 'workflow-started')[0].inputs.apiKey).toBe(hiddenText);
  });

  test('goto a step, and a failure action that ends the run as failed', async () => {
    const workflow: ArazzoWorkflow = {
      workflowId: 'lookup',
      inputs: { type: 'object', properties: { ...keyInput, id: { type: 'string' } } },
      'x-security': security,
      steps: [
        {
          stepId: 'item',
          operationId: 'getItem',
          parameters: [{ name: 'id', in: 'path', value: '$inputs.id' }],
          onFailure: [
            { name: 'notThere', type: 'goto', stepId: 'fallback', criteria: [{ condition: '$statusCode == 404' }] },
            { name: 'broken', type: 'end', criteria: [{ condition: '$statusCode >= 500' }] },
          ],
          outputs: { name: '$response.body#/name' },
        },
        { stepId: 'skipped', operationId: 'listItems', onSuccess: [{ name: 'stop', type: 'end' }] },
        { stepId: 'fallback', operationId: 'listItems', outputs: { first: '$response.body#/items/0' } },
      ],
      outputs: { name: '$steps.item.outputs.name', first: '$steps.fallback.outputs.first' },
    };
    const missing = fakeSend((_request, url) =>
      url.pathname.endsWith('/items') ? json(200, { items: ['z'], end: 1 }) : json(404, { message: 'no' }),
    );
    const gone = await runRecipeToEnd(options(recipe(workflow), missing.send, { inputs: { apiKey, id: 'x' } }));
    expect(gone.result).toMatchObject({ status: 'succeeded', outputs: { first: 'z' } });
    expect(missing.sent.map((request) => new URL(request.url).pathname)).toEqual(['/v1/items/x', '/v1/items']);

    const broken = fakeSend(() => json(503, {}));
    const ended = await runRecipeToEnd(options(recipe(workflow), broken.send, { inputs: { apiKey, id: 'x' } }));
    expect(ended.result.status).toBe('failed');
    expect(ended.result.reason).toBe('item failed; its action broken ends the workflow');
    expect(broken.sent).toHaveLength(1);

    // No action matches a 400: the failed step ends the run as failed.
    const refused = fakeSend(() => json(400, {}));
    const plain = await runRecipeToEnd(options(recipe(workflow), refused.send, { inputs: { apiKey, id: 'x' } }));
    expect(plain.result).toMatchObject({ status: 'failed', reason: 'item failed' });
    expect(ofType(plain.events, 'criterion')).toEqual([
      expect.objectContaining({ met: false, reason: 'the status is 400' }),
    ]);
  });

  test('retry waits retryAfter and tries again up to retryLimit, then the step fails', async () => {
    const workflow: ArazzoWorkflow = {
      workflowId: 'retrying',
      inputs: { type: 'object', properties: keyInput },
      'x-security': security,
      steps: [
        {
          stepId: 'list',
          operationId: 'listItems',
          successCriteria: [{ condition: '$statusCode == 200' }],
          onFailure: [
            {
              name: 'busy',
              type: 'retry',
              retryAfter: 2,
              retryLimit: 2,
              criteria: [{ condition: '$statusCode == 503' }],
            },
          ],
        },
      ],
    };
    const waits: number[] = [];
    const sleep = (milliseconds: number) => {
      waits.push(milliseconds);
      return Promise.resolve();
    };
    let calls = 0;
    const recovering = fakeSend(() => (++calls < 3 ? json(503, {}) : json(200, { items: [] })));
    const recovered = await runRecipeToEnd(options(recipe(workflow), recovering.send, { sleep }));
    expect(recovered.result.status).toBe('succeeded');
    expect(recovering.sent).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
    expect(ofType(recovered.events, 'step-started').map((event) => event.attempt)).toEqual([1, 2, 3]);

    const down = fakeSend(() => json(503, {}));
    const failed = await runRecipeToEnd(options(recipe(workflow), down.send, { sleep }));
    expect(down.sent).toHaveLength(3);
    expect(failed.result).toMatchObject({ status: 'failed', reason: 'list failed' });
  });

  test('a step calling a workflow reads its outputs, and maps them with $outputs', async () => {
    const child: ArazzoWorkflow = {
      workflowId: 'child',
      inputs: { type: 'object', required: ['id'], properties: { ...keyInput, id: { type: 'string' } } },
      'x-security': security,
      steps: [
        {
          stepId: 'item',
          operationId: 'getItem',
          parameters: [{ name: 'id', in: 'path', value: '$inputs.id' }],
          outputs: { name: '$response.body#/name' },
        },
      ],
      outputs: { name: '$steps.item.outputs.name' },
    };
    const parent: ArazzoWorkflow = {
      workflowId: 'parent',
      inputs: { type: 'object', properties: keyInput },
      steps: [
        {
          stepId: 'direct',
          workflowId: 'child',
          parameters: [
            { name: 'apiKey', value: '$inputs.apiKey' },
            { name: 'id', value: 'i-1' },
          ],
        },
        {
          stepId: 'mapped',
          workflowId: 'child',
          parameters: [
            { name: 'apiKey', value: '$inputs.apiKey' },
            { name: 'id', value: '{$steps.direct.outputs.name}-2' },
          ],
          outputs: { upper: '$outputs.name' },
        },
      ],
      outputs: {
        first: '$steps.direct.outputs.name',
        second: '$steps.mapped.outputs.upper',
        last: '$workflows.child.outputs.name',
      },
    };
    const { sent, send } = fakeSend((_request, url) => json(200, { name: `name-of-${url.pathname.split('/').pop()}` }));
    const { result } = await runRecipeToEnd(options(recipe(parent, child), send));
    expect(sent.map((request) => request.url)).toEqual([`${server}/items/i-1`, `${server}/items/name-of-i-1-2`]);
    expect(result).toMatchObject({
      status: 'succeeded',
      outputs: { first: 'name-of-i-1', second: 'name-of-name-of-i-1-2', last: 'name-of-name-of-i-1-2' },
    });
  });

  test('a called workflow without its required input fails the calling step', async () => {
    const child: ArazzoWorkflow = {
      workflowId: 'child',
      inputs: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      steps: [{ stepId: 'list', operationId: 'listItems' }],
    };
    const parent: ArazzoWorkflow = { workflowId: 'parent', steps: [{ stepId: 'call', workflowId: 'child' }] };
    const { sent, send } = fakeSend(() => json(200, {}));
    const { result } = await runRecipeToEnd(options(recipe(parent, child), send));
    expect(result).toMatchObject({ status: 'failed', reason: 'call failed: child needs the input id' });
    expect(sent).toHaveLength(0);
  });

  test('maxSteps stops a loop that never ends, with the reason', async () => {
    const loop: ArazzoWorkflow = {
      workflowId: 'loop',
      steps: [
        { stepId: 'again', operationId: 'listItems', onSuccess: [{ name: 'again', type: 'goto', stepId: 'again' }] },
      ],
    };
    const { sent, send } = fakeSend(() => json(200, {}));
    const { result } = await runRecipeToEnd(options(recipe(loop), send, { maxSteps: 5 }));
    expect(result).toMatchObject({
      status: 'stopped',
      steps: 5,
      reason: 'the run stopped at its limit of 5 steps, before again',
    });
    expect(sent).toHaveLength(5);
  });

  const write: ArazzoWorkflow = {
    workflowId: 'write',
    inputs: { type: 'object', properties: keyInput },
    'x-security': security,
    steps: [
      {
        stepId: 'create',
        operationId: 'createItem',
        requestBody: { contentType: 'application/json', payload: { name: 'new', by: '{$inputs.apiKey}' } },
        successCriteria: [{ condition: '$statusCode == 201' }],
        outputs: { sentName: '$request.body#/name' },
      },
    ],
    outputs: { sentName: '$steps.create.outputs.sentName' },
  };

  test('a write step is sent only once confirmed; refused, nothing is sent and the run stops', async () => {
    const asked: [ArazzoStep, HttpRequest][] = [];
    const refused = fakeSend(() => json(201, {}));
    const no = await runRecipeToEnd(
      options(recipe(write), refused.send, {
        confirm: (step, request) => {
          asked.push([step, request]);
          return Promise.resolve(false);
        },
      }),
    );
    expect(refused.sent).toHaveLength(0);
    expect(no.result).toMatchObject({
      status: 'stopped',
      reason: 'create writes (POST) and was not confirmed: nothing is sent',
    });
    expect(asked[0][0].stepId).toBe('create');
    expect(asked[0][1].method).toBe('POST');
    expect(JSON.stringify(asked)).not.toContain(apiKey);

    const accepted = fakeSend(() => json(201, { id: 'n-1' }));
    const yes = await runRecipeToEnd(options(recipe(write), accepted.send, { confirm: () => Promise.resolve(true) }));
    expect(yes.result).toMatchObject({ status: 'succeeded', outputs: { sentName: 'new' } });
    expect(JSON.parse(accepted.sent[0].body ?? '')).toEqual({ name: 'new', by: apiKey });
    expect(accepted.sent[0].headers).toContainEqual(['Content-Type', 'application/json']);
    expect(ofType(yes.events, 'confirmation')).toEqual([expect.objectContaining({ accepted: true })]);
    expect(JSON.stringify(yes.events)).not.toContain(apiKey);

    const unasked = fakeSend(() => json(201, {}));
    const none = await runRecipeToEnd(options(recipe(write), unasked.send));
    expect(unasked.sent).toHaveLength(0);
    expect(none.result.reason).toBe('create writes (POST) and this runner has no way to ask: nothing is sent');
  });

  test('a path value of .. and a header with a line break are refused before sending', async () => {
    const workflow: ArazzoWorkflow = {
      workflowId: 'item',
      inputs: { type: 'object', properties: { id: { type: 'string' }, trace: { type: 'string' } } },
      steps: [
        {
          stepId: 'item',
          operationId: 'getItem',
          parameters: [
            { name: 'id', in: 'path', value: '$inputs.id' },
            { name: 'X-Trace', in: 'header', value: '$inputs.trace' },
          ],
        },
      ],
    };
    const { sent, send } = fakeSend(() => json(200, {}));
    const dots = await runRecipeToEnd(options(recipe(workflow), send, { inputs: { id: '%2e%2e' } }));
    expect(dots.result.status).toBe('failed');
    expect(dots.result.reason).toBe(
      'item: the request is refused: id cannot be "%2e%2e": a path segment of . or .. would change which call is made: nothing is sent',
    );
    const header = await runRecipeToEnd(
      options(recipe(workflow), send, { inputs: { id: 'a', trace: 'x\r\nEvil: 1' } }),
    );
    expect(header.result.reason).toContain('X-Trace holds a line break');
    expect(sent).toHaveLength(0);
  });

  test('a server off the trusted origins is refused before sending', async () => {
    const { sent, send } = fakeSend(() => json(200, {}));
    const resolveOperation = operationResolver({
      items: { document: openapi, serverUrl: 'https://evil.example.test' },
    });
    const { result, events } = await runRecipeToEnd({ ...options(recipe(pages), send), resolveOperation });
    expect(result).toMatchObject({
      status: 'failed',
      reason: 'page: the server https://evil.example.test is not one of the trusted origins: nothing is sent',
    });
    expect(sent).toHaveLength(0);
    expect(ofType(events, 'run-finished')).toHaveLength(1);
  });

  test('an unknown operation and an aborted run end with why', async () => {
    const workflow: ArazzoWorkflow = { workflowId: 'w', steps: [{ stepId: 's', operationId: 'nothing' }] };
    const { send } = fakeSend(() => json(200, {}));
    expect((await runRecipeToEnd(options(recipe(workflow), send))).result.reason).toBe(
      's: no operation nothing in the source items: nothing is sent',
    );
    const controller = new AbortController();
    controller.abort();
    const aborted = await runRecipeToEnd(options(recipe(pages), send, { signal: controller.signal }));
    expect(aborted.result).toMatchObject({ status: 'stopped', reason: 'the run was stopped', steps: 0 });
  });

  test('an answer body is cut in the trace, read whole by expressions', async () => {
    const workflow: ArazzoWorkflow = {
      workflowId: 'w',
      steps: [{ stepId: 's', operationId: 'listItems', outputs: { end: '$response.body#/end' } }],
      outputs: { end: '$steps.s.outputs.end' },
    };
    const { send } = fakeSend(() => json(200, { padding: 'x'.repeat(100), end: 7 }));
    const { result, events } = await runRecipeToEnd(options(recipe(workflow), send, { traceBodyLimit: 20 }));
    expect(result.outputs).toEqual({ end: 7 });
    expect(ofType(events, 'answer')[0]).toMatchObject({ body: '{"padding":"xxxxxxxx', bodyCut: true });
  });
});

describe("the player-match-history recipe's branch", () => {
  const history = parseDocumentText(
    readFileSync('openapi/recipes/player-match-history.arazzo.yaml', 'utf8'),
  ) as unknown as ArazzoDocument;
  const dataServer = 'https://data.example.test/v4';
  const player = { player_id: 'p-1', nickname: 'Kestrel' };
  const candidates = [{ player_id: 'p-2', nickname: 'Kestrel_2' }];
  function run(lookup: RecipeAnswer) {
    const fake = fakeSend((_request, url) => {
      if (url.pathname === '/v4/players') return lookup;
      if (url.pathname === '/v4/search/players') return json(200, { start: 0, end: 1, items: candidates });
      if (url.pathname === '/v4/players/p-1/history') return json(200, { start: 0, end: 0, items: [] });
      return json(500, { message: `no stub for ${url.pathname}` });
    });
    const ran = runRecipeToEnd({
      document: history,
      workflowId: 'playerMatchHistory',
      inputs: { apiKey, nickname: 'Kestrel', game: 'cs2' },
      resolveOperation: operationResolver({ data: { document: readVendoredDocument('data'), serverUrl: dataServer } }),
      send: fake.send,
      trustedOrigins: ['https://data.example.test'],
    });
    return { sent: fake.sent, ran };
  }
  const paths = (sent: HttpRequest[]) => sent.map((request) => request.url.replace(dataServer, ''));

  test('a lookup answering 404 goes to the nickname search, which keeps the candidates; no history is read', async () => {
    const { sent, ran } = run(json(404, { message: 'Not Found' }));
    const { result, events } = await ran;
    expect(paths(sent)).toEqual(['/players?nickname=Kestrel', '/search/players?nickname=Kestrel&game=cs2']);
    expect(ofType(events, 'action').find((event) => event.stepId === 'findPlayer')).toMatchObject({
      action: 'goto',
      name: 'noSuchNickname',
      target: 'searchNickname',
    });
    expect(ofType(events, 'outputs').find((event) => event.stepId === 'searchNickname')?.outputs).toEqual({
      candidates,
    });
    expect(result.status).toBe('succeeded');
  });

  test('a lookup that finds the player reads the history and ends there, without the search', async () => {
    const { sent, ran } = run(json(200, player));
    const { result } = await ran;
    expect(paths(sent)).toEqual(['/players?nickname=Kestrel', '/players/p-1/history?game=cs2&offset=0&limit=20']);
    expect(result).toMatchObject({ status: 'succeeded', outputs: { playerId: 'p-1', nickname: 'Kestrel' } });
  });

  test('any other failure of the lookup is not the branch: the run fails at findPlayer', async () => {
    const { sent, ran } = run(json(401, { message: 'Unauthorized' }));
    const { result } = await ran;
    expect(paths(sent)).toEqual(['/players?nickname=Kestrel']);
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/^findPlayer failed/);
  });
});
