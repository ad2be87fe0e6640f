// trace/trace.js: the view state at step k is the replay of the first k events, however the
// reader got there (snapshots, stepping back, jumps), and it says what the search did.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PRUNED, Trace, VISITED, cutByDepthLimit, num } from "../../static/js/trace/trace.js";
import { loadFixture, traceOf } from "./fixtures.js";

const FIXTURES = ["textbook", "tie-strict", "chance", "pacman", "depth-limited", "random-depth-8"];
const ARRAYS = ["state", "done", "value", "alpha", "beta", "cut", "prunedBy", "best"];
const COUNTS = ["step", "current", "visited", "leaves", "cutAlpha", "cutBeta", "pruned"];

/** The state after the first k events, replayed from step 0 with no snapshot in between. */
function freshReplay({ nodes, summary, events }, k) {
  const trace = new Trace(nodes, summary.options);
  trace.interval = Infinity; // no snapshots: seek replays every event from step 0
  trace.append(events.slice(0, k));
  return trace.seek(k);
}

/** A state as text per field (NaN reads "NaN"), quick to compare with deepEqual. */
function picture(s) {
  const out = {};
  for (const key of ARRAYS) out[key] = s[key].join(",");
  for (const key of COUNTS) out[key] = s[key];
  return out;
}

/** The pictures of a fresh replay at every step 0..n of fixture `name`. */
function replayedPictures(name) {
  const fixture = loadFixture(name);
  const pictures = [];
  for (let k = 0; k <= fixture.events.length; k++) pictures.push(picture(freshReplay(fixture, k)));
  return pictures;
}

/** Steps 0..n, then back down, then jumps in a fixed pseudo-random order. */
function seekOrder(n) {
  const order = [];
  for (let k = 0; k <= n; k++) order.push(k);
  for (let k = n; k >= 0; k--) order.push(k);
  let x = 12345;
  for (let j = 0; j < n; j++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    order.push(x % (n + 1));
  }
  return order;
}

for (const name of FIXTURES) {
  test(`${name}: seek(k) equals a fresh replay of the first k events, for every k`, () => {
    const trace = traceOf(name);
    const expected = replayedPictures(name);
    for (const k of seekOrder(trace.length)) {
      assert.deepEqual(picture(trace.seek(k)), expected[k], `${name}, step ${k}`);
    }
  });
}

test("seek stays exact when snapshots are thinned to bound memory", () => {
  const { nodes, summary, events } = loadFixture("random-depth-8");
  const expected = replayedPictures("random-depth-8");
  const trace = new Trace(nodes, summary.options);
  trace.interval = 8;
  trace.maxSnapshots = 4;
  trace.append(events);
  assert.ok(trace.interval > 8, "the interval doubled as snapshots were thinned");
  assert.ok(trace.snapshots.length <= 4);
  for (const k of seekOrder(trace.length)) {
    assert.deepEqual(picture(trace.seek(k)), expected[k], `step ${k}`);
  }
});

test("seek clamps the step to the events loaded", () => {
  const trace = traceOf("textbook");
  assert.equal(trace.seek(-5).step, 0);
  assert.equal(trace.seek(1000).step, trace.length);
});

test("textbook: the root is worth 3 by its first child, and leaves 4 and 6 are pruned", () => {
  const trace = traceOf("textbook"); // [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
  const s = trace.seek(trace.length);
  assert.equal(s.value[0], 3);
  assert.deepEqual(trace.principalVariation(s), [1, 2], "first MIN node, then its leaf 3");
  const pruned = [];
  for (let id = 0; id < trace.size; id++) if (s.state[id] === PRUNED) pruned.push(id);
  assert.deepEqual(
    pruned.map((id) => trace.nodes[id].value),
    [4, 6]
  );
  assert.deepEqual(
    pruned.map((id) => trace.pathOf(id)),
    [
      [1, 1],
      [1, 2],
    ]
  );
  assert.equal(s.prunedBy[pruned[0]], 5, "pruned by the second MIN node");
  assert.equal(s.leaves, 7);
  assert.equal(s.visited, 11);
  assert.equal(s.pruned, 2);
  assert.deepEqual([s.cutAlpha, s.cutBeta], [2, 0]);
  for (let id = 0; id < trace.size; id++) {
    if (s.state[id] !== PRUNED) assert.equal(s.state[id], VISITED, `node ${id}`);
  }
});

