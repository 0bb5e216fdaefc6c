// The light/dark switch at the foot of every page (#theme): like the phone,
// light or dark, remembered on this device in the "theme" cookie, so the server
// renders the next page in it from the first paint (base.html). Each button
// carries what its choice means: the media of the dark palette's <link> and
// the page's color-scheme.
(function () {
  "use strict";

  var COOKIE = "theme";
  var YEAR = 365 * 24 * 3600;
  var group = document.getElementById("theme");
  var palette = document.getElementById("dark-palette");
  var scheme = document.querySelector("meta[name=color-scheme]");
  if (!group || !palette) {
    return;
  }
  var buttons = Array.prototype.slice.call(group.querySelectorAll("button[data-media]"));

  function stored() {
    var match = document.cookie.match(/(?:^|;\s*)theme=(light|dark)(?:;|$)/);
    return match ? match[1] : "auto";
  }

  function apply(choice) {
    buttons.forEach(function (button) {
      var chosen = button.value === choice;
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
      if (chosen) {
        palette.media = button.dataset.media;
        if (scheme) {
          scheme.content = button.dataset.colorScheme;
        }
      }
    });
  }

  function choose(choice) {
    var age = choice === "auto" ? 0 : YEAR;
    document.cookie = COOKIE + "=" + (choice === "auto" ? "" : choice) +
      "; path=/; max-age=" + age + "; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
    apply(choice);
  }

  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      choose(button.value);
    });
  });
  // A page from the service worker's cache (the offline page) was rendered
  // with the cookie of its day: follow today's.
  apply(stored());
  group.hidden = false;
})();
