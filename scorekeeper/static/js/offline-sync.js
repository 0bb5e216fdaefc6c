// Back online: a round screen sends the taps it kept offline (docs/offline.md).
//
// js/offline-engine.js keeps the round screen going without network (a
// scorer's, or a player's own with its rights) and keeps this phone's own
// taps (localStorage). When the connection is back (the `online` event, or
// any answer from the server: js/taps.js), this file works through them in
// order, through the same posts as a tap online (the one write path, each
// `was` checked; a repeat the server has already is answered as done, so an
// entry never lands twice), and the page then opens the game where the
// server has it. An entry another phone set otherwise meanwhile (409), or
// of a round another phone closed meanwhile, is kept, and the round screen
// then offers it to settle with one tap, round by round: the server says
// which still differ and draws the choice (web/play/conflicts.py; in a
// closed round, keeping this phone's value is a correction of it).
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

  // --- What another phone changed meanwhile: settled one tap per entry -----------

  // The entries the server refused as changed meanwhile, with this phone's
  // value: {round, entry, player, value}, the last tap of an entry last.
  var CONFLICTS = "scorekeeper-offline-conflicts:" + gamePath.slice(3);
  var ENTRY = /\/round\/(\d+)\/(trump|bid|tricks)$/;

  function keepConflict(tap) {
    var found = ENTRY.exec(tap.url);
    if (!found) { return; }
    var entry = found[2];
    var round = Number(found[1]);
    var player = entry === "trump" ? null : tap.values.player;
    var kept = read(CONFLICTS, []).filter(function (c) {
      return !(c.round === round && c.entry === entry && c.player === player);
    });
    kept.push({ round: round, entry: entry, player: player, value: tap.values[entry] });
    write(CONFLICTS, kept);
  }

  // The kept entries that pass `test`; the list forgotten once none is left.
  function keepOnly(test) {
    var left = read(CONFLICTS, []).filter(test);
    if (left.length) { write(CONFLICTS, left); } else { window.localStorage.removeItem(CONFLICTS); }
  }
  function settled(round, entry, player) {
    keepOnly(function (c) {
      return !(c.round === round && c.entry === entry && String(c.player) === String(player));
    });
  }

  // The address that asks about the kept entries of round `number`.
  function conflictsOf(kept, number) {
    var query = new URLSearchParams();
    kept.filter(function (c) { return c.round === number; }).forEach(function (c) {
      query.append(c.entry, c.entry === "trump" ? c.value : c.player + ":" + c.value);
    });
    return settings.root + gamePath + "/round/" + number + "/conflicts?" + query;
  }

  // The server offers those that still differ, one round at a time (as this
  // link may see them: web/play/conflicts.py), above the entry panel: the
  // round being played, or one closed since (a correction of it).
  function offerConflicts() {
    var panel = document.getElementById("entry");
    var kept = read(CONFLICTS, []);
    if (!panel || !kept.length || document.getElementById("conflicts")) { return; }
    var number = kept[0].round;
    fetch(conflictsOf(kept, number), {
      cache: "no-store", credentials: "same-origin", headers: { "HX-Request": "true" },
    }).then(function (answer) {
      if (answer.status !== 200 && answer.status !== 429 && answer.status < 500) {
        // Nothing left of that round (204), or nothing of it this link may settle: the next one's.
        keepOnly(function (c) { return c.round !== number; });
        offerConflicts();
      }
      return answer.status === 200 ? answer.text() : null;
    }).then(function (html) {
      if (!html) { return; }
      panel.insertAdjacentHTML("beforebegin", html);
      // An entry said with why it cannot be kept with one tap is said once.
      document.querySelectorAll("#conflicts [data-said]").forEach(function (said) {
        var found = /^conflict-(\w+)-(\w+)$/.exec(said.id);
        settled(number, found[1], found[2] === "trump" ? null : found[2]);
      });
    }, function () { /* no connection: offered when the page is next opened online */ });
  }

  // A chip tapped: js/taps.js (registered before this) has taken the tap and
  // sends it through the one write path; its answer is the entry panel.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var section = form.closest && form.closest("#conflicts");
    if (!section) { return; }
    var round = Number(section.dataset.round);
    if (form.hasAttribute("data-keeps-round")) { // every entry of the round kept at once
      keepOnly(function (c) { return c.round !== round; });
      section.remove();
      offerConflicts();
      return;
    }
    var player = form.querySelector("input[name=player]");
    settled(round, /^conflict-(\w+)-/.exec(form.id)[1], player ? player.value : null);
    form.remove();
    if (!section.querySelector("form, [data-said]")) { section.remove(); offerConflicts(); }
  }, true);

  // --- Back online: the phone's own log to the server, in order ---------------------

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
    var over = false; // the game ended on another phone meanwhile
    serverVersion().then(function (version) {
      var shift = version - own[0].base;
      var refused = null;
      var next = function () {
        var left = read(OWN, []);
        if (!left.length) { return Promise.resolve(); }
        return sent(left[0], shift).then(function (answer) {
          if (answer.status === 0 || answer.status >= 500 || answer.status === 429) { return Promise.reject(answer.status); }
          if (answer.status === 409 || answer.status === 422) { refused = answer; }
          if (answer.status === 409) {
            keepConflict(left[0]);
            over = over || answer.headers.get("Scorekeeper-Over") === "game";
          }
          write(OWN, left.slice(1));
          return next();
        });
      };
      return next().then(function () { return refused; });
    }).then(function (refused) {
      window.localStorage.removeItem(LOG);
      var kept = read(CONFLICTS, []);
      if (kept.length && over) {
        // No round screen is left to offer them on: their page says what
        // became of them (the first round's; a game ended early keeps none
        // of its later rounds), and they are asked about no more.
        window.localStorage.removeItem(CONFLICTS);
        window.location.assign(conflictsOf(kept, kept[0].round));
        return;
      }
      if (kept.length) {
        // Changed meanwhile on another phone: offered to settle on the game's screen.
        window.location.assign(settings.root + gamePath + "/");
        return;
      }
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
  if (navigator.onLine) {
    if (read(OWN, []).length) { sync(); } else { offerConflicts(); }
  }
})();
