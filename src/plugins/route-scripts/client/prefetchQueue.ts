/**
 * How linked pages' chunks are prefetched. Docusaurus's own helper adds a `<link rel="prefetch">` per chunk of each
 * route a visible link leads to, at once, in the observer's callback: chunks that routes share, and chunks the page
 * has already run, again and again (53 elements for 12 files on `/api/data`, 291 for 26 on a guide). Each costs the
 * main thread, all in one long task just after hydration. Here each file is asked for once, when the browser is idle,
 * and not at all if the page already has it.
 */
export interface PrefetchEnvironment {
  /** Runs `task` when the main thread is idle. */
  idle: (task: () => void) => void;
  /** Whether the page already has the file: any file it fetched, or a script it names. */
  loaded: (url: string) => boolean;
  /** Asks the browser to fetch the file at low priority; settles when it has. */
  fetch: (url: string) => Promise<void>;
}

export function createPrefetch(environment: PrefetchEnvironment): (url: string) => Promise<void> {
  const requested = new Map<string, Promise<void>>();
  return (url) => {
    let pending = requested.get(url);
    if (!pending) {
      pending = new Promise<void>((resolve) => environment.idle(() => resolve()))
        .then(() => (environment.loaded(url) ? undefined : environment.fetch(url)))
        // A failed prefetch costs nothing: the page's own load reports a missing file.
        .catch(() => undefined);
      requested.set(url, pending);
    }
    return pending;
  };
}
