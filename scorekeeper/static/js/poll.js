// Phones that watch the same game: every second, while the page is visible,
// each element marked data-poll asks the server again (htmx's "poll"
// trigger) with the version it shows; the answer is 204 while nothing has
// changed. Coming back to the page asks at once. Done here rather than with
// an hx-trigger filter, which htmx would have to evaluate as code (the
// Content-Security-Policy forbids it).
(function () {
  "use strict";
  var EVERY_MS = 1000;
  function poll() {
    if (document.visibilityState !== "visible" || !window.htmx) { return; }
    document.querySelectorAll("[data-poll]").forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }
  setInterval(poll, EVERY_MS);
  document.addEventListener("visibilitychange", poll);
})();
