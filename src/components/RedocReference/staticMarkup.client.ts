import type { ReactElement } from 'react';
import { staticMarkupIds } from './ids';

export interface StaticMarkup {
  html: string;
  css: string;
}

// Redoc bundles Prism, which on load highlights every code block of the document unless told it runs manually;
// it would rewrite the site's own code blocks under React. This runs before Redoc is imported (see index.tsx).
const scope = globalThis as { Prism?: { manual?: boolean } };
scope.Prism = { ...scope.Prism, manual: true };

/**
 * Client side of the static reference: hydration must render exactly what the server sent, so the markup is read
 * back from the DOM instead of rendered again. After a client-side navigation there is none, and the page goes
 * straight to the live reference.
 */
export function getStaticMarkup(_render: () => ReactElement): StaticMarkup {
  return {
    html: document.getElementById(staticMarkupIds.html)?.innerHTML ?? '',
    css: document.getElementById(staticMarkupIds.css)?.innerHTML ?? '',
  };
}
