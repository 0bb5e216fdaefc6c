// Never a silent lost tap (game screens).
//
// Every htmx post of a game screen (a bid, trick or trump chip, Close, Undo, a
// card of a recorded hand) goes through one queue on this phone, in the order
// tapped:
// - the form's fields are taken at the moment of the tap, its `was` fields
//   included (what the screen showed), so a request sent again later still
//   says what it was made on: a repeat the server already stored is answered
//   as done, and another phone's change in between is answered "changed
//   meanwhile" (409), never overwritten;
// - a second tap while the first is on its way waits for it, and is sent
//   after it: for the same entry the last tap wins and none is dropped (a tap
//   on an entry with an earlier tap still queued was made on that tap's value);
// - while a tap is on its way its chip is marked pending (of several taps on
//   one entry, the last one's: the value that will stand); a tap that did not
//   reach the server (no connection, a timeout, a server error) is marked
//   "not saved" at once, kept, and sent again by itself when the connection
//   is back (the `online` event, any answer from the server, or a retry every
//   few seconds);
// - a banner says when the phone is offline and when it is back.
// A plain form (no htmx) tapped while the phone knows it is offline is kept
// and submitted when the connection is back, instead of the browser's error
// page (the service worker answers a failed page with the offline page).
//
// The taps not yet answered are kept in the tab's sessionStorage too, so a
// reload or a page left and opened again sends them still (their `was`
// fields make a repeat safe).
//
// Morphing (idiomorph) keeps focus; a <details> the person opened or closed by
// hand keeps that state across updates until this phone's next tap.
(function () {
  "use strict";
  var RETRY_MS = 3000;
  var BACK_SHOWN_MS = 6000;
  var queue = []; // the taps not yet answered, oldest first; queue[0] may be on its way
  var sending = null; // the tap on its way
  var capturing = null; // the tap whose request htmx is building right now
  var retryTimer = null;
  var backTimer = null;
  var offline = false;
  var recovering = false; // back from offline with taps still to send
  var plainWaiting = []; // plain forms tapped offline: [form, submitter]

  function banner() { return document.getElementById("connection"); }

  // --- Kept across a reload --------------------------------------------------

  // One game's taps under one key: /g/<link token>.
  var KEPT = "scorekeeper-taps:" + (/^\/g\/[^/]+/.exec(window.location.pathname) || [""])[0];
  var FIELDS = ["key", "url", "values", "target", "swap", "chosen"];

  function keep() {
    try {
      var kept = queue.map(function (tap) {
        var plain = {};
        FIELDS.forEach(function (name) { plain[name] = tap[name]; });
        return plain;
      });
      if (kept.length) {
        window.sessionStorage.setItem(KEPT, JSON.stringify(kept));
      } else {
        window.sessionStorage.removeItem(KEPT);
      }
    } catch (error) { /* storage refused (private mode, full): the page's memory still holds them */ }
  }

  function restore() {
    var kept = [];
    try { kept = JSON.parse(window.sessionStorage.getItem(KEPT) || "[]"); } catch (error) { kept = []; }
    kept.forEach(function (tap) {
      tap.state = "unsaved";
      // The screen may be another now: an answer with no place on it is not swapped.
      if (tap.target && !document.querySelector(tap.target)) { tap.target = null; tap.swap = "none"; }
      queue.push(tap);
    });
  }

  function say(kind) {
    var element = banner();
    if (!element) { return; }
    window.clearTimeout(backTimer);
    element.hidden = !kind;
    element.dataset.state = kind || "";
    if (kind) {
      element.querySelector(".connection-text").textContent = element.dataset[kind];
    }
    if (kind === "back") {
      backTimer = window.setTimeout(function () { say(null); }, BACK_SHOWN_MS);
    }
  }

  function wentOffline() {
    if (!offline) {
      offline = true;
      say("offline");
      document.dispatchEvent(new CustomEvent("scorekeeper:offline")); // js/offline-engine.js
    }
  }

  function cameBack() {
    if (offline) {
      offline = false;
      recovering = true;
      document.dispatchEvent(new CustomEvent("scorekeeper:online")); // js/offline-engine.js
    }
    if (recovering) {
      say(queue.length ? "sending" : "back");
      recovering = queue.length > 0;
    }
    plainWaiting.splice(0).forEach(function (pair) {
      if (pair[0].isConnected) { pair[0].requestSubmit(pair[1] && pair[1].isConnected ? pair[1] : null); }
    });
    flush();
  }

  // --- What a tap is -------------------------------------------------------

  function formKey(form) { return form.id || form.getAttribute("hx-post"); }

  function findForm(key) {
    return document.getElementById(key) || document.querySelector('form[hx-post="' + CSS.escape(key) + '"]');
  }

  // The element a form's answer goes into and how, as htmx would find them.
  function targetOf(form) {
    var holder = form.closest("[hx-target]");
    var target = holder ? holder.getAttribute("hx-target") : "this";
    var element = target === "this" ? (holder || form) : document.querySelector(target);
    var swapHolder = form.closest("[hx-swap]");
    return {
      target: element && element.id ? "#" + element.id : null,
      swap: swapHolder ? swapHolder.getAttribute("hx-swap") : "innerHTML",
    };
  }

  function tapOf(form, submitter) {
    var values = {};
    new FormData(form, submitter || null).forEach(function (value, name) { values[name] = value; });
    var where = targetOf(form);
    var tap = {
      key: formKey(form), url: form.getAttribute("hx-post"), values: values,
      target: where.target, swap: where.swap, state: offline ? "unsaved" : "pending",
      chosen: submitter && submitter.name ? [submitter.name, submitter.value] : null,
    };
    // Made on the phone's own earlier tap of the same entry, not yet answered.
    if ("was" in values && tap.chosen) {
      for (var i = queue.length - 1; i >= 0; i--) {
        if (queue[i].key === tap.key && queue[i].chosen) {
          values.was = queue[i].chosen[1];
          break;
        }
      }
    }
    return tap;
  }

  // --- Marks on the chips --------------------------------------------------

  function chipOf(form, tap) {
    if (tap.chosen) {
      var chip = form.querySelector('button[name="' + CSS.escape(tap.chosen[0]) + '"][value="' + CSS.escape(tap.chosen[1]) + '"]');
      if (chip) { return chip; }
    }
    return form.querySelector("button[type=submit], button:not([type])");
  }

  function paint() {
    document.querySelectorAll(".tap-pending, .tap-unsaved").forEach(function (chip) {
      chip.classList.remove("tap-pending", "tap-unsaved");
    });
    document.querySelectorAll(".tap-state").forEach(function (note) { note.remove(); });
    document.querySelectorAll("form[aria-busy]").forEach(function (form) { form.removeAttribute("aria-busy"); });
    queue.forEach(function (tap, index) {
      // Of several taps on one entry the last one stands: only its chip is
      // marked (the earlier ones still go first, so that it is made on them).
      var later = queue.slice(index + 1).some(function (next) { return next.key === tap.key; });
      var form = !later && findForm(tap.key);
      var chip = form && chipOf(form, tap);
      if (!chip) { return; }
      if (tap.state === "unsaved") {
        chip.classList.add("tap-unsaved");
        chip.classList.remove("tap-pending");
        var note = form.querySelector(".tap-state") || document.createElement("p");
        note.className = "tap-state";
        note.textContent = banner() ? banner().dataset.unsaved : "";
        (chip.closest("fieldset") || chip).after(note);
      } else if (!chip.classList.contains("tap-unsaved")) {
        chip.classList.add("tap-pending");
      }
      form.setAttribute("aria-busy", "true");
    });
  }

  // --- Sending -------------------------------------------------------------

  function scheduleRetry() {
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(flush, RETRY_MS);
  }

  function answered(tap) {
    var status = tap.xhr ? tap.xhr.status : 0;
    if (status === 0 || status >= 500 || status === 429) {
      notSent(tap);
      return;
    }
    queue.shift();
    if (status === 409) {
      // Changed meanwhile: the screen now says so and shows the value it has;
      // later taps of this entry were made on the refused one.
      queue = queue.filter(function (later) { return later.key !== tap.key; });
    }
    keep();
    cameBack();
  }

  function notSent() {
    queue.forEach(function (tap) { tap.state = "unsaved"; });
    wentOffline();
    paint();
    scheduleRetry();
  }

  function flush() {
    if (sending || !queue.length || !window.htmx) { return; }
    window.clearTimeout(retryTimer);
    var tap = queue[0];
    var form = findForm(tap.key);
    // A tap kept across a reload is sent with the page's own token (the
    // session's), not the one of the page it was made on.
    var token = document.querySelector("input[name=csrf_token]");
    if (token && "csrf_token" in tap.values) { tap.values.csrf_token = token.value; }
    sending = tap;
    capturing = tap;
    tap.xhr = null;
    // htmx finds how to swap the answer (hx-ext="morph") from the request's
    // source, once the answer's out-of-band parts are in. A form outside the
    // element its answer goes into can be one of those parts: the undo bar's
    // form leaves the page with the undo bar when nothing is left to undo,
    // and the answer was then put inside the old panel instead of morphing it
    // (two #entry, the outer one still at the old version, which the stream's
    // next panel then replaced, notice and all). Such a tap is sent from the
    // element its answer goes into.
    var into = tap.target && document.querySelector(tap.target);
    var source = form && (!into || into.contains(form)) ? form : (into || form || document.body);
    var context = { source: source, values: tap.values, swap: tap.swap };
    if (tap.target) { context.target = tap.target; }
    window.htmx.ajax("POST", tap.url, context).then(function () {
      sending = null;
      answered(tap);
      paint();
    }, function () {
      sending = null;
      notSent(tap);
    });
    capturing = null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (capturing) {
      capturing.xhr = event.detail.xhr;
      capturing = null;
    }
  });

  // Any answer at all means the connection is there; a poll that fails says it is not.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0) {
      if (offline || (queue.length && !sending)) { cameBack(); }
    }
  });
  document.addEventListener("htmx:sendError", wentOffline);
  document.addEventListener("htmx:timeout", wentOffline);
  window.addEventListener("offline", wentOffline);
  window.addEventListener("online", cameBack);

  // --- Taps ----------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) { return; }
    if (form.hasAttribute("hx-post")) {
      event.preventDefault();
      event.stopPropagation(); // htmx's own handler on the form: the queue sends it
      document.querySelectorAll("details[data-held]").forEach(function (details) {
        delete details.dataset.held;
      });
      var tap = tapOf(form, event.submitter);
      tappedForm = form.contains(document.activeElement) ? tap.key : null;
      // Offline, a scorer's round screen applies the tap itself (js/offline-engine.js).
      if (window.scorekeeperOffline && window.scorekeeperOffline.take(tap)) { return; }
      queue.push(tap);
      keep();
      paint();
      flush();
    } else if (!navigator.onLine && (form.method || "").toLowerCase() === "post") {
      event.preventDefault();
      plainWaiting.push([form, event.submitter]);
      wentOffline();
    }
  }, true);

  // A step or a player's row opened or closed by hand stays so across updates.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    if (summary && summary.parentElement.tagName === "DETAILS") {
      summary.parentElement.dataset.held = "1";
    }
  });

  // An answer older than what the screen shows (a poll that crossed a tap) is
  // not swapped; nor is a poll's answer with nothing newer, so that what a tap's
  // answer said ("Undone: ...", "changed meanwhile") stays on the screen.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var shown = target && target.dataset && target.dataset.version;
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (!shown || !found) { return; }
    var isPoll = event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    if (Number(found[1]) < Number(shown) || (isPoll && Number(found[1]) === Number(shown))) {
      event.detail.shouldSwap = false;
    }
  });

  // A tap's own row folds once its entry is stored (the next player's opens):
  // keyboard focus then goes to that row's summary, not to the top of the page.
  var tappedForm = null;
  function keepFocus() {
    if (tappedForm && (document.activeElement === document.body || !document.activeElement)) {
      var form = findForm(tappedForm);
      var summary = form && form.querySelector("summary");
      if (summary) { summary.focus({ preventScroll: true }); }
    }
  }

  document.addEventListener("htmx:afterSettle", function () {
    paint();
    keepFocus();
  });

  function keepHeld(attribute, node) {
    return !(node.dataset && node.dataset.held && (attribute === "open" || attribute === "data-held"));
  }

  // The taps not yet sent, handed to js/offline-engine.js when it takes over.
  window.scorekeeperTaps = {
    handOver: function () {
      if (sending) { return []; }
      var taps = queue.splice(0);
      keep();
      paint();
      return taps;
    },
    // Taps handed over that could not be applied after all (js/offline-engine.js): kept here again, after the others.
    takeBack: function (taps) {
      if (!taps.length) { return; }
      Array.prototype.push.apply(queue, taps);
      keep();
      paint();
    },
  };

  restore();
  if (queue.length) {
    var resend = function () { paint(); flush(); };
    if (document.readyState === "complete") { resend(); } else { document.addEventListener("DOMContentLoaded", resend); }
  }

  if (window.Idiomorph) {
    window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = keepHeld;
  }
})();
