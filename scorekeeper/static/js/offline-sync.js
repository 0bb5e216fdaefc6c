// Back online: a scorer's round screen sends the taps it kept offline (docs/offline.md).
//
// js/offline-engine.js keeps the round screen going without network and
// keeps this phone's own taps (localStorage). When the connection is back
// (the `online` event, or any answer from the server: js/taps.js), this file
// works through them in order, through the same posts as a tap online (the
// one write path, each `was` checked; a repeat the server has already is
// answered as done, so an entry never lands twice), and the page then opens
// the game where the server has it.
//
// No rule is written here: this file only carries taps and HTML.
(function () {
  "use strict";
  var engine = window.scorekeeperOffline; // js/offline-engine.js, loaded just before
  if (!engine) { return; }
  var settings = engine.settings;
  var gamePath = engine.gamePath;
  var LOG = engine.LOG;
  var OWN = engine.OWN;
  var read = engine.read;
  var write = engine.write;
  var say = engine.say;
  var draw = engine.draw;
  var syncing = false;
  function setSyncing(value) { syncing = value; engine.syncing(value); }

  function serverVersion() {
    return fetch(settings.root + gamePath + "/export.json", { cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.json() : Promise.reject(answer.status); })
      .then(function (data) {
        var changes = data.stored.changes;
        return changes.length ? changes[changes.length - 1].seq : 0;
      });
  }

  // An Undo of an entry this phone stored offline names it by the number the
  // phone gave it; the server numbered it after what others stored meanwhile.
  function sent(tap, shift) {
    var values = Object.assign({}, tap.values);
    if (/\/undo$/.test(tap.url) && Number(values.seq) > tap.base) { values.seq = String(Number(values.seq) + shift); }
    var token = document.querySelector("input[name=csrf_token]");
    if (token && "csrf_token" in values) { values.csrf_token = token.value; }
    return fetch(tap.url, {
      method: "POST", body: new URLSearchParams(values), credentials: "same-origin",
      headers: { "HX-Request": "true" },
    });
  }

  function sync() {
    var own = read(OWN, []);
    if (syncing || !own.length) { return; }
    setSyncing(true);
    say("sending");
    serverVersion().then(function (version) {
      var shift = version - own[0].base;
      var refused = null;
      var next = function () {
        var left = read(OWN, []);
        if (!left.length) { return Promise.resolve(); }
        return sent(left[0], shift).then(function (answer) {
          if (answer.status === 0 || answer.status >= 500 || answer.status === 429) { return Promise.reject(answer.status); }
          if (answer.status === 409 || answer.status === 422) { refused = answer; }
          write(OWN, left.slice(1));
          return next();
        });
      };
      return next().then(function () { return refused; });
    }).then(function (refused) {
      window.localStorage.removeItem(LOG);
      if (refused) {
        // Changed meanwhile on another phone: the server's screen says what it has.
        return refused.text().then(function (html) {
          engine.stop(); setSyncing(false);
          draw({ panel: html, head: {}, standings: "" });
        });
      }
      window.location.assign(settings.root + gamePath + "/");
    }, function () {
      setSyncing(false); // still no connection: tried again when it is back
    });
  }
  document.addEventListener("scorekeeper:online", sync);
  window.addEventListener("online", sync);
  if (navigator.onLine) { sync(); }
})();
