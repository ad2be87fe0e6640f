// tree/shapes.js: the node shapes and the small SVG helpers the tree's layers share.
// MAX ▲, MIN ▼, chance ●, terminal ■; sizes in tree units (1 unit = 1 CSS px at zoom 1).

export const R = 18; // node "radius"
export const SVG_NS = "http://www.w3.org/2000/svg";

export const SHAPES = {
  max: `M0,${-0.95 * R}L${1.12 * R},${0.78 * R}L${-1.12 * R},${0.78 * R}Z`,
  min: `M0,${0.95 * R}L${1.12 * R},${-0.78 * R}L${-1.12 * R},${-0.78 * R}Z`,
  chance: circlePath(0.92 * R),
  leaf: `M${-0.85 * R},${-0.85 * R}h${1.7 * R}v${1.7 * R}h${-1.7 * R}Z`,
};
// A second player of one kind in a round (Pacman's second ghost) gets an inner outline too.
export const INNER_MARKS = {
  max: `M0,${-0.5 * R}L${0.62 * R},${0.5 * R}L${-0.62 * R},${0.5 * R}Z`,
  min: `M0,${0.5 * R}L${0.62 * R},${-0.5 * R}L${-0.62 * R},${-0.5 * R}Z`,
  chance: circlePath(0.62 * R),
};
// Where the value sits inside each shape (the triangles' centroids are off-centre).
export const VALUE_Y = { max: 0.3 * R, min: -0.3 * R, chance: 0, leaf: 0 };

export function circlePath(r) {
  return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
}

/** The fold toggle: ⊖ when open, ⊕ when folded. */
export function togglePath(collapsed) {
  const r = 6;
  const bar = `M-3.5,0H3.5`;
  return circlePath(r) + bar + (collapsed ? `M0,-3.5V3.5` : "");
}

export function svgEl(name, cls) {
  const el = document.createElementNS(SVG_NS, name);
  if (cls) el.setAttribute("class", cls);
  return el;
}
