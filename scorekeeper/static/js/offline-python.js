// Python on the phone, in a worker of its own (docs/offline.md).
//
// js/offline-engine.js starts this worker (served by scorekeeper/web/engine.py
// at an address of the app version, with the policy that lets it compile
// WebAssembly) and asks it, one message at a time, in order:
//   kept(where)              whether a snapshot Python can start from is kept
//                            (below); nothing is started;
//   boot({pyodide, stdlib, bundle, snapshot})
//                            Pyodide's core started (with the standard
//                            library at stdlib: compiled ahead where the
//                            server has it), the engine bundle
//                            unpacked, scorekeeper.web.phone imported (no
//                            game held yet); answers whether Python came from
//                            the snapshot;
//   keep(where)              after a start from nothing, before any game is
//                            held: every template compiled, and the snapshot
//                            made and kept (below); answers whether it was;
//   hold(settings, own)      the game held from its kept log, this phone's own
//                            taps applied again; answers the round screen;
//   tap(path, values), page(path, query), post(path, values)
//                            scorekeeper.web.phone's answers, as JSON text.
// Starting Python and drawing with it take the page's thread for seconds on
// a modest phone; here they never hold up a tap the server answers.
//
// No rule is written here: this file only carries messages.
"use strict";

var python = null;
var snapshotting = false; // started from nothing, with no game held yet: a snapshot can be made
var queue = Promise.resolve(); // one message after the other, in the order sent

var PHONE = [
  "import json",
  "from scorekeeper.web.phone import Phone, TAP",
  "def held(settings_json):",
  "    _given = json.loads(settings_json)",
  "    return Phone(_given['stored'], _given['language'], _given['rules'], _given['gid'], _given['csrf'], _given['root'], _given.get('seat'), _given.get('friendly', False))",
].join("\n");

var HOLD = [
  "phone = held(settings_json)",
  "for _tap in json.loads(own_json):",  // the taps this phone kept before a reload
  "    (phone.tap if TAP.search(_tap['url']) else phone.post)(_tap['url'], _tap['values'])",
  "def tap_json(path, values):",
  "    return json.dumps(phone.tap(path, json.loads(values)))",
  "def screen_json():",
  "    return json.dumps(phone.screen())",
  "def page_json(path, query):",
  "    return json.dumps(phone.page(path, json.loads(query)))",
  "def post_json(path, values):",
  "    return json.dumps(phone.post(path, json.loads(values)))",
].join("\n");

function called(name) {
  return function () { return python.globals.get(name).apply(null, arguments); };
}

// Python as its first start on this phone left it, the engine imported and
// its templates compiled: Pyodide's memory snapshot, made by this worker the
// first time and kept in the browser's Cache Storage, one per engine bundle
// and Pyodide (the key names both; a snapshot of another bundle is deleted
// when a new one is kept). Started from it, Python skips the interpreter's
// start and every import: a fifth of the time and CPU. Nothing of a game is
// in it: it is made before the game is held. Where no Cache Storage is (not
// a secure context), Python starts from nothing every time.

// What Pyodide takes as a snapshot: "\0snp" first, and at least the 20 MiB
// its memory starts with. Given less, its start hangs instead of failing.
var SNAPSHOT_MAGIC = 0x706e7300;
var SNAPSHOT_LEAST = 320 * 65536;

// The snapshot kept for this bundle and Pyodide, as a Blob (read from disk only
// when Python starts from it), or null when there is none Pyodide could take.
function keptSnapshot(where) {
  if (!self.caches) { return Promise.resolve(null); }
  return caches.match(where.key, { cacheName: where.cache }) // makes no cache where there is none
    .then(function (kept) { return kept ? kept.blob() : null; })
    .then(function (snapshot) {
      if (!snapshot || snapshot.size < SNAPSHOT_LEAST) { return null; }
      return snapshot.slice(0, 4).arrayBuffer().then(function (head) {
        return new Uint32Array(head)[0] === SNAPSHOT_MAGIC ? snapshot : null;
      });
    })
    .catch(function () { return null; });
}

function keepSnapshot(where, snapshot) {
  return caches.open(where.cache).then(function (cache) {
    return cache.keys().then(function (old) {
      return Promise.all(old.map(function (request) { return cache.delete(request); }));
    }).then(function () { return cache.put(where.key, new Response(snapshot)); });
  }).then(function () { return true; },
          function () { return false; }); // the storage full: started from nothing next time
}

// Pyodide from the snapshot, or from nothing (making one) where none is kept or
// this Pyodide cannot take the one kept; resolves to whether it came from one.
function startPython(settings, snapshot) {
  if (!snapshot) {
    return self.loadPyodide({ indexURL: settings.pyodide, stdLibURL: settings.stdlib,
                              _makeSnapshot: Boolean(self.caches) })
      .then(function (started) { python = started; return false; });
  }
  return self.loadPyodide({ indexURL: settings.pyodide, stdLibURL: settings.stdlib,
                            _loadSnapshot: new Uint8Array(snapshot) })
    .then(function (started) { python = started; return true; },
          function () { return startPython(settings, null); });
}

var calls = {
  boot: function (settings) {
    self.postMessage({ mark: "offline-boot" });
    self.importScripts(settings.pyodide + "pyodide.js");
    var fromSnapshot = false;
    return keptSnapshot(settings.snapshot).then(function (snapshot) {
      return snapshot ? snapshot.arrayBuffer() : null;
    }).then(function (snapshot) {
      return startPython(settings, snapshot);
    }).then(function (restored) {
      fromSnapshot = restored;
      self.postMessage({ mark: "offline-python" });
      // The bundle's files (templates, catalogues) are read as the phone draws:
      // unpacked again after a snapshot, which holds Python's memory, not its files.
      return fetch(settings.bundle).then(function (answer) { return answer.arrayBuffer(); });
    }).then(function (bundle) {
      python.unpackArchive(bundle, "zip", { extractDir: "/engine" });
      if (fromSnapshot) {
        self.postMessage({ mark: "offline-from-snapshot" });
      } else {
        python.runPython("import sys\nsys.path.insert(0, '/engine')\nimport scorekeeper.web.phone");
        snapshotting = Boolean(self.caches);
      }
      python.runPython(PHONE); // run again after a snapshot: this file may be newer than the one that made it
      self.postMessage({ mark: "offline-imported" });
      return fromSnapshot;
    });
  },
  // A call of its own, asked only while the page is still online: a phone
  // whose connection dropped during Python's first start holds its game
  // first (drawing only the templates it needs) and keeps no snapshot then.
  keep: function (where) {
    if (!snapshotting) { return Promise.resolve(false); }
    snapshotting = false;
    python.runPython("scorekeeper.web.phone.warm()");
    return keepSnapshot(where, python.makeMemorySnapshot()).then(function (kept) {
      if (kept) { self.postMessage({ mark: "offline-snapshot-kept" }); }
      return kept;
    });
  },
  kept: function (where) {
    return keptSnapshot(where).then(Boolean);
  },
  hold: function (settings, own) {
    snapshotting = false; // a snapshot holds no game
    python.globals.set("settings_json", settings);
    python.globals.set("own_json", own);
    python.runPython(HOLD);
    return python.globals.get("screen_json")();
  },
  tap: called("tap_json"),
  page: called("page_json"),
  post: called("post_json"),
};

self.onmessage = function (event) {
  var message = event.data;
  queue = queue.then(function () { return calls[message.call].apply(null, message.args); }).then(
    function (value) { self.postMessage({ id: message.id, value: value }); },
    function (error) { self.postMessage({ id: message.id, error: String(error) }); });
};
