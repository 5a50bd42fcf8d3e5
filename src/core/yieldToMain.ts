/**
 * Lets the browser run what waits (input, rendering, other tasks) before the caller goes on: `scheduler.yield()`
 * where the browser has it (its continuation goes ahead of other queued tasks), a new task otherwise.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
