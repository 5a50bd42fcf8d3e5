import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../core/openapi/document';
import { parseDocumentText } from '../../core/openapi/parse';
import { writeToken } from '../../core/oauth/tokens';
import { hiddenText, type TraceEvent } from '../../core/recipes/runModel';
import { traceMarkdown } from '../../core/recipes/trace';
import type { ArazzoDocument } from '../../core/recipes/types';
import { readVendoredDocument } from '../../../tests/fixtures/vendored';
import { credentialKey } from '../ApiExplorer/storage';
import RecipeRunner from './index';
import LazyRecipeRunner from './Lazy';
import { runnerApi } from './pageRunner';
import { typedInputs, type RunnerApi } from './session';
import Steps, { stepRuns } from './Steps';
import { RecipeRun, type RunRequest, type RunView } from './useRecipeRun';

const production = 'https://api.example.test/v1';
const mock = 'http://127.0.0.1:4999';
const apiKey = 'sk-live-0123456789';

/** A small API: one item, its reviews, a write; behind an HTTP bearer scheme. */
const openapi: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Items', version: '1' },
  servers: [{ url: production }],
  security: [{ Key: [] }],
  components: { securitySchemes: { Key: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'An item' } },
      },
    },
    '/items/{id}/reviews': {
      get: {
        operationId: 'getReviews',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { '200': { description: 'Reviews' } },
      },
      post: {
        operationId: 'postReview',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'Posted' } },
      },
    },
  },
};

const recipe: ArazzoDocument = {
  arazzo: '1.0.1',
  info: { title: 'An item and its reviews', version: '1' },
  sourceDescriptions: [{ name: 'items', url: '/openapi/items-v1.json', type: 'openapi' }],
  workflows: [
    {
      workflowId: 'itemReviews',
      inputs: {
        type: 'object',
        required: ['apiKey', 'id'],
        properties: {
          apiKey: { type: 'string', format: 'password' },
          id: { type: 'string', examples: ['i-1'] },
          limit: { type: 'integer', default: 5 },
          text: { type: 'string' },
        },
      },
      'x-security': [{ schemeName: 'Key', values: { token: '$inputs.apiKey' } }],
      steps: [
        {
          stepId: 'item',
          operationId: '$sourceDescriptions.items.getItem',
          parameters: [{ name: 'id', in: 'path', value: '$inputs.id' }],
          successCriteria: [{ condition: '$statusCode == 200' }],
          outputs: { name: '$response.body#/name' },
        },
        {
          stepId: 'reviews',
          operationId: '$sourceDescriptions.items.getReviews',
          parameters: [
            { name: 'id', in: 'path', value: '$inputs.id' },
            { name: 'limit', in: 'query', value: '$inputs.limit' },
          ],
          successCriteria: [{ condition: '$statusCode == 200' }, { condition: '$response.body#/count > 0' }],
          outputs: { count: '$response.body#/count' },
        },
      ],
      outputs: { name: '$steps.item.outputs.name', count: '$steps.reviews.outputs.count' },
    },
    {
      workflowId: 'postReview',
      inputs: { type: 'object', properties: { apiKey: { type: 'string', format: 'password' } } },
      'x-security': [{ schemeName: 'Key', values: { token: '$inputs.apiKey' } }],
      steps: [
        {
          stepId: 'item',
          operationId: '$sourceDescriptions.items.getItem',
          parameters: [{ name: 'id', in: 'path', value: 'i-1' }],
        },
        {
          stepId: 'post',
          operationId: '$sourceDescriptions.items.postReview',
          parameters: [{ name: 'id', in: 'path', value: 'i-1' }],
          requestBody: { contentType: 'application/json', payload: { text: 'Good' } },
        },
      ],
    },
  ],
};

