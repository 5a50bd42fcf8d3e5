/**
 * When each call's server-rendered section of the single-page reference hydrates: at once when it is near the
 * screen (or touched, or focused), the others one by one whenever the main thread is idle. Hydrating every call at
 * load kept the main thread busy for as long as the page is long; one call at a time in idle periods leaves no long
 * task, and the page is wholly live soon after. What happens to a waiting call when something above it changes is
 * HydrateWhenNear's concern.
 */

export interface NearWatcher {
  /** Settles when the element with this id should hydrate (at once if there is no such element). */
  whenNear(id: string): Promise<void>;
}

/** Calls `onNear` once the element comes near the screen or is touched. */
export type Observe = (element: Element, onNear: () => void) => void;
/** Runs a callback when the main thread is idle. */
export type WhenIdle = (run: () => void) => void;

/** A watcher over a lookup, an observer and an idle scheduler; pure of the DOM so it can be tested with fakes. */
export function nearWatcher(
  lookup: (id: string) => Element | null,
  observe: Observe | undefined,
  whenIdle: WhenIdle,
): NearWatcher {
  const promises = new Map<string, Promise<void>>();
  /** Sections not settled yet, in the order asked (the page's order). */
  const queue = new Map<string, () => void>();
  let idleScheduled = false;

  const settle = (id: string): void => {
    const resolve = queue.get(id);
    if (!resolve) return;
    queue.delete(id);
    resolve();
  };
  const next = (): void => {
    idleScheduled = false;
    const [first] = queue.keys();
    if (first === undefined) return;
    settle(first);
    schedule();
  };
  const schedule = (): void => {
    if (idleScheduled || queue.size === 0) return;
    idleScheduled = true;
    whenIdle(next);
  };

  return {
    whenNear(id) {
      let promise = promises.get(id);
      if (!promise) {
        const element = lookup(id);
        if (element && observe) {
          promise = new Promise<void>((resolve) => queue.set(id, resolve));
          observe(element, () => settle(id));
          schedule();
        } else {
          // Nothing to wait for (no markup of the server, or no observer): hydrate now.
          promise = Promise.resolve();
        }
        promises.set(id, promise);
      }
      return promise;
    },
  };
}

/** Near the screen: within one screen height above or below the viewport. */
const nearMargin = '100% 0px 100% 0px';

/**
 * The browser's observer: near means within one screen height above or below the viewport, so a section reached
 * by scrolling has hydrated before it is read; a pointer or focus inside it counts too.
 */
function browserObserve(): Observe | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  const waiting = new Map<Element, () => void>();
  const settle = (element: Element): void => {
    const done = waiting.get(element);
    if (!done) return;
    waiting.delete(element);
    observer.unobserve(element);
    element.removeEventListener('pointerdown', onTouch, true);
    element.removeEventListener('focusin', onTouch, true);
    done();
  };
  const onTouch = (event: Event): void => settle(event.currentTarget as Element);
  const observer = new IntersectionObserver(
    (entries) => entries.filter((entry) => entry.isIntersecting).forEach((entry) => settle(entry.target)),
    { rootMargin: nearMargin },
  );
  return (element, onNear) => {
    waiting.set(element, onNear);
    observer.observe(element);
    element.addEventListener('pointerdown', onTouch, true);
    element.addEventListener('focusin', onTouch, true);
  };
}

const browserIdle: WhenIdle = (run) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run());
  else setTimeout(run, 50);
};

let shared: NearWatcher | undefined;

/** The page's watcher, made on first use in the browser. */
export function pageWatcher(): NearWatcher {
  shared ??= nearWatcher((id) => document.getElementById(id), browserObserve(), browserIdle);
  return shared;
}

/**
 * Whether a location's hash points into a call's section: the section itself (`#get-players`) or an anchor inside it,
 * whose ids all start with the call's slug (`#get-players-parameter-limit`). A slug that begins another's
 * (`get-player`, `get-player-history`) can match both: both open, and the element the hash names is scrolled to.
 */
export function hashTargetsCall(hash: string, slug: string): boolean {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return false;
  }
  return id === slug || id.startsWith(`${slug}-`);
}

let nearObserver: { observer: IntersectionObserver; waiting: Map<Element, () => void> } | undefined;

/**
 * Calls `onNear` once when the element comes within a screen height of the viewport; returns the way to stop
 * watching. One observer for the page (a reference may hold a thousand calls).
 */
export function whenElementNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  nearObserver ??= (() => {
    const waiting = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (entries) =>
        entries
          .filter((entry) => entry.isIntersecting)
          .forEach((entry) => {
            const done = waiting.get(entry.target);
            waiting.delete(entry.target);
            observer.unobserve(entry.target);
            done?.();
          }),
      { rootMargin: nearMargin },
    );
    return { observer, waiting };
  })();
  const { observer, waiting } = nearObserver;
  waiting.set(element, onNear);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer.unobserve(element);
  };
}
