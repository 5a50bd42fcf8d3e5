import { expect, test } from './support/fixtures';
import { javascriptBudgets } from './support/budgets';
import { guideRoute } from './support/routes';
import { measurePageWeight } from './support/weight';

test('a guide page ships no API-reference code and stays within its JavaScript budget', async ({ page }) => {
  const weight = await measurePageWeight(page, guideRoute);
  test.info().annotations.push({ type: 'guide JavaScript bytes', description: String(weight.javascriptBytes) });
  console.log(`[weight] ${guideRoute}: ${weight.javascriptBytes} B JavaScript, ${weight.totalBytes} B total`);
  expect(weight.javascriptBytes).toBeLessThanOrEqual(javascriptBudgets.guide);
});
