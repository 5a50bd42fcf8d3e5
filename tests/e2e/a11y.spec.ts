import { axe } from './support/axe';
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