const api: RunnerApi = {
  id: 'items-v1',
  title: 'Items API',
  mockUrl: mock,
  trustedOrigins: [new URL(production).origin, mock],
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

/** The site's files and an API that answers: every request kept, with its real headers. */
function fakeSite(
  files: Record<string, unknown> = { '/recipes/items.json': recipe, '/openapi/items-v1.json': openapi },
) {
  const sent: Sent[] = [];
  const answer = (url: string, method: string): Response => {
    if (Object.hasOwn(files, url)) return Response.json(files[url]);
    const path = new URL(url, 'http://site.test').pathname;
    if (path.endsWith('/stats')) return Response.json({ rounds: [{ round_id: '1' }] });
    if (path.startsWith('/matches/')) {
      return Response.json({ status: 'FINISHED', game: 'cs2', results: { winner: 'faction1' }, demo_url: ['d'] });
    }
    if (path.endsWith('/reviews') && method === 'GET') return Response.json({ count: 3, items: [] });
    if (path.endsWith('/reviews')) return Response.json({ id: 'r-1' });
    if (path.startsWith('/v1/items/') || path.startsWith('/items/')) return Response.json({ name: 'Item one' });
    return new Response('not found', { status: 404 });
  };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    sent.push({ url, method, headers, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    return Promise.resolve(answer(url, method));
  };
  const stored = new Map<string, string>();
  const storage = { getItem: (key: string) => stored.get(key) ?? null };
  return { fetch, sent, stored, storage };
}

function runner(site: ReturnType<typeof fakeSite>) {
  const views: RunView[] = [];
  const run = new RecipeRun({ fetch: site.fetch, storage: site.storage }, (view) => views.push(view));
  return { run, views };
}

const request = (overrides: Partial<RunRequest> = {}): RunRequest => ({
  slug: 'items',
  apis: { items: api },
  choice: 'mock',
  typed: { apiKey, id: 'i-1', limit: '' },
  ...overrides,
});

const toApi = (site: ReturnType<typeof fakeSite>) => site.sent.filter((item) => !item.url.startsWith('/'));

describe('a run to the end', () => {
  test('loads the recipe and its document only when started, sends each step to the mock, keeps the outputs', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    expect(site.sent).toEqual([]);
    await run.start(request(), 'end');
    expect(site.sent.slice(0, 2).map((item) => item.url)).toEqual(['/recipes/items.json', '/openapi/items-v1.json']);
    expect(toApi(site).map((item) => `${item.method} ${item.url}`)).toEqual([
      `GET ${mock}/items/i-1`,
      `GET ${mock}/items/i-1/reviews?limit=5`,
    ]);
    // The credential goes to the server, in the scheme's header, and nowhere in what the page shows.
    expect(toApi(site).every((item) => item.headers.authorization === `Bearer ${apiKey}`)).toBe(true);
    const { current } = run;
    expect(current.phase).toBe('finished');
    expect(current.servers).toEqual({ items: mock });
    expect(JSON.stringify(current.events)).not.toContain(apiKey);
    expect(JSON.stringify(current.events)).toContain(`Bearer ${hiddenText}`);
    const finished = current.events.at(-1);
    expect(finished).toMatchObject({
      type: 'run-finished',
      status: 'succeeded',
      outputs: { name: 'Item one', count: 3 },
    });
    const steps = stepRuns(current.events);
    expect(steps.map((step) => step.started.stepId)).toEqual(['item', 'reviews']);
    expect(steps[1].criteria.map((criterion) => [criterion.condition, criterion.met])).toEqual([
      ['$statusCode == 200', true],
      ['$response.body#/count > 0', true],
    ]);
  });

  test('production goes to the first server of the document on the API own hosts', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    await run.start(request({ choice: 'production' }), 'end');
    expect(toApi(site)[0].url).toBe(`${production}/items/i-1`);
  });

  test('a document with no server on the API own hosts cannot run in production, and says so', async () => {
    const elsewhere = { ...openapi, servers: [{ url: 'https://elsewhere.example.org' }] };
    const site = fakeSite({ '/recipes/items.json': recipe, '/openapi/items-v1.json': elsewhere });
    const { run } = runner(site);
    await run.start(request({ choice: 'production' }), 'end');
    expect(run.current.problem).toMatch(/Items API lists no production server on its own hosts/);
    expect(toApi(site)).toEqual([]);
  });

  test('a recipe the site does not have is a message, not a crash', async () => {
    const site = fakeSite({});
    const { run } = runner(site);
    await run.start(request(), 'end');
    expect(run.current).toMatchObject({ phase: 'finished', problem: '/recipes/items.json could not be loaded: 404' });
  });

  test("an empty credential field takes Try it's stored credential for the API", async () => {
    const site = fakeSite();
    site.stored.set(credentialKey('items-v1'), 'stored-key');
    const { run } = runner(site);
    await run.start(request({ typed: { apiKey: '', id: 'i-1' } }), 'end');
    expect(toApi(site)[0].headers.authorization).toBe('Bearer stored-key');
    expect(JSON.stringify(run.current.events)).not.toContain('stored-key');
  });

  test('a failed criterion fails the step and the run, and says which', async () => {
    const site = fakeSite();
    const fetch = site.fetch;
    site.fetch = (input, init) =>
      urlOf(input).endsWith('/reviews?limit=5') ? Promise.resolve(Response.json({ count: 0 })) : fetch(input, init);
    const { run } = runner(site);
    await run.start(request(), 'end');
    const steps = stepRuns(run.current.events);
    expect(steps[1].criteria.find((criterion) => !criterion.met)?.condition).toBe('$response.body#/count > 0');
    expect(steps[1].action?.action).toBe('fail');
    expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'failed' });
  });
});

