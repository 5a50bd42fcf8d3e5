import { describe, expect, test } from 'vitest';
import { hashTargetsCall, nearWatcher, type Observe } from './whenNear';

/** A page of elements by id, an observer whose "near" is fired by hand, and an idle queue run by hand. */
function fakes(ids: string[]) {
  const elements = new Map(ids.map((id) => [id, { id } as unknown as Element]));
  const near = new Map<string, () => void>();
  const observe: Observe = (element, onNear) => near.set((element as unknown as { id: string }).id, onNear);
  const idle: (() => void)[] = [];
  const settled: string[] = [];
  const watcher = nearWatcher(
    (id) => elements.get(id) ?? null,
    observe,
    (run) => idle.push(run),
  );
  const watch = (id: string) => void watcher.whenNear(id).then(() => settled.push(id));
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const runIdle = async () => {
    idle.shift()?.();
    await flush();
  };
  return { watcher, watch, near, idle, settled, flush, runIdle };
}

describe('nearWatcher', () => {
  test('a section settles when it comes near, before the idle queue reaches it', async () => {
    const page = fakes(['a', 'b', 'c']);
    ['a', 'b', 'c'].forEach(page.watch);
    page.near.get('c')?.();
    await page.flush();
    expect(page.settled).toEqual(['c']);
  });

  test('the others settle one per idle period, in the page order, and the queue stops when all have', async () => {
    const page = fakes(['a', 'b', 'c']);
    ['a', 'b', 'c'].forEach(page.watch);
    page.near.get('b')?.();
    await page.flush();
    expect(page.idle).toHaveLength(1);
    await page.runIdle();
    expect(page.settled).toEqual(['b', 'a']);
    await page.runIdle();
    expect(page.settled).toEqual(['b', 'a', 'c']);
    expect(page.idle).toHaveLength(0);
    // Coming near after the idle queue settled it changes nothing.
    page.near.get('a')?.();
    await page.flush();
    expect(page.settled).toEqual(['b', 'a', 'c']);
  });

  test('one promise per id, whoever asks', () => {
    const page = fakes(['a']);
    expect(page.watcher.whenNear('a')).toBe(page.watcher.whenNear('a'));
    expect(page.idle).toHaveLength(1);
  });

  test('without the server markup or an observer, a section hydrates at once', async () => {
    const page = fakes([]);
    page.watch('missing');
    await page.flush();
    expect(page.settled).toEqual(['missing']);
    const blind = nearWatcher(
      () => ({}) as Element,
      undefined,
      () => undefined,
    );
    await expect(blind.whenNear('x')).resolves.toBeUndefined();
  });
});

describe('hashTargetsCall', () => {
  test.each([
    ['#get-players', 'get-players', true],
    ['#get-players-parameter-limit', 'get-players', true],
    ['get-players-response-200-items', 'get-players', true],
    ['#get-player-history', 'get-player', true],
    ['#get-player', 'get-player-history', false],
    ['#get-playersx', 'get-players', false],
    ['#tag-players', 'get-players', false],
    ['', 'get-players', false],
    ['#caf%C3%A9-list', 'café-list', true],
    ['#%E0%A4%A', 'get-players', false],
  ])('%s points into %s: %s', (hash, slug, expected) => {
    expect(hashTargetsCall(hash, slug)).toBe(expected);
  });
});
