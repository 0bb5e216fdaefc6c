// A player's own phone: it vibrates once when its turn to bid comes (where
// the phone can), unless the player switched that off; the switch is kept on
// this device.
(function () {
  "use strict";
  var KEY = "scorekeeper-vibrate";

  function wanted() {
    try { return window.localStorage.getItem(KEY) !== "off"; } catch (error) { return true; }
  }

  function showSwitch() {
    var box = document.querySelector("[data-vibrate-switch]");
    if (box) { box.checked = wanted(); }
  }

  // Once per round and page: a poll that draws the same turn again is quiet.
  var told = null;
  function tell() {
    showSwitch();
    var turn = document.querySelector("[data-your-turn]");
    var round = turn ? turn.dataset.yourTurn : null;
    if (!turn || round === told) { told = turn ? round : null; return; }
    told = round;
    if (wanted() && navigator.vibrate) { navigator.vibrate([120, 80, 120]); }
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-vibrate-switch]")) {
      try { window.localStorage.setItem(KEY, event.target.checked ? "on" : "off"); } catch (error) { /* kept for this page only */ }
    }
  });
  document.addEventListener("htmx:afterSettle", tell);
  tell();
}());
