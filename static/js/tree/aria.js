// tree/aria.js: the tree as assistive technology reads it, as pure functions. Each drawn node
// is an ARIA treeitem (WAI-ARIA APG tree view, "declared properties" variant: the DOM is
// flat, so level, set size and position are declared). Its accessible name says what the
// narration would: name, kind, value, window and state ("MIN node C: value 2, α 3, β 2, cut
// off after its first child"); a pruned leaf keeps its value ("leaf I: value 4, pruned, never
// evaluated"), a node deeper than DEEP_LEVEL says its level in words ("…, level 7": screen
// readers seldom announce aria-level), and a game's move names are spoken as words ("O to 6",
// "Pacman west") while the symbols stay on screen (lib/names.js spokenName). `nextFocus` maps a key to the node to focus, for a tree drawn
// top-down: ↓ opens a folded node or goes to its first child, ↑ folds an open node or goes to
// its parent, ← → go to the previous and next sibling, Home and End to the root and to the
// last node drawn.

import { KIND_NAMES, fmt } from "../lib/format.js";
import { spokenName } from "../lib/names.js";
import { ACTIVE, PRUNED, UNVISITED } from "../trace/trace.js";

const DEEP_LEVEL = 6; // below this many levels, the name says its level

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];

function ordinal(n) {
  return n <= ORDINALS.length ? ORDINALS[n - 1] : `${n}th`;
}

/** What the node is: "leaf E", "MIN node C", "MIN node D (Ghost 1)". */
function what(trace, id, names, level) {
  const row = trace.nodes[id];
  const name = spokenName(names[id]);
  if (row.terminal) return `leaf ${name}`;
  const kind = `${KIND_NAMES[row.kind] || row.kind} node ${name}`;
  const agent = level && level.agent >= 0 && level.name !== KIND_NAMES[row.kind] ? ` (${level.name})` : "";
  return kind + agent;
}

/**
 * The accessible name of node `id` at state `s`: "MIN node C: value 2, α 3, β 2, cut off after
 * its first child". `folded`: the summary lines of a folded node (tree/nodes.js foldSummary).
 */
export function nodeLabel(trace, s, id, names, levels, folded = null) {
  const row = trace.nodes[id];
  const parts = [];
  const state = s.state[id];
  const value = s.value[id];
  if (row.terminal && row.value !== undefined) parts.push(`value ${fmt(row.value)}`);
  else if (!row.terminal && (s.done[id] || state === ACTIVE) && !Number.isNaN(value)) {
    parts.push(`${s.done[id] ? "value" : "value so far"} ${fmt(value)}`);
  }
  if (!row.terminal && state !== UNVISITED && state !== PRUNED && !Number.isNaN(s.alpha[id])) {
    parts.push(`α ${fmt(s.alpha[id])}, β ${fmt(s.beta[id])}`);
  }
  if (state === PRUNED) parts.push(row.terminal ? "pruned, never evaluated" : "pruned");
  if (row.unexpanded && state === PRUNED) {
    parts.push(`${row.unexpanded.toLocaleString("en")} positions below it never generated`);
  } else if (state === UNVISITED) parts.push("not yet searched");
  else if (state === ACTIVE) parts.push("being searched");
  if (s.cut[id] >= 0) {
    const searched = trace.children[id].filter((c) => s.done[c] && s.state[c] !== PRUNED).length;
    const pruned = trace.prunedIds[s.cut[id]].length;
    parts.push(pruned ? `cut off after its ${ordinal(searched)} child` : `cutoff test fired at its last child`);
  }
  if (s.entries && s.entries[id] > 1) parts.push(`searched ${s.entries[id]} times`);
  if (folded) parts.push(`folded: ${folded.filter(Boolean).join(", ")}`);
  if (trace.depth[id] >= DEEP_LEVEL) parts.push(`level ${trace.depth[id] + 1}`);
  return `${what(trace, id, names, levels[trace.depth[id]])}: ${parts.join(", ")}`;
}

/**
 * The node to focus after `key` on node `id`, and whether to open or fold it instead:
 * `{focus}` | `{open: id}` | `{fold: id}` | null for keys the tree does not handle.
 * `isOpen(id)`: its children are drawn; `last`: the last node drawn (End).
 */
export function nextFocus(trace, id, key, isOpen, last) {
  const parent = trace.parent[id];
  const siblings = parent >= 0 ? trace.children[parent] : [id];
  const at = siblings.indexOf(id);
  const hasChildren = trace.children[id].length > 0;
  switch (key) {
    case "ArrowDown":
      if (!hasChildren) return { focus: id };
      return isOpen(id) ? { focus: trace.children[id][0] } : { open: id };
    case "ArrowUp":
      if (hasChildren && isOpen(id) && id !== 0) return { fold: id };
      return { focus: parent >= 0 ? parent : id };
    case "ArrowLeft":
      return { focus: at > 0 ? siblings[at - 1] : id };
    case "ArrowRight":
      return { focus: at < siblings.length - 1 ? siblings[at + 1] : id };
    case "Home":
      return { focus: 0 };
    case "End":
      return { focus: last };
    default:
      return null;
  }
}
