import type { PageDataRead } from './types';

/**
 * The browser's side of `@portal/reference-page-data`. On the page the server rendered, the data is in the page: the
 * server wrote its file's text into a `<script type="application/json">` element, which hydration reads at once (no
 * request, nothing suspends). A page reached by a link fetches the file; one promise per route, shared by every
 * render, so React's `use` sees the same one.
 */
const fetched = new Map<string, Promise<PageDataRead>>();
/** Pages kept for going back: a reader of a large API may open hundreds. */
const keep = 32;

function embedded(route: string): PageDataRead | undefined {
  for (const element of Array.from(document.querySelectorAll('script[type="application/json"][data-reference-page]'))) {
    if (element.getAttribute('data-reference-page') !== route) continue;
    const text = element.textContent ?? '';
    return { text, data: JSON.parse(text) as PageDataRead['data'] };
  }
  return undefined;
}

/** The data read from the page, parsed once: the page renders again as the reader acts. */
const read = new Map<string, PageDataRead>();

export function readPageData(route: string, url: string): PageDataRead | Promise<PageDataRead> {
  const pending = fetched.get(route);
  if (pending) return pending;
  const known = read.get(route);
  if (known) return known;
  const inPage = embedded(route);
  if (inPage) {
    read.set(route, inPage);
    if (read.size > keep) read.delete(read.keys().next().value as string);
    return inPage;
  }
  const request = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`the server answered ${response.status} for ${route}`);
    const text = await response.text();
    const data = JSON.parse(text) as PageDataRead['data'] | null;
    if (typeof data !== 'object' || data === null || (data.kind !== 'operation' && data.kind !== 'schema'))
      throw new Error(`${route} is not a reference page's data`);
    return { text, data };
  });
  // A failure is kept until Retry forgets it (`forgetPageData`): React renders the page again once the promise
  // settles, and must find the same, rejected, promise to show the error rather than start another fetch.
  request.catch(() => undefined);
  fetched.set(route, request);
  if (fetched.size > keep) fetched.delete(fetched.keys().next().value as string);
  return request;
}

/** Forgets a route's failed or finished fetch, for Retry. */
export function forgetPageData(route: string): void {
  fetched.delete(route);
  read.delete(route);
}
