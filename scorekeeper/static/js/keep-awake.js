// Keeps the phone's screen on while a game screen is open (Screen Wake Lock API).
//
// The switch (#keep-awake, in the footer of every page of a game) is shown only
// where the browser has the API; its state is remembered on this device
// (localStorage). A phone releases the lock whenever the page is hidden, so it is
// asked for again each time the page becomes visible. A refusal (battery saver,
// an insecure http:// page, a permissions policy) is not an error: the screen
// then sleeps as usual.
(function () {
  "use strict";

  var STORAGE_KEY = "scorekeeper.keepAwake";
  var control = document.getElementById("keep-awake");
  if (!control || !("wakeLock" in navigator)) {
    return;
  }
  var toggle = control.querySelector("input[type=checkbox]");
  var sentinel = null;
  var asking = false;

  function isWanted() {
    try {
      return window.localStorage.getItem(STORAGE_KEY) !== "off";
    } catch (storageBlocked) {
      return true;
    }
  }

  function remember(on) {
    try {
      window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch (storageBlocked) {
      // Private mode without storage: the switch still works for this page.
    }
  }

  function show(held) {
    control.dataset.locked = held ? "true" : "false";
  }

  function release() {
    var held = sentinel;
    sentinel = null;
    show(false);
    if (held) {
      held.release().catch(function () {});
    }
  }

  function acquire() {
    if (!toggle.checked || sentinel || asking || document.visibilityState !== "visible") {
      return;
    }
    asking = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      asking = false;
      sentinel = lock;
      show(true);
      lock.addEventListener("release", function () {
        if (sentinel === lock) {
          sentinel = null;
          show(false);
        }
      });
      if (!toggle.checked) {
        release(); // switched off while the request was on its way
      }
    }).catch(function () {
      asking = false;
      show(false);
    });
  }

  toggle.checked = isWanted();
  control.hidden = false;
  show(false);
  toggle.addEventListener("change", function () {
    remember(toggle.checked);
    if (toggle.checked) {
      acquire();
    } else {
      release();
    }
  });
  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
