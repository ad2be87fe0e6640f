// trace/pass-events.js: decodes the events of the searches beyond alpha-beta (docs/protocol.md
// "Trace events"): a pass over the root (aspiration search, MTD(f), SSS*), PVS's re-search of
// a child whose null-window test failed high, the transposition table's hits and stores, and
// Star1/Star2's cutoff at a chance node. trace.js decodes the classic kinds and
// asks here for these, and for what a node entered again in a later pass resets; DOM-free.

/** A wire array of one of these kinds as the object the panels read (named fields). */
export function decodePassEvent(wire) {
  const type = wire[0];
  switch (type) {
    case "pass": // names no node: its number, window and why (trace.js makes the root its node)
      return { type, number: wire[1], alpha: wire[2], beta: wire[3], why: wire[4] };
    case "research":
      return { type, alpha: wire[2], beta: wire[3] };
    case "tt":
      return { type, action: wire[2], lower: wire[3], upper: wire[4] };
    case "chance_cutoff": {
      const kind = wire[3] === "<=" ? "alpha" : "beta";
      return { type, kind, value: wire[2], relation: wire[3], bound: wire[4] };
    }
    default:
      throw new Error(`unknown event type ${type}`);
  }
}

/** `id` if it is a node below `node` in `trace` (a Star2 cut skips grandchildren too). */
export function checkBelow(trace, id, node) {
  if (!Number.isInteger(id) || id <= node || id >= node + trace.subtree[node]) {
    throw new Error(`chance_cutoff event: ${JSON.stringify(id)} is not a node below node ${node}`);
  }
  return id;
}

/** Node `i` is entered or evaluated (again, in a later pass): count it, and clear what an
 * earlier pass marked on it (its cutoff, its being pruned, its children's strikes), so the
 * picture shows the current pass; its table bounds stay until the next store. */
export function searchAnew(trace, s, i) {
  s.entries[i]++;
  if (s.entries[i] === 1) return;
  s.done[i] = 0;
  s.cut[i] = -1;
  s.prunedBy[i] = -1;
  for (const child of trace.children[i]) s.prunedBy[child] = -1;
}
