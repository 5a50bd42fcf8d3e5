import { expect, test } from 'vitest';
import { pagefindUrl, stagedPath, stagingPlan } from './staging';

test("a page is staged at its route's index.html, and Pagefind's URL for it is the route with a slash", () => {
  expect(stagedPath('/docs/data-api/get-games')).toBe('docs/data-api/get-games/index.html');
  expect(stagedPath('/docs/')).toBe('docs/index.html');
  expect(stagedPath('/')).toBe('index.html');
  expect(stagedPath('/base/docs/v1.2_x~y')).toBe('base/docs/v1.2_x~y/index.html');
  expect(pagefindUrl('docs/data-api/get-games/index.html')).toBe('/docs/data-api/get-games/');
  expect(pagefindUrl('index.html')).toBe('/');
});

test('a URL that is not plainly a path of the site is not staged: it could leave the folder or name another file', () => {
  for (const url of [
    '/docs/../../etc/passwd',
    '/docs/./x',
    '/docs/..',
    'docs/x',
    '/docs/a b',
    '/docs/caf%C3%A9',
    '/docs/café',
    '/docs\\x',
    '/docs//x',
    '/docs/.hidden',
    '/docs/x?y',
    '/docs/x#y',
    '/docs/x.',
    '//',
    '',
  ]) {
    expect(stagedPath(url), url).toBeUndefined();
  }
});

test('a long URL it refuses is answered, not backtracked over for ever', () => {
  // One expression over the whole URL took seconds at 26 letters before the `é`, doubling with each: these never
  // returned, and the test's time limit would end it.
  expect(stagedPath(`/docs/${'a'.repeat(5_000)}é`)).toBeUndefined();
  expect(stagedPath(`/docs/data-api/get-very-long-operation-name-${'x'.repeat(200)}%20`)).toBeUndefined();
});

test('a page whose staged name would be another page of the job is handed over, as is a second URL of one path', () => {
  const plan = stagingPlan(['/docs/x', '/docs/x/', '/docs/y', '/docs/caf%C3%A9', '/']);
  expect(Object.fromEntries(plan)).toEqual({
    // Staged, `/docs/x` would be named `/docs/x/`: the job's own page of that URL.
    '/docs/x': undefined,
    '/docs/x/': 'docs/x/index.html',
    '/docs/y': 'docs/y/index.html',
    '/docs/caf%C3%A9': undefined,
    '/': 'index.html',
  });
  expect(Object.fromEntries(stagingPlan(['/docs/x/', '/docs/x']))).toEqual({
    '/docs/x/': 'docs/x/index.html',
    '/docs/x': undefined,
  });
});
