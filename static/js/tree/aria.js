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

import { KIND_NAMES, fmt, kindName } from "../lib/format.js";
import { _, formatNumber, pgettext } from "../lib/i18n.js";
import { spokenName } from "../lib/names.js";
import { ACTIVE, PRUNED, UNVISITED } from "../trace/trace.js";

const DEEP_LEVEL = 6; // below this many levels, the name says its level

// "cut off after its first child": the ordinal as the page's language puts it there.
const ORDINALS = () => [
  pgettext("after its … child", "first"),
  pgettext("after its … child", "second"),
  pgettext("after its … child", "third"),
  pgettext("after its … child", "fourth"),
  pgettext("after its … child", "fifth"),
  pgettext("after its … child", "sixth"),
  pgettext("after its … child", "seventh"),
  pgettext("after its … child", "eighth"),
  pgettext("after its … child", "ninth"),
];

function ordinal(n) {
  const words = ORDINALS();
  return n <= words.length ? words[n - 1] : pgettext("after its … child", "{n}th", { n });
}

/** What the node is: "leaf E", "MIN node C", "MIN node D (Ghost 1)". */
function what(trace, id, names, level) {
  const row = trace.nodes[id];
  const name = spokenName(names[id]);
  if (row.terminal) return _("leaf {node}", { node: name });
  const values = { kind: kindName(row.kind), node: name, agent: level && level.name };
  if (level && level.agent >= 0 && level.name !== KIND_NAMES[row.kind]) return _("{kind} node {node} ({agent})", values);
  return pgettext("accessible name", "{kind} node {node}", values);
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
  if (row.terminal && row.value !== undefined) parts.push(_("value {value}", { value: fmt(row.value) }));
  else if (!row.terminal && (s.done[id] || state === ACTIVE) && !Number.isNaN(value)) {
    parts.push(s.done[id] ? _("value {value}", { value: fmt(value) }) : _("value so far {value}", { value: fmt(value) }));
  }
  if (!row.terminal && state !== UNVISITED && state !== PRUNED && !Number.isNaN(s.alpha[id])) {
    parts.push(`α ${fmt(s.alpha[id])}, β ${fmt(s.beta[id])}`);
  }
  if (state === PRUNED) parts.push(row.terminal ? _("pruned, never evaluated") : _("pruned"));
  if (row.unexpanded && state === PRUNED) {
    parts.push(_("{count} positions below it never generated", { count: formatNumber(row.unexpanded) }));
  } else if (state === UNVISITED) parts.push(_("not yet searched"));
  else if (state === ACTIVE) parts.push(_("being searched"));
  if (s.cut[id] >= 0) {
    const searched = trace.children[id].filter((c) => s.done[c] && s.state[c] !== PRUNED).length;
    const pruned = trace.prunedIds[s.cut[id]].length;
    parts.push(pruned ? _("cut off after its {ordinal} child", { ordinal: ordinal(searched) }) : _("cutoff test fired at its last child"));
  }
  if (s.entries && s.entries[id] > 1) parts.push(_("searched {count} times", { count: s.entries[id] }));
  if (folded) parts.push(_("folded: {summary}", { summary: folded.filter(Boolean).join(", ") }));
  if (trace.depth[id] >= DEEP_LEVEL) parts.push(_("level {level}", { level: trace.depth[id] + 1 }));
  return _("{node}: {details}", {
    node: what(trace, id, names, levels[trace.depth[id]]),
    details: parts.join(pgettext("list separator", ", ")),
  });
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
