// trace/window-events.js: decodes the events of the windowed searches (docs/protocol.md
// "Trace events"): a pass over the root (aspiration search) and PVS's re-search of a child
// whose null-window test failed high. trace.js decodes the classic kinds and asks here for
// these, and clears a re-entered node's old cutoffs; DOM-free.

import { PRUNED, UNVISITED } from "./trace.js";

/** A wire array of one of these kinds as the object the panels read (named fields). */
export function decodeWindowEvent(wire) {
  const type = wire[0];
  switch (type) {
    case "pass": // names no node: its number, window and why (trace.js makes the root its node)
      return { type, number: wire[1], alpha: wire[2], beta: wire[3], why: wire[4] };
    case "research":
      return { type, alpha: wire[2], beta: wire[3] };
    default:
      throw new Error(`unknown event type ${type}`);
  }
}

/** Node i is entered again (a later pass, a re-search) in state `s`: its old cutoffs no
 * longer hold, so what they pruned in its subtree (`size` nodes from i) is unsearched again;
 * values found earlier stay readable until searched again. */
export function searchAnew(s, i, size) {
  const end = i + size;
  s.cut.fill(-1, i, end);
  for (let r = i + 1; r < end; r++) {
    s.prunedBy[r] = -1;
    if (s.state[r] === PRUNED) {
      s.state[r] = UNVISITED;
      s.pruned--;
    }
  }
}
