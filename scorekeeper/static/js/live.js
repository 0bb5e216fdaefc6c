// Phones that watch the same game. An open game screen keeps a stream of the
// game's changes (htmx's SSE extension: the element with sse-connect). A
// round screen's stream sends its entry panel itself ("panel"): newer than
// the panel shown, it is swapped in as an answer to asking would have been
// (morphed, the undo bar out of band), and nothing is asked. At each
// "change" (a table view's stream, or a round screen whose round is over),
// every element marked data-poll that shows an older version (its
// data-version) asks the server again (its "poll" trigger) with the version
// it shows. A change or panel heard while this phone's own request is on its
// way, or while a swap settles, waits for it (the answer is often that very
// version); then, if still newer, the panel sent is shown, or the change
// asked for. While no stream is open (not yet, broken, or
// silent for longer than the server's heartbeat), it asks every second
// instead, as it did before there were streams; coming back to the page asks
// at once. But a phone whose stream the server refused because it is full
// ("full", with the wait before the browser opens it again) asks nothing
// meanwhile: asking every second would cost the full server more than the
// stream did; the stream, once open again, brings what changed. Done here
// rather than with an hx-trigger filter or sse-swap, which htmx would have
// to evaluate as code (the Content-Security-Policy forbids
// it) or would swap whatever the phone is doing.
(function () {
  "use strict";
  var EVERY_MS = 1000;
  // The server says "alive" every 20 s: twice that without a word is a broken stream.
  var SILENT_MS = 45000;
  var streaming = false;
  var lastHeard = 0;
  // Until when a refused stream's phone asks nothing (the wait it was told, and a second more).
  var quietUntil = 0;

  function ask() {
    if (!window.htmx) { return; }
    document.querySelectorAll("[data-poll]").forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }
  function heard() { lastHeard = Date.now(); }

  // The newest version heard while a request of this page was on its way, or
  // while its answer was still settling (until htmx has settled a swap, the
  // swapped element still carries the old attributes, its data-version among
  // them, so a panel heard then would look newer than the answer just shown),
  // and the panel the stream sent of it, if it sent one.
  var waiting = 0;
  var waitingPanel = null;
  function swapping() {
    return document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling") !== null;
  }
  function busy(version, html) {
    if (!swapping()) { return false; }
    if (version > waiting) {
      waiting = version;
      waitingPanel = html || null;
    }
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
    if (busy(version, html) || Number(panel.dataset.version) >= version) { return; }
    var config = window.htmx.config;
    window.htmx.swap(panel, html, {
      swapStyle: "morph", swapDelay: config.defaultSwapDelay, settleDelay: config.defaultSettleDelay
    }, { contextElement: panel });
  }
  // Once every swap has settled: what was heard meanwhile, if still newer
  // than what the screen shows (the panel sent, else asked for).
  document.addEventListener("htmx:afterSettle", function () {
    if (waiting && !swapping()) {
      var version = waiting;
      var html = waitingPanel;
      waiting = 0;
      waitingPanel = null;
      if (html) { showPanel(html); } else { askIfBehind(version); }
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
      source.addEventListener("full", function (event) {
        quietUntil = Date.now() + Number(event.data) + EVERY_MS;
      });
    }
  });
  document.addEventListener("htmx:sseError", function () { streaming = false; });
  document.addEventListener("htmx:sseClose", function () { streaming = false; });

  setInterval(function () {
    if (streaming && Date.now() - lastHeard > SILENT_MS) { streaming = false; }
    if (!streaming && Date.now() >= quietUntil && document.visibilityState === "visible") { ask(); }
  }, EVERY_MS);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { ask(); }
  });
})();
