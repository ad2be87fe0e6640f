// The page's graders of PVS's, MTD(f)'s and Star1's practice questions
// (static/js/practice/questions/) on engine traces saved in tests/js/fixtures: the right
// answer scores full marks, wrong taps and bounds cost what the rules say, and each sentence
// names the node, the test and the numbers. (tests/engine/test_grading_agreement.py checks
// them against the server's graders on 150 random cases.)

import assert from "node:assert/strict";
import { test } from "node:test";

import { gradeQuestion, questionAnswer, questionOf } from "../../static/js/practice/questions/index.js";
import { traceOf } from "./fixtures.js";

const kinds = (graded) => graded.items.map((item) => item.kind);

test("the algorithm names the question; the others are graded as before", () => {
  assert.equal(questionOf({ algorithm: "pvs" }), "research");
  assert.equal(questionOf({ algorithm: "mtdf", guess: 3 }), "bounds");
  assert.equal(questionOf({ algorithm: "star1", bounds: [0, 10] }), "chance_prune");
  assert.equal(questionOf({ algorithm: "alphabeta" }), "");
  assert.equal(questionOf({ algorithm: "pvs", aspiration: { guess: 3, delta: 1 } }), "");
});

test("PVS: tapping the re-searched child scores full marks; a child that fails low costs a point", () => {
  const trace = traceOf("pvs-research");
  assert.deepEqual(questionAnswer(trace), { tapped: ["1"] });
  const right = gradeQuestion(trace, { tapped: ["1"] });
  assert.deepEqual([right.score, right.max_score, kinds(right)], [1, 1, ["correct_tap"]]);
  assert.equal(
    right.items[0].explanation,
    "C's null-window test asks: is C better than 3 for MAX at A? It returned 6 > 3, a fail high, so C is searched again with the full window (3, ∞)."
  );
  const wrong = gradeQuestion(trace, { tapped: ["0", "2"] });
  assert.deepEqual(kinds(wrong).sort(), ["missed_tap", "over_tap", "over_tap"]);
  assert.equal(wrong.score, 0);
  const first = wrong.items.find((item) => item.path.join(".") === "0");
  assert.equal(first.explanation, "B is searched with A's full window: it is A's first child, never tested.");
});

test("MTD(f): the bounds after each pass, with the pass's window and the root's result", () => {
  const trace = traceOf("textbook-mtdf");
  const right = gradeQuestion(trace, {
    bounds: [
      [3, Infinity],
      [3, 3],
    ],
  });
  assert.deepEqual([right.score, right.max_score], [2, 2]);
  assert.deepEqual(
    right.items.map((item) => item.pass),
    [1, 2]
  );
  const wrong = gradeQuestion(trace, {
    bounds: [
      [3, "Infinity"],
      [-Infinity, 3],
    ],
  });
  assert.deepEqual(kinds(wrong), ["correct_bounds", "wrong_bounds"]);
  assert.equal(
    wrong.items[1].explanation,
    "Pass 2 searches A with the null window (3, 4): is A at least 4? It returned 3 < 4, a fail low, so A is at most 3: the bounds are [3, 3], not [−∞, 3]; they meet, so A's value is 3."
  );
  assert.ok(wrong.items[0].step < wrong.items[1].step && wrong.items[1].step === trace.length);
  assert.deepEqual(kinds(gradeQuestion(trace, { bounds: [null] })), ["missing_bounds", "missing_bounds"]);
});

test("Star1: the pruned chance child, with the bound's arithmetic", () => {
  const trace = traceOf("star1");
  const right = gradeQuestion(trace, { tapped: [[1, 1]] });
  assert.deepEqual([right.score, right.max_score, kinds(right)], [1, 1, ["correct_tap"]]);
  assert.equal(
    right.items[0].explanation,
    "G is pruned: after C's first child F, C's value is at most (3 + 10) / 2 = 6.5 ≤ α = 7, so the rest of C's children cannot matter."
  );
  const over = gradeQuestion(trace, { tapped: ["1.1", "0", "0.1"] });
  assert.deepEqual(kinds(over).sort(), ["correct_tap", "over_tap", "over_tap"]);
  assert.equal(over.score, 0);
  assert.match(over.items.find((i) => i.path.join(".") === "0").explanation, /^B is not a chance node's child/);
  assert.match(
    over.items.find((i) => i.path.join(".") === "0.1").explanation,
    /^E is searched: when B came to it, B's value could still be anything from/
  );
});
