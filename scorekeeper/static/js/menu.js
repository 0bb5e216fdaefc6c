// The game's "More" menu (play/_nav.html) is a <details> that opens and
// closes without JavaScript. Here it also closes as a phone's menu does: on
// a tap anywhere else, and on Escape (focus back on "More").
(function () {
  "use strict";

  var menu = document.getElementById("more-menu");
  if (!menu) {
    return;
  }
  document.addEventListener("click", function (event) {
    if (menu.open && !menu.contains(event.target)) {
      menu.open = false;
    }
  });
  menu.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
})();
