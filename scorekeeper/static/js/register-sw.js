// Installs the service worker (served at the site's root, see static/sw.js)
// where the browser has them: only on https:// or on this machine itself
// (http://localhost), never on a plain http:// address of the network.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) {
    return;
  }
  var script = document.currentScript;
  navigator.serviceWorker.register(script.dataset.serviceWorker).catch(function () {
    // No worker (private mode, storage full): the app works online as before.
  });
  navigator.serviceWorker.ready.then(function (registration) {
    if (registration.active) {
      registration.active.postMessage({ type: "page-language", lang: document.documentElement.lang });
    }
  });
})();
