// tree/fit.js: the whole tree whenever it can be drawn at 12 CSS px in the box (compacting
// before folding), folding only as the last resort, and no relayout when nothing changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import "../../static/vendor/d3.min.js"; // sets globalThis.d3, as the page's <script> does
import { FLOOR_PX, MODES, fit, layoutWhole, shortName } from "../../static/js/tree/fit.js";
import { Trace } from "../../static/js/trace/trace.js";

/** A Trace of a nested-list tree (numbers are leaves), kinds alternating max, min. */
function traceOf(tree) {
  const rows = [];
  const walk = (item, parent, depth) => {
    const row = { parent, kind: depth % 2 ? "min" : "max" };
    rows.push(row);
    if (Array.isArray(item)) {
      const id = rows.length - 1;
      for (const child of item) walk(child, id, depth + 1);
    } else {
      row.terminal = true;
      row.value = item;
    }
  };
  walk(tree, null, 0);
  return new Trace(rows, {});
}

/** A uniform tree: `branching` children per inner node, leaves at `depth`. */
function uniform(branching, depth, next = { value: 0 }) {
  if (depth === 0) return next.value++ % 97;
  return Array.from({ length: branching }, () => uniform(branching, depth - 1, next));
}

const TEXTBOOK = traceOf([
  [3, 12, 8],
  [2, 4, 6],
  [14, 5, 2],
]);
const EXAM_22 = traceOf([
  [
    [3, 12],
    [8, 2],
  ],
  [
    [4, 6],
    [14, 5],
  ],
  [
    [2, 9],
    [7, 1],
  ],
]);
const B3_D3 = traceOf(uniform(3, 3));
const START = { current: -1 }; // a state before the search: fold.js reads only the focus
const RULER = { roomy: 70, compact: 28, stacked: 28 };

/** The box a test asks for, as the view gives it: the panel minus margins. */
const box = (width, height) => ({ width, height, left: RULER });

/** Every drawn node's centre, in box pixels, under the result's transform. */
function screenPoints(result) {
  const { k, x, y } = result.transform;
  return result.drawn.map((d) => [x + k * d.x, y + k * d.y]);
}

test("the sizes of the issue draw the whole tree, nothing folded, texts at least 12 px", () => {
  const cases = [
    ["textbook, 1280×720 main page", TEXTBOOK, box(640, 520), 12],
    ["textbook, 1024×768 main page", TEXTBOOK, box(460, 560), 12],
    ["textbook, presenting 1280×720", TEXTBOOK, box(1260, 560), 24],
    ["textbook, presenting 1024×768", TEXTBOOK, box(1004, 610), 24],
    ["textbook, 390×844 phone", TEXTBOOK, box(370, 470), 12],
    ["textbook, 640×360 embed", TEXTBOOK, box(620, 190), 12],
    ["textbook, 320×240 embed", TEXTBOOK, box(312, 178), 12],
    ["22 nodes, 1280×720 main page", EXAM_22, box(640, 520), 12],
    ["22 nodes, presenting 1024×768", EXAM_22, box(1004, 610), 24],
    ["22 nodes, 640×360 embed", EXAM_22, box(620, 236), 12],
    ["22 nodes, 390×844 phone", EXAM_22, box(380, 470), 12],
    ["40 nodes, presenting 1280×720", B3_D3, box(1260, 560), 24],
  ];
  for (const [name, trace, b, preferredPx] of cases) {
    const result = fit(trace, START, b, { preferredPx });
    assert.equal(result.whole, true, `${name}: folded`);
    assert.equal(result.cut.ids.length, trace.size, `${name}: not every node drawn`);
    assert.ok(result.scale * result.textUnits >= FLOOR_PX - 1e-9, `${name}: texts below 12 px`);
    const left = b.left[result.mode];
    for (const [sx, sy] of screenPoints(result)) {
      assert.ok(sx >= left && sx <= b.width && sy >= 0 && sy <= b.height, `${name}: a node off the box`);
    }
  }
});

test("the whole drawing, names and notes included, stays inside the box", () => {
  for (const [trace, b] of [
    [TEXTBOOK, box(312, 178)],
    [EXAM_22, box(380, 470)],
    [B3_D3, box(1260, 560)],
  ]) {
    const result = fit(trace, START, b, { preferredPx: 12 });
    const { bounds } = layoutWhole(trace, MODES[result.mode]);
    const { k, x, y } = result.transform;
    assert.ok(x + k * bounds.x0 >= b.left[result.mode] - 0.5 && x + k * bounds.x1 <= b.width + 0.5);
    assert.ok(y + k * bounds.y0 >= -0.5 && y + k * bounds.y1 <= b.height + 0.5);
  }
});

