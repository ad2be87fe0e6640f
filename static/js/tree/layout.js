// tree/layout.js: where the drawn nodes go. d3.tree places the cut that tree/fold.js chose,
// with room for what each node shows beside and under it; pure, no DOM.

/* global d3 */

export const DX = 48; // horizontal spacing of siblings (tree units)
export const DY = 116; // vertical spacing of levels (room for a window and a 3-line summary)

/**
 * Half the width (px) of what is drawn at a node: a leaf and its name; an inner node's window
 * text ("α=−14 β=−19"); a folded node's summary; a "… N more" box.
 */
function halfWidth(d) {
  if (d.data.id < 0) return 34;
  if (d.data.folded) return 56;
  return d.children || !d.data.leaf ? 44 : 20;
}

/** d3.tree's gap between neighbours, in sibling spacings: room for both, cousins further. */
function separation(a, b) {
  const room = (halfWidth(a) + halfWidth(b) + 8) / DX;
  return Math.max(a.parent === b.parent ? 1 : 1.35, room);
}

/** The cut's items as d3 hierarchy nodes with x, y (tree units), in preorder. */
export function layoutCut(cut) {
  const root = d3.hierarchy(cut.root, (item) => item.children);
  d3.tree().nodeSize([DX, DY]).separation(separation)(root);
  return root.descendants();
}
