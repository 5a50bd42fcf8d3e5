import { expect, test } from 'vitest';
import { aiChatLinks, isExported, twinPath } from './markdownTwin';

test('a route’s twin is its path plus .md', () => {
  expect(twinPath('/docs/webhooks')).toBe('/docs/webhooks.md');
  expect(twinPath('/docs/')).toBe('/docs.md');
  expect(twinPath('/')).toBe('/index.md');
});

test('the not-found page and test routes have no twin', () => {
  expect(isExported('/404.html')).toBe(false);
  expect(isExported('/__e2e/x')).toBe(false);
  expect(isExported('/docs/')).toBe(true);
});

test('the AI links carry the twin’s address in the prompt, encoded', () => {
  const links = aiChatLinks('https://developers.arena.example/docs/webhooks.md?a=1&b=2');
  expect(links.map((link) => link.label)).toEqual(['Open in ChatGPT', 'Open in Claude']);
  for (const link of links) {
    const prompt = new URL(link.href).searchParams.get('q');
    expect(prompt).toContain('https://developers.arena.example/docs/webhooks.md?a=1&b=2');
  }
});
