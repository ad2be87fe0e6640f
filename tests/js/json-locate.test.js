// lib/json-locate.js: where a node (by path) sits in a tree document's text, for the editor.

import assert from "node:assert/strict";
import { test } from "node:test";

import { lineColumn, locateNode } from "../../static/js/lib/json-locate.js";

const DOC = `{"players": ["max", "min"],
 "tree": [[3, 12], {"value": 5, "children": [1, [2, 4]]}]}`;

const textAt = (text, path) => {
  const span = locateNode(text, path);
  return span && text.slice(span.start, span.end);
};

test("a path walks a document's tree through arrays and `children`", () => {
  assert.equal(textAt(DOC, []), `[[3, 12], {"value": 5, "children": [1, [2, 4]]}]`);
  assert.equal(textAt(DOC, [0]), "[3, 12]");
  assert.equal(textAt(DOC, [0, 1]), "12");
  assert.equal(textAt(DOC, [1]), `{"value": 5, "children": [1, [2, 4]]}`);
  assert.equal(textAt(DOC, [1, 1]), "[2, 4]");
  assert.equal(textAt(DOC, [1, 1, 0]), "2");
});

test("a bare tree (no document around it) is walked the same way", () => {
  assert.equal(textAt("[[1, 2], -3.5e1]", [1]), "-3.5e1");
});

test("quotes and brackets inside strings do not end anything", () => {
  const text = `{"tree": [{"label": "a\\"]", "value": 1}, 2]}`;
  assert.equal(textAt(text, [1]), "2");
});

test("a path that leaves the tree, or text that is not JSON, gives null", () => {
  assert.equal(locateNode(DOC, [2]), null);
  assert.equal(locateNode(DOC, [0, 0, 0]), null);
  assert.equal(locateNode(DOC, [-1]), null);
  assert.equal(locateNode('{"tree": [1, 2', [0]), null);
});

test("lineColumn counts lines and columns from 1", () => {
  assert.deepEqual(lineColumn("ab\ncd", 0), { line: 1, column: 1 });
  assert.deepEqual(lineColumn("ab\ncd", 4), { line: 2, column: 2 });
  const span = locateNode(DOC, [1, 1]);
  assert.deepEqual(lineColumn(DOC, span.start), { line: 2, column: 49 });
});
