import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectAccessible } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { recipes as options } from '../../src/build/siteOptions';
import type { RecipeIndexEntry } from '../../src/core/recipes/page';

/** The recipes the build wrote pages for (src/plugins/recipes), from the index it wrote beside them. */
const recipes = JSON.parse(readFileSync(path.resolve(options.dataDir, 'index.json'), 'utf8')) as RecipeIndexEntry[];

test('the recipes index links every recipe page', async ({ page }) => {
  await gotoHydrated(page, `${options.routeBase}/`);
  const links = page.locator('[data-recipe-index] a');
  expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
    recipes.map((recipe) => recipe.href),
  );
  await expect(page.locator('.theme-doc-sidebar-menu a', { hasText: 'Recipes' }).first()).toBeVisible();
});

for (const recipe of recipes) {
  test(`${recipe.href}: the flow is drawn, each step links its call, no WCAG 2.2 AA violations`, async ({ page }) => {
    await gotoHydrated(page, recipe.href);
    await expect(page.locator('h1')).toHaveText(recipe.title);
    // Mermaid draws each workflow's flowchart in the browser, as an SVG inside the figure.
    const flows = page.locator('[data-recipe-flow]');
    const count = await flows.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await expect(flows.nth(index).locator('.docusaurus-mermaid-container svg')).toBeVisible();
    }
    // Every step that calls an operation links to that call's page of the reference.
    const calls = page.locator('[data-recipe-step] dd a[href^="/docs/"]');
    expect(await calls.count()).toBeGreaterThan(0);
    for (const href of await calls.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))) {
      expect(href).toMatch(/^\/docs\/(data|chat)-api\/[a-z0-9-]+$/);
    }
    // The recipe as a program in each language: three tabs, the chosen one's code shown.
    const tabs = page.locator('[data-recipe-code] [role="tab"]');
    await expect(tabs).toHaveText(['curl (bash)', 'Node.js', 'Python']);
    await tabs.nth(2).click();
    await expect(page.locator('[data-recipe-code-panel="python"] pre')).toContainText('#!/usr/bin/env python3');
    await expect(page.locator('[data-recipe-code-panel="shell"]')).toBeHidden();
    await expectAccessible(page, recipe.href);
  });
}
