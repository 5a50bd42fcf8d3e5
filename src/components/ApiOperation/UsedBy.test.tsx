import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { SchemaView } from '../../core/openapi/view';
import UsedBy from './UsedBy';

const text = (html: string) => html.replace(/<[^>]*>/g, '').replaceAll('&#x27;', "'");
const use = (index: number) => ({
  slug: `call${index}`,
  method: 'get',
  path: `/items${index}`,
  summary: `Call ${index}`,
});
const schema = (listed: number, count: number, webhooks?: number): SchemaView => ({
  api: 'many',
  name: 'Tag',
  slug: 'schemas/tag',
  description: '',
  root: { type: 'string' } as SchemaView['root'],
  usedBy: Array.from({ length: listed }, (_, index) => use(index)),
  usedByCount: count,
  ...(webhooks === undefined ? {} : { usedByWebhookCount: webhooks }),
});

test('a list cut short says how many use the schema and how many are listed', () => {
  const html = renderToStaticMarkup(<UsedBy schema={schema(50, 22_361)} linkBase="/docs/many" />);
  expect(text(html)).toContain('22,361 calls use this schema; the first 50 in the reference');
  expect(html.match(/<li>/g)).toHaveLength(50);
  expect(html).toContain('href="/docs/many/call49"');
});

test('a count names the webhooks among the users only when there are some', () => {
  const withWebhooks = text(renderToStaticMarkup(<UsedBy schema={schema(50, 1_203, 1)} linkBase="/docs/many" />));
  expect(withWebhooks).toContain('1,202 calls and 1 webhook use this schema');
  const none = text(renderToStaticMarkup(<UsedBy schema={schema(50, 60, 0)} linkBase="/docs/many" />));
  expect(none).toContain('60 calls use this schema');
});

test('a whole list is shown without a count', () => {
  const html = renderToStaticMarkup(<UsedBy schema={schema(3, 3)} linkBase="/docs/many" />);
  expect(text(html)).not.toContain('use this schema');
  expect(html.match(/<li>/g)).toHaveLength(3);
});
