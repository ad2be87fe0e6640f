// tree/aria.js: the keys of the ARIA tree (one test per key) and the treeitems' names.

import assert from "node:assert/strict";
import { test } from "node:test";

import { nodeNames } from "../../static/js/lib/names.js";
import { nextFocus, nodeLabel } from "../../static/js/tree/aria.js";
import { levelsOf } from "../../static/js/tree/levels.js";
import { traceOf } from "./fixtures.js";

// textbook ids: A 0; B 1 (leaves E 2, F 3, G 4); C 5 (H 6, I 7, J 8); D 9 (K 10, L 11, M 12)
const trace = traceOf("textbook");
const allOpen = () => true;
const noneOpen = () => false;
const LAST = 12;

test("ArrowDown opens a folded node, goes to an open node's first child, stays on a leaf", () => {
  assert.deepEqual(nextFocus(trace, 1, "ArrowDown", noneOpen, LAST), { open: 1 });
  assert.deepEqual(nextFocus(trace, 1, "ArrowDown", allOpen, LAST), { focus: 2 });
  assert.deepEqual(nextFocus(trace, 2, "ArrowDown", allOpen, LAST), { focus: 2 });
});

test("ArrowUp folds an open node, goes from a folded node or a leaf to its parent", () => {
  assert.deepEqual(nextFocus(trace, 5, "ArrowUp", allOpen, LAST), { fold: 5 });
  assert.deepEqual(nextFocus(trace, 5, "ArrowUp", noneOpen, LAST), { focus: 0 });
  assert.deepEqual(nextFocus(trace, 7, "ArrowUp", allOpen, LAST), { focus: 5 });
  assert.deepEqual(nextFocus(trace, 0, "ArrowUp", allOpen, LAST), { focus: 0 }, "the root never folds");
});

test("ArrowLeft goes to the previous sibling, and stays on the first", () => {
  assert.deepEqual(nextFocus(trace, 9, "ArrowLeft", allOpen, LAST), { focus: 5 });
  assert.deepEqual(nextFocus(trace, 6, "ArrowLeft", allOpen, LAST), { focus: 6 });
  assert.deepEqual(nextFocus(trace, 0, "ArrowLeft", allOpen, LAST), { focus: 0 });
});

test("ArrowRight goes to the next sibling, and stays on the last", () => {
  assert.deepEqual(nextFocus(trace, 1, "ArrowRight", allOpen, LAST), { focus: 5 });
  assert.deepEqual(nextFocus(trace, 12, "ArrowRight", allOpen, LAST), { focus: 12 });
});

test("Home goes to the root", () => {
  assert.deepEqual(nextFocus(trace, 11, "Home", allOpen, LAST), { focus: 0 });
});

test("End goes to the last node drawn", () => {
  assert.deepEqual(nextFocus(trace, 2, "End", noneOpen, 9), { focus: 9 });
});

test("other keys are left to the page", () => {
  assert.equal(nextFocus(trace, 2, "Enter", allOpen, LAST), null);
  assert.equal(nextFocus(trace, 2, " ", allOpen, LAST), null);
});

test("a treeitem's name says what the narration would", () => {
  const levels = levelsOf(trace, { players: ["max", "min"] });
  const label = (k, id) => nodeLabel(trace, trace.seek(k), id, nodeNames(trace), levels);
  assert.equal(label(0, 2), "leaf E: value 3, not yet searched");
  assert.equal(label(2, 1), `MIN node B: value so far ∞, α \u2212∞, β ∞, being searched`);
  assert.equal(label(trace.length, 5), "MIN node C: value 2, α 3, β 2, cut off after its first child");
  assert.equal(label(trace.length, 7), "leaf I: value 4, pruned, never evaluated");
  assert.equal(label(trace.length, 9), "MIN node D: value 2, α 3, β 2, cutoff test fired at its last child");
});

test("a node deeper than six levels says its level in words", () => {
  const deep = traceOf("random-depth-8");
  const levels = levelsOf(deep, { players: ["max", "min"] });
  const names = nodeNames(deep);
  const at = (depth) => [...Array(deep.size).keys()].find((id) => deep.depth[id] === depth);
  const label = (id) => nodeLabel(deep, deep.seek(deep.length), id, names, levels);
  assert.ok(label(at(6)).endsWith(", level 7"), label(at(6)));
  assert.ok(!/level \d/.test(label(at(5))), label(at(5)));
});
