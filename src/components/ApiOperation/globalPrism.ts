import { Prism } from '@site/src/core/prism';

/**
 * Prism's language files register themselves on a global `Prism`; this module, imported just before them, lends
 * them the site's instance (as Docusaurus's prism-include-languages does), and `releasePrism` takes it back.
 */
const global = globalThis as { Prism?: unknown };
const previous = global.Prism;
global.Prism = Prism;

export function releasePrism(): void {
  if (previous === undefined) delete global.Prism;
  else global.Prism = previous;
}
