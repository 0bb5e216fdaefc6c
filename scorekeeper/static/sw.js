// The service worker: the app's static files and an offline page, never game data.
//
// Served at /sw.js (scorekeeper/offline.py) so that its scope is the whole site;
// that route puts the first line, `self.SCOREKEEPER = {...}`, before this file:
// the version (a digest of every static file and the offline page's template,
// so any change to them installs a new worker with a new cache), the URLs to
// cache on install, the static prefix and the offline page's URL.
//
// What it answers:
// - GET /static/*: from the cache, else from the network (and then cached);
// - the engine bundle (GET /engine/*, one address per app version): as static files;
// - a page (a navigation): from the network, and only when the network
//   fails, the cached offline page. Pages are never stored, but for one: a
//   scorer's round screen marked `Scorekeeper-Offline: round` is kept, one per
//   game link, and a page of that game the phone can draw itself (a round, a
//   correction, the standings, the end, the players) opened with no network gets it
//   (js/offline-engine.js then draws the game from the log the phone keeps,
//   the same game data that log already holds: docs/offline.md).
// - a plain form's post (a navigation too): from the network, and only when
//   the network fails, the offline page.
// Everything else (htmx's posts of a bid, a trick, a close; the polls) goes
// to the network untouched: a form answer never lands in a cache.
"use strict";

const SETTINGS = self.SCOREKEEPER;
const CACHE_PREFIX = "scorekeeper-";
const CACHE = CACHE_PREFIX + SETTINGS.version;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SETTINGS.precache.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

// The app's static files and the engine bundle: what this worker keeps.
function isStatic(url) {
  return url.origin === self.location.origin &&
    (url.pathname.startsWith(SETTINGS.static) || url.pathname.startsWith(SETTINGS.engine));
}

function fromCacheElseNetwork(request) {
  return caches.open(CACHE).then((cache) => cache.match(request).then((hit) => hit || fetch(request).then((response) => {
    if (response.ok) {
      cache.put(request, response.clone());
    }
    return response;
  })));
}

// The address a game's kept round screen is kept under: its link's own
// folder; for the pages of a game the phone draws itself (web/phone_pages.py),
// and no other (the history, say, gets the offline page).
const PHONE_PAGES = /^(\/g\/[^/]+\/)(round\/[0-9]+(\/edit)?|standings|end|players)?$/;
function keptRoundOf(url) {
  const found = PHONE_PAGES.exec(url.pathname.slice(SETTINGS.root.length));
  return found ? url.origin + SETTINGS.root + found[1] : null;
}

function pageElseOfflinePage(request) {
  const kept = request.method === "GET" ? keptRoundOf(new URL(request.url)) : null;
  return fetch(request).then((response) => {
    if (kept && response.ok && response.headers.get("Scorekeeper-Offline") === "round") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(kept, copy)).catch(() => {});
    }
    return response;
  }).catch(() => (kept ? caches.match(kept) : Promise.resolve(undefined))
    .then((round) => round || caches.match(SETTINGS.offline))
    .then((page) => page || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    // A plain form posted (Close, a manage screen) goes to the network as it
    // is; only when that fails does the phone get the offline page instead of
    // the browser's error page. Its answer is never cached.
    event.respondWith(pageElseOfflinePage(request));
  } else if (request.method === "GET" && isStatic(url)) {
    event.respondWith(fromCacheElseNetwork(request));
  }
});

// A page tells its language (js/register-sw.js): the offline page is fetched
// again when the cached one is in another language (the device switched).
async function refreshOfflinePage(lang) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(SETTINGS.offline);
  if (cached && (await cached.text()).includes(`<html lang="${lang}"`)) {
    return;
  }
  const fresh = await fetch(SETTINGS.offline, { cache: "reload" });
  if (fresh.ok) {
    await cache.put(SETTINGS.offline, fresh);
  }
}

// A round screen loaded before this worker took the page over (its first
// visit) asks to be kept; the answer says when it is (js/offline-engine.js).
async function keepRound(url) {
  const kept = keptRoundOf(url);
  if (!kept || url.origin !== self.location.origin) {
    return;
  }
  const response = await fetch(url.href, { credentials: "same-origin", cache: "no-store" });
  if (response.ok && response.headers.get("Scorekeeper-Offline") === "round") {
    await (await caches.open(CACHE)).put(kept, response);
  }
}

// A round screen asks for the files Python needs without network
// (js/offline-engine.js): each one this cache lacks is fetched and kept; one
// it holds is not read. The answer says "kept", or "failed" (a file did not
// arrive: the screen is then not ready without network).
async function keepFiles(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map(async (href) => {
    const url = new URL(href, self.location.href);
    if (!isStatic(url) || await cache.match(url.href)) {
      return;
    }
    const response = await fetch(url.href);
    if (!response.ok) {
      throw new Error(`${url.pathname}: ${response.status}`);
    }
    await cache.put(url.href, response);
  }));
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "keep-files" && Array.isArray(event.data.urls) && event.ports[0]) {
    const answer = event.ports[0];
    event.waitUntil(keepFiles(event.data.urls).then(() => "kept", () => "failed").then((said) => answer.postMessage(said)));
  }
  if (event.data && event.data.type === "keep-round" && event.ports[0]) {
    const answer = event.ports[0];
    event.waitUntil(keepRound(new URL(event.data.url)).catch(() => {}).then(() => answer.postMessage("kept")));
  }
  // A page this worker does not hold asks to be taken over (js/offline-engine.js).
  if (event.data && event.data.type === "claim") {
    event.waitUntil(self.clients.claim().catch(() => {}));
  }
  if (event.data && event.data.type === "page-language" && /^[a-z]{2,3}$/.test(event.data.lang)) {
    event.waitUntil(refreshOfflinePage(event.data.lang).catch(() => {}));
  }
});
