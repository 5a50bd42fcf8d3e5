/*
 * Where the OAuth2 provider sends the reader back after Try it's sign-in (src/core/oauth). Plain script, no bundle:
 * it runs once, at once, in a popup or a tab that is about to leave. It takes the answer out of the address bar
 * first, then either hands it to the page that opened the popup (a BroadcastChannel: same origin only) and closes,
 * or, for a sign-in that left the page, keeps it in this tab and goes back there. The keys match src/core/oauth/flow.ts.
 */
(function () {
  'use strict';
  var search = window.location.search;
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  var pending = null;
  try {
    pending = JSON.parse(window.sessionStorage.getItem('oauth2:pending') || 'null');
  } catch {
    pending = null;
  }
  var returnTo = null;
  if (pending && typeof pending.returnTo === 'string') {
    try {
      var url = new URL(pending.returnTo);
      // Back to a page of this site only.
      if (url.origin === window.location.origin) returnTo = url.href;
    } catch {
      returnTo = null;
    }
  }
  if (!window.opener && returnTo) {
    window.sessionStorage.setItem('oauth2:result', search);
    window.location.replace(returnTo);
    return;
  }
  var channel = new BroadcastChannel('oauth2-callback');
  channel.postMessage({ search: search });
  channel.close();
  status.textContent = 'Done: you can close this window and go back to the page you signed in from.';
  window.setTimeout(function () {
    window.close();
  }, 100);
})();
