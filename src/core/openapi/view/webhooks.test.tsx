import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { JsonObject } from '../document';
import { webhookViews } from './webhooks';
import { subscriptionTypes, withWebhookDetails } from './webhookDetails';
import WebhookDetails from '../../../components/WebhookEvents/WebhookDetails';
import WebhookReference from '../../../components/ApiOperation/WebhookReference';
import { referencePages, webhooksLabel } from '../../../build/pages/pages';

/** OpenAPI 3.1 `webhooks`: requests the API sends, one with two methods, two whose names meet in one slug. */
const document: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Hooks', version: '1' },
  paths: {},
  webhooks: {
    podcastDeleted: {
      post: {
        requestBody: {
          description: 'Triggered when a podcast is <b>deleted</b>.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Podcast' } } },
        },
        responses: { 200: { description: 'Return a 200 status.' } },
      },
    },
    'podcast-deleted': { put: { responses: { 200: { description: 'ok' } } } },
    twoWays: { post: { responses: {} }, delete: { responses: {} } },
  },
  components: {
    schemas: {
      Podcast: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'Its id.' } } },
    },
  },
};

test('each webhook and method is a view of the request sent, under a slug of its own', () => {
  const views = webhookViews(document, 'hooks');
  expect(views.map((view) => [view.name, view.operation.method, view.slug])).toEqual([
    ['podcastDeleted', 'post', 'webhooks/podcast-deleted'],
    ['podcast-deleted', 'put', 'webhooks/podcast-deleted-2'],
    ['twoWays', 'post', 'webhooks/two-ways-post'],
    ['twoWays', 'delete', 'webhooks/two-ways-delete'],
  ]);
  expect(views[0].operation.requestBody?.contents[0].schema?.children?.map((child) => child.name)).toEqual(['id']);
});

test('a webhook page shows the payload fields with anchors and the answer expected, its text as text', () => {
  const [webhook] = webhookViews(document, 'hooks');
  const html = renderToStaticMarkup(<WebhookReference webhook={webhook} schemas={{}} linkBase="/docs/hooks" />);
  expect(html).toContain('data-webhook="podcastDeleted"');
  expect(html).toContain('id="webhook-body-id"');
  expect(html).toContain('Return a 200 status.');
  expect(html).toContain('&lt;b&gt;deleted&lt;/b&gt;');
});

test('the webhooks get pages and a sidebar category of their own', () => {
  const pages = referencePages(document, 'hooks', {
    dir: 'x',
    docIdPrefix: 'hooks',
    slugBase: '/hooks',
    linkBase: '/docs/hooks',
    credentialVariable: 'K',
    baseUrlVariable: 'U',
    mockUrl: 'http://127.0.0.1:1',
    trustedOrigins: [],
    schemaFiles: { dir: 'x', route: '/x' },
  });
  expect(pages.files.map((file) => file.name)).toContain('webhooks/podcast-deleted.mdx');
  const page = pages.files.find((file) => file.name === 'webhooks/podcast-deleted.mdx')!.content;
  expect(page).toContain('slug: /hooks/webhooks/podcast-deleted');
  expect(page).toContain('<WebhookReference webhook={webhook}');
  expect(
    pages.sidebar
      .find((category) => category.label === webhooksLabel)
      ?.items.map((item) => (item.type === 'doc' ? item.id : item.label)),
  ).toEqual([
    'hooks/webhooks/podcast-deleted',
    'hooks/webhooks/podcast-deleted-2',
    'hooks/webhooks/two-ways-post',
    'hooks/webhooks/two-ways-delete',
  ]);
});

