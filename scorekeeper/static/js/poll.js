// Phones that watch the same game: every few seconds, while the page is
// visible, each element marked data-poll asks the server again (htmx's
// "poll" trigger). Done here rather than with an hx-trigger filter, which
// htmx would have to evaluate as code (the Content-Security-Policy forbids it).
(function () {
  "use strict";
  var EVERY_MS = 4000;
  setInterval(function () {
    if (document.visibilityState !== "visible" || !window.htmx) { return; }
    document.querySelectorAll("[data-poll]").forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }, EVERY_MS);
})();
