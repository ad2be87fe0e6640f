// tree/fold.js: which nodes are drawn at a step (focus and context) on trees too big to show.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Trace } from "../../static/js/trace/trace.js";
import { foldTree } from "../../static/js/tree/fold.js";
import { traceOf } from "./fixtures.js";

/** Every drawn item of the nested drawing, placeholders included. */
function items(root) {
  const out = [];
  const walk = (item) => {
    out.push(item);
    for (const child of item.children || []) walk(child);
  };
  walk(root);
  return out;
}

/** The drawing is a consistent cut: parents drawn, `folded`/`leaf` true to the table. */
function assertConsistent(trace, drawing) {
  const drawn = new Set(drawing.ids);
  assert.deepEqual(
    drawing.ids,
    [...drawing.ids].sort((a, b) => a - b),
    "ids in preorder"
  );
  for (const item of items(drawing.root)) {
    if (item.id < 0) {
      assert.ok(item.hidden.length > 0 && item.hidden.every((id) => trace.parent[id] === item.parent));
      continue;
    }
    if (item.id > 0) assert.ok(drawn.has(trace.parent[item.id]), `parent of ${item.id} drawn`);
    assert.equal(item.leaf, trace.children[item.id].length === 0);
    assert.equal(item.folded, item.children === null && !item.leaf, `node ${item.id}`);
  }
}

const pathTo = (trace, id) => {
  const path = [];
  for (let i = id; i >= 0; i = trace.parent[i]) path.unshift(i);
  return path;
};

test("a small tree is drawn whole", () => {
  const trace = traceOf("textbook");
  const drawing = foldTree(trace, trace.seek(5));
  assert.equal(drawing.ids.length, trace.size);
  assert.deepEqual(drawing.placeholders, []);
});

test("on a big tree the path to the focus is open at every step, within a cut", () => {
  const trace = traceOf("random-depth-8"); // 511 nodes
  for (let k = 0; k <= trace.length; k += 37) {
    const s = trace.seek(k);
    const drawing = foldTree(trace, s, { budget: 24 });
    assertConsistent(trace, drawing);
    assert.ok(drawing.ids.length < trace.size, `step ${k}: folded somewhere`);
    const focus = s.current >= 0 ? s.current : 0;
    const open = new Set(
      items(drawing.root)
        .filter((item) => item.children)
        .map((item) => item.id)
    );
    for (const id of pathTo(trace, focus).slice(0, -1)) assert.ok(open.has(id), `step ${k}: ${id} open`);
    assert.ok(drawing.ids.includes(focus));
  }
});

test("at the end, `final` keeps the principal variation open", () => {
  const trace = traceOf("random-depth-8");
  const s = trace.seek(trace.length);
  const drawing = foldTree(trace, s, { budget: 24, final: true });
  const pv = trace.principalVariation(s);
  for (const id of pv) assert.ok(drawing.ids.includes(id), `PV node ${id} drawn`);
});

test("the reader's choices win: `open` opens, `folded` folds even on the path, `all` opens all", () => {
  const trace = traceOf("random-depth-8");
  const s = trace.seek(100);
  const onPath = pathTo(trace, s.current)[1];
  const folded = foldTree(trace, s, { folded: new Set([onPath]) });
  const item = items(folded.root).find((it) => it.id === onPath);
  assert.equal(item.folded, true);
  const far = trace.children[0][1]; // the root's second child, unreached at step 100
  const grand = trace.children[far][0];
  const opened = foldTree(trace, s, { budget: 1, open: new Set([far]) });
  assert.ok(opened.ids.includes(grand), "its children are drawn");
  const everything = foldTree(trace, s, { all: true });
  assert.equal(everything.ids.length, trace.size);
});

test("many siblings show a window around the one searched and '… N more' for the rest", () => {
  const nodes = [{ parent: null, kind: "max", terminal: false }];
  for (let i = 0; i < 30; i++) nodes.push({ parent: 0, kind: "min", terminal: true, value: i });
  const trace = new Trace(nodes, {});
  trace.append([["enter", 0, "max", "-Infinity", "Infinity"]]);
  for (let i = 1; i <= 16; i++) trace.append([["leaf", i, i - 1, "-Infinity", "Infinity"]]);
  const atStart = foldTree(trace, trace.seek(1), { maxSiblings: 12 });
  assert.deepEqual(atStart.ids, [0, ...Array.from({ length: 11 }, (_, j) => j + 1)]);
  assert.equal(atStart.placeholders.length, 1);
  assert.equal(atStart.placeholders[0].side, "after");
  assert.equal(atStart.placeholders[0].hidden.length, 19);
  const later = foldTree(trace, trace.seek(trace.length), { maxSiblings: 12 });
  assertConsistent(trace, later);
  assert.ok(later.ids.includes(16), "the child just evaluated (the 16th) is in the window");
  assert.deepEqual(
    later.placeholders.map((p) => p.side),
    ["before", "after"]
  );
  const shown = later.ids.length - 1;
  const hidden = later.placeholders.reduce((n, p) => n + p.hidden.length, 0);
  assert.equal(shown + hidden, 30);
});
