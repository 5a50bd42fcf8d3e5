import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { EntryView } from '@site/src/core/changelog';
import ChangedBadge from '../ApiOperation/ChangedBadge';
import Changelog from '.';

const entry = (overrides: Partial<EntryView>): EntryView => ({
  id: '2026-11-22',
  api: 'data-v4',
  apiTitle: 'Data API',
  date: '2026-11-22',
  versionBefore: '4',
  versionAfter: '4',
  href: '/docs/data-api/changelog#2026-11-22',
  breakingCount: 1,
  changes: [
    {
      where: 'GET /games',
      what: 'limit maximum: 100 -> 50',
      breaking: true,
      href: '/docs/data-api/get-games#parameter-limit',
      target: 'GET /games limit',
      parent: 'GET /games',
    },
    {
      where: 'GET /old',
      what: 'operation removed',
      breaking: false,
      removed: true,
      target: 'GET /old',
      parent: 'GET /old',
    },
  ],
  ...overrides,
});
const apis = [{ id: 'data-v4', title: 'Data API' }];

describe('Changelog', () => {
  test('lists breaking changes first, each linked to its page and anchor, and marks what was removed', () => {
    const html = renderToStaticMarkup(
      <Changelog entries={[entry({})]} apis={apis} feed="/docs/data-api/changelog/atom.xml" />,
    );
    expect(html.indexOf('Breaking changes')).toBeLessThan(html.indexOf('Other changes'));
    expect(html).toContain('<a href="/docs/data-api/get-games#parameter-limit">GET /games</a>');
    expect(html).toContain('(no longer in the reference)');
    expect(html).toContain('id="2026-11-22"');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml"');
    expect(html).toContain('1 breaking change, 1 other change');
  });

  test("on the page of all APIs, names each entry's API and gives it an anchor of its own", () => {
    const both = [...apis, { id: 'chat-v1', title: 'Chat API' }];
    const html = renderToStaticMarkup(<Changelog entries={[entry({})]} apis={both} feed="/docs/changelog/atom.xml" />);
    expect(html).toContain('id="data-v4-2026-11-22"');
    expect(html).toContain('Data API');
    expect(html).toContain('<option value="chat-v1">Chat API</option>');
  });

  test('renders text from documents and notes as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const html = renderToStaticMarkup(
      <Changelog
        entries={[entry({ note: hostile, changes: [{ ...entry({}).changes[0], where: hostile, what: hostile }] })]}
        apis={apis}
        feed="/feed.xml"
      />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('says so when nothing was recorded yet', () => {
    expect(renderToStaticMarkup(<Changelog entries={[]} apis={apis} feed="/feed.xml" />)).toContain(
      'No changes recorded yet.',
    );
  });
});

describe('ChangedBadge', () => {
  test('links to the entry and says when and whether it broke anything', () => {
    const html = renderToStaticMarkup(
      <ChangedBadge
        badge={{ date: '2026-11-22', href: '/docs/data-api/changelog#2026-11-22', breaking: true }}
        label="parameter limit"
      />,
    );
    expect(html).toContain('href="/docs/data-api/changelog#2026-11-22"');
    expect(html).toContain('aria-label="parameter limit: breaking change on 2026-11-22, see the changelog"');
    expect(html).toContain('>Changed</a>');
  });

  test('shows nothing without a recent change', () => {
    expect(renderToStaticMarkup(<ChangedBadge label="parameter limit" />)).toBe('');
  });
});
