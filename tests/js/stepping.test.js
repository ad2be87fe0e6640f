// trace/stepping.js: "step over" and "step out" on the textbook trace, worked out by hand.
//
// The textbook trace, step by step (A is the root; B, C, D its MIN children; E…M the leaves):
//  1 enter A   2 enter B   3 leaf E   4 update B   5 leaf F   6 update B   7 leaf G
//  8 update B  9 exit B   10 update A 11 enter C  12 leaf H  13 update C  14 cutoff C (I, J)
// 15 exit C   16 update A 17 enter D  18 leaf K … 24 cutoff D (none left) 25 exit D
// 26 update A 27 exit A

import assert from "node:assert/strict";
import { test } from "node:test";

import { Trace } from "../../static/js/trace/trace.js";
import { stepOut, stepOver } from "../../static/js/trace/stepping.js";
import { loadFixture, traceOf } from "./fixtures.js";

test("the textbook trace is the one the table above describes", () => {
  const trace = traceOf("textbook");
  const at = (k) => `${trace.events[k - 1].type} ${trace.nodeOf[k - 1]}`;
  assert.deepEqual([1, 2, 3, 9, 11, 14, 15, 17, 24, 25, 27].map(at), [
    "enter 0",
    "enter 1",
    "leaf 2",
    "exit 1",
    "enter 5",
    "cutoff 5",
    "exit 5",
    "enter 9",
    "cutoff 9",
    "exit 9",
    "exit 0",
  ]);
});

test("step over an entered node goes to its exit", () => {
  const trace = traceOf("textbook");
  assert.equal(stepOver(trace, 2), 9, "B entered at 2 returns at 9");
  assert.equal(stepOver(trace, 11), 15, "C");
  assert.equal(stepOver(trace, 13), 15, "an update at C: C is current");
});

test("step over from step 0 or from the root goes to the end", () => {
  const trace = traceOf("textbook");
  assert.equal(stepOver(trace, 0), 27);
  assert.equal(stepOver(trace, 1), 27);
});

test("step over a node finished at k goes to where the next step's node finishes", () => {
  const trace = traceOf("textbook");
  assert.equal(stepOver(trace, 3), 9, "leaf E done; step 4 is B's update, B exits at 9");
  assert.equal(stepOver(trace, 9), 27, "B done; step 10 is A's update, A exits at 27");
});

test("step out goes to where the parent moves on: its next child, a cutoff or its exit", () => {
  const trace = traceOf("textbook");
  assert.equal(stepOut(trace, 3), 5, "from leaf E to leaf F");
  assert.equal(stepOut(trace, 7), 9, "from the last leaf G to B's exit");
  assert.equal(stepOut(trace, 12), 14, "from leaf H to C's cutoff");
  assert.equal(stepOut(trace, 2), 11, "from B (entered) to C's enter, after B returns");
  assert.equal(stepOut(trace, 0), 27, "from step 0: the end");
  assert.equal(stepOut(trace, 5), 7);
});

test("both give -1 at the end and for steps that are not steps", () => {
  const trace = traceOf("textbook");
  for (const k of [27, -1, 1.5, 28]) {
    assert.equal(stepOver(trace, k), -1, `over ${k}`);
    assert.equal(stepOut(trace, k), -1, `out ${k}`);
  }
  assert.equal(stepOver(null, 0), -1);
});

test("while events stream in, a target not yet arrived is -1, then found", () => {
  const { nodes, summary, events } = loadFixture("textbook");
  const trace = new Trace(nodes, summary.options);
  trace.append(events.slice(0, 5));
  assert.equal(stepOver(trace, 2), -1, "B has not returned yet");
  assert.equal(stepOut(trace, 3), 5);
  trace.append(events.slice(5));
  assert.equal(stepOver(trace, 2), 9);
});

test("on a big trace, step over always lands after k, on the exit or leaf of a node", () => {
  const trace = traceOf("random-depth-8");
  for (let k = 0; k < trace.length; k++) {
    const target = stepOver(trace, k);
    assert.ok(target > k, `step ${k}`);
    assert.ok(["exit", "leaf"].includes(trace.eventAt(target).type), `step ${k} → ${target}`);
  }
});
