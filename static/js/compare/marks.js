// compare/marks.js: the compare page's marks on a TreeView's drawn nodes, set from outside
// the view after each of its renders (it re-creates a node's <g> when a fold changes what is
// drawn, so the marks are applied again every time; see pane.js).
//
// - A node one search reaches and the other does not: data-differs="only-left" or
//   "only-right" on its g.node[data-path], a dashed square around it (a shape no other mark
//   uses, so not colour alone) and, on its treeitem, an aria-description that says so.
// - A folded node (class "collapsed") with such nodes inside: data-differs-inside="N", the
//   same square dotted, and an aria-description that says how many.
// - The node the other search is at, when it is not this one's: data-other-here="true" and
//   a dotted ring (the cursor's solid ring marks this search's own node).

import { R, SVG_NS } from "../tree/shapes.js";

const SQUARE_HALF = { leaf: R + 4, inner: R + 9 }; // clears the square leaf / the triangles
const OTHER_RING_R = R + 9; // the cursor's size: the other search's cursor, dotted

function svg(name, className) {
  const el = document.createElementNS(SVG_NS, name);
  el.setAttribute("class", className);
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** Set attribute `name` of `el` to `value`, or remove it (null), touching only changes. */
function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

/**
 * Give `g` (a g.node) the differs mark `kind` ("only-left" | "only-right" | null) and
 * `inside`, how many such nodes a folded `g` hides (0 when it is not folded).
 */
function markDiffers(g, kind, inside, description) {
  const item = g.querySelector(".item");
  let square = g.querySelector(":scope > .differs-mark");
  setAttr(g, "data-differs", kind);
  setAttr(g, "data-differs-inside", inside ? String(inside) : null);
  if (item) setAttr(item, "aria-description", kind || inside ? description : null);
  if (!kind && !inside) {
    if (square) square.remove();
    return;
  }
  if (square) square.classList.toggle("inside", !kind);
  else {
    const half = g.classList.contains("terminal") ? SQUARE_HALF.leaf : SQUARE_HALF.inner;
    square = svg("rect", "differs-mark");
    square.setAttribute("x", String(-half));
    square.setAttribute("y", String(-half));
    square.setAttribute("width", String(2 * half));
    square.setAttribute("height", String(2 * half));
    square.setAttribute("rx", "5");
    if (!kind) square.classList.add("inside");
    g.appendChild(square);
  }
}

/** Mark `g` as where the other search is now (or not). */
function markOther(g, here) {
  let ring = g.querySelector(":scope > .other-here");
  if (!here) {
    if (g.hasAttribute("data-other-here")) g.removeAttribute("data-other-here");
    if (ring) ring.remove();
    return;
  }
  g.setAttribute("data-other-here", "true");
  if (!ring) {
    ring = svg("circle", "other-here");
    ring.setAttribute("r", String(OTHER_RING_R));
    g.appendChild(ring);
  }
}

/**
 * Mark the nodes drawn in `container`: `differs` (path → "only-left" | "only-right"),
 * `inside(path)` how many of those a node's subtree holds below it, `describe(kind, inside)`
 * the sentence a screen reader hears on a marked node, `otherAt` the path of the node the
 * other search is at (null: none, or the same node as this search).
 */
export function markNodes(container, { differs, inside, describe, otherAt }) {
  for (const g of container.querySelectorAll("g.node[data-path]")) {
    const path = g.getAttribute("data-path");
    const kind = differs.get(path) || null;
    const hidden = g.classList.contains("collapsed") ? inside(path) : 0;
    markDiffers(g, kind, hidden, kind || hidden ? describe(kind, hidden) : "");
    markOther(g, path === otherAt);
  }
}
