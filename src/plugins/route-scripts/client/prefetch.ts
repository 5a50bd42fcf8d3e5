import { createPrefetch } from './prefetchQueue';

/**
 * Replaces Docusaurus's client `prefetch.js` (same default export: a URL in, a promise that never rejects out); see
 * ./prefetchQueue.ts for why.
 */
function idle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1);
}

/**
 * Whether the page has the file already: one it fetched, or a script still loading. The scripts in the document are
 * not enough: the bundler's runtime removes a chunk's script element once it has loaded (those the HTML names
 * included), so the docs metadata, the layout's chunks and the page's own were prefetched again after the page had run
 * them, each downloaded twice (55 KB more on a call page at Autotask's size, the sidebar's metadata being 51 KB of it).
 * The browser's resource timing lists the files fetched, whichever element asked. It keeps 250 entries, which a long
 * session may fill; a file is asked for once in a visit (prefetchQueue.ts), and no duplicate was seen with the list
 * emptied before client-side navigations (by hand: that browser test passed on the old code too, so it was not kept).
 */
function loaded(url: string): boolean {
  const absolute = new URL(url, document.baseURI).href;
  return (
    performance.getEntriesByName(absolute, 'resource').length > 0 ||
    Array.from(document.scripts).some((script) => script.getAttribute('src') === url)
  );
}

function fetchLink(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`prefetch of ${url} failed`));
    document.head.appendChild(link);
  });
}

// Only the client bundle gets this module (../index.ts), so `document` is there.
export default createPrefetch({ idle, loaded, fetch: fetchLink });
