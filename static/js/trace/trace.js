// trace/trace.js: holds one run's node table and trace, and derives the view state at step k.
//
// The wire names nodes by row of the node table (docs/protocol.md), so a path is never sent:
// each row gives its parent, and the client derives paths (`keys`, `pathOf`) for data-path
// and for people-facing text. `append()` decodes each event array once into an object with
// named fields (its node ids go to `nodeOf`/`childOf`/`prunedIds`; `best` is a node id) and
// keeps the arrays as received in `wireEvents`, for the trace download.
//
// Step 0 is the tree before any event; step k is the picture after events[0..k-1].
// The state is a handful of typed arrays indexed by node id (preorder position in the node
// table). Seeking restores the nearest snapshot at or below k (taken every `interval` events,
// ~256, wider on huge trees to bound memory) and replays forward, so stepping back restores
// exactly the earlier picture and nothing is ever asked of the server.

import { checkBelow, decodePassEvent, searchAnew } from "./pass-events.js";

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
const PASS = 5;
const TABLE = 6;
// A Star1/Star2 chance_cutoff prunes as a cutoff does (its `kind` is derived from the relation);
// PVS's research changes nothing here (the node's `enter` follows it).
const TYPE_CODES = { enter: ENTER, leaf: LEAF, update: UPDATE, cutoff: CUTOFF, exit: EXIT };
Object.assign(TYPE_CODES, { chance_cutoff: CUTOFF, pass: PASS, tt: TABLE, research: 7 });

const SNAPSHOT_BUDGET_BYTES = 64 * 1024 * 1024;
const BYTES_PER_NODE = 1 + 1 + 8 + 8 + 8 + 4 + 4 + 4 + 8 + 8 + 2;

/** A number from the wire: "Infinity"/"-Infinity" strings become numbers; null stays NaN. */
export function num(x) {
  if (x === null || x === undefined) return NaN;
  return typeof x === "number" ? x : Number(x);
}

/** An event array from the wire as the object the panels read: its named fields, without
 * the node ids (append() keeps those apart), except exit's `best`, the best child's id. */
function decode(wire) {
  const type = wire[0];
  switch (type) {
    case "enter":
      return { type, kind: wire[2], alpha: wire[3], beta: wire[4] };
    case "leaf":
      return { type, value: wire[2], alpha: wire[3], beta: wire[4], heuristic: wire[5] === true };
    case "update":
      return { type, child_value: wire[3], value: wire[4], alpha: wire[5], beta: wire[6] };
    case "cutoff":
      return { type, kind: wire[2], value: wire[3], relation: wire[4], bound: wire[5] };
    case "exit":
      return { type, value: wire[2], best: wire[3] };
    default:
      return decodePassEvent(wire);
  }
}

/**
 * Ids of the nodes a depth limit cuts: at the limit, with children in the document `doc`.
 * The node table leaves those children out, so only the document tells them from leaves.
 */
