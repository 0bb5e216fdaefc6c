// A "Print" button on a printed sheet's page (data-print): the browser's print dialog.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) { window.print(); }
});
