// trace/stepping.js: "step over" and "step out" on a trace, for big trees (player.js binds them to
// buttons and to ↓ / ↑). Pure functions of (trace, k); steps are numbered as in trace.js
// (step k shows events[0..k-1]), and "next child" always means next in the search's order,
// which move ordering may make differ from the node table's.
//
// - The current node at step k ≥ 1 is the node of the event that produced step k
//   (trace.nodeOf[k-1]: an update, a cutoff or an exit belongs to the node that is updated,
//   cuts off or returns). At step 0 it is the root, not yet entered.
// - A node is finished at the step of its `exit` event; a leaf (or a node scored at the
//   depth limit) at the step of its `leaf` event.
// - Step over from k: the step at which the current node is finished. If it is already
//   finished at k (the event at k was its exit or its leaf evaluation), the step at which
//   the node current at step k + 1 is finished. From step 0: the root's exit (the end).
// - Step out from k: with X the current node and P its parent, the first step after X is
//   finished whose event is an `enter` or `leaf` of another child of P (P's next child in
//   search order), a `cutoff` at P, or P's `exit`, whichever comes first. If X is the root
//   (and from step 0): the root's exit, the last step.
// Both give -1 when that step is not after k or has not streamed in yet (never a wrong
// target: a later event cannot change an answer already given).
//
// What they need is built once per trace, in O(events), and extended as events stream in:
// a WeakMap keyed by the trace holds per node its finishing step and the step its parent
// moves on after it, so each call is O(1) after the first on a 100,000-event trace.

const INDEX = new WeakMap(); // trace → {finished, movesOn, pending, upTo}

/** The per-node steps for the events loaded so far (extended incrementally). */
function indexOf(trace) {
  let index = INDEX.get(trace);
  if (!index || index.finished.length !== trace.size) {
    index = {
      finished: new Int32Array(trace.size).fill(-1), // node → step it is finished (exit/leaf)
      movesOn: new Int32Array(trace.size).fill(-1), // node → its step-out target (non-root)
      pending: new Int32Array(trace.size).fill(-1), // parent → its finished child awaiting one
      upTo: 0, // events indexed
    };
    INDEX.set(trace, index);
  }
  const { finished, movesOn, pending } = index;
  const n = trace.length;
  // Event j produces step j + 1. An event "in P's frame" (a child's enter/leaf, a cutoff at
  // P, P's exit) is where P moves on after its last finished child.
  const movesOnAt = (parent, step) => {
    if (parent >= 0 && pending[parent] >= 0) {
      movesOn[pending[parent]] = step;
      pending[parent] = -1;
    }
  };
  for (let j = index.upTo; j < n; j++) {
    const node = trace.nodeOf[j];
    const type = trace.events[j].type;
    const step = j + 1;
    if (type === "enter") {
      movesOnAt(trace.parent[node], step);
    } else if (type === "leaf") {
      movesOnAt(trace.parent[node], step);
      finished[node] = step;
      if (trace.parent[node] >= 0) pending[trace.parent[node]] = node;
    } else if (type === "cutoff") {
      movesOnAt(node, step);
    } else if (type === "exit") {
      movesOnAt(node, step);
      finished[node] = step;
      if (trace.parent[node] >= 0) pending[trace.parent[node]] = node;
    }
  }
  index.upTo = n;
  return index;
}

/** The node current at step k (k ≥ 1 and loaded), or the root (0) at step 0. */
function currentNode(trace, k) {
  return k === 0 ? 0 : trace.nodeOf[k - 1];
}

const valid = (trace, k) => Number.isInteger(k) && k >= 0 && k <= trace.length && trace.size > 0;
const after = (target, k) => (target > k ? target : -1);

/** Step over from step k: where the current node is finished (see the header); -1 if none yet. */
export function stepOver(trace, k) {
  if (!trace || !valid(trace, k)) return -1;
  const { finished } = indexOf(trace);
  const node = currentNode(trace, k);
  if (finished[node] !== k) return after(finished[node], k); // -1: not finished yet
  if (k >= trace.length) return -1; // finished at k, and step k + 1 has not arrived
  return after(finished[trace.nodeOf[k]], k);
}

/** Step out from step k: where the current node's parent moves on (see the header); -1 if none yet. */
export function stepOut(trace, k) {
  if (!trace || !valid(trace, k)) return -1;
  const { finished, movesOn } = indexOf(trace);
  const node = currentNode(trace, k);
  if (trace.parent[node] < 0) return after(finished[node], k); // the root: its exit, the end
  return after(movesOn[node], k);
}
