// The key's one-line answers (static/js/exams/answer-text.js), one per question kind, in the
// words app/exams/latex.py prints in the LaTeX key.
import { test } from "node:test";
import assert from "node:assert/strict";
import { answerText } from "../../static/js/exams/answer-text.js";

test("pruned branches, values and windows read as a person writes them", () => {
  const prune = {
    kind: "prune",
    answer: {
      pruned: [
        { name: "G", path: [1, 1] },
        { name: "K", path: [2, 1] },
      ],
      pruned_leaves: 3,
    },
  };
  assert.equal(answerText(prune), "crossed out: G, K (3 leaves pruned)");
  assert.equal(answerText({ kind: "prune", answer: { pruned: [], pruned_leaves: 0 } }), "crossed out: none (0 leaves pruned)");
  assert.equal(
    answerText({ kind: "prune", answer: { pruned: [{ name: "O", path: [1, 1, 1] }], pruned_leaves: 1 } }),
    "crossed out: O (1 leaf pruned)"
  );
  assert.equal(answerText({ kind: "values", answer: { values: { A: 3, B: -2.5 } } }), "A = 3, B = −2.5");
  const windows = { kind: "windows", answer: { windows: { A: { alpha: 15, beta: "Infinity" }, F: { alpha: "-Infinity", beta: 4 } } } };
  assert.equal(answerText(windows), "A: α = 15, β = ∞; F: α = −∞, β = 4");
});

test("moves, counts, orders and the rules' leaves", () => {
  assert.equal(answerText({ kind: "best_move", answer: { move: 1, child: "C", value: 12 } }), "move to C (value 12)");
  assert.equal(answerText({ kind: "leaves", answer: { leaves_evaluated: 2, leaves: ["D", "E"] } }), "2 leaves: D, E");
  const reorder = { kind: "reorder", answer: { orders: { A: ["C", "B"] }, leaves_evaluated: 3, given_leaves_evaluated: 4 } };
  assert.equal(answerText(reorder), "A: C B; then 3 leaves are evaluated (given order: 4)");
  assert.equal(answerText({ kind: "rules", answer: { standard_only: [], strict_only: ["O"] } }), "standard only: none; strict only: O");
  const counts = { kind: "counts", answer: { minimax: { leaves: 8, nodes: 15 }, alphabeta: { leaves: 6, nodes: 12 } } };
  assert.equal(answerText(counts), "minimax 8 leaves, 15 nodes; alpha-beta 6 leaves, 12 nodes");
});
