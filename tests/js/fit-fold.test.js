// tree/fit.js, a folded tree: roomy wherever the current node, its parent and its children fit
// the box's height at 12 px in it (every screen but a short frame), else compact, giving up
// the edges' captions' room and the overview only when they must; and the packed layout of a
// folded cut (tree/fit.js layoutFolded): no two nodes of a level overlap, and the level under
// a folded node stays free for its summary.
import assert from "node:assert/strict";
import { test } from "node:test";

import "../../static/vendor/d3.min.js"; // sets globalThis.d3, as the page's <script> does
import { FLOOR_PX, fit, foldPlan, hasCaptions, layoutFolded } from "../../static/js/tree/fit.js";
import { NODE_EDGES } from "../../static/js/tree/camera.js";
import { traceOf } from "./fixtures.js";

const PACMAN = traceOf("pacman"); // 127 nodes; its edges are captioned with the moves
const RULER = { roomy: 70, compact: 25, stacked: 25 };
// The boxes the view gives (camera-control.js fitBox): the panel less its margins, `height`
// without the overview (minimap) under it, `foldHeight` with it.
const PRESENTING_1280 = { width: 1260, height: 560, foldHeight: 516, left: RULER };
const EMBED_640 = { width: 620, height: 240, foldHeight: 196, left: RULER };
const EMBED_320 = { width: 300, height: 145, foldHeight: 101, left: RULER };

/** CSS px the current node, its parent and its children take at the floor, as drawn. */
function contextPx(plan) {
  const edges = NODE_EDGES[plan.mode.name === "roomy" ? "roomy" : "packed"];
  return (2 * plan.mode.dy + edges.above + edges.below) * (FLOOR_PX / plan.mode.text);
}

test("a folded tree stays roomy where three roomy levels fit, as on a projector", () => {
  const plan = foldPlan(PRESENTING_1280, FLOOR_PX, true);
  assert.equal(plan.mode.name, "roomy");
  assert.ok(plan.overview && plan.captions);
});

test("in a short frame it is drawn compact, three levels within the height at the floor", () => {
  const embed = foldPlan(EMBED_640, FLOOR_PX, true);
  assert.equal(embed.mode.name, "compact");
  assert.ok(embed.overview && embed.captions, "640×360: room for the captions and the overview");
  assert.ok(contextPx(embed) <= EMBED_640.foldHeight);
  const smallest = foldPlan(EMBED_320, FLOOR_PX, true);
  assert.equal(smallest.mode.name, "compact");
  assert.ok(!smallest.overview && !smallest.captions, "320×240: the context comes first");
  assert.ok(contextPx(smallest) <= EMBED_320.height);
  // Without captions to make room for, the levels stay at the compact gap.
  assert.ok(foldPlan(EMBED_640, FLOOR_PX, false).mode.dy < embed.mode.dy);
});

test("fit() folds Pacman compact in a short frame, with a floor of 0.8, and roomy when tall", () => {
  assert.ok(hasCaptions(PACMAN));
  const s = PACMAN.seek(60);
  const short = fit(PACMAN, s, EMBED_640, {});
  assert.equal(short.whole, false);
  assert.equal(short.mode, "compact");
  assert.equal(short.floorScale, 0.8);
  assert.ok(short.cut.ids.includes(s.current));
  const tall = fit(PACMAN, s, PRESENTING_1280, { preferredPx: 24 });
  assert.equal(tall.mode, "roomy");
  assert.equal(tall.floorScale, 1);
});

test("a packed folded cut: levels a gap apart, no overlaps, free room under a folded node", () => {
  for (const box of [EMBED_640, EMBED_320]) {
    for (const step of [6, 60, 126, 180]) {
      const folded = fit(PACMAN, PACMAN.seek(step), box, {});
      const drawn = layoutFolded(PACMAN, folded);
      const ids = drawn.map((d) => d.data.id).filter((id) => id >= 0);
      assert.deepEqual(
        ids.sort((a, b) => a - b),
        [...folded.cut.ids].sort((a, b) => a - b)
      );
      assert.ok(
        drawn.every((d) => !d.data.spacer),
        "the summaries' spacers are not drawn"
      );
      for (const d of drawn) assert.equal(d.y, d.depth * folded.levelGap);
      for (const a of drawn) {
        for (const b of drawn) {
          if (a === b) continue;
          const apart = Math.abs(a.x - b.x);
          if (a.depth === b.depth) assert.ok(apart >= 34, `step ${step}: nodes overlap`);
          if (a.data.folded && b.depth === a.depth + 1) {
            assert.ok(apart >= 52, `step ${step}: a node under a folded node's summary`);
          }
        }
      }
    }
  }
});
