// tree/picture.js: a picture of the whole tree at a step, apart from the view on screen. The
// Picture downloads (lib/export.js), the printed page (visualizer/print.js) and the
// practice worksheet use it; a lesson can print any step of any trace with it.
//
// `treePicture(trace, step, options)` renders into a new, detached <svg class="tree-picture">:
// every node (a g.node[data-path][data-state] each, none folded) for trees of up to
// PICTURE_NODE_LIMIT nodes, laid out by tree/layout.js and drawn by the view's own layers
// (tree/nodes.js, links.js, marks.js), so values, α/β windows, cutoff labels, strikes, the
// path to the current node and the best move look as on screen. What only an interactive view
// has is left out: the cursor ring, the selection, fold toggles, "… N more" boxes, tab stops
// and treeitem roles (the picture is one role="img" with a <title>, and a <desc> telling
// every node in words: pictureDescription). Its viewBox is the
// drawing's bounds plus a margin, measured while it sits for a moment in an off-screen
// .picture-stage (print.css). Above the limit it draws tree/fold.js's cut around the current
// node (PICTURE_FOLDED_SLOTS leaf slots, folded subtrees as summaries) and says so in a note
// at its foot. The trace's own cursor (trace.current) is left at the step it was at.

/* global d3 */
import { _, ngettext } from "../lib/i18n.js";
import { nodeNames } from "../lib/names.js";
import { foldTree } from "./fold.js";
import { layoutCut } from "./layout.js";
import { levelsOf } from "./levels.js";
import { LinkLayer } from "./links.js";
import { MarkLayer } from "./marks.js";
import { NodeLayer } from "./nodes.js";
import { outlineRows } from "./outline.js";
import { svgEl } from "./shapes.js";

export const PICTURE_NODE_LIMIT = 5000; // drawn whole up to this many nodes (as "Show all")
export const PICTURE_FOLDED_SLOTS = 120; // above it: leaf slots of the cut around the focus
export const PICTURE_MARGIN = 24; // tree units of blank around the drawing
export const PICTURE_DESC_ROWS = 400; // nodes told in the picture's <desc>, in preorder

/**
 * The nodes the picture draws at state `s`: tree/fold.js's cut with everything open when the
 * tree has at most `limit` nodes, else the cut around the current node in `slots` leaf
 * slots; never "… N more" windows (every child of an open node is drawn). Pure.
 */
export function pictureCut(trace, s, { limit = PICTURE_NODE_LIMIT, slots = PICTURE_FOLDED_SLOTS, final = false } = {}) {
  if (trace.size <= limit) return foldTree(trace, s, { all: true, final });
  return foldTree(trace, s, { budget: slots, maxSiblings: Infinity, final });
}

/**
 * The picture in words, for its <desc>: the outline's rows (tree/outline.js), one per node in
 * preorder, indented by depth, each the sentence the tree says for the node (its name, kind,
 * value, window and whether it was pruned); past `rows` nodes, how many more there are.
 */
export function pictureDescription(trace, s, { names, levels, final = false, rows = PICTURE_DESC_ROWS }) {
  const all = outlineRows(trace, s, { names, levels, final });
  const lines = all.slice(0, rows).map((row) => `${"  ".repeat(row.depth)}${row.label}`);
  if (all.length > rows) lines.push(ngettext("… and {n} more node.", "… and {n} more nodes.", all.length - rows));
  return lines.join("\n");
}

/** A copy of the trace's state at `step`; the trace's cursor goes back where it was. */
function stateAt(trace, step) {
  const shown = trace.current.step;
  const s = trace.seek(step).clone();
  trace.seek(shown);
  return s;
}

/** The view-like object the layers draw through (the fields they read; see their headers). */
function sceneFor(trace, { cutByLimit, levels, agents }) {
  const n = trace.size;
  const players = trace.options && trace.options.players;
  const scene = {
    trace,
    spacing: "roomy", // laid out by tree/layout.js at full spacing: whole names and windows
    names: nodeNames(trace),
    levels: levels || levelsOf(trace, { players, agents }),
    cutByLimit: cutByLimit || new Set(),
    eagerToggles: false,
    folded: new Uint8Array(n),
    present: new Uint8Array(n),
    pos: new Float64Array(2 * n).fill(NaN),
  };
  scene.nodes = new NodeLayer(scene);
  return scene;
}

/** The SVG's groups, in the view's stacking order (edges under nodes, labels on top). */
function groups(svg) {
  const content = svg.appendChild(svgEl("g", "picture-content"));
  const names = ["links", "marks", "more-children", "nodes", "labels"];
  const out = { content };
  for (const name of names) out[name] = content.appendChild(svgEl("g", name));
  return out;
}

