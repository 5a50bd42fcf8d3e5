import { afterEach, expect, test, vi } from 'vitest';
import { yieldToMain } from './yieldToMain';

afterEach(() => vi.unstubAllGlobals());

test("uses the browser's scheduler.yield where there is one", async () => {
  const schedulerYield = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: schedulerYield });
  await yieldToMain();
  expect(schedulerYield).toHaveBeenCalledOnce();
});

test('otherwise goes on in a new task, after the tasks already queued', async () => {
  vi.stubGlobal('scheduler', undefined);
  const order: string[] = [];
  setTimeout(() => order.push('queued task'), 0);
  await yieldToMain();
  order.push('after yield');
  expect(order).toEqual(['queued task', 'after yield']);
});
