// compare/sync.js: two searches of one tree on one player. Pure functions of two traces
// (trace.js), no DOM.
//
// The shared step k counts nodes reached (an `enter` or a `leaf` event: trace.js counts
// these as `visited`). At shared step k a search shows its trace at the step right after its
// k-th enter-or-leaf event; step 0 is before any event. A search that reaches fewer nodes
// than k shows its last step (trace.length: every exit done) and is "finished". One step
// past the longer search's last node shows both at their ends, so the player's last step is
// both searches complete: length = max(reached) + 1.
//
// Both traces have the same node table (one tree, and ordering changes only the order of
// the events), but nodes are matched by path (trace.keys) all the same.

const REACH = new Set(["enter", "leaf"]);

/** The trace step right after each enter-or-leaf event, in order (Int32Array). */
export function reachSteps(trace) {
  const steps = [];
  for (let j = 0; j < trace.length; j++) if (REACH.has(trace.events[j].type)) steps.push(j + 1);
  return Int32Array.from(steps);
}

/** Paths of the nodes a trace reaches (enters or evaluates). */
export function reachedPaths(trace) {
  const paths = new Set();
  for (let j = 0; j < trace.length; j++) {
    if (REACH.has(trace.events[j].type)) paths.add(trace.keys[trace.nodeOf[j]]);
  }
  return paths;
}

/** Shared steps at which a cutoff of `trace` is first shown (sorted, no repeats). */
function cutoffShared(trace) {
  const out = [];
  let reached = 0;
  for (let j = 0; j < trace.length; j++) {
    const type = trace.events[j].type;
    if (REACH.has(type)) reached++;
    // Shown with the next node reached (or at the end): shared step reached + 1.
    else if (type === "cutoff" && out[out.length - 1] !== reached + 1) out.push(reached + 1);
  }
  return out;
}

/** Sorted union of two sorted arrays, without repeats. */
function mergeSorted(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

export class Timeline {
  /** @param {Trace} left  @param {Trace} right  complete traces of one tree */
  constructor(left, right) {
    this.traces = { left, right };
    this.reach = { left: reachSteps(left), right: reachSteps(right) };
    this.reached = { left: this.reach.left.length, right: this.reach.right.length };
    const most = Math.max(this.reached.left, this.reached.right);
    this.length = most + 1; // the last step: both at their ends
    this.cutoffs = mergeSorted(cutoffShared(left), cutoffShared(right));
  }

  /** The step of `side`'s trace shown at shared step k (0 ≤ k ≤ length). */
  stepOf(side, k) {
    if (k <= 0) return 0;
    const reach = this.reach[side];
    return k <= reach.length ? reach[k - 1] : this.traces[side].length;
  }

  /** Whether `side`'s search is over at shared step k (it reached its last node before k). */
  finished(side, k) {
    return k > this.reached[side];
  }

  /** The path of the node `side` reaches at shared step k, or null (step 0, or finished). */
  nodeAt(side, k) {
    if (k <= 0 || this.finished(side, k)) return null;
    const trace = this.traces[side];
    return trace.keys[trace.nodeOf[this.reach[side][k - 1] - 1]];
  }

  /** The previous / next shared step showing a new cutoff in either search; -1 if none. */
  prevCutoff(k) {
    for (let i = this.cutoffs.length - 1; i >= 0; i--) if (this.cutoffs[i] < k) return this.cutoffs[i];
    return -1;
  }

  nextCutoff(k) {
    for (const step of this.cutoffs) if (step > k) return step;
    return -1;
  }
}

/**
 * The nodes one search reaches and the other does not (it prunes them, or never gets
 * there): {onlyLeft, onlyRight} (node ids, in level order: the order of their names) and
 * `byPath`, path → "only-left" | "only-right".
 */
export function differences(left, right) {
  const reachedLeft = reachedPaths(left);
  const reachedRight = reachedPaths(right);
  const only = (trace, mine, theirs) => {
    const ids = [];
    for (const path of mine) if (!theirs.has(path)) ids.push(trace.ids.get(path));
    return ids.sort((x, y) => trace.depth[x] - trace.depth[y] || x - y);
  };
  const onlyLeft = only(left, reachedLeft, reachedRight);
  const onlyRight = only(right, reachedRight, reachedLeft);
  const byPath = new Map();
  for (const id of onlyLeft) byPath.set(left.keys[id], "only-left");
  for (const id of onlyRight) byPath.set(right.keys[id], "only-right");
  return { onlyLeft, onlyRight, byPath };
}