export function cutByDepthLimit(trace, doc) {
  const cut = new Set();
  const limit = trace.options ? trace.options.depth : null;
  if (!Number.isInteger(limit)) return cut;
  const isDocument = doc && typeof doc === "object" && !Array.isArray(doc) && "tree" in doc;
  const tree = isDocument ? doc.tree : doc;
  const childrenOf = (node) => {
    if (Array.isArray(node)) return node;
    return node && Array.isArray(node.children) ? node.children : [];
  };
  for (let id = 0; id < trace.size; id++) {
    if (trace.depth[id] !== limit) continue;
    let node = tree;
    for (const position of trace.pathOf(id)) node = childrenOf(node)[position];
    if (childrenOf(node).length) cut.add(id);
  }
  return cut;
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
    this.best = new Int32Array(n).fill(-1); // id of the child chosen (from exit)
    this.lower = new Float64Array(n).fill(NaN); // transposition-table bounds (tt events)
    this.upper = new Float64Array(n).fill(NaN);
    this.entries = new Uint16Array(n); // how often the node was entered or evaluated
    this.step = 0;
    this.pass = 0; // the number of the pass under way (0: a search without passes)
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
    this.lower.set(other.lower);
    this.upper.set(other.upper);
    this.entries.set(other.entries);
    this.step = other.step;
    this.pass = other.pass;
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
    this.nodes = nodes; // the rows as received (the trace download writes them back)
    this.options = options;
    this.moverSide = options.algorithm === "negamax"; // each node's mover maximises: v from −∞
    const n = nodes.length;
    this.size = n;
    this.keys = new Array(n); // dotted paths ("1.2", root ""): data-path in the view
    this.ids = new Map(); // dotted path → node id
    this.parent = new Int32Array(n).fill(-1);
    this.depth = new Int32Array(n);
    this.subtree = new Int32Array(n).fill(1); // preorder: subtree of i is [i, i + subtree[i])
    this.children = new Array(n); // in table order, so a child's index here is its position
    for (let i = 0; i < n; i++) {
      this.children[i] = [];
      const p = nodes[i].parent;
      if (i === 0) {
        if (p !== null) throw new Error("node table: row 0 is not the root");
        this.keys[0] = "";
      } else {
        if (!Number.isInteger(p) || p < 0 || p >= i) {
          throw new Error(`node table: row ${i} has no parent row before it`);
        }
        this.parent[i] = p;
        this.depth[i] = this.depth[p] + 1;
        const position = this.children[p].length;
        this.children[p].push(i);
        this.keys[i] = p === 0 ? String(position) : `${this.keys[p]}.${position}`;
      }
      this.ids.set(this.keys[i], i);
    }
    for (let i = n - 1; i > 0; i--) this.subtree[this.parent[i]] += this.subtree[i];
    // A game's pruned moves are stubs: rows whose subtree was never generated, `unexpanded`
    // saying how many positions it holds (docs/games.md). `below[i]`: those under node i.
    this.below = new Float64Array(n);
    for (let i = n - 1; i >= 0; i--) {
      this.below[i] += nodes[i].unexpanded || 0;
      if (i > 0) this.below[this.parent[i]] += this.below[i];
    }
    this.hasChance = nodes.some((row) => row.kind === "chance");

    this.events = []; // decoded: {type, kind, value, alpha, beta, …}
    this.wireEvents = []; // the arrays as received
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

  /** Node i's path: the child positions from the root (its dotted key, split). */
  pathOf(i) {
    const key = this.keys[i];
    return key === "" ? [] : key.split(".").map(Number);
  }

  /** `id` if it names a row of the node table; throws otherwise. */
  checkId(id, what) {
    if (!Number.isInteger(id) || id < 0 || id >= this.size) {
      throw new Error(`${what}: no node ${JSON.stringify(id)} in the node table`);
    }
    return id;
  }

  /** `id` if it names a child of `parent`; throws otherwise. */
  checkChild(id, parent, what) {
    if (this.parent[this.checkId(id, what)] !== parent) {
      throw new Error(`${what}: node ${id} is not a child of node ${parent}`);
    }
    return id;
  }

  /** Append a batch of events (arrays, as they stream in). */
  append(events) {
    for (const wire of events) {
      const event = decode(wire);
      const code = TYPE_CODES[event.type];
      const node = code === PASS ? 0 : this.checkId(wire[1], `${event.type} event`);
      let child = -1;
      let pruned = null;
      let before = null;
      if (code === UPDATE) {
        child = this.checkChild(wire[2], node, "update event");
        const b = this.builder;
        before = { value: b.value[node], alpha: b.alpha[node], beta: b.beta[node] };
      } else if (code === CUTOFF) {
        if (event.type === "cutoff") pruned = wire[6].map((id) => this.checkChild(id, node, "cutoff event"));
        else pruned = wire[5].map((id) => checkBelow(this, id, node));
      } else if (code === EXIT && event.best !== null) {
        this.checkChild(event.best, node, "exit event");
      }
      this.events.push(event);
      this.wireEvents.push(wire);
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
        s.value[i] = e.kind === "max" || this.moverSide ? -Infinity : e.kind === "min" ? Infinity : NaN;
        searchAnew(this, s, i); // entered again in a later pass: earlier marks go
        s.visited++;
        break;
      }
      case LEAF: {
        searchAnew(this, s, i);
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
        s.best[i] = e.best === null ? -1 : e.best;
        break;
      }
      case PASS:
        s.pass = e.number;
        break;
      case TABLE:
        s.lower[i] = num(e.lower);
        s.upper[i] = num(e.upper);
        break;
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

  /** Previous/next step that shows a cutoff, relative to step k; -1 if none. The player
   * asks on every step, so this is a binary search over the (sorted) cutoff steps. */
  prevCutoff(k) {
    const i = this.firstCutoffAtOrAfter(k) - 1;
    return i >= 0 ? this.cutoffSteps[i] : -1;
  }

  nextCutoff(k) {
    const i = this.firstCutoffAtOrAfter(k + 1);
    return i < this.cutoffSteps.length ? this.cutoffSteps[i] : -1;
  }

  /** Index of the first cutoff step ≥ k (cutoffSteps.length if none). */
  firstCutoffAtOrAfter(k) {
    const steps = this.cutoffSteps;
    let lo = 0;
    let hi = steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (steps[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The principal variation (node ids from the root) at a state: follows `best`. */
  principalVariation(s) {
    const ids = [];
    if (this.size === 0 || !s.done[0]) return ids;
    for (let node = s.best[0]; node >= 0; node = s.best[node]) ids.push(node);
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
