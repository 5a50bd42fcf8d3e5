import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rule sets every accessibility check of the site runs: WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best
 * practices (landmarks, heading order, unique regions). Until the options were set before the tags (below), `options`
 * replaced the tag filter and axe ran every rule it enables by default, these included, and the site passed them.
 */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * An axe run of `page` with the site's rule sets. Legacy mode runs axe in the page in one call: the default runs it
 * per frame and finishes in a second, blank page, which ships every partial result across (the site has no
 * frames to check). Only violations are reported in full: passes would list every node again. On /api/data's
 * 23,000 elements the two together take a run from 84 s to 37 s here.
 */
export function axe(page: Page): AxeBuilder {
  // `options` replaces every option set before it, the rule filter of `withTags` or `withRules` included.
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(wcagTags)
    .setLegacyMode(true);
}

/**
 * WCAG 2.2 AA and best practices on a hydrated page, dark theme included: the default Docusaurus colours would fail
 * contrast here. Every route of spec §2 is checked by routes.spec.ts in the visit that checks it answers, the
 * reference samples and changelogs by a11y.spec.ts.
 */
export async function expectAccessible(page: Page, route: string): Promise<void> {
  // The single-page references skip rendering calls off screen (content-visibility); axe reads colours by hit
  // testing, which finds nothing rendered there. Rendering everything shows axe the colours a reader sees.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const builder = axe(page);
  // Colour contrast is 53 of the 56 s axe takes on /api/data's 23,000 elements (every token of 64 calls' samples
  // measured against its background): it is checked on part of that page (a11y.spec.ts), and whole on /api/chat,
  // which is the same page of another document, and on the operation pages, which use the same components.
  if (route === '/api/data') builder.disableRules(['color-contrast']);
  const results = await builder.analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `${route}: axe violations`).toEqual([]);
}