describe('step by step', () => {
  test('waits after each step until Next step, then runs the rest on Run to the end', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    await run.start(request(), 'step');
    expect(run.current.phase).toBe('paused');
    expect(stepRuns(run.current.events).map((step) => step.started.stepId)).toEqual(['item']);
    expect(toApi(site)).toHaveLength(1);
    await run.resume('step');
    expect(run.current.phase).toBe('paused');
    expect(toApi(site)).toHaveLength(2);
    await run.resume('end');
    expect(run.current.phase).toBe('finished');
    expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'succeeded' });
  });

  test('Stop while paused sends nothing more and ends the run stopped', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    await run.start(request(), 'step');
    run.stop();
    await expect.poll(() => run.current.phase).toBe('finished');
    expect(toApi(site)).toHaveLength(1);
    expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'stopped' });
  });
});

describe('a write step', () => {
  const writeRequest = () => request({ workflowId: 'postReview', typed: { apiKey } });

  test('waits for the reader; declined, nothing is sent and the run stops', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    const started = run.start(writeRequest(), 'end');
    await expect.poll(() => run.current.phase).toBe('confirming');
    expect(run.current.confirming?.stepId).toBe('post');
    expect(run.current.confirming?.request.method).toBe('POST');
    expect(JSON.stringify(run.current.confirming)).not.toContain(apiKey);
    run.confirm(false);
    await started;
    expect(toApi(site).map((item) => item.method)).toEqual(['GET']);
    expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'stopped' });
    expect(traceMarkdown(run.current.events)).toContain('was **not** confirmed: nothing was sent');
  });

  test('confirmed, it is sent', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    const started = run.start(writeRequest(), 'end');
    await expect.poll(() => run.current.phase).toBe('confirming');
    run.confirm(true);
    await started;
    expect(toApi(site).map((item) => item.method)).toEqual(['GET', 'POST']);
    expect(JSON.parse(toApi(site)[1].body ?? '')).toEqual({ text: 'Good' });
    expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'succeeded' });
  });
});

test("the form's text is typed by the workflow's schema; an empty field is left to its default", () => {
  expect(typedInputs(recipe.workflows[0], { id: 'i-1', limit: '7', text: '', apiKey: 'k' })).toEqual({
    id: 'i-1',
    limit: 7,
    apiKey: 'k',
  });
});

test('the match statistics recipe runs over the Data API document as the repository has them', async () => {
  const document = parseDocumentText(
    readFileSync('openapi/recipes/match-statistics.arazzo.yaml', 'utf8'),
  ) as unknown as ArazzoDocument;
  const site = fakeSite({
    '/recipes/match-statistics.json': document,
    '/openapi/data-v4.json': readVendoredDocument('data'),
  });
  const { run } = runner(site);
  const data: RunnerApi = {
    id: 'data-v4',
    title: 'Data API',
    mockUrl: 'http://127.0.0.1:4010',
    trustedOrigins: ['https://open.arena.example', 'http://127.0.0.1:4010'],
  };
  await run.start(
    { slug: 'match-statistics', apis: { data }, choice: 'mock', typed: { apiKey, matchId: '1-abc' } },
    'end',
  );
  expect(toApi(site).map((item) => item.url)).toEqual([
    'http://127.0.0.1:4010/matches/1-abc',
    'http://127.0.0.1:4010/matches/1-abc/stats',
  ]);
  expect(run.current.events.at(-1)).toMatchObject({
    type: 'run-finished',
    status: 'succeeded',
    outputs: { status: 'FINISHED', rounds: [{ round_id: '1' }] },
  });
});

