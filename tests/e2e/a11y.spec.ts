import { axe, expectAccessible } from './support/axe';
import { gotoWithoutScripts } from './support/withoutScripts';
import { expect, gotoHydrated, test } from './support/fixtures';
import { changelogRoutes, referenceSampleRoutes, specRoutes } from './support/routes';

/**
 * WCAG 2.2 AA on every route, dark theme included: the routes of spec §2 in routes.spec.ts, in the visit that checks
 * each answers (one load of each, not two), and here the reference samples and the changelogs.
 */
for (const route of [...referenceSampleRoutes, ...changelogRoutes]) {
  test(`${route} has no WCAG 2.2 AA violations`, async ({ page }) => {
    await gotoHydrated(page, route);
    await expectAccessible(page, route);
  });
}

test('/api/data: its intro, sidebar and first two tags’ calls have WCAG 2.2 AA colour contrast', async ({ page }) => {
  await gotoHydrated(page, '/api/data');
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const groups = await page
    .locator('main section[aria-labelledby^="tag-"]')
    .evaluateAll((sections) => sections.slice(0, 2).map((section) => section.getAttribute('aria-labelledby')));
  expect(groups).toHaveLength(2);
  const builder = axe(page).withRules(['color-contrast']).include('main > :first-child').include('main nav');
  for (const group of groups) builder.include(`main section[aria-labelledby="${group}"]`);
  const results = await builder.analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);
});

/**
 * Read without JavaScript, the site is the same dark site: the server's markup names the theme, so the theme's greys
 * (inline code, table stripes, the reference's summaries) are the dark ones, not light backgrounds behind light text.
 * The page is served without its scripts (`gotoWithoutScripts`).
 */
test.describe('before any script runs', () => {
  const routes = [
    specRoutes.find((route) => route.includes('/Guides/retreiving-')),
    referenceSampleRoutes.find((route) => !route.includes('/schemas/')),
    '/api/chat',
  ];
  for (const route of routes) {
    test(`${route} is dark, its colours WCAG 2.2 AA contrast`, async ({ page }) => {
      expect(route).toBeDefined();
      await gotoWithoutScripts(page, route!);
      expect(await page.locator('script').count()).toBe(0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      const results = await axe(page).withRules(['color-contrast']).analyze();
      const violations = results.violations.flatMap((violation) =>
        violation.nodes.map((node) => node.target.join(' ')),
      );
      expect(violations).toEqual([]);
    });
  }
});
