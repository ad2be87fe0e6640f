// trace/narration.js: the sentence for a step, as a reader hears it (textbook trace).

import assert from "node:assert/strict";
import { test } from "node:test";

import { narrate } from "../../static/js/trace/narration.js";
import { traceOf } from "./fixtures.js";

const MINUS = "\u2212";

test("before a run, and at step 0", () => {
  assert.equal(narrate(null, 0), "Choose a tree and press Run.");
  assert.equal(narrate(traceOf("textbook"), 0), "Step 0: nothing is visited yet. Press → (or Play) to start the search at the root.");
});

test("entering the root and a MIN node states the window and what the node does", () => {
  const trace = traceOf("textbook");
  assert.equal(narrate(trace, 1), `Start at the root A, a MAX node with α = ${MINUS}∞, β = ∞: MAX picks the largest child value.`);
  assert.equal(narrate(trace, 2), `Visit MIN node B with window α = ${MINUS}∞, β = ∞: MIN picks the smallest child value.`);
});

test("a leaf, then the update it causes at its MIN parent", () => {
  const trace = traceOf("textbook");
  assert.equal(narrate(trace, 3), "Evaluate leaf E: its value is 3.");
  assert.equal(narrate(trace, 4), "MIN node B: E returns 3; v = min(∞, 3) = 3, so β drops to 3.");
  assert.equal(narrate(trace, 6), "MIN node B: F returns 12; v = min(3, 12) = 3 (unchanged).");
});

test("a cutoff names the children it prunes, or says none are left", () => {
  const trace = traceOf("textbook");
  assert.equal(
    narrate(trace, 14),
    "MIN node C: v = 2 ≤ α = 3, so the remaining children I and J cannot matter " + "(MAX above already has a better option): α-cutoff."
  );
  assert.equal(
    narrate(trace, 24),
    "MIN node D: v = 2 ≤ α = 3, the α-cutoff test fires, but this was the last child: " + "nothing is left to prune."
  );
});

test("returns: a MIN node's value with its best child, and the root's best move", () => {
  const trace = traceOf("textbook");
  assert.equal(narrate(trace, 9), "MIN node B returns 3 (from child E).");
  assert.equal(narrate(trace, 27), "The root returns 3: the search is complete. Best move: B.");
});

test("a depth limit scores a node by its heuristic value", () => {
  const trace = traceOf("depth-limited");
  const k = trace.events.findIndex((e) => e.type === "leaf") + 1;
  assert.match(narrate(trace, k), /^Depth limit reached: D is scored by its heuristic value 22\.$/);
});

test("a chance node weighs each child by its probability", () => {
  const trace = traceOf("chance"); // the third chance node D: leaves K, L, M worth 15, 6, 0 with p = ½, ¼, ¼
  const sentences = trace.events.map((_, j) => narrate(trace, j + 1));
  assert.ok(sentences.includes("CHANCE node D: K returns 15, with probability 0.5; the expected value so far is 7.5."));
  assert.ok(sentences.includes("CHANCE node D returns its expected value 9."));
});
