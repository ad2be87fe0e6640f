// visualizer/print.js: the visualizer on paper. print.css keeps the header's title, the
// narration and the pseudocode and drops the controls and panels; in place of the view
// (which may be folded, zoomed or panned) it prints the whole tree at the step shown, drawn
// by tree/picture.js when printing starts (share.js's `picture()`, as the Picture downloads).

import { printedTree } from "../lib/printing.js";

/** Print the whole tree after `treeContainer`, as `picture()` draws it (null: no tree yet). */
export function printWholeTree(treeContainer, picture) {
  printedTree(treeContainer, (figure) => {
    const svg = picture();
    if (svg) figure.replaceChildren(svg);
  });
}
