// Python on the phone, in a worker of its own (docs/offline.md).
//
// js/offline-engine.js starts this worker (served by scorekeeper/web/engine.py
// at an address of the app version, with the policy that lets it compile
// WebAssembly) and asks it, one message at a time, in order:
//   boot({pyodide, bundle})  Pyodide's core started, the engine bundle
//                            unpacked, scorekeeper.web.phone imported and its
//                            templates compiled (no game held yet);
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
var queue = Promise.resolve(); // one message after the other, in the order sent

var HOLD = [
  "import json",
  "from scorekeeper.web.phone import Phone, TAP",
  "_given = json.loads(settings_json)",
  "phone = Phone(_given['stored'], _given['language'], _given['rules'], _given['gid'], _given['csrf'], _given['root'], _given.get('seat'), _given.get('friendly', False))",
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

var calls = {
  boot: function (settings) {
    self.importScripts(settings.pyodide + "pyodide.js");
    return self.loadPyodide({ indexURL: settings.pyodide }).then(function (started) {
      python = started;
      self.postMessage({ mark: "offline-python" });
      return fetch(settings.bundle).then(function (answer) { return answer.arrayBuffer(); });
    }).then(function (bundle) {
      python.unpackArchive(bundle, "zip", { extractDir: "/engine" });
      python.runPython("import sys\nsys.path.insert(0, '/engine')\nimport scorekeeper.web.phone\nscorekeeper.web.phone.warm()");
      self.postMessage({ mark: "offline-imported" });
    });
  },
  hold: function (settings, own) {
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
