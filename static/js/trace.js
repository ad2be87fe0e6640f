// trace.js: holds one run's node table and trace, and derives the view state at step k.
//
// Step 0 is the tree before any event; step k is the picture after events[0..k-1].
// The state is a handful of typed arrays indexed by node id (preorder position in the node
// table). Seeking restores the nearest snapshot at or below k (taken every `interval` events,
// ~256, wider on huge trees to bound memory) and replays forward, so stepping back restores
// exactly the earlier picture and nothing is ever asked of the server.

export const UNVISITED = 0;
export const ACTIVE = 1;
export const VISITED = 2;
export const PRUNED = 3;
export const STATE_NAMES = ["unvisited", "active", "visited", "pruned"];

const ENTER = 0;
const LEAF = 1;
const UPDATE = 2;
const CUTOFF = 3;
const EXIT = 4;
const TYPE_CODES = { enter: ENTER, leaf: LEAF, update: UPDATE, cutoff: CUTOFF, exit: EXIT };

const SNAPSHOT_BUDGET_BYTES = 64 * 1024 * 1024;
const BYTES_PER_NODE = 1 + 1 + 8 + 8 + 8 + 4 + 4 + 4;

/** A number from the wire: "Infinity"/"-Infinity" strings become numbers; null stays NaN. */
export function num(x) {
  if (x === null || x === undefined) return NaN;
  return typeof x === "number" ? x : Number(x);
}

export function pathKey(path) {
  return path.join(".");
}

/** The mutable picture at one step. Arrays are indexed by node id. */
class State {
  constructor(n) {
    this.state = new Uint8Array(n); // UNVISITED / ACTIVE / VISITED / PRUNED
    this.done = new Uint8Array(n); // 1 once the node returned (or was evaluated)
    this.value = new Float64Array(n).fill(NaN); // v: running while active, final once done
    this.alpha = new Float64Array(n).fill(NaN);
    this.beta = new Float64Array(n).fill(NaN);
    this.cut = new Int32Array(n).fill(-1); // index of the cutoff event fired at this node
    this.prunedBy = new Int32Array(n).fill(-1); // on a pruned subtree's root: the cutoff node
    this.best = new Int32Array(n).fill(-1); // child index chosen (from exit)
    this.step = 0;
    this.current = -1; // node of the last applied event
    this.visited = 0;
    this.leaves = 0;
    this.cutAlpha = 0;
    this.cutBeta = 0;
    this.pruned = 0;
  }

  copyFrom(other) {
    this.state.set(other.state);
    this.done.set(other.done);
    this.value.set(other.value);
    this.alpha.set(other.alpha);
    this.beta.set(other.beta);
    this.cut.set(other.cut);
    this.prunedBy.set(other.prunedBy);
    this.best.set(other.best);
    this.step = other.step;
    this.current = other.current;
    this.visited = other.visited;
    this.leaves = other.leaves;
    this.cutAlpha = other.cutAlpha;
    this.cutBeta = other.cutBeta;
    this.pruned = other.pruned;
  }

  clone() {
    const copy = new State(this.state.length);
    copy.copyFrom(this);
    return copy;
  }
}

export class Trace {
  /**
   * @param {Array} nodes  the node table (preorder) from the server
   * @param {Object} options  resolved search options
   */
  constructor(nodes, options = {}) {
    this.nodes = nodes;
    this.options = options;
    const n = nodes.length;
    this.size = n;
    this.keys = new Array(n);
    this.ids = new Map();
    this.parent = new Int32Array(n).fill(-1);
    this.depth = new Int32Array(n);
    this.subtree = new Int32Array(n).fill(1); // preorder: subtree of i is [i, i + subtree[i])
    this.children = new Array(n);
    for (let i = 0; i < n; i++) {
      const key = pathKey(nodes[i].path);
      this.keys[i] = key;
      this.ids.set(key, i);
      this.children[i] = [];
      this.depth[i] = nodes[i].path.length;
    }
    for (let i = 1; i < n; i++) {
      const p = this.ids.get(pathKey(nodes[i].path.slice(0, -1)));
      if (p === undefined) throw new Error(`node table: no parent for [${nodes[i].path}]`);
      this.parent[i] = p;
      this.children[p].push(i);
    }
    for (let i = n - 1; i > 0; i--) this.subtree[this.parent[i]] += this.subtree[i];
    this.hasChance = nodes.some((row) => row.kind === "chance");

    this.events = [];
    // Compiled events: type code, node id, and per type one extra id (child / -1).
    this.codes = [];
    this.nodeOf = [];
    this.childOf = [];
    this.prunedIds = []; // for cutoffs: ids of the pruned subtree roots
    // Values before each update (for narration: "v = min(3, 12) = 3").
    this.before = [];
    this.cutoffSteps = []; // step numbers (k such that events[k-1] is a cutoff)
    this.complete = false;
    this.summary = null;

    const perSnapshot = Math.max(1, n * BYTES_PER_NODE);
    this.maxSnapshots = Math.max(8, Math.floor(SNAPSHOT_BUDGET_BYTES / perSnapshot));
    this.interval = 256;
    this.snapshots = [new State(n)]; // snapshots[j] = state at step j * interval
    this.builder = new State(n); // runs ahead over every appended event
    this.current = new State(n); // the state shown
  }

