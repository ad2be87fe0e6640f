// tree/bounds.js: the tree view's rectangles, as pure functions (no DOM, no d3): the part of
// the panel nothing covers, the extent of the drawn nodes, and which of them are on screen.
// Positions are x, y pairs by node id in tree units (`pos[2 * id]`, `pos[2 * id + 1]`);
// areas are {left, top, right, bottom} in screen pixels; a transform is anything with
// d3's ZoomTransform `apply([x, y])`.

export const PANEL_MARGIN_PX = 10; // kept free at each edge of the panel

/**
 * The free part of a `width` × `height` panel in screen pixels: a margin at every edge, and
 * `left` px (the level ruler) and `bottom` px (the minimap, floating controls) taken.
 */
export function freeArea(width, height, { left = 0, bottom = 0 } = {}) {
  return {
    left: left + PANEL_MARGIN_PX,
    top: PANEL_MARGIN_PX,
    right: width - PANEL_MARGIN_PX,
    bottom: height - bottom - PANEL_MARGIN_PX,
  };
}

/**
 * The zoom behaviour's extent for a `width` × `height` panel: never empty. d3-zoom reads the
 * svg's own size by default, 0 × 0 while the panel is hidden or not laid out yet (a new tree
 * arriving mid-play); its glides divide by that size and write translate(NaN,NaN) scale(NaN).
 */
export function zoomExtent(width, height) {
  const side = (v) => (Number.isFinite(v) && v >= 1 ? v : 1);
  return [
    [0, 0],
    [side(width), side(height)],
  ];
}

/** The smallest box {x0, x1, y0, y1} holding the centres of nodes `ids` (infinite if none). */
export function drawnBounds(ids, pos) {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const id of ids) {
    const x = pos[2 * id];
    const y = pos[2 * id + 1];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, x1, y0, y1 };
}

/** The ids among `ids` whose centre `transform` puts inside a `width` × `height` panel. */
export function idsOnScreen(ids, pos, transform, width, height) {
  const out = [];
  for (const id of ids) {
    const [sx, sy] = transform.apply([pos[2 * id], pos[2 * id + 1]]);
    if (sx >= 0 && sx <= width && sy >= 0 && sy <= height) out.push(id);
  }
  return out;
}
