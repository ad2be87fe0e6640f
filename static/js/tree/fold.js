// tree/fold.js: which nodes the tree view draws at a step (focus and context), as a pure rule.
//
// A big tree cannot be drawn whole at a readable size, so the view shows a degree-of-interest
// cut of it: the path from the root to the node the step is about (the focus) is always open,
// and so is the principal variation once the search is over; every open node shows its
// children. Other subtrees are folded into one summary node each, and the ones nearest the
// focus (by tree distance, breadth first) are opened while the drawing stays within `budget`
// leaf slots. An open node with more than `maxSiblings` children shows a window of them
// around the child on the path (or the one being searched) and "… N more" placeholders for
// the rest. User choices win: `open` nodes are opened, `folded` ones stay folded, `all`
// opens everything (small trees only). Nothing here touches the DOM.

import { ACTIVE } from "../trace/trace.js";

/**
 * The drawn tree at state `s`: `{root, ids, placeholders}`. `root` is a nested item
 * `{id, children, folded, leaf}` (children: items, or null when the node is drawn without
 * them; folded: it has children that are not drawn; leaf: it has none); a placeholder item is `{id: -1, parent, hidden,
 * side}` standing for the `hidden` child ids on one `side` ("before"/"after") of a window.
 * `ids` lists the node ids drawn, in preorder.
 */
export function foldTree(trace, s, { budget = 24, maxSiblings = 12, all = false, open, folded, pinned, final = false } = {}) {
  const { children, parent } = trace;
  if (all) maxSiblings = Infinity; // every child of every node
  open = open || new Set();
  folded = folded || new Set();
  pinned = pinned || new Set();
  const focus = s.current >= 0 ? s.current : 0;
  const keep = new Set();
  for (let i = focus; i >= 0; i = parent[i]) keep.add(i);
  if (final) {
    for (const id of trace.principalVariation(s)) for (let i = id; i >= 0; i = parent[i]) keep.add(i);
  }
  for (const id of pinned) for (let i = parent[id]; i >= 0; i = parent[i]) keep.add(i);

  const opened = new Set();
  const isOpen = (id) => children[id].length > 0 && !folded.has(id) && (all || keep.has(id) || open.has(id) || opened.has(id));

  if (!all) {
    // Slots the base cut takes (each drawn node without drawn children is one or two).
    const windowFor = (id) => windowOf(trace, s, id, keep, pinned, maxSiblings);
    let slots = countSlots(0, isOpen, windowFor, children);
    // Open the folded nodes nearest the focus while the drawing fits the budget.
    const seen = new Set([focus]);
    const queue = [focus];
    const visit = (id) => {
      if (id >= 0 && !seen.has(id)) {
        seen.add(id);
        queue.push(id);
      }
    };
    for (let head = 0; head < queue.length; head++) {
      const id = queue[head];
      if (!isOpen(id) && children[id].length > 0 && !folded.has(id)) {
        opened.add(id);
        const extra = countSlots(id, isOpen, windowFor, children) - WIDE;
        if (slots + extra <= budget) slots += extra;
        else opened.delete(id);
      }
      if (isOpen(id)) for (const child of windowFor(id).shown) visit(child);
      visit(parent[id]);
    }
  }

  const ids = [];
  const placeholders = [];
  const build = (id) => {
    ids.push(id);
    if (!isOpen(id)) {
      return { id, children: null, folded: children[id].length > 0, leaf: children[id].length === 0 };
    }
    const { shown, before, after } = windowOf(trace, s, id, keep, pinned, maxSiblings);
    const items = shown.map(build);
    if (before.length) {
      const item = { id: -1, parent: id, hidden: before, side: "before", children: null };
      items.unshift(item);
      placeholders.push(item);
    }
    if (after.length) {
      const item = { id: -1, parent: id, hidden: after, side: "after", children: null };
      items.push(item);
      placeholders.push(item);
    }
    return { id, children: items, folded: false, leaf: false };
  };
  const root = trace.size ? build(0) : null;
  return { root, ids, placeholders };
}

/** Slots an item takes across: a folded node or a placeholder needs room for its summary. */
const WIDE = 2.5;

/** Leaf slots of the cut below `top`: drawn nodes without drawn children, and placeholders. */
function countSlots(top, isOpen, windowFor, children) {
  let slots = 0;
  const stack = [top];
  while (stack.length) {
    const id = stack.pop();
    if (!isOpen(id)) {
      slots += children[id].length ? WIDE : 1;
      continue;
    }
    const { shown, before, after } = windowFor(id);
    slots += (before.length ? WIDE : 0) + (after.length ? WIDE : 0);
    for (const child of shown) stack.push(child);
  }
  return slots;
}

/**
 * The children of `id` that are drawn (`shown`, in table order) and the ones left to the
 * placeholders before and after them. The window centres on the child on the kept path (or a
 * pinned one), else on the child being searched, else on the last finished one.
 */
function windowOf(trace, s, id, keep, pinned, maxSiblings) {
  const kids = trace.children[id];
  const most = Math.max(3, maxSiblings);
  if (kids.length <= most) return { shown: kids, before: [], after: [] };
  let anchor = kids.findIndex((c) => keep.has(c) || pinned.has(c));
  if (anchor < 0) anchor = kids.findIndex((c) => s.state[c] === ACTIVE);
  if (anchor < 0) {
    for (let j = kids.length - 1; j >= 0; j--) {
      if (s.done[kids[j]]) {
        anchor = j;
        break;
      }
    }
  }
  if (anchor < 0) anchor = 0;
  // `most` slots: one placeholder when the anchor is near an end, else one on each side.
  const k = kids.length;
  let start;
  let end;
  if (anchor < most - 1) [start, end] = [0, most - 1];
  else if (anchor >= k - (most - 1)) [start, end] = [k - (most - 1), k];
  else {
    start = anchor - Math.floor((most - 2) / 2);
    end = start + most - 2;
  }
  return { shown: kids.slice(start, end), before: kids.slice(0, start), after: kids.slice(end) };
}
