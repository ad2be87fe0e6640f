// tree/outline.js: the tree as an indented outline, as pure functions (no DOM). A panel too
// narrow for the node-link picture with its values at 12 CSS px shows the tree as a file
// tree instead: one row per node, in preorder, indented by depth, so a phone scrolls down and
// never sideways (README.md, "Phones"). A row says what the drawn node
// says: its name (lib/names.js), kind, value at this step, α/β window, state (current, on
// the path, pruned, not yet reached), and for a pruned node the cutoff that pruned
// it ("β-cutoff at C"); a node where a cutoff fired says its test ("α-cutoff: v=2 ≤ α=3").
// Its text is its accessible name; the tree's sentence for the node (tree/aria.js nodeLabel)
// describes it. tree/outline-view.js draws
// the rows and decides, with `needsOutline`, when the outline replaces the picture.

import { _ } from "../lib/i18n.js";
import { fmt, fmtShort, KIND_NAMES, relationSymbol } from "../lib/format.js";
import { ACTIVE, PRUNED, STATE_NAMES, UNVISITED, VISITED } from "../trace/trace.js";
import { nodeLabel } from "./aria.js";

/** Only on a page (window, or an embed's frame) narrower than this does the outline come by
 * itself: a phone; wider pages fit, fold and pan, and their readers can pick the outline. */
export const NARROW_PAGE_PX = 600;
/** Trees beyond this many nodes are not outlined (one DOM row per node). */
export const OUTLINE_MAX_NODES = 5000;

/** How many leaves (nodes without children) the tree has. */
export function leafCount(trace) {
  let leaves = 0;
  for (let i = 0; i < trace.size; i++) if (trace.children[i].length === 0) leaves++;
  return leaves;
}

/**
 * Whether the outline should replace the node-link picture: the page is narrow (below
 * NARROW_PAGE_PX) and `leaves` side by side, `spacingPx` apart (the least the picture needs
 * with its values at 12 px: TreeView.leafSpacingPx), are wider than the tree's panel.
 */
export function needsOutline(leaves, spacingPx, panelWidthPx, pageWidthPx) {
  return pageWidthPx < NARROW_PAGE_PX && leaves * spacingPx > panelWidthPx;
}

/**
 * What never changes in a node's row, for every node in preorder: `{id, path, depth,
 * setSize, position, name, kind, kindText}`. kind: "max" | "min" | "chance" | "leaf" (the
 * tree's shapes); path: the dotted path (data-path); setSize/position: among its siblings.
 */
export function outlineSkeleton(trace, names) {
  const rows = new Array(trace.size);
  for (let id = 0; id < trace.size; id++) {
    const parent = trace.parent[id];
    const siblings = parent >= 0 ? trace.children[parent] : [id];
    const row = trace.nodes[id];
    const kind = row.terminal ? "leaf" : row.kind;
    rows[id] = {
      id,
      path: trace.keys[id],
      depth: trace.depth[id],
      setSize: siblings.length,
      position: siblings.indexOf(id) + 1,
      name: names[id],
      kind,
      kindText: kind === "leaf" ? "leaf" : KIND_NAMES[kind] || kind,
    };
  }
  return rows;
}

/** The node whose cutoff pruned `id` (the nearest pruned ancestor's cutter), or -1. */
function prunedByOf(trace, s, id) {
  for (let i = id; i >= 0 && s.state[i] === PRUNED; i = trace.parent[i]) {
    if (s.prunedBy[i] >= 0) return s.prunedBy[i];
  }
  return -1;
}

/** "α" or "β": the bound a cutoff event tested. */
function boundSymbol(event) {
  return event.kind === "alpha" ? "α" : "β";
}

/** The value a node shows at state `s` (as the tree draws it): "" when it has none yet. */
function valueText(trace, s, id) {
  const row = trace.nodes[id];
  const state = s.state[id];
  if (row.terminal) {
    if (s.done[id]) return fmtShort(s.value[id]);
    return row.value !== undefined ? fmtShort(row.value) : "";
  }
  if (state === ACTIVE) return Number.isNaN(s.value[id]) ? "?" : fmtShort(s.value[id]);
  if (state === VISITED && s.done[id]) return fmtShort(s.value[id]);
  return "";
}

/** Node `id`'s α/β window at state `s` ("α=3 β=∞"), as the tree writes it under a node. */
function windowText(trace, s, id) {
  const state = s.state[id];
  if (trace.nodes[id].terminal || (state !== ACTIVE && state !== VISITED)) return "";
  if (Number.isNaN(s.alpha[id]) || Number.isNaN(s.beta[id])) return "";
  return `α=${fmt(s.alpha[id])} β=${fmt(s.beta[id])}`;
}

/** What the row says of the node's place in the search. */
function statusText(s, id, onPath) {
  const state = s.state[id];
  if (id === s.current) return _("current");
  if (state === PRUNED) return _("pruned");
  if (state === UNVISITED) return _("not yet reached");
  if (onPath) return _("on the path");
  return state === ACTIVE ? _("being searched") : ""; // searched: its filled shape and value say so
}

/** The cutoff note: what pruned a pruned node, or the test that fired at this one. */
function cutoffNote(trace, s, id, names) {
  if (s.state[id] === PRUNED) {
    const by = prunedByOf(trace, s, id);
    if (by < 0 || s.cut[by] < 0) return "pruned";
    return `${boundSymbol(trace.events[s.cut[by]])}-cutoff at ${names[by]}`;
  }
  const k = s.cut[id];
  if (k < 0) return "";
  const event = trace.events[k];
  const symbol = boundSymbol(event);
  const test = `v=${fmt(event.value)} ${relationSymbol(event.relation)} ${symbol}=${fmt(event.bound)}`;
  return `${symbol}-cutoff: ${test}${trace.prunedIds[k].length ? "" : " (last child)"}`;
}

/** Ids on the path from the root to the current node (the current node included). */
export function pathToCurrent(trace, s) {
  const path = new Set();
  for (let i = s.current; i >= 0; i = trace.parent[i]) path.add(i);
  return path;
}

/**
 * What node `id`'s row shows at state `s`: `{state, current, onPath, pv, value, window,
 * status, note, label}`. state: the tree's data-state ("unvisited" | "active" | "visited" |
 * "pruned"); onPath: the node is on the path to the current node (`path`, pathToCurrent);
 * pv: on the principal variation (`pv`, a Set, once the search is over); label: the
 * accessible name the tree gives the node.
 */
export function outlineRow(trace, s, id, { names, levels, path, pv = null }) {
  const onPath = path.has(id) && id !== s.current;
  return {
    state: STATE_NAMES[s.state[id]],
    current: id === s.current,
    onPath,
    pv: !!(pv && pv.has(id)),
    value: valueText(trace, s, id),
    window: windowText(trace, s, id),
    status: statusText(s, id, onPath),
    note: cutoffNote(trace, s, id, names),
    label: nodeLabel(trace, s, id, names, levels),
  };
}

/**
 * Every row at state `s`, in preorder: the skeleton's fields with outlineRow's. `final`: the
 * search is over (the principal variation is marked, the root included).
 */
export function outlineRows(trace, s, { names, levels, final = false }) {
  const skeleton = outlineSkeleton(trace, names);
  const path = pathToCurrent(trace, s);
  const pv = final && s.done[0] ? new Set([0, ...trace.principalVariation(s)]) : null;
  return skeleton.map((row) => ({ ...row, ...outlineRow(trace, s, row.id, { names, levels, path, pv }) }));
}