test('the single-page reference shows every webhook after the calls, with the schemas its payload reaches', async () => {
  const { referenceModel, webhookId } = await import('../singlePage');
  const { default: SinglePageSidebar } = await import('../../../components/SinglePageReference/Sidebar');
  const withCall: JsonObject = {
    ...document,
    paths: { '/a': { get: { operationId: 'getA', responses: { 200: { description: 'ok' } } } } },
  };
  const samples = {
    credentialVariable: 'K',
    baseUrlVariable: 'U',
    fallbackServer: 'http://127.0.0.1:1',
    trustedOrigins: [],
  };
  const model = referenceModel(withCall, { api: 'hooks', samples });
  expect(model.webhooks.map(webhookId)).toEqual([
    'webhooks-podcast-deleted',
    'webhooks-podcast-deleted-2',
    'webhooks-two-ways-post',
    'webhooks-two-ways-delete',
  ]);
  // The payload, a named schema, is shown open with its fields.
  const payload = model.webhooks[0].operation.requestBody?.contents[0].schema;
  expect(payload?.children?.map((child) => child.name)).toEqual(['id']);
  const sidebar = renderToStaticMarkup(<SinglePageSidebar groups={model.groups} webhooks={model.webhooks} />);
  expect(sidebar).toContain('href="#api-webhooks"');
  expect(sidebar).toContain('href="#webhooks-two-ways-delete"');
  // Two webhooks on one page: their ids do not meet.
  const html = model.webhooks
    .map((webhook) =>
      renderToStaticMarkup(
        <WebhookReference webhook={webhook} schemas={model.schemas} linkBase="/docs/h" idPrefix={webhookId(webhook)} />,
      ),
    )
    .join('');
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size).toBe(ids.length);
});

/**
 * This portal's extensions on a webhook (`x-subscription-types`, `x-provenance`, `x-fetch`) and the document's
 * `x-webhook-subscription-types`: read where they are well formed, ignored where they are not.
 */
const described: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'Hooks', version: '1' },
  'x-webhook-subscription-types': [
    { id: 'organizer', name: 'Organizer', provenance: 'documented', scopes: [{ name: 'All mine', description: 'x' }] },
    { id: 'organizer', name: 'Again' },
    { name: 'no id' },
    { id: 'game', scopes: 'not a list' },
  ],
  paths: { '/hubs/{hub_id}': { get: { operationId: 'getHub', summary: 'Get a hub', responses: {} } } },
  webhooks: {
    hub_created: {
      post: {
        summary: 'A <b>hub</b> was created',
        'x-subscription-types': ['organizer', 'game', 'unknown', 'organizer', 7],
        'x-provenance': { event: 'documented', subscriptionTypes: 'guessed', payload: 'modelled', extra: 'documented' },
        'x-fetch': 'getHub',
        responses: { 204: { description: 'ok' } },
      },
    },
    hub_gone: { post: { 'x-fetch': 'noSuchCall', 'x-provenance': 'documented', responses: {} } },
  },
};

test('reads who receives a webhook, what is documented and the call that fetches its object', () => {
  const [created, gone] = withWebhookDetails(described, webhookViews(described, 'hooks')).map((view) => view.details!);
  expect(created.subscriptionTypes).toEqual([
    { id: 'organizer', name: 'Organizer' },
    { id: 'game', name: 'game' },
    { id: 'unknown', name: 'unknown' },
  ]);
  expect(created.provenance).toEqual({ event: 'documented', payload: 'modelled' });
  expect(created.fetch).toEqual({
    slug: 'get-hub',
    method: 'get',
    path: '/hubs/{hub_id}',
    summary: 'Get a hub',
  });
  expect(gone).toMatchObject({ subscriptionTypes: [], provenance: {} });
  expect(gone.fetch).toBeUndefined();
  expect(subscriptionTypes(described)).toEqual([
    { id: 'organizer', name: 'Organizer', provenance: 'documented', scopes: [{ name: 'All mine', description: 'x' }] },
    { id: 'game', name: 'game', scopes: [] },
  ]);
});

test('a webhook page says who receives it, marks what is modelled, and links the call that fetches its object', () => {
  const [created, gone] = withWebhookDetails(described, webhookViews(described, 'hooks'));
  const page = (webhook: typeof created) =>
    renderToStaticMarkup(
      <WebhookReference
        webhook={webhook}
        schemas={{}}
        linkBase="/docs/hooks"
        details={<WebhookDetails webhook={webhook} linkBase="/docs/hooks" />}
      />,
    );
  const html = page(created);
  expect(html).toContain('Delivered to subscriptions of type <span><strong>Organizer</strong></span>');
  expect(html).toContain('data-provenance="documented"');
  expect(html).toContain('data-modelled="payload"');
  expect(html).toContain('href="/docs/hooks/get-hub"');
  expect(html).not.toContain('<b>hub</b>');
  // A webhook without the extensions says none of it.
  const plain = page(gone);
  expect(plain).not.toMatch(/data-subscription-types|data-provenance|data-modelled|data-fetch/);
});
