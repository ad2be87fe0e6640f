// The camera's math given boxes with no size: a panel not laid out yet (0 × 0, hidden while a
// new tree arrives mid-play), an empty set of drawn nodes, a 0-wide area. None may produce NaN,
// which the page would write as translate(NaN,NaN) scale(NaN). The vendored d3 is imported
// first, as on the page (camera.js reads globalThis.d3).

import "../../static/vendor/d3.min.js";

import assert from "node:assert/strict";
import { test } from "node:test";

import { drawnBounds, freeArea, zoomExtent } from "../../static/js/tree/bounds.js";
import { fitTransform, nodeBox, shrinkToHold } from "../../static/js/tree/camera.js";

const d3 = globalThis.d3;
const finite = (t) => [t.k, t.x, t.y].every(Number.isFinite);

test("zoomExtent is never empty, whatever the panel measured", () => {
  for (const [w, h] of [
    [0, 0],
    [0, 500],
    [-20, 3],
    [Number.NaN, undefined],
  ]) {
    const [[x0, y0], [x1, y1]] = zoomExtent(w, h);
    assert.deepEqual([x0, y0], [0, 0]);
    assert.ok(x1 >= 1 && y1 >= 1, `${w}×${h} gave ${x1}×${y1}`);
  }
  assert.deepEqual(zoomExtent(800, 600), [
    [0, 0],
    [800, 600],
  ]);
});

test("a d3-zoom glide over the extent zoomExtent gives stays finite (a 0 × 0 one gives NaN)", () => {
  // d3-zoom's transition interpolates views [cx, cy, max(width, height) / k] of its extent.
  const view = (extent, t) => {
    const w = Math.max(extent[1][0] - extent[0][0], extent[1][1] - extent[0][1]);
    const cx = (extent[0][0] + extent[1][0]) / 2;
    const cy = (extent[0][1] + extent[1][1]) / 2;
    return [t.invertX(cx), t.invertY(cy), w / t.k];
  };
  const from = d3.zoomIdentity;
  const to = d3.zoomIdentity.translate(40, 30).scale(1.5);
  const zero = [
    [0, 0],
    [0, 0],
  ];
  assert.ok(d3.interpolateZoom(view(zero, from), view(zero, to))(0.5).some(Number.isNaN));
  const safe = zoomExtent(0, 0);
  const mid = d3.interpolateZoom(view(safe, from), view(safe, to))(0.5);
  assert.ok(mid.every(Number.isFinite), String(mid));
});

test("fitTransform with nothing drawn is the identity, not NaN", () => {
  const t = fitTransform([], new Float64Array(0), freeArea(0, 0), null, { minScale: 1, maxScale: 1.3 });
  assert.ok(finite(t));
  assert.equal(t.k, 1);
  assert.equal(drawnBounds([], new Float64Array(0)).x0, Infinity);
});

test("fitTransform in a 0 × 0 panel stays finite and keeps the readable floor", () => {
  const pos = new Float64Array([0, 0, -60, 80, 60, 80]);
  const t = fitTransform([0, 1, 2], pos, freeArea(0, 0), null, { minScale: 1, maxScale: 1.3 });
  assert.ok(finite(t), `${t}`);
  assert.equal(t.k, 1);
});

test("shrinkToHold keeps the transform for a 0-size area, never NaN", () => {
  const start = d3.zoomIdentity.scale(2);
  const flat = { x0: 5, x1: 5, y0: 7, y1: 7 };
  const point = { left: 10, top: 10, right: 10, bottom: 10 };
  assert.equal(shrinkToHold(start, flat, point, 1), start);
  const box = nodeBox(new Float64Array([0, 0]), 0);
  const t = shrinkToHold(start, box, freeArea(0, 0), 1);
  assert.ok(finite(t), `${t}`);
  assert.ok(t.k >= 1);
});
