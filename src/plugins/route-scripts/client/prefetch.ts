import { createPrefetch } from './prefetchQueue';

/**
 * Replaces Docusaurus's client `prefetch.js` (same default export: a URL in, a promise that never rejects out); see
 * ./prefetchQueue.ts for why.
 */
function idle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1);
}

function loaded(url: string): boolean {
  return Array.from(document.scripts).some((script) => script.getAttribute('src') === url);
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
