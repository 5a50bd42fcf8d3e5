/*
 * Prism's core highlights every `code.language-*` element on its own once the document loads, unless the global
 * `Prism` it finds says `manual`. That would rewrite the code blocks React renders, so it is set before the core
 * loads (./index.ts imports this module first).
 */
const scope = globalThis as { Prism?: { manual?: boolean } };
scope.Prism = { ...scope.Prism, manual: true };
