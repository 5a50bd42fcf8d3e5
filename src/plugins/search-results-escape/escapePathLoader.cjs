'use strict';
/**
 * Rspack/webpack loader for the search plugin's SuggestionTemplate, which builds each result's HTML as a string
 * and escapes titles and text, but joins the result's path (breadcrumbs and page title) into that HTML as is: a page
 * titled `<img src=x onerror=...>` (an operation summary from a remote document) ran its handler in the dropdown.
 * The loader escapes the path with the template's own escapeHtml. It throws when the code it patches is not found
 * exactly once, so an upgrade of the plugin fails the build instead of shipping the hole again.
 */
const unescaped = /\$\{concatDocumentPath\(([^()]*(?:\([^()]*\))?[^()]*)\)\}/g;

function escapeResultPath(source) {
  const matches = source.match(unescaped) ?? [];
  if (matches.length !== 1 || !/import \{ escapeHtml \}/.test(source)) {
    throw new Error(
      `[search-results-escape] expected one unescaped concatDocumentPath(...) and an escapeHtml import in SuggestionTemplate, found ${matches.length}: check the search plugin's version`,
    );
  }
  return source.replace(unescaped, (_match, args) => `\${escapeHtml(concatDocumentPath(${args}))}`);
}

module.exports = function escapePathLoader(source) {
  return escapeResultPath(source);
};
module.exports.escapeResultPath = escapeResultPath;