/** Mark the path from the root to the current node and, at the end, the principal variation. */
function paintPaths(scene, s, final) {
  const t = scene.trace;
  const classOn = (id, cls) => {
    const g = scene.nodes.gEl[id];
    if (g) g.classList.add(cls);
    const link = scene.links.linkEl[id];
    if (link) link.classList.add(cls);
  };
  for (let i = s.current; i >= 0; i = t.parent[i]) if (scene.present[i]) classOn(i, "on-path");
  const pv = final ? t.principalVariation(s) : [];
  if (pv.length) classOn(0, "pv");
  for (const id of pv) if (scene.present[id]) classOn(id, "pv");
  scene.marks.bestMove(pv.length ? pv[0] : -1);
}

/** Leave out what belongs to an interactive view: toggles, tab stops, treeitem roles. */
function stripInteraction(svg) {
  for (const el of svg.querySelectorAll(".toggle, g.more, .link.to-more")) el.remove();
  for (const el of svg.querySelectorAll("[role], [tabindex], [aria-label], [aria-level]")) {
    for (const name of [...el.getAttributeNames()]) {
      if (name === "role" || name === "tabindex" || name.startsWith("aria-")) el.removeAttribute(name);
    }
  }
}

/** Measure `svg` in an off-screen stage of `doc` (text extents need layout). */
function measure(svg, content, doc) {
  const stage = doc.createElement("div");
  stage.className = "picture-stage";
  stage.setAttribute("aria-hidden", "true");
  stage.appendChild(svg);
  doc.body.appendChild(stage);
  try {
    return content.getBBox();
  } finally {
    stage.remove();
  }
}

/**
 * The whole tree of `trace` at `step`, drawn into a new detached <svg class="tree-picture">
 * (role="img", a <title>, viewBox = the drawing's bounds plus `margin`, width and height in
 * CSS px at scale 1). options: cutByLimit (ids a depth limit cuts), levels or agents (the
 * level names, tree/levels.js), title, limit (PICTURE_NODE_LIMIT), margin, doc (document).
 */
export function treePicture(trace, step, options = {}) {
  const { title = "", limit = PICTURE_NODE_LIMIT, margin = PICTURE_MARGIN, doc = document } = options;
  const s = stateAt(trace, step);
  const final = !!trace.complete && s.step === trace.length;
  const cut = pictureCut(trace, s, { limit, final });
  const drawn = layoutCut(cut);
  const real = drawn.filter((d) => d.data.id >= 0);
  const scene = sceneFor(trace, options);
  const n = trace.size;
  // Drawn whole, the cutoff notes go under the pruned subtrees, past the leaves' names
  // (tree/marks.js), as on a view fitted whole: never over a node or a name.
  scene.fitted = { whole: cut.ids.length === n };
  scene.shownIds = real.map((d) => d.data.id);
  for (const d of real) {
    const id = d.data.id;
    scene.present[id] = 1;
    scene.pos[2 * id] = d.x;
    scene.pos[2 * id + 1] = d.y;
    scene.folded[id] = d.data.folded ? 1 : 0;
  }

  const svg = svgEl("svg", "tree-picture");
  svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  svg.setAttribute("role", "img");
  const label = title || _("Game tree at step {step} of {count}", { step: s.step, count: trace.length });
  svg.setAttribute("aria-label", label);
  const titleEl = svg.appendChild(svgEl("title"));
  titleEl.textContent = label;
  svg.appendChild(svgEl("desc")).textContent = pictureDescription(trace, s, { names: scene.names, levels: scene.levels, final });
  const g = groups(svg);
  scene.links = new LinkLayer(scene, d3.select(g.links), d3.select(g["more-children"]));
  scene.marks = new MarkLayer(scene, g.marks, g.labels);
  scene.nodes.reset(n);
  scene.links.reset(n);
  scene.marks.reset(n);
  for (const d of real) g.nodes.appendChild(scene.nodes.build(d.data.id, d.x, d.y));
  scene.links.join(drawn, false, (sel) => sel);
  for (const id of cut.ids) {
    scene.nodes.paint(id, s);
    scene.marks.paint(id, s);
  }
  paintPaths(scene, s, final);
  stripInteraction(svg);
  svg.dataset.step = String(s.step);
  svg.dataset.nodes = String(n);
  svg.dataset.drawn = String(cut.ids.length);

  let box = measure(svg, g.content, doc);
  if (cut.ids.length < n) {
    const note = g.content.appendChild(svgEl("text", "picture-note"));
    note.setAttribute("x", String(box.x));
    note.setAttribute("y", String(box.y + box.height + 28));
    note.textContent =
      `${cut.ids.length.toLocaleString("en")} of ${n.toLocaleString("en")} nodes drawn ` +
      `(more than ${limit.toLocaleString("en")}): the rest are folded into the summaries.`;
    box = measure(svg, g.content, doc);
  }
  const x = Math.floor(box.x - margin);
  const y = Math.floor(box.y - margin);
  const width = Math.ceil(box.width + 2 * margin);
  const height = Math.ceil(box.height + 2 * margin);
  svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  return svg;
}
