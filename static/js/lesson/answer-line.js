// lesson/answer-line.js: the one-line answer a handout's key gives for a question slide,
// "pruned: I, J · root 3 · best move B", in the names the pictures print (lib/names.js), so
// a teacher marks a sheet by reading one line. Pure (no DOM): a trace and a state in, text out.
//
// "pruned" names each pruned subtree by its root (a crossed-out inner node stands for all its
// leaves), in the node table's order, up to PRUNED_NAMES names (", … and 12 more"); "none" when
// nothing was pruned. "root" is the root's value, "best move" the root's chosen child; either
// is left out while the search has not given it (a key at a step before the end).

import { fmt } from "../lib/format.js";
import { nodeNames } from "../lib/names.js";
import { PRUNED } from "../trace/trace.js";

export const PRUNED_NAMES = 12; // names listed before "… and N more"

/** The ids of the pruned subtrees' roots at state `s` (a pruned node whose parent is not). */
export function prunedRoots(trace, s) {
  const roots = [];
  for (let id = 1; id < trace.size; id++) {
    if (s.state[id] === PRUNED && s.state[trace.parent[id]] !== PRUNED) roots.push(id);
  }
  return roots;
}

/** "I, J", or "I, J, … and 3 more" past PRUNED_NAMES names; "none" for no ids. */
function listed(ids, names) {
  if (!ids.length) return "none";
  const shown = ids.slice(0, PRUNED_NAMES).map((id) => names[id]);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(", ")}, … and ${more} more` : shown.join(", ");
}

/** "pruned: I, J · root 3 · best move B" for `trace` at state `s`. */
export function answerLine(trace, s, names = nodeNames(trace)) {
  const parts = [`pruned: ${listed(prunedRoots(trace, s), names)}`];
  if (trace.size > 0 && s.done[0] && !Number.isNaN(s.value[0])) parts.push(`root ${fmt(s.value[0])}`);
  const best = trace.size > 0 && s.done[0] ? s.best[0] : -1;
  if (best >= 0) parts.push(`best move ${names[best]}`);
  return parts.join(" · ");
}
