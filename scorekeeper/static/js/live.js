// Phones that watch the same game. An open game screen keeps a stream of the
// game's changes (htmx's SSE extension: the element with sse-connect). A
// round screen's stream sends its entry panel itself ("panel"): newer than
// the panel shown, it is swapped in as an answer to asking would have been
// (morphed, the undo bar out of band), and nothing is asked. At each
// "change" (a table view's stream, or a round screen whose round is over),
// every element marked data-poll that shows an older version (its
// data-version) asks the server again (its "poll" trigger) with the version
// it shows. A change or panel heard while this phone's own request is on its
// way waits for its answer, which is often that very version, and is asked
// for after it if still newer. While no stream is open (not yet, broken, or
// silent for longer than the server's heartbeat), it asks every second
// instead, as it did before there were streams; coming back to the page asks
// at once. Done here rather than with an hx-trigger filter or sse-swap, which
// htmx would have to evaluate as code (the Content-Security-Policy forbids
// it) or would swap whatever the phone is doing.
(function () {
  "use strict";
  var EVERY_MS = 1000;
  // The server says "alive" every 20 s: twice that without a word is a broken stream.
  var SILENT_MS = 45000;
  var streaming = false;
  var lastHeard = 0;

  function ask() {
    if (!window.htmx) { return; }
    document.querySelectorAll("[data-poll]").forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }
  function heard() { lastHeard = Date.now(); }

  // The newest version heard while a request of this page was on its way.
  var waiting = 0;
  function busy(version) {
    if (!document.querySelector(".htmx-request")) { return false; }
    waiting = Math.max(waiting, version);
    return true;
  }
  function askIfBehind(version) {
    if (busy(version)) { return; }
    var behind = Array.prototype.some.call(document.querySelectorAll("[data-poll]"), function (element) {
      return !(Number(element.dataset.version) >= version);
    });
    if (behind) { ask(); }
  }
  // The panel the stream sent: swapped as htmx swaps the panel's own answer.
  function showPanel(html) {
    var found = /data-version="(\d+)"/.exec(html);
    var panel = document.getElementById("entry");
    if (!found || !panel || !window.htmx) { return; }
    var version = Number(found[1]);
    if (busy(version) || Number(panel.dataset.version) >= version) { return; }
    var config = window.htmx.config;
    window.htmx.swap(panel, html, {
      swapStyle: "morph", swapDelay: config.defaultSwapDelay, settleDelay: config.defaultSettleDelay
    }, { contextElement: panel });
  }
  document.addEventListener("htmx:afterSettle", function () {
    if (waiting && !document.querySelector(".htmx-request")) {
      var version = waiting;
      waiting = 0;
      askIfBehind(version);
    }
  });

  document.addEventListener("htmx:sseOpen", function (event) {
    var source = event.detail.source;
    streaming = true;
    heard();
    if (!source.scorekeeperListens) {
      source.scorekeeperListens = true;
      source.addEventListener("change", function (event) {
        heard();
        askIfBehind(Number(event.data));
      });
      source.addEventListener("panel", function (event) {
        heard();
        showPanel(event.data);
      });
      source.addEventListener("alive", heard);
    }
  });
  document.addEventListener("htmx:sseError", function () { streaming = false; });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });

  setInterval(function () {
    if (streaming && Date.now() - lastHeard > SILENT_MS) { streaming = false; }
    if (!streaming && document.visibilityState === "visible") { ask(); }
  }, EVERY_MS);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { ask(); }
  });
})();
