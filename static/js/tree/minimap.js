// tree/minimap.js: an overview of the whole tree, drawn on a canvas under the tree view when the
// view folds part of it away. It is an icicle: one row per depth, each node as wide as the
// leaves below it, coloured by what the search has done there (not reached, searched,
// pruned, the path to the current node). The nodes on screen are outlined; a click or tap
// asks the view to show the node under the pointer (`onJump(id)`).
//
// Reads: the trace's shape (subtree sizes, depths), the state at the step, the ids on screen.

import { _ } from "../lib/i18n.js";
import { ACTIVE, PRUNED, UNVISITED } from "../trace/trace.js";

export const MINIMAP_HEIGHT_PX = 44;
const MIN_WIDTH_PX = 2; // narrower subtrees are drawn as one block in their root's colour
const COLOURS = {
  unvisited: "#e4e7eb",
  visited: "#6b7380",
  pruned: "#ffffff",
  hatch: "#a3aab4",
  path: "#e69f00",
  frame: "#111418",
};

export class Minimap {
  constructor(container, { onJump }) {
    this.onJump = onJump;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "minimap";
    this.canvas.setAttribute("role", "img");
    this.canvas.hidden = true;
    container.appendChild(this.canvas);
    this.canvas.addEventListener("click", (event) => this.click(event));
    this.trace = null;
    this.frame = 0;
  }

  get height() {
    return this.canvas.hidden ? 0 : MINIMAP_HEIGHT_PX;
  }

  /** A new tree: each node's first leaf and leaf count, in preorder (leaf order). */
  setTree(trace) {
    this.trace = trace;
    const n = trace.size;
    const before = new Int32Array(n + 1); // leaves among ids < i
    for (let i = 0; i < n; i++) before[i + 1] = before[i] + (trace.children[i].length ? 0 : 1);
    this.leafStart = before.subarray(0, n);
    this.leafCount = new Int32Array(n);
    let deepest = 0;
    for (let i = 0; i < n; i++) {
      this.leafCount[i] = before[i + trace.subtree[i]] - before[i];
      if (trace.depth[i] > deepest) deepest = trace.depth[i];
    }
    this.leaves = Math.max(1, before[n]);
    this.levels = deepest + 1;
  }

  /** Show or hide the overview (the view shows it only while it folds nodes away). */
  setShown(shown) {
    if (this.canvas.hidden === !shown) return;
    this.canvas.hidden = !shown;
  }

  /** Redraw at the next frame (several calls in one frame draw once). */
  schedule(s, onScreen) {
    this.pending = { s, onScreen };
    if (this.frame || this.canvas.hidden) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.pending && !this.canvas.hidden) this.draw(this.pending.s, this.pending.onScreen);
    });
  }

  draw(s, onScreen) {
    const t = this.trace;
    if (!t || !t.size) return;
    const width = this.canvas.clientWidth;
    if (!width) return;
    const ratio = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(width * ratio)) this.canvas.width = Math.round(width * ratio);
    if (this.canvas.height !== Math.round(MINIMAP_HEIGHT_PX * ratio)) {
      this.canvas.height = Math.round(MINIMAP_HEIGHT_PX * ratio);
    }
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, MINIMAP_HEIGHT_PX);
    const perLeaf = width / this.leaves;
    const row = MINIMAP_HEIGHT_PX / this.levels;
    const onPath = new Set();
    for (let i = s.current; i >= 0; i = t.parent[i]) onPath.add(i);
    const hatch = this.hatchPattern(ctx);
    const stack = [0];
    while (stack.length) {
      const i = stack.pop();
      const x = this.leafStart[i] * perLeaf;
      const w = this.leafCount[i] * perLeaf;
      const y = t.depth[i] * row;
      const narrow = w < MIN_WIDTH_PX && t.children[i].length > 0;
      const state = s.state[i];
      ctx.fillStyle = onPath.has(i) ? COLOURS.path : state === PRUNED ? hatch : state === UNVISITED ? COLOURS.unvisited : COLOURS.visited;
      // A pruned or too narrow subtree is one block down to the bottom row.
      const block = narrow || state === PRUNED;
      ctx.fillRect(x, y, Math.max(w, 0.5), block ? MINIMAP_HEIGHT_PX - y : row);
      if (!block) for (const child of t.children[i]) stack.push(child);
    }
    this.frameOnScreen(ctx, onScreen, perLeaf, row);
    this.describe(s);
  }

  hatchPattern(ctx) {
    if (this.hatch) return this.hatch;
    const tile = document.createElement("canvas");
    tile.width = 6;
    tile.height = 6;
    const c = tile.getContext("2d");
    c.fillStyle = COLOURS.pruned;
    c.fillRect(0, 0, 6, 6);
    c.strokeStyle = COLOURS.hatch;
    c.lineWidth = 1.5;
    c.beginPath();
    c.moveTo(0, 6);
    c.lineTo(6, 0);
    c.stroke();
    this.hatch = ctx.createPattern(tile, "repeat");
    return this.hatch;
  }

  /** Outline the part of the tree the view shows. */
  frameOnScreen(ctx, ids, perLeaf, row) {
    if (!ids.length) return;
    const t = this.trace;
    let first = Infinity;
    let last = -Infinity;
    let top = Infinity;
    let bottom = -Infinity;
    for (const id of ids) {
      first = Math.min(first, this.leafStart[id]);
      last = Math.max(last, this.leafStart[id] + this.leafCount[id]);
      top = Math.min(top, t.depth[id]);
      bottom = Math.max(bottom, t.depth[id]);
    }
    ctx.strokeStyle = COLOURS.frame;
    ctx.lineWidth = 2;
    const x = Math.max(1, first * perLeaf);
    const w = Math.max(4, (last - first) * perLeaf - 1);
    ctx.strokeRect(x, top * row + 1, Math.min(w, this.canvas.clientWidth - x - 1), (bottom - top + 1) * row - 2);
  }

  describe(s) {
    const t = this.trace;
    const counts = { visited: s.visited, size: t.size, pruned: s.pruned };
    this.canvas.setAttribute(
      "aria-label",
      s.current >= 0 && s.state[s.current] === ACTIVE
        ? _("Overview of the whole tree: {visited} of {size} nodes searched, {pruned} pruned, searching now", counts)
        : _("Overview of the whole tree: {visited} of {size} nodes searched, {pruned} pruned", counts)
    );
  }

  /** The node under a click: the one at that depth whose leaves span the pointer. */
  click(event) {
    const t = this.trace;
    if (!t) return;
    const rect = this.canvas.getBoundingClientRect();
    const leaf = Math.floor(((event.clientX - rect.left) / rect.width) * this.leaves);
    const depth = Math.floor(((event.clientY - rect.top) / rect.height) * this.levels);
    let id = 0;
    while (t.depth[id] < depth) {
      const next = t.children[id].find((c) => leaf >= this.leafStart[c] && leaf < this.leafStart[c] + Math.max(1, this.leafCount[c]));
      if (next === undefined) break;
      id = next;
    }
    this.onJump(id);
  }
}