describe('what the page shows', () => {
  test('the form renders on the server: the inputs with their examples, the credential empty, every button', () => {
    const html = renderToStaticMarkup(
      <RecipeRunner
        slug="items"
        title="An item"
        apis={{ items: api }}
        inputs={[
          { name: 'apiKey', type: 'string, password', required: true, secret: true, description: 'Your key.' },
          { name: 'id', type: 'string', required: true, example: 'i-1', secret: false },
          { name: 'limit', type: 'integer', required: false, default: '5', secret: false },
        ]}
      />,
    );
    expect(html).toMatch(/<input[^>]*type="password"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*name="id"[^>]*value="i-1"/);
    expect(html).toMatch(/<input[^>]*name="limit"[^>]*value="5"/);
    expect(html).toContain(`Local mock: ${mock}`);
    for (const name of ['Run to the end', 'Next step', 'Stop', 'Copy trace as Markdown']) expect(html).toContain(name);
    expect(html).toContain('role="status"');
  });

  test('each step: the request with the credential hidden, the answer, each criterion met or not, what it keeps', async () => {
    const site = fakeSite();
    const { run } = runner(site);
    await run.start(request(), 'end');
    const html = renderToStaticMarkup(<Steps events={run.current.events} />);
    expect(html).not.toContain(apiKey);
    expect(html).toContain(`Authorization: Bearer ${hiddenText}`);
    expect(html).toContain('Answer: <strong>200</strong>');
    expect(html.match(/>met</g)).toHaveLength(3);
    expect(html).toContain('Kept for the next steps: count');
    expect(html).toContain('Next: step reviews');
    expect(html).toMatch(/The run <strong>succeeded<\/strong> after 2 steps/);
    expect(html).toContain('&quot;count&quot;: 3');
  });

  test('a criterion not met is said in words', () => {
    const events: TraceEvent[] = [
      { type: 'step-started', workflowId: 'w', depth: 0, stepId: 's', calls: 'getItem', attempt: 1 },
      {
        type: 'criterion',
        workflowId: 'w',
        depth: 0,
        stepId: 's',
        condition: '$statusCode == 200',
        met: false,
        reason: 'the status is 404',
      },
    ];
    const html = renderToStaticMarkup(<Steps events={events} />);
    expect(html).toContain('not met</span> <code>$statusCode == 200</code> (the status is 404)');
  });
});

describe('the mount in a recipe page', () => {
  test('renders nothing on the server: the runner is a chunk the browser loads once hydrated', () => {
    const html = renderToStaticMarkup(
      <LazyRecipeRunner
        recipe={{ slug: 'items', title: 'Items', apis: { items: { id: 'items-v1', title: 'Items API' } } }}
        workflow={{ id: 'itemReviews', inputs: [] }}
      />,
    );
    expect(html).toBe('');
  });

  test("the page's servers when the build gives them; else the API's documented mock, the only origin trusted", () => {
    expect(runnerApi({ ...api, id: 'data-v4', title: 'Data API', mockUrl: 'http://127.0.0.1:5000' })).toMatchObject({
      mockUrl: 'http://127.0.0.1:5000',
      trustedOrigins: api.trustedOrigins,
    });
    expect(runnerApi({ id: 'data-v4', title: 'Data API' })).toEqual({
      id: 'data-v4',
      title: 'Data API',
      mockUrl: 'http://127.0.0.1:4010',
      trustedOrigins: ['http://127.0.0.1:4010'],
    });
  });

  test('with only the mock trusted, the form offers production disabled and starts on the mock', () => {
    const html = renderToStaticMarkup(
      <RecipeRunner slug="items" title="Items" apis={{ items: { ...api, trustedOrigins: [mock] } }} inputs={[]} />,
    );
    expect(html).toMatch(/<option value="production" disabled="">/);
    expect(html).toMatch(/<option value="mock" selected="">/);
  });
});

test("the page's own copy of the recipe is run without fetching the published one", async () => {
  const site = fakeSite({ '/openapi/items-v1.json': openapi });
  const { run } = runner(site);
  await run.start(request({ document: recipe }), 'end');
  expect(site.sent.filter((item) => item.url.startsWith('/')).map((item) => item.url)).toEqual([
    '/openapi/items-v1.json',
  ]);
  expect(run.current.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'succeeded' });
});

test("a sign-in's token for the input's scheme is named, masked, with the server it is sent to", () => {
  writeToken('items-v1', 'Key', {
    accessToken: 'token-abcd1234',
    scope: '',
    serverUrl: mock,
    clientId: 'demo',
    remember: false,
  });
  try {
    const html = renderToStaticMarkup(
      <RecipeRunner
        slug="items"
        title="Items"
        document={recipe}
        apis={{ items: api }}
        inputs={[{ name: 'apiKey', type: 'string, password', required: true, secret: true }]}
      />,
    );
    expect(html).toContain(`Signed in with Try it: ••••1234, for ${mock}.`);
    expect(html).not.toContain('token-abcd1234');
  } finally {
    writeToken('items-v1', 'Key', undefined);
  }
});

test("an input's description shows its code spans as code, and its text as text", () => {
  const html = renderToStaticMarkup(
    <RecipeRunner
      slug="items"
      title="Items"
      apis={{ items: api }}
      inputs={[
        { name: 'id', type: 'string', required: true, secret: false, description: 'As in `id`, <b>not</b> more.' },
      ]}
    />,
  );
  expect(html).toContain(': As in <code>id</code>, &lt;b&gt;not&lt;/b&gt; more.');
});
