'use strict';
/**
 * Rspack/webpack loader for Redoc's bundle. Redoc's sidebar footer loads its logo from Redocly's CDN after it
 * mounts; the portal makes no request to any host but its own. An empty `src` loads nothing and fires the image's
 * error handler, which makes Redoc drop the image and keep its text link.
 */
const remoteLogo = /["']https:\/\/cdn\.redoc\.ly\/[^"']*["']/g;

function stripRemoteLogo(source) {
  return source.replace(remoteLogo, '""');
}

module.exports = function redocNoRemoteLogoLoader(source) {
  return stripRemoteLogo(source);
};
module.exports.stripRemoteLogo = stripRemoteLogo;
