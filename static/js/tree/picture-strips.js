// tree/picture-strips.js: a picture too wide for paper, cut into strips read left to right
// rather than shrunk until its names vanish. A handout (lesson/print.js) draws a tree whole
// with tree/picture.js; when that picture is wider than `maxWidth` tree units (what the
// printed column holds at a legible scale), `pictureStrips` returns copies of it, each
// drawing the nodes whose centres fall in one band of the width (cropped to them) — with their names, values,
// windows, cutoff notes and strikes, and every edge that touches one of them (an edge to a
// node of the next strip runs off the strip's side, so a reader follows it on). Every node is
// drawn in exactly one strip, whole: a strip's viewBox spans its own labels. Each strip is an
// <svg class="tree-picture tree-picture-strip"> with data-strip="k" and data-strips="n", its
// own role="img" and title ("…, part 2 of 4").
//
// `stripCuts(items, maxWidth)` is the pure cut: items are the drawing's labels as {anchor,
// x0, x1} (the node they belong to, and their span); it returns the anchors where strips
// start, each strip as wide as `maxWidth` allows, cut at the widest gap between neighbouring
// nodes in the strip's last half (between subtrees rather than inside one).

import { _ } from "../lib/i18n.js";

/**
 * Where strips after the first start (anchor values), so that each strip's items span at most
 * `maxWidth` (an item wider than that alone gets a strip of its own). Pure.
 */
export function stripCuts(items, maxWidth) {
  const anchors = [...new Set(items.map((item) => item.anchor))].sort((a, b) => a - b);
  const spans = new Map(anchors.map((a) => [a, [Infinity, -Infinity]]));
  for (const { anchor, x0, x1 } of items) {
    const span = spans.get(anchor);
    span[0] = Math.min(span[0], x0);
    span[1] = Math.max(span[1], x1);
  }
  const cuts = [];
  let first = 0; // index in anchors of the current strip's first anchor
  while (first < anchors.length) {
    let lo = Infinity;
    let hi = -Infinity;
    let end = first; // one past the last anchor that fits
    while (end < anchors.length) {
      const [a, b] = spans.get(anchors[end]);
      if (end > first && Math.max(hi, b) - Math.min(lo, a) > maxWidth) break;
      lo = Math.min(lo, a);
      hi = Math.max(hi, b);
      end++;
    }
    if (end >= anchors.length) break;
    let cut = end; // the widest gap between neighbours in the strip's last half
    let widest = -Infinity;
    for (let k = Math.max(first + 1, Math.ceil((first + end) / 2)); k <= end; k++) {
      const gap = anchors[k] - anchors[k - 1];
      if (gap > widest) [widest, cut] = [gap, k];
    }
    cuts.push(anchors[cut]);
    first = cut;
  }
  return cuts;
}

const PIECES = "g.links > *, g.marks > *, g.nodes > *, g.labels > *";
const TRANSLATE = /translate\(\s*(-?[\d.e]+)/;

/** Each piece of `svg` (in PIECES order): {anchor, x0, x1, line} in the picture's units. */
function measurePieces(svg, doc) {
  const stage = doc.createElement("div");
  stage.className = "picture-stage";
  stage.setAttribute("aria-hidden", "true");
  stage.appendChild(svg);
  doc.body.appendChild(stage);
  try {
    const { x: x0, y: y0 } = svg.viewBox.baseVal;
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const nodeX = new Map();
    for (const node of svg.querySelectorAll("g.node[data-path]")) {
      nodeX.set(node.dataset.path, Number(TRANSLATE.exec(node.getAttribute("transform"))[1]));
    }
    return [...svg.querySelectorAll(PIECES)].map((el) => {
      if (el.tagName === "line") {
        const ends = [Number(el.getAttribute("x1")), Number(el.getAttribute("x2"))];
        return { line: ends };
      }
      const r = el.getBoundingClientRect();
      const span = {
        x0: x0 + (r.left - box.left) / scale,
        x1: x0 + (r.right - box.left) / scale,
        y0: y0 + (r.top - box.top) / scale,
        y1: y0 + (r.bottom - box.top) / scale,
      };
      const path = el.getAttribute("data-path");
      const anchor = path !== null && nodeX.has(path) ? nodeX.get(path) : (span.x0 + span.x1) / 2;
      return { anchor, ...span };
    });
  } finally {
    stage.remove();
  }
}

/**
 * `svg` (a tree/picture.js picture) as strips at most `maxWidth` units wide: [svg] itself
 * when it fits, else new copies, one per band of nodes, named "`title`, part k of n".
 */
export function pictureStrips(svg, maxWidth, { doc = document, margin = 16 } = {}) {
  const { width } = svg.viewBox.baseVal;
  if (width <= maxWidth) return [svg];
  const pieces = measurePieces(svg, doc);
  const labels = pieces.filter((piece) => !piece.line);
  const cuts = stripCuts(labels, maxWidth - 2 * margin);
  const bands = [-Infinity, ...cuts, Infinity];
  const name = svg.getAttribute("aria-label") || _("Game tree");
  const count = bands.length - 1;
  return bands.slice(0, -1).map((from, k) => {
    const to = bands[k + 1];
    const inBand = (x) => x >= from && x < to;
    const strip = svg.cloneNode(true);
    const elements = [...strip.querySelectorAll(PIECES)];
    const box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    pieces.forEach((piece, i) => {
      const keep = piece.line ? piece.line.some(inBand) : inBand(piece.anchor);
      if (!keep) elements[i].remove();
      else if (!piece.line) {
        for (const side of ["x0", "y0"]) box[side] = Math.min(box[side], piece[side]);
        for (const side of ["x1", "y1"]) box[side] = Math.max(box[side], piece[side]);
      }
    });
    const [left, top] = [Math.floor(box.x0 - margin), Math.floor(box.y0 - margin)];
    const [w, h] = [Math.ceil(box.x1 + margin) - left, Math.ceil(box.y1 + margin) - top];
    strip.classList.add("tree-picture-strip");
    strip.setAttribute("viewBox", `${left} ${top} ${w} ${h}`);
    strip.setAttribute("width", String(w));
    strip.setAttribute("height", String(h));
    strip.dataset.strip = String(k + 1);
    strip.dataset.strips = String(count);
    const label = _("{name}, part {k} of {count}", { name, k: k + 1, count });
    strip.setAttribute("aria-label", label);
    strip.querySelector("title").textContent = label;
    return strip;
  });
}
