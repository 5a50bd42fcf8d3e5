import { expect, test } from 'vitest';
import { createPrefetch } from './prefetchQueue';

function environment(loadedFiles: string[] = [], failing: string[] = []) {
  const idleTasks: (() => void)[] = [];
  const fetched: string[] = [];
  const prefetch = createPrefetch({
    idle: (task) => idleTasks.push(task),
    loaded: (url) => loadedFiles.includes(url),
    fetch: (url) => {
      fetched.push(url);
      return failing.includes(url) ? Promise.reject(new Error('404')) : Promise.resolve();
    },
  });
  const runIdle = async () => {
    for (const task of idleTasks.splice(0)) task();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { prefetch, fetched, runIdle };
}

test('fetches nothing until the browser is idle, then each file once however often it is asked for', async () => {
  const { prefetch, fetched, runIdle } = environment();
  const asked = ['/a.js', '/b.js', '/a.js', '/a.js', '/b.js'].map((url) => prefetch(url));
  expect(fetched).toEqual([]);
  await runIdle();
  await Promise.all(asked);
  expect(fetched).toEqual(['/a.js', '/b.js']);
  void prefetch('/a.js');
  await runIdle();
  expect(fetched).toEqual(['/a.js', '/b.js']);
});

test('skips a file the page already loaded, and a failed prefetch resolves without an error', async () => {
  const { prefetch, fetched, runIdle } = environment(['/main.js'], ['/gone.js']);
  const asked = [prefetch('/main.js'), prefetch('/gone.js')];
  await runIdle();
  await expect(Promise.all(asked)).resolves.toEqual([undefined, undefined]);
  expect(fetched).toEqual(['/gone.js']);
});
