import { axe } from './support/axe';
import { gotoWithoutScripts } from './support/withoutScripts';
import { expect, gotoHydrated, test } from './support/fixtures';
import { changelogRoutes, referenceSampleRoutes, specRoutes } from './support/routes';

/** WCAG 2.2 AA on every route, dark theme included: the default Docusaurus colours would fail contrast here. */
for (const route of [...specRoutes, ...referenceSampleRoutes, ...changelogRoutes]) {
  test(`${route} has no WCAG 2.2 AA violations`, async ({ page }) => {
    // The single-page references hold every operation of their API in one document: axe checks some 23,000
    // elements of /api/data, 37 s alone on this 2-core machine and about three times that beside a busy worker.
    if (route.startsWith('/api/')) test.setTimeout(240_000);
    await gotoHydrated(page, route);
    // The single-page references skip rendering calls off screen (content-visibility); axe reads colours by hit
    // testing, which finds nothing rendered there. Rendering everything shows axe the colours a reader sees.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const results = await axe(page).analyze();
    const violations = results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    expect(violations).toEqual([]);
  });
}

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
