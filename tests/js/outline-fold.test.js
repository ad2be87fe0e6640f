// tree/outline-fold.js: which rows the outline lists on a tree too big to list whole (the
// rows of a phone's outline), and what its keys do: a consistent preorder list that always
// holds the path to the current node, stays near its row budget, honours the reader's
// choices (never folding the current node away) and counts what a collapsed row holds.
import assert from "node:assert/strict";
import { test } from "node:test";

import { descendantCounts, outlineFold, outlineKey, OUTLINE_WHOLE_NODES } from "../../static/js/tree/outline-fold.js";
import { traceOf } from "./fixtures.js";

const SMALL = { wholeNodes: 100, budget: 40 }; // the 511-node tree folds under these limits

function pathOf(trace, id) {
  const path = new Set();
  for (let i = id; i >= 0; i = trace.parent[i]) path.add(i);
  return path;
}

/** Listed rows are in preorder, every listed row's parent is listed and open, and a row is
 * collapsed exactly when it has children none of which is listed. */
function assertConsistent(trace, rows) {
  const listed = new Set(rows.ids);
  assert.deepEqual(
    rows.ids,
    [...rows.ids].sort((a, b) => a - b),
    "preorder"
  );
  for (const id of rows.ids) {
    const parent = trace.parent[id];
    if (parent >= 0) assert.ok(listed.has(parent) && !rows.collapsed.has(parent), `row ${id}'s parent open`);
    const kids = trace.children[id];
    const shown = kids.filter((kid) => listed.has(kid));
    if (rows.collapsed.has(id)) assert.equal(shown.length, 0, `collapsed ${id} lists no child`);
    else assert.equal(shown.length, kids.length, `open ${id} lists every child`);
  }
}

test("a tree of up to OUTLINE_WHOLE_NODES nodes is listed whole", () => {
  const trace = traceOf("random-depth-8"); // 511 nodes
  assert.ok(trace.size <= OUTLINE_WHOLE_NODES);
  const rows = outlineFold(trace, trace.seek(200));
  assert.equal(rows.whole, true);
  assert.deepEqual(rows.ids, [...Array(trace.size).keys()]);
  assert.equal(rows.collapsed.size, 0);
});

test("a bigger tree folds: the path to the current node is listed, near the budget", () => {
  const trace = traceOf("random-depth-8");
  for (let k = 0; k <= trace.length; k += 29) {
    const s = trace.seek(k);
    const rows = outlineFold(trace, s, SMALL);
    assert.equal(rows.whole, false);
    assertConsistent(trace, rows);
    for (const id of pathOf(trace, Math.max(0, s.current))) assert.ok(rows.ids.includes(id), `step ${k}: ${id}`);
    assert.ok(rows.ids.length < trace.size / 3, `step ${k}: ${rows.ids.length} rows`);
    assert.ok(rows.collapsed.size > 0, `step ${k}: something folded`);
  }
});

test("once the search is over the principal variation is listed", () => {
  const trace = traceOf("random-depth-8");
  const s = trace.seek(trace.length);
  const rows = outlineFold(trace, s, { ...SMALL, final: true });
  for (const id of trace.principalVariation(s)) assert.ok(rows.ids.includes(id), `PV ${id}`);
});

test("the reader's choices win, but the path to the current node never folds", () => {
  const trace = traceOf("random-depth-8");
  const s = trace.seek(150);
  const rows = outlineFold(trace, s, SMALL);
  const target = [...rows.collapsed][0];
  const opened = outlineFold(trace, s, { ...SMALL, open: new Set([target]) });
  assertConsistent(trace, opened);
  for (const kid of trace.children[target]) assert.ok(opened.ids.includes(kid));
  const path = pathOf(trace, s.current);
  const openRow = rows.ids.find((id) => trace.children[id].length && !rows.collapsed.has(id) && !path.has(id));
  const folded = outlineFold(trace, s, { ...SMALL, folded: new Set([openRow, 0, s.current]) });
  assertConsistent(trace, folded);
  if (openRow !== undefined) assert.ok(folded.collapsed.has(openRow));
  assert.ok(folded.ids.includes(s.current), "the current node stays listed");
  assert.ok(!folded.collapsed.has(0), "the root, on the path, stays open");
});

test("a collapsed row counts the nodes below it", () => {
  const trace = traceOf("random-depth-8"); // a full binary tree of depth 8
  const counts = descendantCounts(trace);
  assert.equal(counts[0], trace.size - 1);
  for (const kid of trace.children[0]) assert.equal(counts[kid], (trace.size - 1) / 2 - 1);
  const leaf = trace.children.findIndex((kids) => kids.length === 0);
  assert.equal(counts[leaf], 0);
});

test("keys: ↓ ↑ move along listed rows, → opens a collapsed row, ← folds an open one", () => {
  const trace = traceOf("random-depth-8");
  const s = trace.seek(150);
  const rows = outlineFold(trace, s, SMALL);
  const index = new Map(rows.ids.map((id, place) => [id, place]));
  const path = pathOf(trace, s.current);
  const collapsed = [...rows.collapsed][0];
  const place = index.get(collapsed);
  assert.deepEqual(outlineKey("ArrowRight", collapsed, trace, rows, index, path), { open: collapsed });
  assert.deepEqual(outlineKey("ArrowDown", collapsed, trace, rows, index, path), {
    to: rows.ids[Math.min(rows.ids.length - 1, place + 1)],
  });
  assert.deepEqual(outlineKey("ArrowUp", collapsed, trace, rows, index, path), { to: rows.ids[place - 1] });
  assert.deepEqual(outlineKey("ArrowLeft", collapsed, trace, rows, index, path), { to: trace.parent[collapsed] });
  assert.deepEqual(outlineKey("ArrowLeft", 0, trace, rows, index, path), { to: 0 }, "the root is on the path");
  const openRow = rows.ids.find((id) => trace.children[id].length && !rows.collapsed.has(id) && !path.has(id));
  if (openRow !== undefined) assert.deepEqual(outlineKey("ArrowLeft", openRow, trace, rows, index, path), { fold: openRow });
  assert.deepEqual(outlineKey("End", 0, trace, rows, index, path), { to: rows.ids.at(-1) });
  assert.equal(outlineKey("x", 0, trace, rows, index, path), null);
  // A whole list never folds: ← goes to the parent.
  const whole = outlineFold(trace, s);
  const wholeIndex = new Map(whole.ids.map((id, at) => [id, at]));
  assert.deepEqual(outlineKey("ArrowLeft", 1, trace, whole, wholeIndex, path), { to: 0 });
  assert.deepEqual(outlineKey("ArrowDown", 5, trace, whole, wholeIndex, path), { to: 6 });
});
