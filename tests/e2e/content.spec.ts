import { apis } from '../../config/apis';
import { brand } from '../../config/brand';
import { expect, gotoHydrated, test } from './support/fixtures';
import { specRoutes } from './support/routes';

/** The guides, partner pages and the webhooks page carry real content (issue: guides and partner guide). */
const contentRoutes = specRoutes.filter(
  (route) => (route.startsWith('/getting-started/') && !route.includes('/category/')) || route === '/docs/webhooks',
);
/** Pages that are about the API's calls and so link to at least one operation page. */
const withoutCalls = new Set(['/getting-started/brand-guidelines']);

for (const route of contentRoutes) {
  test(`${route} has at least 300 words, headings at levels 2 and 3, a worked example and links to calls`, async ({
    page,
  }) => {
    await gotoHydrated(page, route);
    const article = page.locator('article .markdown');
    const words = (await article.innerText()).split(/\s+/).filter((word) => /\w/.test(word)).length;
    expect(words).toBeGreaterThanOrEqual(300);
    expect(await article.locator('h2').count()).toBeGreaterThan(0);
    expect(await article.locator('h3').count()).toBeGreaterThan(0);
    // A worked example: runnable code, or a section that works one through.
    const examples =
      (await article.locator('pre').count()) +
      (await article
        .locator('h2, h3')
        .filter({ hasText: /worked example/i })
        .count());
    expect(examples).toBeGreaterThan(0);
    if (!withoutCalls.has(route)) {
      const calls = article.locator('a[href^="/docs/data-api/"], a[href^="/docs/chat-api/"]');
      expect(await calls.count()).toBeGreaterThan(0);
    }
  });
}

test('the correct spelling of the retrieving guide redirects to the route the spec fixes', async ({ page }) => {
  await page.goto(`/getting-started/Guides/retrieving-${brand.slug}-data`);
  await expect(page).toHaveURL(new RegExp(`/getting-started/Guides/retreiving-${brand.slug}-data$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('data');
});

test('a guide shows its runnable sample as the file is, with the environment read from the document', async ({
  page,
}) => {
  await gotoHydrated(page, '/getting-started/intro/start-here');
  await expect(page.locator('pre').filter({ hasText: "export ARENA_DATA_API_URL='https://" }).first()).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: '${ARENA_DATA_API_URL}/games?limit=5' }).first()).toBeVisible();
});

// The site's own highlighter (src/core/prism) renders code on the server and again on hydration; both must agree,
// and every language the page shows must come out highlighted, not as plain text.
for (const route of ['/getting-started/Guides/chat-bots', '/docs/data-api/get-team']) {
  test(`${route}: code blocks are highlighted, and identically before and after hydration`, async ({ page }) => {
    await gotoHydrated(page, route);
    const { served, hydrated } = await page.evaluate(async () => {
      const tokens = (root: ParentNode) =>
        Array.from(root.querySelectorAll('pre')).map((pre) => ({
          language: /language-(\S+)/.exec(pre.className)?.[1] ?? '',
          tokens: Array.from(pre.querySelectorAll('.token')).map((token) => `${token.className}|${token.textContent}`),
        }));
      const html = await (await fetch(location.href)).text();
      return { served: tokens(new DOMParser().parseFromString(html, 'text/html')), hydrated: tokens(document) };
    });
    expect(served.length).toBeGreaterThan(0);
    expect(hydrated).toEqual(served);
    for (const block of hydrated) {
      if (block.language === 'text') continue;
      expect(
        block.tokens.some((token) => /^token (keyword|string|property|function)\b/.test(token)),
        block.language,
      ).toBe(true);
    }
  });
}

test("the landing page's cards and quick start come from the API registry, the quick start quoted as the samples", async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const main = page.getByRole('main');
  for (const api of apis) {
    await expect(main.getByRole('link', { name: new RegExp(`^${api.title}`) }).first()).toHaveAttribute(
      'href',
      `/docs/${api.folder}/`,
    );
    await expect(main).toContainText(api.prose.card);
  }
  const first = apis.find((api) => api.quickStart);
  const code = main.locator('pre').filter({ hasText: 'curl' });
  await expect(code).toContainText(`export ${first?.credential.variable}='<your API key>'`);
  await expect(code).toContainText(`"$base_url"'${first?.quickStart?.path}'`);
  await expect(main).toContainText(`this ${first?.quickStart?.says}`);
});

test('the /docs/ root and Start here list every API of the registry', async ({ page }) => {
  await gotoHydrated(page, '/docs/');
  const article = page.locator('article');
  for (const api of apis) {
    await expect(article.getByRole('heading', { level: 3, name: api.title })).toBeVisible();
    await expect(article.getByRole('link', { name: `${api.title} reference`, exact: true })).toHaveAttribute(
      'href',
      api.reference.route,
    );
    await expect(article).toContainText(`The ${api.title} documents these:`);
  }
  await gotoHydrated(page, '/getting-started/intro/start-here');
  const environment = page.locator('pre').filter({ hasText: 'export ' }).first();
  for (const api of apis) await expect(environment).toContainText(`export ${api.baseUrlVariable}='https://`);
});
