// practice/grader.js: a student's prediction graded against the trace. The engine's own
// answer, read straight from its output (not through truth.js), must score full marks, and
// each injected mistake must come back as that mistake and nothing else.

import assert from "node:assert/strict";
import { test } from "node:test";

import { grade } from "../../static/js/practice/grader.js";
import { loadFixture, traceOf } from "./fixtures.js";

/** The engine's answer from its raw output: pruned roots, returned values, windows, move. */
function engineAnswer(name) {
  const { nodes, summary, events } = loadFixture(name);
  const key = (row) => {
    const path = [];
    for (let r = row; nodes[r].parent !== null; r = nodes[r].parent) {
      const parent = nodes[r].parent;
      path.unshift(nodes.filter((n, i) => n.parent === parent && i < r).length);
    }
    return path.join(".");
  };
  const answer = { pruned: [], values: {}, windows: {}, best_move: summary.best_move };
  const window = new Map();
  for (const event of events) {
    const [type, row] = event;
    if (type === "enter") window.set(row, [event[3], event[4]]);
    if (type === "update") window.set(row, [event[5], event[6]]);
    if (type === "cutoff") answer.pruned.push(...event[6].map(key));
    if (type === "exit") {
      answer.values[key(row)] = event[2];
      if (nodes[row].kind !== "chance") answer.windows[key(row)] = window.get(row);
    }
  }
  return answer;
}

const kinds = (result) => result.items.map((item) => item.kind);
const wrong = (result) => result.items.filter((item) => !item.kind.startsWith("correct_"));

for (const name of ["textbook", "tie-strict", "pacman", "random-depth-8"]) {
  test(`${name}: the engine's own answer scores 100%`, () => {
    const result = grade(traceOf(name), engineAnswer(name));
    assert.ok(result.max_score > 0);
    assert.equal(result.score, result.max_score);
    assert.deepEqual(wrong(result), []);
  });
}

test("textbook: full marks are 2 prunes + 4 values + 4 windows + the move", () => {
  const result = grade(traceOf("textbook"), engineAnswer("textbook"));
  assert.equal(result.max_score, 11);
  assert.equal(result.rule, "standard");
  assert.deepEqual(kinds(result).filter((kind) => kind === "correct_prune").length, 2);
});

test("one wrong value comes back as that wrong value, at that node's exit", () => {
  const trace = traceOf("textbook");
  const answer = engineAnswer("textbook");
  answer.values["1"] = 4; // C returns 2
  const result = grade(trace, answer);
  const mistakes = wrong(result);
  assert.equal(mistakes.length, 1);
  assert.equal(mistakes[0].kind, "wrong_value");
  assert.deepEqual(mistakes[0].path, [1]);
  assert.equal(trace.eventAt(mistakes[0].step).type, "exit");
  assert.equal(result.score, result.max_score - 1);
});

test("a missed prune, an over prune and a wrong move are each named", () => {
  const trace = traceOf("textbook");
  const missed = engineAnswer("textbook");
  missed.pruned = missed.pruned.filter((path) => path !== "1.2");
  assert.deepEqual(
    wrong(grade(trace, missed)).map((item) => [item.kind, item.path]),
    [["missed_prune", [1, 2]]]
  );

  const over = engineAnswer("textbook");
  over.pruned.push("2.0"); // leaf 14 under D is evaluated
  const overResult = grade(trace, over);
  assert.deepEqual(
    wrong(overResult).map((item) => [item.kind, item.path]),
    [["over_prune", [2, 0]]]
  );
  assert.equal(overResult.score, overResult.max_score - 1, "an over prune costs a point");

  const move = engineAnswer("textbook");
  move.best_move = 2;
  assert.deepEqual(
    wrong(grade(trace, move)).map((item) => item.kind),
    ["wrong_move"]
  );
});

test("the strict rule's tie: marking the 0 as pruned is an over prune", () => {
  const answer = engineAnswer("tie-strict");
  assert.deepEqual(answer.pruned, []);
  answer.pruned.push("1.1");
  assert.deepEqual(
    wrong(grade(traceOf("tie-strict"), answer)).map((item) => item.kind),
    ["over_prune"]
  );
});
