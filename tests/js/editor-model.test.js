// Unit tests of the tree editor's pure model (visualizer/editor-model.js) and its undo/redo
// (visualizer/editor-history.js): run with `node --test tests/js/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { EditHistory } from "../../static/js/visualizer/editor-history.js";
import {
  EditError,
  addChild,
  compactTree,
  deleteSubtree,
  documentText,
  moveNode,
  normalizeDocument,
  parseNumber,
  setNodeKind,
  setNodeText,
  setNodeValue,
} from "../../static/js/visualizer/editor-model.js";

/** The textbook pair [[3, 5], [2, 9]] as the editor holds it. */
const pair = () =>
  normalizeDocument([
    [3, 5],
    [2, 9],
  ]);
const shortTree = (document) => compactTree(document.tree);

test("normalizeDocument and documentText round-trip the shorthand", () => {
  const document = normalizeDocument({ tree: [[3, { value: 5, label: "x" }], 2], players: "max,min" });
  assert.deepEqual(document.tree.children[0].children[0], { value: 3 });
  assert.equal(documentText(document), '{"tree":[[3,{"label":"x","value":5}],2],"players":"max,min"}');
  assert.equal(documentText(pair()), "[[3,5],[2,9]]");
});

test("addChild appends a 0 leaf and leaves its argument as it was", () => {
  const before = pair();
  const after = addChild(before, [1]);
  assert.deepEqual(shortTree(after), [
    [3, 5],
    [2, 9, 0],
  ]);
  assert.deepEqual(before, pair());
});

test("addChild on a leaf moves its value down to its only child", () => {
  assert.deepEqual(shortTree(addChild(pair(), [0, 1])), [
    [3, [5]],
    [2, 9],
  ]);
});

test("addChild drops the siblings' probabilities, which no longer add up", () => {
  const document = normalizeDocument({
    type: "chance",
    children: [
      { p: 0.5, value: 1 },
      { p: 0.5, value: 2 },
    ],
  });
  assert.deepEqual(shortTree(addChild(document, [])), { type: "chance", children: [1, 2, 0] });
});

test("addChild on a path that leads nowhere changes nothing", () => {
  assert.equal(addChild(pair(), [0, 5]), null);
});

test("deleteSubtree removes the subtree; a parent left bare becomes a 0 leaf", () => {
  assert.deepEqual(shortTree(deleteSubtree(pair(), [0])), [[2, 9]]);
  const once = deleteSubtree(normalizeDocument([[7], 1]), [0, 0]);
  assert.deepEqual(shortTree(once), [0, 1]);
});

test("deleteSubtree refuses the root", () => {
  assert.equal(deleteSubtree(pair(), []), null);
});

test("moveNode reorders siblings and stops at either end", () => {
  assert.deepEqual(shortTree(moveNode(pair(), [1], -1)), [
    [2, 9],
    [3, 5],
  ]);
  assert.deepEqual(shortTree(moveNode(pair(), [0, 0], 1)), [
    [5, 3],
    [2, 9],
  ]);
  assert.equal(moveNode(pair(), [0], -1), null);
  assert.equal(moveNode(pair(), [1], 1), null);
  assert.equal(moveNode(pair(), [], 1), null);
});

test("setNodeValue sets a number, clears an inner node's value, refuses a leaf without one", () => {
  assert.deepEqual(shortTree(setNodeValue(pair(), [1, 0], -4)), [
    [3, 5],
    [-4, 9],
  ]);
  assert.equal(setNodeValue(pair(), [1, 0], 2), null); // already 2
  const withHeuristic = setNodeValue(pair(), [0], 4);
  assert.deepEqual(shortTree(withHeuristic), [{ value: 4, children: [3, 5] }, [2, 9]]);
  assert.deepEqual(shortTree(setNodeValue(withHeuristic, [0], null)), [
    [3, 5],
    [2, 9],
  ]);
  assert.throws(() => setNodeValue(pair(), [0, 0], null), EditError);
});

test("setNodeText trims, removes on empty text and refuses more than 80 characters", () => {
  const labelled = setNodeText(pair(), [1], "label", "  B ");
  assert.deepEqual(shortTree(labelled), [[3, 5], { label: "B", children: [2, 9] }]);
  assert.deepEqual(shortTree(setNodeText(labelled, [1], "label", "")), [
    [3, 5],
    [2, 9],
  ]);
  assert.throws(() => setNodeText(pair(), [1], "action", "x".repeat(81)), /at most 80/);
});

test("setNodeKind sets and clears a node's own kind", () => {
  const chance = setNodeKind(pair(), [0], "chance");
  assert.deepEqual(shortTree(chance), [{ type: "chance", children: [3, 5] }, [2, 9]]);
  assert.deepEqual(shortTree(setNodeKind(chance, [0], "")), [
    [3, 5],
    [2, 9],
  ]);
  assert.equal(setNodeKind(pair(), [0], ""), null);
});

test("parseNumber reads a typographic minus; empty is null, words are NaN", () => {
  assert.equal(parseNumber(" \u22123.5 "), -3.5);
  assert.equal(parseNumber(""), null);
  assert.ok(Number.isNaN(parseNumber("ten")));
});

test("EditHistory undoes and redoes texts; a new edit forgets the redo", () => {
  const history = new EditHistory();
  history.record("a");
  history.record("b"); // shown now: "c"
  assert.equal(history.undo("c"), "b");
  assert.equal(history.undo("b"), "a");
  assert.equal(history.canUndo, false);
  assert.equal(history.redo("a"), "b");
  assert.equal(history.canRedo, true);
  history.record("b");
  assert.equal(history.canRedo, false);
  assert.equal(history.undo("d"), "b");
});

test("EditHistory keeps at most its limit and ignores a missing text", () => {
  const history = new EditHistory(2);
  for (const text of ["a", null, "b", "c"]) history.record(text);
  assert.equal(history.undo("d"), "c");
  assert.equal(history.undo("c"), "b");
  assert.equal(history.canUndo, false);
});
