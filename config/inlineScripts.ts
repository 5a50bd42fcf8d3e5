import { redirects } from './redirects';

/**
 * The built pages that carry every inline script the site emits (see src/plugins/inline-script-guard). Paths are
 * relative to the build folder. The not-found page and the page at the base path are rendered with the others;
 * the redirect pages are written by plugin-client-redirects after rendering, alongside the guard, so the guard
 * leaves them out and the CSP (rendered after the build) reads them.
 */
export const renderedScriptPages = ['404.html', 'index.html'];
export const redirectPages = redirects.redirects.map((redirect) => `${redirect.from.replace(/^\//, '')}/index.html`);
export const siteScriptPages = [...renderedScriptPages, ...redirectPages];
