// tree/camera.js: where the view looks. The vendored d3 is imported first, as on the page:
// its UMD build sets globalThis.d3, which camera.js reads for d3.zoomIdentity.

import "../../static/vendor/d3.min.js";

import assert from "node:assert/strict";
import { test } from "node:test";

import { fitTransform, focusBox, nodeBox, shrinkToHold, withinView } from "../../static/js/tree/camera.js";
import { traceOf } from "./fixtures.js";

const AREA = { left: 0, top: 0, right: 800, bottom: 600 };

/** Positions (x, y pairs by id): leaves `gapX` apart, parents over their children, levels `gapY` apart. */
function grid(trace, gapX = 60, gapY = 80) {
  const pos = new Float64Array(2 * trace.size);
  const order = [];
  const walk = (id) => {
    if (trace.children[id].length === 0) order.push(id);
    trace.children[id].forEach(walk);
  };
  walk(0);
  order.forEach((id, j) => (pos[2 * id] = j * gapX));
  for (let id = trace.size - 1; id >= 0; id--) {
    const kids = trace.children[id];
    if (kids.length) pos[2 * id] = (pos[2 * kids[0]] + pos[2 * kids[kids.length - 1]]) / 2;
    pos[2 * id + 1] = trace.depth[id] * gapY;
  }
  return pos;
}

const inside = (transform, box, area) => {
  const [x0, y0] = transform.apply([box.x0, box.y0]);
  const [x1, y1] = transform.apply([box.x1, box.y1]);
  return x0 >= area.left - 1e-9 && x1 <= area.right + 1e-9 && y0 >= area.top - 1e-9 && y1 <= area.bottom + 1e-9;
};

test("a tree that fits is drawn whole, every node box inside the area", () => {
  const trace = traceOf("textbook");
  const pos = grid(trace);
  const ids = [...Array(trace.size).keys()];
  const transform = fitTransform(ids, pos, AREA, null, { minScale: 0.5, maxScale: 2 });
  for (const id of ids) assert.ok(inside(transform, nodeBox(pos, id), AREA), `node ${id}`);
  assert.ok(transform.k <= 2 && transform.k >= 0.5);
});

test("a tree too wide for the readable scale stays at that scale and keeps its focus in view", () => {
  const trace = traceOf("random-depth-8"); // 256 leaves, 60 apart: far wider than 800 px
  const pos = grid(trace);
  const ids = [...Array(trace.size).keys()];
  const present = new Uint8Array(trace.size).fill(1);
  const s = trace.seek(trace.length - 40);
  const focus = focusBox(trace, s, pos, present);
  const transform = fitTransform(ids, pos, AREA, focus, { minScale: 0.8, maxScale: 2 });
  assert.equal(transform.k, 0.8);
  assert.ok(inside(transform, focus.node, AREA), "the focused node is on screen");
});

test("focusBox falls back to the nearest drawn ancestor and joins its children and parent", () => {
  const trace = traceOf("textbook");
  const pos = grid(trace);
  const present = new Uint8Array(trace.size).fill(1);
  present[3] = 0; // leaf F not drawn
  const s = trace.seek(5); // step 5 is about F
  const box = focusBox(trace, s, pos, present);
  assert.deepEqual(box.node, nodeBox(pos, 1), "B stands in for F");
  assert.ok(box.near.y0 < box.node.y0, "near reaches up to the root");
  assert.ok(box.down.y1 > box.node.y1, "down reaches down to B's children");
});

test("withinView pans without zooming until the focus is inside, and not when it is", () => {
  const trace = traceOf("textbook");
  const pos = grid(trace);
  const present = new Uint8Array(trace.size).fill(1);
  const focus = focusBox(trace, trace.seek(25), pos, present);
  const away = d3.zoomIdentity.translate(-2000, 900).scale(1.5);
  const panned = withinView(away, focus, AREA);
  assert.equal(panned.k, 1.5);
  assert.ok(inside(panned, focus.near, AREA));
  assert.equal(withinView(panned, focus, AREA), panned, "already in view: unchanged");
});

test("withinView keeps the parent in height when it is too far aside for the width", () => {
  const focus = {
    node: { x0: 0, x1: 100, y0: 200, y1: 260 },
    down: { x0: -100, x1: 200, y0: 200, y1: 360 },
    near: { x0: -100, x1: 1200, y0: 100, y1: 360 }, // the parent 1,000 units to the right
  };
  const area = { left: 0, top: 0, right: 400, bottom: 300 };
  const panned = withinView(d3.zoomIdentity.translate(0, -150), focus, area);
  assert.ok(panned.applyY(100) >= 0 && panned.applyY(360) <= 300, "parent to children, down");
  assert.ok(panned.applyX(-100) >= 0 && panned.applyX(200) <= 400, "the children, across");
});

test("shrinkToHold zooms out to hold a box, but never below minScale", () => {
  const box = { x0: 0, y0: 0, x1: 1600, y1: 300 };
  const close = d3.zoomIdentity.scale(2);
  const held = shrinkToHold(close, box, AREA, 0.1);
  assert.ok(Math.abs(held.k - 0.5) < 1e-12, "800 px for 1,600 units");
  assert.deepEqual(held.apply([800, 150]), close.apply([800, 150]), "about the box's centre");
  assert.equal(shrinkToHold(close, box, AREA, 1).k, 1, "stops at the readable scale");
  const small = { x0: 0, y0: 0, x1: 100, y1: 100 };
  assert.equal(shrinkToHold(close, small, AREA, 0.1), close, "fits already");
});
