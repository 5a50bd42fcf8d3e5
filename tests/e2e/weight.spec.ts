import { expect, test } from './support/fixtures';
import { javascriptBudgets } from './support/budgets';
import { guideRoute } from './support/routes';
import { measurePageWeight } from './support/weight';

/** Chunks that only the API reference may load: the generated pages' components and explorer, and Redoc. */
const referenceChunks = /\/(api-reference\.[0-9a-f]+\.js|[^/]*redoc[^/]*)$/i;

test(`a guide page loads no API-reference code and stays within ${javascriptBudgets.guide / 1024} KB of JavaScript`, async ({
  page,
}) => {
  const weight = await measurePageWeight(page, guideRoute);
  console.log(`[weight] ${guideRoute}: ${weight.javascriptBytes} B JavaScript, ${weight.totalBytes} B total`);
  expect(weight.scripts.filter((script) => referenceChunks.test(script))).toEqual([]);
  expect(weight.javascriptBytes).toBeLessThanOrEqual(javascriptBudgets.guide);
});

for (const route of ['/docs/data-api/get-championships', '/docs/data-api/schemas/championship']) {
  test(`${route} stays within ${javascriptBudgets.operation / 1024} KB of JavaScript and loads no Redoc`, async ({
    page,
  }) => {
    const weight = await measurePageWeight(page, route);
    console.log(`[weight] ${route}: ${weight.javascriptBytes} B JavaScript, ${weight.totalBytes} B total`);
    expect(weight.scripts.some((script) => /api-reference\.[0-9a-f]+\.js$/.test(script))).toBe(true);
    expect(weight.scripts.filter((script) => /redoc/i.test(script))).toEqual([]);
    expect(weight.javascriptBytes).toBeLessThanOrEqual(javascriptBudgets.operation);
  });
}