test("textbook: before the cutoff nothing is pruned, and stepping back undoes it", () => {
  const trace = traceOf("textbook");
  const cutoff = trace.cutoffSteps[0];
  assert.equal(trace.eventAt(cutoff).type, "cutoff");
  assert.equal(trace.seek(cutoff - 1).pruned, 0);
  assert.equal(trace.seek(cutoff).pruned, 2);
  assert.equal(trace.seek(cutoff - 1).pruned, 0);
});

test("the strict rule never prunes on a tie: [[10], [10, 0]] evaluates the 0", () => {
  const trace = traceOf("tie-strict");
  const s = trace.seek(trace.length);
  assert.equal(s.pruned, 0);
  assert.equal(s.leaves, 3);
  assert.equal(s.value[0], 10);
});

test("prevCutoff and nextCutoff find the nearest cutoff step on each side", () => {
  const trace = traceOf("random-depth-8");
  const isCutoff = (k) => trace.eventAt(k)?.type === "cutoff";
  for (let k = 0; k <= trace.length; k++) {
    const next = trace.nextCutoff(k);
    const prev = trace.prevCutoff(k);
    let expectedNext = -1;
    for (let j = k + 1; j <= trace.length && expectedNext < 0; j++) if (isCutoff(j)) expectedNext = j;
    let expectedPrev = -1;
    for (let j = k - 1; j >= 1 && expectedPrev < 0; j--) if (isCutoff(j)) expectedPrev = j;
    assert.equal(next, expectedNext, `next from ${k}`);
    assert.equal(prev, expectedPrev, `prev from ${k}`);
  }
});

test("paths are derived from the parent rows: keys, ids and subtree sizes agree", () => {
  const trace = traceOf("textbook");
  assert.equal(trace.keys[0], "");
  assert.equal(trace.keys[7], "1.1");
  assert.equal(trace.ids.get("2.2"), 12);
  assert.deepEqual(trace.pathOf(12), [2, 2]);
  assert.deepEqual(Array.from(trace.subtree.slice(0, 2)), [13, 4]);
  assert.deepEqual(trace.children[0], [1, 5, 9]);
});

test("a malformed node table or event is refused with a reason", () => {
  assert.throws(() => new Trace([{ parent: 0 }]), /row 0 is not the root/);
  assert.throws(() => new Trace([{ parent: null }, { parent: 1 }]), /row 1 has no parent/);
  const trace = new Trace([
    { parent: null, kind: "max" },
    { parent: 0, terminal: true },
  ]);
  assert.throws(() => trace.append([["enter", 7, "max", "-Infinity", "Infinity"]]), /no node 7/);
  assert.throws(() => trace.append([["update", 1, 0, 1, 1, 1, 1]]), /not a child of node 1/);
  assert.throws(() => trace.append([["jump", 0]]), /unknown event type jump/);
});

test("num reads wire numbers: infinities as strings, null as NaN", () => {
  assert.equal(num("-Infinity"), -Infinity);
  assert.equal(num(3), 3);
  assert.ok(Number.isNaN(num(null)));
});

test("cutByDepthLimit names the nodes at the limit that have children in the document", () => {
  const trace = traceOf("depth-limited"); // a depth-4 tree searched to depth 2
  const doc = loadFixture("depth-limited.doc");
  const atLimit = [];
  for (let id = 0; id < trace.size; id++) if (trace.depth[id] === 2) atLimit.push(id);
  assert.equal(atLimit.length, 4);
  assert.deepEqual(
    [...cutByDepthLimit(trace, doc)].sort((a, b) => a - b),
    atLimit
  );
  assert.equal(cutByDepthLimit(traceOf("textbook"), null).size, 0, "no limit, nothing cut");
});
