import { describe, expect, test } from 'vitest';
import { extractHrefs, extractIds, internalLink, sitemapPaths } from './links';

describe('extractHrefs', () => {
  test('finds the href of every anchor and decodes entities', () => {
    const html = '<a class="x" href="/a">A</a><link href="/style.css"><a href="/b?x=1&amp;y=2#top">B</a>';
    expect(extractHrefs(html)).toEqual(['/a', '/b?x=1&y=2#top']);
  });
});

describe('extractIds', () => {
  test('collects element ids', () => {
    expect(extractIds('<h2 id="paging">P</h2><div id="__docusaurus"></div>')).toEqual(
      new Set(['paging', '__docusaurus']),
    );
  });
});

describe('internalLink', () => {
  const page = 'http://127.0.0.1:3000/docs/data-api/data';
  test.each([
    ['/docs/webhooks', { path: '/docs/webhooks', anchor: undefined }],
    ['./data#paging', { path: '/docs/data-api/data', anchor: 'paging' }],
    ['../chat-api/', { path: '/docs/chat-api/', anchor: undefined }],
    ['#all-calls', { path: '/docs/data-api/data', anchor: 'all-calls' }],
  ])('resolves %j on the site', (href, expected) => {
    expect(internalLink(href, page)).toEqual(expected);
  });

  test.each(['https://sdk.arena.example', 'mailto:help@arena.example', 'javascript:void(0)', ''])(
    'leaves %j alone',
    (href) => {
      expect(internalLink(href, page)).toBeUndefined();
    },
  );
});

test('a sitemap gives the paths of its pages', () => {
  const xml =
    '<urlset><url><loc>https://d.example/docs/</loc></url><url><loc>https://d.example/a/b?x=1</loc></url></urlset>';
  expect(sitemapPaths(xml)).toEqual(['/docs/', '/a/b']);
});
