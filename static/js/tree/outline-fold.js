// tree/outline-fold.js: which rows the outline lists at a step, as a pure rule (no DOM).
//
// A tree of up to OUTLINE_WHOLE_NODES nodes is listed whole: one row per node. A bigger one
// folds, as the picture does (tree/fold.js, the same degree-of-interest rule): the path from
// the root to the current node is always open, and the principal variation once the search
// is over; the folded subtrees nearest the current node are opened while the list stays
// within OUTLINE_ROW_BUDGET rows; every other subtree is one collapsed row (aria-expanded
// false) that a tap or → opens. Thousands of rows on a phone cost seconds of layout and
// tens of thousands of elements; a few hundred read the same and scroll at once.
//
// The reader's own choices win: `open` rows stay open (and listed: their ancestors open too)
// and `folded` rows stay folded, except the rows on the path to the current node, which are
// never folded (the current row is always listed).

import { foldTree } from "./fold.js";

/** Trees of up to this many nodes are listed whole, one row per node. */
export const OUTLINE_WHOLE_NODES = 600;
/** A bigger tree's outline opens subtrees near the current node while it stays within this
 * many rows (the path to the current node and its siblings are listed whatever it costs). */
export const OUTLINE_ROW_BUDGET = 160;

/**
 * The rows listed at state `s`: `{ids, collapsed, whole}`. `ids`: node ids in preorder (the
 * list's order); `collapsed`: the listed ids with children that are not listed; `whole`:
 * every node is listed (no row can be folded). `open`/`folded`: the reader's choices (Sets of
 * ids); `final`: the search is over (the principal variation stays open); `wholeNodes`,
 * `budget`: the limits (OUTLINE_WHOLE_NODES, OUTLINE_ROW_BUDGET).
 */
export function outlineFold(
  trace,
  s,
  { open = new Set(), folded = new Set(), final = false, wholeNodes = OUTLINE_WHOLE_NODES, budget = OUTLINE_ROW_BUDGET } = {}
) {
  const n = trace.size;
  if (n <= wholeNodes) {
    return { ids: Array.from({ length: n }, (_, id) => id), collapsed: new Set(), whole: true };
  }
  const onPath = new Set();
  for (let i = s.current >= 0 ? s.current : 0; i >= 0; i = trace.parent[i]) onPath.add(i);
  const foldable = new Set([...folded].filter((id) => !onPath.has(id)));
  // A row the reader opened is listed: its ancestors are open too (unless they folded one).
  const opened = new Set();
  for (const id of open) for (let i = id; i >= 0 && !opened.has(i); i = trace.parent[i]) opened.add(i);
  const { ids, root } = foldTree(trace, s, {
    budget,
    maxSiblings: Infinity, // a row per child: the outline scrolls down, never sideways
    open: opened,
    folded: foldable,
    final,
  });
  const collapsed = new Set();
  const stack = root ? [root] : [];
  while (stack.length) {
    const item = stack.pop();
    if (item.folded) collapsed.add(item.id);
    if (item.children) stack.push(...item.children);
  }
  return { ids, collapsed, whole: false };
}

/** How many nodes lie below each node (its descendants), for every node. */
export function descendantCounts(trace) {
  const counts = new Int32Array(trace.size);
  // Ids are in preorder: a child's id is above its parent's, so one backward pass adds up.
  for (let id = trace.size - 1; id > 0; id--) counts[trace.parent[id]] += counts[id] + 1;
  return counts;
}

/**
 * What a key does on row `id` of the listed rows (WAI-ARIA tree): `{to}` the row to move
 * to, `{open}` a collapsed row to open, `{fold}` an open row to fold, or null for a key the
 * outline leaves alone. ↓ ↑ the next and previous listed row; → opens a collapsed row, else
 * moves to its first child; ← folds an open row (never on a whole list, or the path to the
 * current node), else moves to the parent; Home and End the first and last listed row.
 * `rows`: outlineFold's answer; `index`: listed id → its place in rows.ids; `onPath`: ids on
 * the path to the current node.
 */
export function outlineKey(key, id, trace, rows, index, onPath) {
  const place = index.get(id);
  const last = rows.ids.length - 1;
  switch (key) {
    case "ArrowDown":
      return { to: rows.ids[Math.min(last, place + 1)] };
    case "ArrowUp":
      return { to: rows.ids[Math.max(0, place - 1)] };
    case "ArrowRight":
      if (rows.collapsed.has(id)) return { open: id };
      return { to: trace.children[id].length ? trace.children[id][0] : id };
    case "ArrowLeft":
      if (!rows.whole && trace.children[id].length && !rows.collapsed.has(id) && !onPath.has(id)) return { fold: id };
      return { to: trace.parent[id] >= 0 ? trace.parent[id] : id };
    case "Home":
      return { to: rows.ids[0] };
    case "End":
      return { to: rows.ids[last] };
    default:
      return null;
  }
}
