import { expect, test } from './support/fixtures';

/** The browser tier's own guard (support/offlineProxy.ts, support/fixtures.ts): no page reaches another host. */

test.describe('a request to another host', () => {
  // The refused requests are what this test makes; it reads the record itself.
  test.use({ allowProblems: true });

  test('fails at once, is recorded, and the loopback server still answers', async ({ page, problems }) => {
    await page.goto('/');
    const foreign = [
      'https://open.arena.example/data/v4/championships',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1:8080/',
      'http://[2001:db8::1]/',
    ];
    const started = Date.now();
    const outcomes = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url, { mode: 'no-cors' }).then(
              () => 'answered',
              () => 'failed',
            ),
          ),
        ),
      foreign,
    );
    expect(outcomes).toEqual(foreign.map(() => 'failed'));
    // Refused by the offline proxy, not timed out on a network.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(problems.externalRequests).toEqual(foreign.map((url) => new URL(url).href));
    expect(await page.evaluate(() => fetch('/sitemap.xml').then((response) => response.status))).toBe(200);
  });
});
