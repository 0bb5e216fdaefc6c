// The game's other pages while the phone keeps the score itself (docs/offline.md).
//
// Once js/offline-engine.js has Python holding the game, a link to a page of
// the game (a closed round, its correction, the end, the players, the
// standings with the grid) is drawn by the phone from the server's own
// templates (scorekeeper/web/phone_pages.py) and put in the page's place, and
// a plain form of those pages (save a correction, end the game, a player sits
// out, leaves or comes back, an Undo) is applied there and kept in the phone's
// own log, as a tap of the round screen is. The correction form's live check
// (the dealer's forbidden bid struck out) is asked of the phone too. A page
// or a form only the server can take (joining, the schedule, the history)
// is left to the browser: js/taps.js keeps such a form until the connection
// is back, and the service worker answers such a page.
//
// No rule is written here: this file only carries addresses, fields and HTML.
(function () {
  "use strict";
  var engine = document.getElementById("offline-engine");
  if (!engine) { return; }
  var settings = JSON.parse(engine.dataset.settings);
  var gamePath = settings.root + (/^\/g\/[^/]+/.exec(window.location.pathname.slice(settings.root.length)) || [""])[0];

  function phone() {
    return window.scorekeeperOffline && window.scorekeeperOffline.keeping() ? window.scorekeeperOffline : null;
  }
  function fields(form, submitter, leaveOut) {
    var values = {};
    new FormData(form, submitter || null).forEach(function (value, name) {
      if (name !== leaveOut) { values[name] = value; }
    });
    return values;
  }
  function ofGame(url) {
    return url.origin === window.location.origin &&
      (url.pathname === gamePath || url.pathname.indexOf(gamePath + "/") === 0);
  }

  // A page drawn by the phone in the place of the page shown (its title, menu and content).
  function show(page, replace) {
    document.title = page.title + " · Scorekeeper";
    var nav = document.querySelector("header nav");
    if (nav) { nav.innerHTML = page.nav; }
    var main = document.getElementById("main");
    main.innerHTML = page.main;
    if (window.htmx) { window.htmx.process(main); }
    window.history[replace ? "replaceState" : "pushState"]({ offline: true }, "", page.path);
    window.scrollTo(0, 0);
  }

  window.addEventListener("click", function (event) {
    var keeping = phone();
    var link = event.target.closest && event.target.closest("a[href]");
    if (!keeping || !link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
        link.hasAttribute("download") || link.target) { return; }
    var url = new URL(link.href);
    if (!ofGame(url)) { return; }
    event.preventDefault();
    // A page only the server draws: the browser's way (the service worker answers it).
    keeping.page(url.pathname, Object.fromEntries(url.searchParams)).then(function (page) {
      if (page) { show(page, false); } else { window.location.assign(url.href); }
    });
  }, true);

  // Before js/taps.js (whose listener is the document's): the window's capture comes first.
  // A form only the server takes is sent on again, marked, to js/taps.js (which keeps it).
  var toServer = new WeakSet();
  window.addEventListener("submit", function (event) {
    var keeping = phone();
    var form = event.target;
    if (!keeping || !(form instanceof HTMLFormElement) || form.hasAttribute("hx-post") ||
        form.method !== "post" || toServer.delete(form)) { return; }
    var url = new URL(form.action, window.location.href);
    if (!ofGame(url)) { return; }
    event.preventDefault();
    event.stopPropagation();
    var submitter = event.submitter;
    keeping.post(url.pathname, fields(form, submitter)).then(function (answer) {
      if (answer) { show(answer, false); return; }
      toServer.add(form);
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    });
  }, true);

  // The correction form asks again on each change (htmx's GET online).
  window.addEventListener("change", function (event) {
    var keeping = phone();
    var form = event.target.form;
    if (!keeping || !form || form.id !== "correction") { return; }
    event.stopPropagation();
    keeping.page(new URL(form.action, window.location.href).pathname, fields(form, null, "csrf_token")).then(function (page) {
      var fresh = page && new DOMParser().parseFromString(page.main, "text/html").getElementById("correction");
      var shown = document.getElementById("correction"); // the last answer drawn, if any
      if (fresh && shown) {
        shown.replaceWith(fresh);
        if (window.htmx) { window.htmx.process(fresh); }
      }
    });
  }, true);

  window.addEventListener("popstate", function () {
    var keeping = phone();
    if (!keeping) { return; }
    keeping.page(window.location.pathname, Object.fromEntries(new URLSearchParams(window.location.search))).then(function (page) {
      if (page) { show(page, true); }
    });
  });

  window.scorekeeperPages = { show: show };
})();
