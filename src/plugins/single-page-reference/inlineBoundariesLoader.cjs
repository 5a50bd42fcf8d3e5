'use strict';
/**
 * Rspack/webpack loader for Docusaurus's server renderer (`@docusaurus/core/lib/client/renderToHtml.js`). React's
 * streaming renderer writes a Suspense boundary larger than `progressiveChunkSize` (12.8 kB by default) outside the
 * page, in a hidden element that an inline script moves into place: a single-page reference would be invisible
 * without JavaScript, and its inline scripts are not the site's. Docusaurus waits for the whole page anyway
 * (`onAllReady`), so the loader lets every boundary stay where it is. It throws unless the call it patches is found
 * exactly once, so an upgrade of Docusaurus fails the build instead of shipping a blank reference.
 */
const call = /renderToPipeableStream\(app, \{/g;

function inlineBoundaries(source) {
  const matches = source.match(call) ?? [];
  if (matches.length !== 1 || source.includes('progressiveChunkSize')) {
    throw new Error(
      `[single-page-reference] expected one renderToPipeableStream(app, { in Docusaurus's renderToHtml, found ${matches.length}: check @docusaurus/core's version`,
    );
  }
  return source.replace(call, 'renderToPipeableStream(app, { progressiveChunkSize: Number.MAX_SAFE_INTEGER,');
}

module.exports = function inlineBoundariesLoader(source) {
  return inlineBoundaries(source);
};
module.exports.inlineBoundaries = inlineBoundaries;
