import { expect, test } from 'vitest';
import { searchTags, withSearchTags } from './searchTags';

const target = {
  section: 'Data API',
  kind: 'operation' as const,
  names: { operation: 'getPlayerHistory', endpoint: 'GET /players/{player_id}/history' },
};

test('a page gets its section as a filter and its kind and names as metadata, first inside its article', () => {
  const html = withSearchTags(
    '<html><head></head><body><nav>N</nav><article class="a"><h1>T</h1></article></body></html>',
    target,
  );
  expect(html).toContain('<meta data-pagefind-filter="section[content]" content="Data API">');
  expect(html).toContain('<meta data-pagefind-meta="kind[content]" content="operation">');
  expect(html).toContain('<meta data-pagefind-meta="operation[content]" content="getPlayerHistory">');
  expect(html).toContain('<meta data-pagefind-meta="endpoint[content]" content="GET /players/{player_id}/history">');
  expect(html).toMatch(/^<html><head><\/head><body><nav>N<\/nav><article class="a"><meta [^]*<h1>T<\/h1><\/article>/);
});

test('a name from a hostile document stays inside its attribute', () => {
  const tags = searchTags({ section: 'S', kind: 'schema', names: { schema: '"><script>alert(1)</script>&' } });
  expect(tags).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"');
  expect(tags).not.toContain('<script>');
});

test('a page without the root element is left as it is, and the root is found by its tag only', () => {
  expect(withSearchTags('<p>fragment</p>', target)).toBe('<p>fragment</p>');
  expect(withSearchTags('<articles><article>', target).startsWith('<articles><article><meta')).toBe(true);
});
