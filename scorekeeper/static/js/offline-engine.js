// A scorer's round screen that loses its connection plays on (docs/offline.md).
//
// Online, once the page has loaded, it makes the phone ready: the files of
// Pyodide's core and the engine bundle (the project's own rules/ and game/,
// the round screen's templates, the catalogues: scorekeeper/web/engine.py)
// are fetched once into the browser's caches (the service worker's too), and
// the game's change log (its JSON export's stored facts) is kept in
// localStorage, again whenever the panel shows a newer version. The page then
// carries data-offline="ready" on <html>.
//
// When the phone goes offline (js/taps.js says so), Python (Pyodide) holds
// the game from that log, in a worker of its own (js/offline-python.js: the
// page's thread stays free for taps), and every tap of the round screen is applied there
// by scorekeeper/web/phone.py: the same entry functions as the server's, the
// panel drawn from the same templates; a banner says the phone keeps the
// score itself. Each tap stored so is kept in this phone's own log
// (localStorage) with the fields it was made with (its `was` among them).
// When the connection is back, that log goes to the server in order, through
// the same posts as a tap online (the one write path, each `was` checked; a
// repeat the server has already is answered as done, so an entry never lands
// twice), and the page then opens the game where the server has it.
//
// Once ready, the screen says "Ready without network", and Python is started
// in the background once the screen has been left alone a while (the engine
// imported, no game held yet). The service worker keeps this screen:
// reloaded, or any page of the game opened, with no network, it starts from
// the kept log and this phone's own taps, and draws the page its address
// names (js/offline-pages.js draws the game's other pages and takes their
// forms).
//
// No rule is written here: this file only carries taps and HTML.
(function () {
  "use strict";
  var script = document.getElementById("offline-engine");
  if (!script || !window.localStorage || !window.fetch) { return; }
  var settings = JSON.parse(script.dataset.settings);
  var gamePath = (/^\/g\/[^/]+/.exec(window.location.pathname.slice(settings.root.length)) || [""])[0];
  var gid = gamePath.slice(3);
  var LOG = "scorekeeper-offline-log:" + gid; // the game's log as the server last gave it
  var OWN = "scorekeeper-offline-taps:" + gid; // the taps this phone stored without the server
  var root = document.documentElement;
  var phone = null; // the Python side, once it holds the game
  var python = null; // its worker
  var starting = null;
  var retries = 3; // a start that failed offline, tried again this many times
  var RETRY_AFTER = 2000; // ms
  var waiting = []; // taps made while Python starts
  var syncing = false;

  function read(key, otherwise) {
    try { return JSON.parse(window.localStorage.getItem(key)) || otherwise; } catch (error) { return otherwise; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* full: kept in memory only */ }
  }
  function shownVersion() {
    var panel = document.getElementById("entry");
    return panel ? Number(panel.dataset.version) : -1;
  }

  // --- Ready before it is needed ----------------------------------------------

  // The whole log once (the game's JSON export), then only the changes after it.
  // The kept log's `version` is the number of its last change (what the
  // changes after it are asked by); `seen`, the panel's version when it was
  // asked for: the log holds at least that. They are not the same count (one
  // write can store two changes: the last tricks filled in and the close),
  // so the panel's version is compared with `seen` only.
  var keeping = null; // the request on its way
  function keepLog() {
    var version = shownVersion();
    var kept = read(LOG, null);
    if (keeping) { return keeping; }
    if (phone || syncing || read(OWN, []).length || (kept && kept.seen >= version)) { return Promise.resolve(); }
    if (kept && keptFromPanel(kept, version)) { return Promise.resolve(); }
    var asked = kept ? "/log.json?after=" + kept.version : "/export.json";
    keeping = fetch(settings.root + gamePath + asked, { cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.json() : Promise.reject(answer.status); })
      .then(function (data) {
        if (kept) { keepAfter(kept, data.changes, version); } else { keepAfter({ version: 0, stored: data.stored }, [], version); }
      });
    // A panel newer than the one it was asked at, shown meanwhile: asked again.
    keeping.then(function () { keeping = null; if (shownVersion() > version) { keepLog(); } },
                 function () { keeping = null; });
    return keeping;
  }

  // The panel carries the game's latest changes as this link reads them
  // (data-log: web/round_screen.py's log_tail): when they follow on from the
  // kept log, they are added to it with no request. Whether they were.
  function keptFromPanel(kept, version) {
    var panel = document.getElementById("entry");
    var tail;
    try { tail = panel && panel.dataset.log ? JSON.parse(panel.dataset.log) : null; } catch (error) { tail = null; }
    if (!tail || !tail.length || tail[0].seq > kept.version + 1) { return false; }
    keepAfter(kept, tail, version);
    return true;
  }

  // The kept log with those of `changes` numbered after its last, kept as
  // holding at least the panel's `version`.
  function keepAfter(kept, changes, version) {
    var stored = kept.stored;
    stored.changes = stored.changes.concat(changes.filter(function (change) { return change.seq > kept.version; }));
    var all = stored.changes;
    write(LOG, { version: all.length ? all[all.length - 1].seq : 0, seen: version, stored: stored });
  }

  // Kept by the service worker once it holds the page (static/sw.js): asked
  // before it took the page over (its first visit), they would be in no cache
  // the phone can open with no network, and a Python started after the cut
  // would find none of them. It fetches only those its cache lacks, so a
  // phone that has them reads none of them again (12 MB a round screen).
  // Where no worker can be (a plain http:// address of the network), fetched
  // into the browser's own cache for Python's start.
  function warm() {
    var files = settings.files.concat([settings.bundle, settings.worker]);
    var workers = navigator.serviceWorker;
    if (!workers || !window.isSecureContext) {
      return Promise.all(files.map(function (url) {
        return fetch(url).then(function (answer) { return answer.ok ? answer.arrayBuffer() : Promise.reject(url); });
      }));
    }
    return controlled().then(function () {
      return toServiceWorker({ type: "keep-files", urls: files });
    }).then(function (said) { return said === "kept" ? null : Promise.reject(said); });
  }
  function controlled() {
    var workers = navigator.serviceWorker;
    if (!workers || !window.isSecureContext || workers.controller) { return Promise.resolve(); }
    return new Promise(function (resolve) {
      workers.addEventListener("controllerchange", resolve, { once: true });
      // A worker's claim of its pages skips one still loading (the page
      // opened as it activated), and a hard reload loads past it: a worker
      // already active is asked to take this page over.
      workers.ready.then(function (registration) {
        if (!workers.controller) { registration.active.postMessage({ type: "claim" }); }
      });
    });
  }

  // This screen, kept by the service worker to open the game with no network
  // (static/sw.js): it kept it on the way in, unless it took the page over
  // only after this load (the first visit); then it is asked to.
  function keepPage() {
    var workers = navigator.serviceWorker;
    var loaded = performance.getEntriesByType("navigation")[0];
    if (!workers || (workers.controller && loaded && loaded.workerStart > 0)) { return Promise.resolve(); }
    return toServiceWorker({ type: "keep-round", url: window.location.href });
  }

  // A message to the active service worker (static/sw.js); resolves to its answer.
  function toServiceWorker(message) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }

  function getReady() {
    Promise.all([warm(), keepLog(), navigator.onLine ? keepPage() : null]).then(function () {
      if (!phone) { root.dataset.offline = "ready"; }
      sayReady(!phone);
      if (!navigator.onLine) { start(); } else { whenQuiet(bootOnce); }
    }, function () { /* not ready: the screen works online as before */ });
  }

  // "Ready without network", in words, under the panel (hidden again once the phone keeps the score).
  function sayReady(shown) {
    var line = document.getElementById("offline-ready");
    if (line) { line.hidden = !shown; }
  }

  // Python's first start on this phone is made in the background once the
  // round screen has been left alone for a while (no tap, no key, no request
  // for QUIET ms: at a table, while the cards are played) and the page is
  // idle: it keeps the snapshot every later start begins from
  // (js/offline-python.js), about a fifth of the time. Begun at once, it took
  // the phone's CPU from the bids being tapped, and a screen left before it
  // ended (a round closed: the next round is a new page) threw it away, to
  // begin again on the next screen. With one kept, Python is started only
  // when the connection drops (docs/offline.md says why). The snapshot is
  // asked for only if the connection has not dropped meanwhile: a phone cut
  // off then holds its game as soon as Python is in.
  function bootOnce() {
    if (starting || booting) { return; }
    worker();
    ask("kept", [settings.snapshot]).then(function (kept) {
      if (kept || starting) { return; }
      boot().then(function (restored) {
        if (!restored && !starting) { return ask("keep", [settings.snapshot]); }
      }).catch(function () {});
    }, stopWorker); // its script did not load: a start makes a new one
  }
  var QUIET = 5000; // ms
  var BUSY = ["pointerdown", "keydown", "htmx:beforeRequest"];
  function whenQuiet(work) {
    var timer = null;
    function wait() {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        BUSY.forEach(function (name) { document.removeEventListener(name, wait, true); });
        whenIdle(work);
      }, QUIET);
    }
    BUSY.forEach(function (name) { document.addEventListener(name, wait, true); });
    wait();
  }
  function whenIdle(work) {
    if (window.requestIdleCallback) { window.requestIdleCallback(function () { work(); }, { timeout: 5000 }); } else { window.setTimeout(work, 1000); }
  }
  if (document.readyState === "complete") { getReady(); } else { window.addEventListener("load", getReady); }
  document.addEventListener("htmx:afterSettle", function () {
    if (navigator.onLine) { keepLog().catch(function () {}); }
  });

  // --- Python on the phone ------------------------------------------------------

  // One question to Python's worker; the answers come back in the order asked.
  var asked = 0;
  var answers = {};
  function ask(call, args) {
    return new Promise(function (resolve, reject) {
      asked += 1;
      answers[asked] = { resolve: resolve, reject: reject };
      python.postMessage({ id: asked, call: call, args: args || [] });
    });
  }
  // The worker broke (its script did not load, or an error escaped it): nothing asked will be answered.
  function broke() {
    Object.keys(answers).forEach(function (id) {
      answers[id].reject(new Error("Python's worker stopped"));
      delete answers[id];
    });
  }
  // One of scorekeeper.web.phone's answers (tap, page, post): a path and its fields in, the answer as an object out.
  function asking(call) {
    return function (path, values) { return ask(call, [path, JSON.stringify(values)]).then(JSON.parse); };
  }
  function heard(event) {
    var message = event.data;
    if (message.mark) { performance.mark(message.mark); return; }
    var answer = answers[message.id];
    delete answers[message.id];
    if ("error" in message) { answer.reject(new Error(message.error)); } else { answer.resolve(message.value); }
  }

  // Python with the engine imported (not yet holding the game: its log may still change).
  var booting = null;
  function stopWorker() {
    if (python) { python.terminate(); python = null; }
  }
  function worker() {
    if (!python) {
      python = new Worker(settings.worker);
      python.onmessage = heard;
      python.onerror = broke;
    }
  }
  function boot() {
    if (booting) { return booting; }
    worker();
    booting = ask("boot", [{ pyodide: settings.pyodide, stdlib: settings.stdlib, bundle: settings.bundle, snapshot: settings.snapshot }]);
    booting.catch(function () { booting = null; stopWorker(); });
    return booting;
  }

  // What Python holds the game from: its kept log and this screen's settings.
  function given(kept) {
    var token = document.querySelector("input[name=csrf_token]");
    return JSON.stringify({
      stored: kept.stored, language: root.lang || "en", rules: settings.rules, gid: gid,
      csrf: token ? token.value : "", root: settings.root, seat: settings.seat,
      friendly: Boolean(settings.friendly),
    });
  }

  function start() {
    if (starting) { return starting; }
    var kept = read(LOG, null);
    // Not ready (the files or the log never arrived): js/taps.js keeps the taps as before.
    if (!kept || root.dataset.offline !== "ready") { return null; }
    performance.mark("offline-start");
    // With the taps this phone stored before a reload.
    starting = boot().then(function () { return ask("hold", [given(kept), JSON.stringify(read(OWN, []))]); }).then(function (held) {
      performance.mark("offline-engine");
      phone = { tap: asking("tap"), page: asking("page"), post: asking("post") };
      root.dataset.offline = "keeping";
      say("keeping");
      sayReady(false);
      // Asked now, before the taps below: the worker answers in that order.
      var screen = JSON.parse(held);
      showHere(screen).then(function (shown) {
        if (!shown) { draw(screen); }
        performance.mark("offline-drawn");
      });
      handOver();
      waiting.splice(0).forEach(apply);
    });
    starting.catch(function () {
      starting = null;
      // Python did not start (a file cut off on its way by the connection
      // dropping): the taps made meanwhile go back to js/taps.js, which keeps
      // them, and it is tried again a few times while the phone is offline.
      if (window.scorekeeperTaps) { window.scorekeeperTaps.takeBack(waiting.splice(0)); }
      if (!navigator.onLine && retries > 0) {
        retries -= 1;
        window.setTimeout(start, RETRY_AFTER);
      } else if (!navigator.onLine) { // it will not start: the screen no longer says it is ready
        root.dataset.offline = "unready";
        sayReady(false);
      }
    });
    return starting;
  }

  // --- Taps while offline ---------------------------------------------------------

  function say(kind) {
    var banner = document.getElementById("connection");
    if (!banner) { return; }
    banner.hidden = false;
    banner.dataset.state = kind === "keeping" ? "offline" : kind;
    banner.querySelector(".connection-text").textContent =
      kind === "keeping" ? script.dataset.keeping : banner.dataset[kind];
  }

  function draw(screen) {
    var panel = document.getElementById("entry");
    if (panel && window.htmx) {
      var config = window.htmx.config;
      window.htmx.swap(panel, screen.panel, {
        swapStyle: "morph", swapDelay: 0, settleDelay: config.defaultSettleDelay,
      }, { contextElement: panel });
    }
    if (!screen.head.title) { return; }
    var head = document.querySelector(".round-head h1");
    if (head) { head.textContent = screen.head.title; }
    var facts = document.querySelectorAll(".round-facts .fact b");
    [screen.head.cards, screen.head.dealer, screen.head.leads].forEach(function (value, index) {
      if (facts[index]) { facts[index].textContent = value; }
    });
    var standings = document.getElementById("offline-standings");
    if (!standings) {
      standings = document.createElement("section");
      standings.id = "offline-standings";
      var bar = document.getElementById("undo-bar");
      (bar || panel).after(standings);
    }
    standings.innerHTML = screen.standings;
  }

  function keep(url, values) {
    var own = read(OWN, []);
    own.push({ url: url, values: values, base: read(LOG, {}).version });
    write(OWN, own);
  }

  function apply(tap) {
    phone.tap(tap.url, tap.values).then(function (screen) {
      if (screen.status === 200) { keep(tap.url, tap.values); }
      // The last round closed: the result, where the server's answer sends the phone.
      if (!(screen.status === 200 && screen.finished && /\/close$/.test(tap.url) && window.scorekeeperPages)) {
        draw(screen);
        return null;
      }
      return page(settings.root + gamePath + "/standings").then(function (result) {
        if (result) { window.scorekeeperPages.show(result, false); } else { draw(screen); }
      });
    });
  }

  // The taps js/taps.js still holds (made before the phone knew it was offline).
  function handOver() {
    if (window.scorekeeperTaps) { window.scorekeeperTaps.handOver().forEach(take); }
  }

  // Called by js/taps.js for each tap: true when this file takes it.
  function take(tap) {
    if (phone) {
      apply(tap); // while the log is being sent too: it goes after the others
    } else if (syncing) {
      var own = read(OWN, []);
      own.push({ url: tap.url, values: tap.values, base: own.length ? own[0].base : 0 });
      write(OWN, own); // sent after the others, in order
    } else if (starting) {
      waiting.push(tap);
    } else {
      return false;
    }
    return true;
  }
  // A plain form of a page of the game (js/offline-pages.js): applied on the
  // phone and kept in its own log as a tap is. Answers the page it leads to,
  // or null when only the server can take it.
  function post(url, values) {
    if (!phone) { return Promise.resolve(null); }
    return phone.post(url, values).then(function (answer) {
      if (answer && answer.go) { keep(url, values); }
      return answer;
    });
  }
  // A page of the game drawn by the phone, or null when only the server can draw it.
  function page(path, query) {
    return phone ? phone.page(path, query || {}) : Promise.resolve(null);
  }
  // A page reloaded or opened with no network (the service worker's kept
  // round screen, at any address of the game): drawn as the address says.
  function showHere(screen) {
    var here = window.location.pathname;
    if ((here === settings.root + gamePath + "/round/" + screen.round && !window.location.search) ||
        !window.scorekeeperPages) { return Promise.resolve(false); }
    return page(here, Object.fromEntries(new URLSearchParams(window.location.search))).then(function (shown) {
      if (shown) { window.scorekeeperPages.show(shown, true); }
      return Boolean(shown);
    });
  }
  // js/offline-sync.js sends this phone's own log when the connection is back.
  window.scorekeeperOffline = {
    take: take, settings: settings, gamePath: gamePath, LOG: LOG, OWN: OWN,
    read: read, write: write, say: say, draw: draw,
    syncing: function (value) { syncing = value; },
    stop: function () { phone = null; starting = null; },
    post: post, page: page, keeping: function () { return Boolean(phone); },
  };

  document.addEventListener("scorekeeper:offline", function () { start(); });
  // js/taps.js learns it is offline after Python took over (a screen opened offline): the banner keeps saying so.
  document.addEventListener("scorekeeper:offline", function () { if (phone) { say("keeping"); } });
  window.addEventListener("offline", function () { start(); });
})();
