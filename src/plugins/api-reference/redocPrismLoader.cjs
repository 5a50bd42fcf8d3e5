'use strict';
/**
 * Rspack/webpack loader for the Prism language files that Redoc's bundle imports. They assign to a global `Prism`,
 * which Prism sets in a browser but not in the server bundle, and which the site's own highlighter also uses while
 * it registers its languages. Binding `Prism` to the module gives Redoc's languages Redoc's Prism and leaves the
 * site's highlighter alone (the rule applies to imports from Redoc only, so these are separate module instances).
 */
module.exports = function redocPrismLoader(source) {
  return `var Prism = require('prismjs');\n${source}`;
};
