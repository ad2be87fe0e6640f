// lesson/answer-line.js: the answer key's summary line, in the names the pictures print.
import assert from "node:assert/strict";
import { test } from "node:test";

import { answerLine, prunedRoots } from "../../static/js/lesson/answer-line.js";
import { traceOf } from "./fixtures.js";

test("the textbook tree's key reads as the lecture says it", () => {
  const trace = traceOf("textbook");
  const end = trace.seek(trace.length).clone();
  assert.equal(answerLine(trace, end), "pruned: I, J · root 3 · best move B");
});

test("before the end the line names only what is known", () => {
  const trace = traceOf("textbook");
  assert.equal(answerLine(trace, trace.seek(0).clone()), "pruned: none");
});

test("a pruned subtree is named by its root, not by each leaf under it", () => {
  const trace = traceOf("random-depth-8");
  const end = trace.seek(trace.length).clone();
  const roots = prunedRoots(trace, end);
  assert.ok(roots.length > 0);
  for (const id of roots) assert.notEqual(end.state[trace.parent[id]], end.state[id]);
  const line = answerLine(trace, end);
  assert.match(line, /^pruned: [A-Z]+(, [A-Z]+){11}, … and \d+ more · root -?\d+ · best move [A-Z]+$/);
});

test("the tie under the strict rule prunes nothing", () => {
  const trace = traceOf("tie-strict");
  assert.match(answerLine(trace, trace.seek(trace.length).clone()), /^pruned: none · root 10 · best move B$/);
});
