// tree/camera.js: where the tree view looks, as pure functions of the layout. Fit fits the
// drawn tree but never below the readable scale; Follow pans (never zooms) so the node the
// step is about stays on screen with its parent and children when they fit. Boxes are in
// tree units, areas in screen pixels; a transform is a d3 ZoomTransform.

/* global d3 */
import { drawnBounds } from "./bounds.js";
import { R } from "./shapes.js";

const PAD_X = R + 44; // room around the tree when fitting (labels, windows)
const PAD_TOP = R + 24;
const PAD_BOTTOM = R + 52;

const WINDOW_HALF = 52; // half the width of a long window text ("α=−14 β=−17") under a node

/**
 * Room kept above and below a node's centre (tree units): roomy, for its edge's caption and
 * its window under its name; packed (compact, stacked), for its shape and the window right
 * under it.
 */
export const NODE_EDGES = {
  roomy: { above: R + 10, below: R + 34 },
  packed: { above: R + 4, below: R + 20 },
};

/**
 * The box of node `id` at `pos` (x, y pairs by id) with its name and window, in `spacing`
 * (tree/fit.js's mode).
 */
export function nodeBox(pos, id, spacing = "roomy") {
  const x = pos[2 * id];
  const y = pos[2 * id + 1];
  const { above, below } = NODE_EDGES[spacing === "roomy" ? "roomy" : "packed"];
  return { x0: x - Math.max(R + 30, WINDOW_HALF), x1: x + WINDOW_HALF, y0: y - above, y1: y + below };
}

/**
 * The box of the node state `s` is about (or its nearest drawn ancestor), `node`; joined with
 * its drawn children's, `down`; and with its parent's too, `near` (boxes in `spacing`). Null
 * before anything is drawn.
 */
export function focusBox(trace, s, pos, present, spacing = "roomy") {
  let id = s.current >= 0 ? s.current : 0;
  while (id >= 0 && !present[id]) id = trace.parent[id];
  if (id < 0) return null;
  const node = nodeBox(pos, id, spacing);
  const join = (box, ids) => {
    const out = { ...box };
    for (const c of ids) {
      if (c < 0 || !present[c]) continue;
      const b = nodeBox(pos, c, spacing);
      out.x0 = Math.min(out.x0, b.x0);
      out.x1 = Math.max(out.x1, b.x1);
      out.y0 = Math.min(out.y0, b.y0);
      out.y1 = Math.max(out.y1, b.y1);
    }
    return out;
  };
  const down = join(node, trace.children[id]);
  return { node, down, near: join(down, [trace.parent[id]]) };
}

/**
 * `transform` panned (not zoomed) so the focus is inside `area` ({left, top, right, bottom}):
 * the node with its parent and children when they fit, else with its children, else alone,
 * across and down apart (a parent too far aside for the width is still kept in height).
 * `recentre`: centre it across rather than move the least.
 */
export function withinView(transform, focus, area, recentre = false) {
  const k = transform.k;
  const boxes = [focus.near, focus.down].filter(Boolean);
  const across = boxes.find((b) => (b.x1 - b.x0) * k <= area.right - area.left) || focus.node;
  const down = boxes.find((b) => (b.y1 - b.y0) * k <= area.bottom - area.top) || focus.node;
  const sx0 = transform.applyX(across.x0);
  const sx1 = transform.applyX(across.x1);
  const sy0 = transform.applyY(down.y0);
  const sy1 = transform.applyY(down.y1);
  let dx = 0;
  let dy = 0;
  if (recentre && (sx0 < area.left || sx1 > area.right)) {
    dx = (area.left + area.right) / 2 - (sx0 + sx1) / 2;
  } else if (sx0 < area.left) dx = area.left - sx0;
  else if (sx1 > area.right) dx = area.right - sx1;
  if (sy0 < area.top) dy = area.top - sy0;
  else if (sy1 > area.bottom) dy = area.bottom - sy1;
  return dx || dy ? transform.translate(dx / k, dy / k) : transform;
}

/**
 * `transform` zoomed out about the box's centre so `box` fits `area`, but not below
 * `minScale`; unchanged when it fits already.
 */
export function shrinkToHold(transform, box, area, minScale = 1) {
  const k = transform.k;
  const want = Math.min((area.right - area.left) / (box.x1 - box.x0), (area.bottom - area.top) / (box.y1 - box.y0));
  // A degenerate area or box (0 / 0) gives NaN: keep the transform rather than write NaN.
  if (!(want < k) || k <= minScale) return transform;
  const scale = Math.max(minScale, want);
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const [sx, sy] = transform.apply([cx, cy]);
  return d3.zoomIdentity.translate(sx, sy).scale(scale).translate(-cx, -cy);
}

/**
 * The transform that fits the drawn nodes (`ids` at `pos`) into `area`, at a scale within
 * [minScale, maxScale]. When even the smallest readable scale cannot hold the tree, it shows
 * the top of the tree, then pans to the focus (if any). Nothing drawn: the identity.
 */
export function fitTransform(ids, pos, area, focus, { minScale, maxScale }) {
  const width = Math.max(1, area.right - area.left);
  const height = Math.max(1, area.bottom - area.top);
  const { x0, x1, y0, y1 } = drawnBounds(ids, pos);
  if (!Number.isFinite(x0 + x1 + y0 + y1)) return d3.zoomIdentity; // nothing drawn yet
  const bw = x1 - x0 + 2 * PAD_X;
  const bh = y1 - y0 + PAD_TOP + PAD_BOTTOM;
  const scale = Math.max(minScale, Math.min(width / bw, height / bh, maxScale));
  const cx = (x0 + x1) / 2;
  const cy = (y0 - PAD_TOP + y1 + PAD_BOTTOM) / 2;
  let transform = d3.zoomIdentity
    .translate(area.left + width / 2, area.top + height / 2)
    .scale(scale)
    .translate(-cx, -cy);
  if (bh * scale > height) transform = transform.translate(0, (bh * scale - height) / 2 / scale);
  return focus ? withinView(transform, focus, area, true) : transform;
}
