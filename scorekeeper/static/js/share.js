// The Share screen: copy a link, or hand it to the phone's own share sheet.
(function () {
  "use strict";
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = document.getElementById(button.dataset.copy);
      var done = function () {
        var label = button.textContent;
        button.textContent = button.dataset.copied;
        setTimeout(function () { button.textContent = label; }, 2000);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          field.select();
        });
      } else {
        field.select();
        if (document.execCommand("copy")) { done(); }
      }
    });
  });
  if (navigator.share) {
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var url = document.getElementById(button.dataset.share).value;
        navigator.share({ title: button.dataset.title, url: url }).catch(function () {});
      });
    });
  }
})();