test("roomy spacing when the tree fits it at the preferred size, compact before folding", () => {
  assert.equal(fit(TEXTBOOK, START, box(900, 600), {}).mode, "roomy");
  const tight = fit(TEXTBOOK, START, box(312, 178), {});
  assert.equal(tight.mode, "compact");
  assert.equal(fit(EXAM_22, START, box(380, 470), {}).mode, "stacked"); // narrow and tall
  assert.ok(tight.scale < 1, "compact mode zooms below 1: its texts are 15 units");
  assert.ok(tight.scale >= tight.floorScale);
});

test("no two drawn nodes overlap, in either spacing", () => {
  for (const mode of Object.values(MODES)) {
    const { drawn } = layoutWhole(EXAM_22, mode);
    for (const a of drawn) {
      for (const b of drawn) {
        if (a !== b && a.depth === b.depth) assert.ok(Math.abs(a.x - b.x) >= 30, `${mode.name} overlap`);
      }
    }
  }
});

test("a tree that cannot fit at 12 px folds (focus and context), keeping the focus drawn", () => {
  const big = traceOf(uniform(4, 5)); // 1,024 leaves
  const focus = big.children[big.children[0][3]][2];
  const result = fit(big, { current: focus, state: new Uint8Array(big.size), done: new Uint8Array(big.size) }, box(1260, 560), {
    preferredPx: 12,
  });
  assert.equal(result.whole, false);
  assert.ok(result.cut.ids.length < big.size);
  assert.ok(result.cut.ids.includes(focus));
  assert.equal(result.scale, 1);
});

test("a box too small for any tree folds rather than drawing below the floor", () => {
  const result = fit(EXAM_22, { current: 0, state: new Uint8Array(22), done: new Uint8Array(22) }, box(120, 90), {});
  assert.equal(result.whole, false);
});

test("Fit all folds to what fits at the floor, not at the preferred size", () => {
  const big = traceOf(uniform(4, 5));
  const s = { current: 1, state: new Uint8Array(big.size), done: new Uint8Array(big.size) };
  const presenting = fit(big, s, box(1900, 560), { preferredPx: 24 });
  const all = fit(big, s, box(1900, 560), { preferredPx: 24, fitAll: true });
  assert.ok(all.cut.ids.length > presenting.cut.ids.length);
  assert.equal(all.scale, 1);
});

test("the whole layout is computed once per tree: a step reuses it", () => {
  const first = fit(EXAM_22, START, box(630, 210), {});
  const again = fit(EXAM_22, { current: 5 }, box(630, 210), {});
  assert.equal(again.drawn, first.drawn);
});

test("long names are shortened with an ellipsis", () => {
  assert.equal(shortName("West", 6), "West");
  assert.equal(shortName("Stop and wait", 6), "Stop …");
  assert.equal(shortName("Northwest", 6).length, 6);
});

test("room kept above every node (heat badges) spreads a packed tree's levels", () => {
  const plain = fit(TEXTBOOK, START, box(312, 400), {});
  const badged = fit(TEXTBOOK, START, box(312, 400), { roomAbove: 24 });
  assert.equal(plain.mode, badged.mode);
  assert.notEqual(plain.mode, "roomy");
  assert.equal(badged.levelGap, plain.levelGap + 24);
  const depthOne = (r) => r.drawn.find((d) => d.depth === 1).y;
  assert.equal(depthOne(badged), depthOne(plain) + 24);
});

test("packed with moves on the edges, the levels move apart and no two captions overlap", () => {
  const moved = traceOf(uniform(3, 3));
  moved.nodes.forEach((row, id) => {
    if (id) row.action = ["North", "South", "East"][id % 3];
  });
  const plain = fit(B3_D3, START, box(1300, 700), {});
  const result = fit(moved, START, box(1300, 700), {});
  assert.ok(result.whole && result.mode !== "roomy", `drawn whole, packed (${result.mode})`);
  assert.equal(plain.mode, result.mode);
  assert.ok(result.captionRoom && !plain.captionRoom);
  assert.ok(result.levelGap >= plain.levelGap + 18, `${result.levelGap} vs ${plain.levelGap}`);
  // A caption is 14 units a character 0.62 em wide: neighbours' captions stay apart.
  const byDepth = new Map();
  for (const d of result.drawn) byDepth.set(d.depth, [...(byDepth.get(d.depth) || []), d]);
  for (const row of byDepth.values()) {
    const xs = row
      .filter((d) => d.depth > 0)
      .map((d) => d.x)
      .sort((a, b) => a - b);
    for (let k = 1; k < xs.length; k++) assert.ok(xs[k] - xs[k - 1] >= 5 * 0.62 * 14, `${xs[k] - xs[k - 1]}`);
  }
});
