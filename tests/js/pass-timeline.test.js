// trace/pass-timeline.js: the pass timeline's segments and words, on engine traces saved in
// tests/js/fixtures (README there): aspiration's fail-low then exact pass, MTD(f)'s two
// null-window tests, SSS*'s four passes, PVS's re-search, a negamax MIN root in both forms,
// and a trace that streams in (the same segments, read once).

import assert from "node:assert/strict";
import { test } from "node:test";

import { PassTimeline, segmentWords } from "../../static/js/trace/pass-timeline.js";
import { Trace } from "../../static/js/trace/trace.js";
import { loadFixture, traceOf } from "./fixtures.js";

function timelineOf(name, form) {
  const timeline = new PassTimeline(traceOf(name), form);
  timeline.update();
  return timeline;
}

/** Every segment's words at the end of the trace. */
function wordsAtEnd(timeline) {
  const end = timeline.trace.length;
  return timeline.segments.map((_, i) => segmentWords(timeline, i, end));
}

const shortWords = (words) => words.map(({ name, window, result }) => [name, window, result]);

test("aspiration search: pass 1 fails low, pass 2 (the low side opened) is exact", () => {
  const timeline = timelineOf("textbook-pvs-aspiration");
  assert.equal(timeline.kind, "pass");
  assert.deepEqual(shortWords(wordsAtEnd(timeline)), [
    ["Pass 1", "(9, 11)", "fails low: ≤ 5"],
    ["Pass 2", "(−∞, 11)", "exact: 3"],
  ]);
  assert.deepEqual(
    timeline.segments.map((seg) => [seg.start, seg.end]),
    [
      [1, 23],
      [24, 51],
    ]
  );
});

test("MTD(f) and SSS*: each pass a null-window test, its result the bound it proves", () => {
  assert.deepEqual(shortWords(wordsAtEnd(timelineOf("textbook-mtdf"))), [
    ["Pass 1", "v ≥ 0?", "fails high: ≥ 3"],
    ["Pass 2", "v ≥ 4?", "fails low: ≤ 3"],
  ]);
  assert.deepEqual(
    wordsAtEnd(timelineOf("textbook-sssstar")).map((w) => `${w.window} ${w.result}`),
    ["v ≥ ∞? fails low: ≤ 14", "v ≥ 14? fails low: ≤ 5", "v ≥ 5? fails low: ≤ 3", "v ≥ 3? fails high: ≥ 3"]
  );
});

test("PVS without passes: one segment per re-search, from its research event to its return", () => {
  const timeline = timelineOf("pvs-research");
  assert.equal(timeline.kind, "research");
  const [seg] = timeline.segments;
  assert.equal(timeline.segments.length, 1);
  assert.deepEqual([seg.node, seg.start, seg.tested], [4, 15, 6]);
  assert.deepEqual(shortWords(wordsAtEnd(timeline)), [["C again", "(3, ∞)", "exact: 6"]]);
  assert.equal(timeline.indexAt(14), -1); // before the re-search
  assert.equal(timeline.indexAt(15), 0);
  assert.equal(timeline.indexAt(seg.end), 0);
  assert.equal(timeline.indexAt(seg.end + 1), -1); // C has returned
  assert.equal(timelineOf("textbook").segments.length, 0); // alpha-beta: no timeline
});

test("the words tell nothing ahead of the step: a pass not reached shows only its name", () => {
  const timeline = timelineOf("textbook-pvs-aspiration");
  assert.deepEqual(segmentWords(timeline, 1, 0), { name: "Pass 2", window: "", result: "", state: "ahead" });
  assert.deepEqual(segmentWords(timeline, 0, 1), { name: "Pass 1", window: "(9, 11)", result: "searching…", state: "running" });
  assert.equal(segmentWords(timeline, 0, 22).state, "running"); // the root has not returned yet
  assert.equal(segmentWords(timeline, 0, 23).result, "fails low: ≤ 5");
});

test("the current pass and its neighbours at each step", () => {
  const timeline = timelineOf("textbook-sssstar");
  const starts = timeline.segments.map((seg) => seg.start);
  assert.deepEqual(starts, [1, 29, 47, 67]);
  assert.equal(timeline.indexAt(0), -1);
  assert.equal(timeline.indexAt(1), 0);
  assert.equal(timeline.indexAt(28), 0);
  assert.equal(timeline.indexAt(29), 1);
  assert.equal(timeline.indexAt(83), 3);
  assert.equal(timeline.neighbour(29, -1), 0); // from pass 2's first step back to pass 1
  assert.equal(timeline.neighbour(30, -1), 1); // inside pass 2: back to its first step
  assert.equal(timeline.neighbour(29, 1), 2);
  assert.equal(timeline.neighbour(70, 1), -1);
  assert.equal(timeline.neighbour(0, 1), 0);
  assert.equal(timeline.neighbour(1, -1), -1);
});

test("a negamax MIN root's passes read in the form shown", () => {
  const mover = wordsAtEnd(timelineOf("min-root-aspiration-negamax", "mover"));
  const minimax = wordsAtEnd(timelineOf("min-root-aspiration-negamax", "minimax"));
  assert.deepEqual(shortWords(minimax), shortWords(wordsAtEnd(timelineOf("min-root-aspiration"))));
  assert.deepEqual(shortWords(minimax), [
    ["Pass 1", "(1, 3)", "fails high: ≥ 3"],
    ["Pass 2", "(1, ∞)", "exact: 6"],
  ]);
  assert.deepEqual(shortWords(mover), [
    ["Pass 1", "(−3, −1)", "fails low: ≤ −3"],
    ["Pass 2", "(−∞, −1)", "exact: −6"],
  ]);
});

test("a streaming trace gives the same segments, each batch read once", () => {
  const { nodes, summary, events } = loadFixture("textbook-mtdf");
  const trace = new Trace(nodes, summary.options);
  const timeline = new PassTimeline(trace);
  const changes = [];
  for (let i = 0; i < events.length; i += 7) {
    trace.append(events.slice(i, i + 7));
    changes.push(timeline.update());
    assert.equal(timeline.read, trace.events.length);
  }
  assert.equal(timeline.update(), false); // nothing new: nothing changed
  assert.ok(changes.includes(true) && changes.includes(false));
  assert.deepEqual(timeline.segments, timelineOf("textbook-mtdf").segments);
});
