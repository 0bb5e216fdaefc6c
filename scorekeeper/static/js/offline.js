// The offline page (templates/offline/page.html): back by itself once the
// server answers again. It asks for its own address (HEAD) when the phone says
// it is online and every few seconds: a page answers and is loaded again; the
// address of a form's post (no page of its own, 405) goes back to the page
// the form was on.
(function () {
  "use strict";
  var EVERY_MS = 5000;
  var busy = false;

  function tryAgain() {
    if (busy) { return; }
    busy = true;
    fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(function (answer) {
      if (answer.status === 405) {
        window.history.back();
      } else {
        window.location.replace(window.location.href);
      }
    }, function () {
      busy = false; // still no connection
    });
  }

  // Opened at its own address (the worker caching it, a test), it is no fallback.
  if (window.location.pathname === "/offline") { return; }
  window.addEventListener("online", tryAgain);
  window.setInterval(tryAgain, EVERY_MS);
})();
