// trace/same-node.js: when the options change (the rule, the ordering, the algorithm), the tree is
// searched again; the reader stays with the node they were looking at instead of going back
// to step 0. A node is named by its path, which ordering never changes; a depth limit may
// drop it from the new table, and then its nearest ancestor stands in.

/** The path of the node step k is about (the node of its event), or null at step 0. */
export function nodeAt(trace, k) {
  return k > 0 && k <= trace.length ? trace.keys[trace.nodeOf[k - 1]] : null;
}

/** The node of `trace` at `path`, or its deepest ancestor in the table. */
function nearest(trace, path) {
  let key = path;
  while (!trace.ids.has(key)) key = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : "";
  return trace.ids.get(key);
}

/**
 * A search for the step of a new trace that shows the node at `path`, fed as its events
 * stream in: `scan()` after each batch returns the step where the node is first reached
 * (entered or evaluated), or -1 while it has not been; `settle()` once the trace is
 * complete returns that step, else the cutoff that pruned the node (or an ancestor), else 0.
 */
export class SameNode {
  constructor(path) {
    this.path = path;
    this.scanned = 0;
  }

  scan(trace) {
    const id = nearest(trace, this.path);
    for (; this.scanned < trace.length; this.scanned++) {
      const i = this.scanned;
      const type = trace.events[i].type;
      if (trace.nodeOf[i] === id && (type === "enter" || type === "leaf")) return i + 1;
    }
    return -1;
  }

  settle(trace) {
    this.scanned = 0;
    const reached = this.scan(trace);
    if (reached >= 0) return reached;
    const id = nearest(trace, this.path);
    for (const step of trace.cutoffSteps) {
      const pruned = trace.prunedIds[step - 1];
      if (pruned.some((root) => root <= id && id < root + trace.subtree[root])) return step;
    }
    return 0;
  }
}
