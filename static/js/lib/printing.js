// lib/printing.js: what a page does around printing. Browsers say "about to print" in two
// ways: the beforeprint/afterprint events (the print dialog, Chromium's print to PDF) and
// the print media query turning on and off (print emulation, some browsers' previews). A
// page's `prepare` runs once when either says printing starts, `finish` once when it ends.

/** Run `prepare()` before the page is printed and `finish()` after it, once each time. */
export function whilePrinting(prepare, finish) {
  let printing = false;
  const start = () => {
    if (printing) return;
    printing = true;
    prepare();
  };
  const stop = () => {
    if (!printing) return;
    printing = false;
    finish();
  };
  window.addEventListener("beforeprint", start);
  window.addEventListener("afterprint", stop);
  const media = window.matchMedia ? window.matchMedia("print") : null;
  if (media) media.addEventListener("change", (event) => (event.matches ? start() : stop()));
}

/**
 * A <figure class="print-tree"> after `anchor` for the tree as printed: shown only in print
 * (print.css), empty on screen. `fill(figure)` puts a picture in it when printing starts; it is
 * emptied when printing ends.
 */
export function printedTree(anchor, fill) {
  const figure = document.createElement("figure");
  figure.className = "print-tree";
  anchor.after(figure);
  whilePrinting(
    () => fill(figure),
    () => figure.replaceChildren()
  );
  return figure;
}