  get length() {
    return this.events.length;
  }

  idOf(path) {
    const id = this.ids.get(pathKey(path));
    return id === undefined ? -1 : id;
  }

  /** Append a batch of events (as they stream in). */
  append(events) {
    for (const event of events) {
      const code = TYPE_CODES[event.type];
      if (code === undefined) throw new Error(`unknown event type ${event.type}`);
      const node = this.idOf(event.path);
      if (node < 0) throw new Error(`event for unknown node [${event.path}]`);
      let child = -1;
      let pruned = null;
      let before = null;
      if (code === UPDATE) {
        child = this.idOf(event.child);
        const b = this.builder;
        before = { value: b.value[node], alpha: b.alpha[node], beta: b.beta[node] };
      } else if (code === CUTOFF) {
        pruned = event.pruned.map((p) => this.idOf(p));
      }
      this.events.push(event);
      this.codes.push(code);
      this.nodeOf.push(node);
      this.childOf.push(child);
      this.prunedIds.push(pruned);
      this.before.push(before);
      if (code === CUTOFF) this.cutoffSteps.push(this.events.length);
      this.apply(this.builder, this.events.length - 1);
      if (this.builder.step % this.interval === 0) this.snapshots.push(this.builder.clone());
      if (this.snapshots.length > this.maxSnapshots) this.thinSnapshots();
    }
  }

  finish(summary) {
    this.complete = true;
    this.summary = summary || null;
  }

  /** Keep every other snapshot and double the interval (bounded memory on huge traces). */
  thinSnapshots() {
    this.snapshots = this.snapshots.filter((_, j) => j % 2 === 0);
    this.interval *= 2;
  }

  /** Apply event k to state s (s.step must be k). */
  apply(s, k) {
    const code = this.codes[k];
    const i = this.nodeOf[k];
    const e = this.events[k];
    switch (code) {
      case ENTER: {
        s.state[i] = ACTIVE;
        s.alpha[i] = num(e.alpha);
        s.beta[i] = num(e.beta);
        s.value[i] = e.kind === "max" ? -Infinity : e.kind === "min" ? Infinity : NaN;
        s.visited++;
        break;
      }
      case LEAF: {
        s.state[i] = VISITED;
        s.done[i] = 1;
        s.value[i] = num(e.value);
        s.alpha[i] = num(e.alpha);
        s.beta[i] = num(e.beta);
        s.visited++;
        s.leaves++;
        break;
      }
      case UPDATE: {
        s.value[i] = num(e.value);
        s.alpha[i] = num(e.alpha);
        s.beta[i] = num(e.beta);
        break;
      }
      case CUTOFF: {
        s.cut[i] = k;
        if (e.kind === "alpha") s.cutAlpha++;
        else s.cutBeta++;
        for (const r of this.prunedIds[k]) {
          s.prunedBy[r] = i;
          const end = r + this.subtree[r];
          s.state.fill(PRUNED, r, end);
          s.pruned += end - r;
        }
        break;
      }
      case EXIT: {
        s.state[i] = VISITED;
        s.done[i] = 1;
        s.value[i] = num(e.value);
        s.best[i] = e.best === null || e.best === undefined ? -1 : e.best;
        break;
      }
      default:
        break;
    }
    s.current = i;
    s.step = k + 1;
  }

  /** Make `this.current` the state at step k (clamped to the events loaded); return it. */
  seek(k) {
    k = Math.max(0, Math.min(this.events.length, k | 0));
    const s = this.current;
    if (k < s.step || k - s.step > this.interval) {
      const j = Math.min(Math.floor(k / this.interval), this.snapshots.length - 1);
      s.copyFrom(this.snapshots[j]);
    }
    while (s.step < k) this.apply(s, s.step);
    return s;
  }

  /** The event that produced step k (k ≥ 1), or null at step 0. */
  eventAt(k) {
    return k >= 1 && k <= this.events.length ? this.events[k - 1] : null;
  }

  /** Previous/next step that shows a cutoff, relative to step k; -1 if none. */
  prevCutoff(k) {
    let found = -1;
    for (const c of this.cutoffSteps) {
      if (c < k) found = c;
      else break;
    }
    return found;
  }

  nextCutoff(k) {
    for (const c of this.cutoffSteps) if (c > k) return c;
    return -1;
  }

  /** The principal variation (node ids from the root) at a state: follows `best`. */
  principalVariation(s) {
    const ids = [];
    if (this.size === 0 || !s.done[0]) return ids;
    let node = 0;
    while (s.best[node] >= 0) {
      const next = this.children[node].find(
        (c) => this.nodes[c].path[this.nodes[c].path.length - 1] === s.best[node]
      );
      if (next === undefined) break;
      ids.push(next);
      node = next;
    }
    return ids;
  }

  /** The kind of node i (max/min/chance). */
  kind(i) {
    return this.nodes[i].kind;
  }

  isTerminal(i) {
    return !!this.nodes[i].terminal;
  }
}
