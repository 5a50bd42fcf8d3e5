'use strict';
const path = require('node:path');

/**
 * Rspack/webpack loader for Docusaurus's generated route tables in the client bundle: serves the versions that
 * src/plugins/lazy-routes split before bundling (see ./split.ts); the lazy tables are files of their own (served.ts).
 * Refuses to serve a file whose text differs from the text that was split (it would no longer match).
 */
module.exports = function lazyRoutesLoader(source) {
  const { files } = this.getOptions();
  // Docusaurus's generated tables by name; the docs versions' metadata modules by their full path.
  const file = files[path.basename(this.resourcePath)] ?? files[this.resourcePath];
  if (!file) return source;
  if (source !== file.original) {
    throw new Error(`[lazy-routes] ${this.resourcePath}${this.resourceQuery} changed after it was split; rebuild`);
  }
  return file.text;
};
