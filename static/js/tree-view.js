// tree-view.js: the D3 tidy tree, readable at every step on any tree up to the node limit.
//
// Each step, tree-fold.js picks the nodes to draw (the path to the current node, what fits
// around it, folded summaries for the rest); when that set changes the view lays it out with
// d3.tree and joins elements by node id, and per step it updates only the drawn nodes whose
// state changed (diffed against what is on screen). The zoom never goes below the scale at
// which values are 12 CSS px, so no setting hides the values; Follow keeps the current node,
// its parent and its children on screen, and Fit fits what can be read. A level ruler
// (level-ruler.js) names each level's player and a minimap (minimap.js) shows the whole tree.
//
// Every drawn node is <g class="node" data-path="0.1" data-state="…" data-kind="…"
// [data-value] [data-agent]>. MAX ▲, MIN ▼, chance ●, terminal ■. Cutoff labels are
// <g class="cutoff-label" data-kind="alpha|beta">; pruned edges carry a strike mark; a folded
// subtree's root has class "collapsed" and a <text class="fold-summary">; "… N more" children
// are <g class="more" data-parent data-side>.

/* global d3 */
import { ACTIVE, PRUNED, STATE_NAMES, UNVISITED, VISITED } from "./trace.js";
import { attrValue, fmt, fmtShort, relationSymbol } from "./format.js";
import { foldTree } from "./tree-fold.js";
import { LevelRuler } from "./level-ruler.js";
import { levelsOf } from "./levels.js";
import { Minimap } from "./minimap.js";
import { nodeNames } from "./names.js";

const R = 18; // node "radius"
const DX = 48; // horizontal spacing of siblings
const DY = 104; // vertical spacing of levels
const SMALLEST_VALUE_PX = 12; // .val.long in tree.css: the smallest value text
const MIN_SCALE = 12 / SMALLEST_VALUE_PX; // values are never drawn below 12 CSS px
const MAX_SCALE = 4;
const FIT_MAX_SCALE = 2.4;
const SHOW_ALL_LIMIT = 5000; // "Show all" draws every node up to this size
const MIN_BUDGET = 10; // leaf slots drawn however narrow the panel: the textbook tree stays whole
const TWEEN_MS = 260;
const CALM_MS = 450; // steps closer together than this (playing fast) are not animated
const MARGIN_PX = 10;
const PAD_X = R + 44; // room around the tree when fitting (labels, windows)
const PAD_TOP = R + 24;
const PAD_BOTTOM = R + 52;
const SVG_NS = "http://www.w3.org/2000/svg";

const SHAPES = {
  max: `M0,${-0.95 * R}L${1.12 * R},${0.78 * R}L${-1.12 * R},${0.78 * R}Z`,
  min: `M0,${0.95 * R}L${1.12 * R},${-0.78 * R}L${-1.12 * R},${-0.78 * R}Z`,
  chance: circlePath(0.92 * R),
  leaf: `M${-0.85 * R},${-0.85 * R}h${1.7 * R}v${1.7 * R}h${-1.7 * R}Z`,
};
// A second player of one kind in a round (Pacman's second ghost) gets an inner outline too.
const INNER_MARKS = {
  max: `M0,${-0.5 * R}L${0.62 * R},${0.5 * R}L${-0.62 * R},${0.5 * R}Z`,
  min: `M0,${0.5 * R}L${0.62 * R},${-0.5 * R}L${-0.62 * R},${-0.5 * R}Z`,
  chance: circlePath(0.62 * R),
};
// Where the value sits inside each shape (the triangles' centroids are off-centre).
const VALUE_Y = { max: 0.3 * R, min: -0.3 * R, chance: 0, leaf: 0 };

function circlePath(r) {
  return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
}

function togglePath(collapsed) {
  const r = 6;
  const bar = `M-3.5,0H3.5`;
  return circlePath(r) + bar + (collapsed ? `M0,-3.5V3.5` : "");
}

/** A node's value text; long ones get a smaller font so they stay inside the shape. */
function setVal(el, text) {
  if (el.textContent !== text) el.textContent = text;
  const long = text.length >= 5;
  if (long !== el.classList.contains("long")) el.classList.toggle("long", long);
}

function neq(a, b) {
  // NaN-aware inequality for Float64Array entries.
  return a !== b && (a === a || b === b); // eslint-disable-line no-self-compare
}

function svgEl(name, cls) {
  const el = document.createElementNS(SVG_NS, name);
  if (cls) el.setAttribute("class", cls);
  return el;
}

function prefersReducedMotion() {
  return window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)").matches : false;
}

/** Calls `callback` once a burst of window resizes has settled, not on every frame of a drag. */
export function onResizeSettled(callback, wait = 150) {
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(callback, wait);
  });
}

/**
 * Half the width (px) of what is drawn at a node: a leaf and its name; an inner node's window
 * text ("α=−14 β=−19"); a folded node's summary; a "… N more" box.
 */
function halfWidth(d) {
  if (d.data.id < 0) return 34;
  if (d.data.folded) return 56;
  return d.children || !d.data.leaf ? 44 : 20;
}

/** d3.tree's gap between neighbours, in sibling spacings: room for both, cousins further. */
function separation(a, b) {
  const room = (halfWidth(a) + halfWidth(b) + 8) / DX;
  return Math.max(a.parent === b.parent ? 1 : 1.35, room);
}

/**
 * What a folded subtree holds as of state `s`, in lines: "126 nodes", then "40 pruned" or
 * "not yet searched", then the cutoff at its root if one fired ("β-cutoff").
 */
function foldSummary(trace, s, id) {
  const inside = trace.subtree[id] - 1;
  const nodes = `${inside.toLocaleString("en")} ${inside === 1 ? "node" : "nodes"}`;
  const cut = s.cut[id] >= 0 ? `${trace.events[s.cut[id]].kind === "alpha" ? "α" : "β"}-cutoff` : "";
  if (s.state[id] === PRUNED) return [nodes, "pruned", ""];
  if (s.state[id] === UNVISITED) return [nodes, "not yet searched", ""];
  let pruned = 0;
  const state = s.state;
  for (let i = id + 1, end = id + trace.subtree[id]; i < end; i++) if (state[i] === PRUNED) pruned++;
  return [nodes, pruned ? `${pruned.toLocaleString("en")} pruned` : "none pruned", cut];
}

export class TreeView {
  /** @param {HTMLElement} container  holds the <svg>, the level ruler and the minimap */
  constructor(container) {
    this.container = container;
    this.follow = true;
    this.svg = d3
      .select(container)
      .append("svg")
      .attr("class", "tree-svg")
      .attr("role", "img")
      .attr("aria-label", "Game tree");
    this.viewport = this.svg.append("g").attr("class", "viewport");
    this.gLinks = this.viewport.append("g").attr("class", "links");
    this.gMarks = this.viewport.append("g").attr("class", "marks");
    this.gCursor = this.viewport.append("g").attr("class", "cursor").attr("display", "none");
    this.gCursor.append("circle").attr("class", "cursor-halo").attr("r", R + 9);
    this.gCursor.append("circle").attr("class", "cursor-ring").attr("r", R + 9);
    this.gMore = this.viewport.append("g").attr("class", "more-children");
    this.gNodes = this.viewport.append("g").attr("class", "nodes");
    this.gLabels = this.viewport.append("g").attr("class", "labels");
    this.ruler = new LevelRuler(container);
    this.minimap = new Minimap(container, { onJump: (id) => this.reveal(id) });
    this.zoom = d3
      .zoom()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      .on("zoom", (event) => {
        this.transform = event.transform;
        this.viewport.attr("transform", event.transform);
        this.updateOverlays();
      });
    this.transform = d3.zoomIdentity;
    this.svg.call(this.zoom).on("dblclick.zoom", null);
    // Without hover (touch screens) toggles are drawn up front.
    this.eagerToggles = window.matchMedia ? window.matchMedia("(hover: none)").matches : false;
    this.listen();
    this.trace = null;
    this.shownIds = [];
    this.lastRenderAt = -Infinity;
  }

  /**
   * Draw a new tree (a Trace with its node table); nothing visited yet. `cutByLimit`: ids of
   * the nodes a depth limit cuts (trace.js cutByDepthLimit), drawn apart from true leaves;
   * `agents`: the document's names for the players (levels.js).
   */
  setTree(trace, { cutByLimit = new Set(), agents = null } = {}) {
    this.trace = trace;
    this.measure();
    const n = trace.size;
    this.names = nodeNames(trace);
    this.levels = levelsOf(trace, { players: trace.options && trace.options.players, agents });
    this.ruler.setLevels(this.levels);
    this.minimap.setTree(trace);
    this.open = new Set(); // opened by the user
    this.collapsed = new Set(); // folded by the user
    this.pinned = new Set(); // asked for (minimap, "… N more"): kept on screen
    this.showAll = false;
    this.gEl = new Array(n).fill(null);
    this.shapeEl = new Array(n).fill(null);
    this.valEl = new Array(n).fill(null);
    this.winEl = new Array(n).fill(null);
    this.sumEl = new Array(n).fill(null);
    this.toggleEl = new Array(n).fill(null);
    this.linkEl = new Array(n).fill(null);
    this.pos = new Float64Array(2 * n).fill(NaN);
    this.present = new Uint8Array(n);
    this.folded = new Uint8Array(n); // drawn without its children
    // What is on screen, for diffing.
    this.rState = new Uint8Array(n).fill(255);
    this.rDone = new Uint8Array(n).fill(255);
    this.rValue = new Float64Array(n).fill(-0.5);
    this.rAlpha = new Float64Array(n).fill(-0.5);
    this.rBeta = new Float64Array(n).fill(-0.5);
    this.rCut = new Int32Array(n).fill(-2);
    this.rPrunedBy = new Int32Array(n).fill(-2);
    this.cutLabels = new Map();
    this.strikes = new Map();
    this.pathIds = [];
    this.pvIds = [];
    this.shownIds = [];
    this.bestLabel = null;
    this.lastState = null;
    this.signature = null;
    this.deepest = 0;
    for (const g of [this.gLinks, this.gNodes, this.gMarks, this.gLabels, this.gMore]) {
      g.selectAll("*").remove();
    }
    this.gCursor.attr("display", "none");
    this.cutByLimit = cutByLimit;
    this.needsFit = true;
  }

  /** Whether "Show all" may draw every node of this tree. */
  get canShowAll() {
    return !!this.trace && this.trace.size <= SHOW_ALL_LIMIT;
  }

  measure() {
    this.width = this.container.clientWidth || 800;
    this.height = this.container.clientHeight || 500;
  }

  /** Leaf slots that fit across the panel at the smallest readable scale. */
  slots() {
    const usable = this.width - this.ruler.width - 2 * MARGIN_PX;
    return Math.max(5, Math.floor(usable / (DX * MIN_SCALE)));
  }

  /** The panel changed size: fold for the new width, then fit. */
  resized() {
    this.measure();
    if (this.lastState) this.render(this.lastState, this.lastFinal);
    this.fit(false, true);
  }

  /**
   * Show state `s` (a Trace state). `final`: the search is over at this step (show the
   * principal variation and best move).
   */
  render(s, final = false) {
    const t = this.trace;
    if (!t || t.size === 0) return;
    this.lastState = s;
    this.lastFinal = final;
    const now = performance.now();
    const tween = now - this.lastRenderAt > CALM_MS && !prefersReducedMotion() && !this.needsFit;
    this.lastRenderAt = now;
    const slots = this.slots();
    const cut = foldTree(t, s, {
      budget: Math.max(MIN_BUDGET, slots),
      maxSiblings: slots,
      all: this.showAll,
      open: this.open,
      folded: this.collapsed,
      pinned: this.pinned,
      final,
    });
    const signature = cut.ids.join(",") + cut.placeholders.map((p) => `|${p.parent}${p.side}${p.hidden.length}`).join("");
    if (signature !== this.signature) {
      this.signature = signature;
      this.layout(cut, tween);
    }
    this.paint(s, final);
    if (this.minimap.setShown(cut.ids.length < t.size)) this.minimap.schedule(s, this.onScreenIds());
    if (this.needsFit) {
      this.needsFit = false;
      this.fit(false, true);
    } else if (this.follow) {
      this.keepFocusInView(tween);
    }
    this.updateOverlays();
  }

  /** Lay out the drawn cut with d3.tree and join its elements (keyed by node id). */
  layout(cut, tween) {
    const t = this.trace;
    const root = d3.hierarchy(cut.root, (item) => item.children);
    d3
      .tree()
      .nodeSize([DX, DY])
      .separation(separation)(root);
    const drawn = root.descendants();
    const real = drawn.filter((d) => d.data.id >= 0);
    for (const id of this.shownIds) this.present[id] = 0;
    this.deepest = 0;
    for (const d of real) {
      const id = d.data.id;
      this.present[id] = 1;
      this.pos[2 * id] = d.x;
      this.pos[2 * id + 1] = d.y;
      if (d.depth > this.deepest) this.deepest = d.depth;
      const folded = d.data.folded ? 1 : 0;
      if (this.folded[id] !== folded) {
        this.folded[id] = folded;
        if (this.gEl[id]) this.markFolded(id);
      }
    }
    this.shownIds = cut.ids;
    const view = this;
    const move = (sel) => (tween ? sel.transition().duration(TWEEN_MS) : sel);

    let entered = null;
    this.gNodes
      .selectAll("g.node")
      .data(real, (d) => d.data.id)
      .join(
        (enter) => {
          entered = enter.append((d) => {
            const from = tween && d.parent ? d.parent : d;
            return view.buildNode(d.data.id, from.x, from.y);
          });
          return entered;
        },
        (update) => {
          move(update).attr("transform", (d) => `translate(${d.x},${d.y})`);
          return update;
        },
        (exit) => exit.each((d) => view.dropNode(d.data.id)).remove()
      )
      .order(); // document order = preorder, for reading order and stable tests
    if (tween && entered) move(entered).attr("transform", (d) => `translate(${d.x},${d.y})`);

    // Links: one per drawn non-root node (placeholders too), keyed by the child.
    const linkKey = (d) => (d.data.id >= 0 ? d.data.id : `m${d.data.parent}${d.data.side}`);
    const linked = drawn.filter((d) => d.parent);
    const ends = (sel) =>
      sel
        .attr("x1", (d) => d.parent.x)
        .attr("y1", (d) => d.parent.y)
        .attr("x2", (d) => d.x)
        .attr("y2", (d) => (d.data.id >= 0 ? d.y : d.y - R));
    let enteredLinks = null;
    this.gLinks
      .selectAll("line.link")
      .data(linked, linkKey)
      .join(
        (enter) => {
          enteredLinks = enter.append((d) => {
            const line = svgEl("line", d.data.id >= 0 ? "link" : "link to-more");
            const p = d.parent;
            const q = tween ? p : { x: d.x, y: d.data.id >= 0 ? d.y : d.y - R };
            line.setAttribute("x1", p.x);
            line.setAttribute("y1", p.y);
            line.setAttribute("x2", q.x);
            line.setAttribute("y2", q.y);
            if (d.data.id >= 0) view.linkEl[d.data.id] = line;
            return line;
          });
          return enteredLinks;
        },
        (update) => {
          ends(move(update));
          return update;
        },
        (exit) =>
          exit
            .each((d) => {
              if (d.data.id >= 0) view.linkEl[d.data.id] = null;
            })
            .remove()
      );
    if (tween && enteredLinks) ends(move(enteredLinks));

    // Edge captions (action, probability): static text, rendered with textContent only.
    const captioned = linked.filter((d) => {
      if (d.data.id < 0) return false;
      const row = t.nodes[d.data.id];
      return row.action !== undefined || row.p !== undefined;
    });
    this.gLinks
      .selectAll("text.edge-caption")
      .data(captioned, (d) => d.data.id)
      .join("text")
      .attr("class", "edge-caption")
      .attr("x", (d) => d.x)
      .attr("y", (d) => d.y - R - 8)
      .attr("text-anchor", "middle")
      .text((d) => {
        const row = t.nodes[d.data.id];
        const parts = [];
        if (row.action !== undefined) parts.push(String(row.action));
        if (row.p !== undefined) parts.push(`p=${fmt(row.p)}`);
        return parts.join(" · ");
      });

    this.layoutPlaceholders(drawn.filter((d) => d.data.id < 0));
    // Marks and labels depend on positions: rebuild them at this paint.
    this.clearMarks();
  }

  /** "… 12 more" stand-ins for the children outside a wide node's window. */
  layoutPlaceholders(items) {
    const t = this.trace;
    this.gMore
      .selectAll("g.more")
      .data(items, (d) => `${d.data.parent}${d.data.side}`)
      .join((enter) =>
        enter.append((d) => {
          const g = svgEl("g", "more");
          const box = svgEl("rect", "more-box");
          box.setAttribute("x", -R - 8);
          box.setAttribute("y", -R + 2);
          box.setAttribute("width", 2 * R + 16);
          box.setAttribute("height", 2 * R - 4);
          box.setAttribute("rx", 8);
          const text = svgEl("text", "more-text");
          text.setAttribute("y", 0);
          g.append(box, text);
          return g;
        })
      )
      .attr("data-parent", (d) => t.keys[d.data.parent])
      .attr("data-side", (d) => d.data.side)
      .attr("transform", (d) => `translate(${d.x},${d.y})`)
      .each(function (d) {
        const count = d.data.hidden.length;
        this.lastChild.textContent = `… ${count} more`;
      });
  }

  /** Prototype elements, cloned for each node (much faster than building each one). */
  makePrototypes() {
    this.protos = {};
    for (const name of Object.keys(SHAPES)) {
      const g = svgEl("g");
      const shape = svgEl("path", "shape");
      shape.setAttribute("d", SHAPES[name]);
      g.appendChild(shape);
      if (name === "leaf") {
        const val = svgEl("text", "val");
        val.setAttribute("y", VALUE_Y.leaf);
        g.appendChild(val);
      }
      this.protos[name] = g;
    }
  }

  /** A new node group at (x, y), drawn unvisited. */
  buildNode(id, x, y) {
    if (!this.protos) this.makePrototypes();
    const t = this.trace;
    const row = t.nodes[id];
    const terminal = !!row.terminal;
    const g = this.protos[terminal ? "leaf" : row.kind].cloneNode(true);
    const shape = g.firstChild;
    g.setAttribute("class", `node ${terminal ? "terminal" : "inner"} kind-${row.kind}`);
    g.setAttribute("data-path", t.keys[id]);
    g.setAttribute("data-kind", row.kind);
    g.setAttribute("data-state", "unvisited");
    g.setAttribute("transform", `translate(${x},${y})`);
    const level = this.levels[t.depth[id]];
    if (level && level.agent >= 0 && !terminal) {
      g.setAttribute("data-agent", String(level.agent));
      if (level.variant && INNER_MARKS[row.kind]) {
        g.classList.add("variant");
        const mark = svgEl("path", "inner-mark");
        mark.setAttribute("d", INNER_MARKS[row.kind]);
        g.insertBefore(mark, shape.nextSibling);
      }
    }
    if (this.cutByLimit.has(id)) g.classList.add("at-limit");
    this.gEl[id] = g;
    this.shapeEl[id] = shape;
    if (terminal) {
      const val = shape.nextSibling;
      if (row.value !== undefined) setVal(val, fmtShort(row.value));
      this.valEl[id] = val;
    }
    const name = svgEl("text", terminal ? "node-label leaf-name" : "node-label");
    if (terminal) {
      name.setAttribute("y", R + 14);
    } else {
      name.setAttribute("x", -R - 5);
      name.setAttribute("y", -R * 0.55);
    }
    name.textContent = this.names[id];
    g.appendChild(name);
    if (!terminal && (this.eagerToggles || this.folded[id])) this.ensureToggle(id);
    if (this.folded[id]) this.markFolded(id);
    // What is drawn now: an unvisited node (paint() updates it if the state differs).
    this.rState[id] = 0;
    this.rDone[id] = 0;
    this.rValue[id] = NaN;
    this.rAlpha[id] = NaN;
    this.rBeta[id] = NaN;
    return g;
  }

  ensureVal(id) {
    let val = this.valEl[id];
    if (!val) {
      const row = this.trace.nodes[id];
      val = svgEl("text", "val");
      val.setAttribute("y", VALUE_Y[row.terminal ? "leaf" : row.kind]);
      this.gEl[id].insertBefore(val, this.shapeEl[id].nextSibling);
      this.valEl[id] = val;
    }
    return val;
  }

  ensureWin(id) {
    let win = this.winEl[id];
    if (!win) {
      win = svgEl("text", "win");
      win.setAttribute("y", R + 15);
      this.gEl[id].insertBefore(win, this.sumEl[id] || this.toggleEl[id] || null);
      this.winEl[id] = win;
    }
    return win;
  }

  ensureToggle(id) {
    if (this.toggleEl[id] || !this.gEl[id] || this.trace.children[id].length === 0) return;
    const row = this.trace.nodes[id];
    const toggle = svgEl("path", "toggle");
    toggle.setAttribute("d", togglePath(!!this.folded[id]));
    toggle.setAttribute("transform", `translate(${R + 8},${row.kind === "min" ? -R + 2 : R - 4})`);
    this.gEl[id].appendChild(toggle);
    this.toggleEl[id] = toggle;
  }

  /** A folded node: its class, its toggle's sign and its summary line (or none). */
  markFolded(id) {
    const g = this.gEl[id];
    const folded = !!this.folded[id];
    g.classList.toggle("collapsed", folded);
    if (folded) this.ensureToggle(id);
    if (this.toggleEl[id]) this.toggleEl[id].setAttribute("d", togglePath(folded));
    if (folded && !this.sumEl[id]) {
      const summary = svgEl("text", "fold-summary");
      for (let line = 0; line < 3; line++) {
        const span = svgEl("tspan");
        span.setAttribute("x", 0);
        if (line) span.setAttribute("dy", "1.2em");
        summary.appendChild(span);
      }
      g.insertBefore(summary, this.toggleEl[id] || null);
      this.sumEl[id] = summary;
    } else if (!folded && this.sumEl[id]) {
      this.sumEl[id].remove();
      this.sumEl[id] = null;
    }
  }

  /** One set of listeners for all nodes (event delegation), not two per node. */
  listen() {
    const idOf = (event) => {
      const g = event.target.closest ? event.target.closest("g.node") : null;
      if (!g || !this.trace) return -1;
      const id = this.trace.ids.get(g.getAttribute("data-path"));
      return id === undefined ? -1 : id;
    };
    const group = this.gNodes.node();
    group.addEventListener("pointerover", (event) => {
      const id = idOf(event);
      if (id >= 0) this.ensureToggle(id);
    });
    group.addEventListener("click", (event) => {
      if (!event.target.closest || !event.target.closest(".toggle, .fold-summary")) return;
      const id = idOf(event);
      if (id < 0) return;
      event.stopPropagation();
      this.toggle(id);
    });
    group.addEventListener("dblclick", (event) => {
      const id = idOf(event);
      if (id < 0) return;
      event.stopPropagation();
      event.preventDefault();
      this.toggle(id);
    });
    this.gMore.node().addEventListener("click", (event) => {
      const g = event.target.closest ? event.target.closest("g.more") : null;
      if (!g || !this.trace) return;
      event.stopPropagation();
      this.showMore(this.trace.ids.get(g.getAttribute("data-parent")), g.getAttribute("data-side"));
    });
  }

  dropNode(id) {
    this.gEl[id] = null;
    this.shapeEl[id] = null;
    this.valEl[id] = null;
    this.winEl[id] = null;
    this.sumEl[id] = null;
    this.toggleEl[id] = null;
  }

  clearMarks() {
    this.gMarks.selectAll("*").remove();
    this.gLabels.selectAll("*").remove();
    this.cutLabels = new Map();
    this.strikes = new Map();
    this.bestLabel = null;
    this.rCut.fill(-2);
    this.rPrunedBy.fill(-2);
    for (const id of this.pathIds) this.setOnPath(id, false);
    for (const id of this.pvIds) this.setPv(id, false);
    this.pathIds = [];
    this.pvIds = [];
  }

  /** Draw again after a fold changed (the user's, or the panel's size). */
  refresh() {
    if (this.lastState) this.render(this.lastState, this.lastFinal);
  }

  /** Fold the subtree below node `id`, or open it (its children drawn). */
  toggle(id) {
    if (!this.trace || this.trace.children[id].length === 0) return;
    const foldedNow = this.present[id] ? !!this.folded[id] : this.collapsed.has(id);
    if (foldedNow) {
      this.collapsed.delete(id);
      this.open.add(id);
    } else {
      this.open.delete(id);
      this.collapsed.add(id);
    }
    this.lastRenderAt = -Infinity; // a user's fold animates
    this.refresh();
  }

  /** Draw every node (up to SHOW_ALL_LIMIT nodes); `false`: fold automatically again. */
  setShowAll(on) {
    if (!this.trace || (on && !this.canShowAll)) return;
    this.showAll = on;
    this.collapsed.clear();
    this.open.clear();
    this.lastRenderAt = -Infinity;
    this.refresh();
    this.fit(false, true);
  }

  expandAll() {
    this.setShowAll(true);
  }

  /** Fold every pruned subtree (as of the picture shown) to its root. */
  collapsePruned() {
    const s = this.lastState;
    if (!s) return;
    const t = this.trace;
    for (const id of this.shownIds) {
      if (s.prunedBy[id] >= 0 && t.children[id].length > 0) {
        this.collapsed.add(id);
        this.open.delete(id);
      }
    }
    this.lastRenderAt = -Infinity;
    this.refresh();
  }

  /** The next children past a window's edge ("… N more" pressed): move the window there. */
  showMore(parent, side) {
    if (parent === undefined) return;
    const kids = this.trace.children[parent];
    const shown = kids.filter((c) => this.present[c]);
    if (!shown.length) return;
    const edge = kids.indexOf(side === "before" ? shown[0] : shown[shown.length - 1]);
    const step = Math.max(1, Math.floor(shown.length / 2));
    const target = kids[Math.max(0, Math.min(kids.length - 1, edge + (side === "before" ? -step : step)))];
    for (const c of kids) this.pinned.delete(c);
    this.pinned.add(target);
    this.refresh();
  }

  /** Show node `id` (opening its ancestors) and bring it to the middle of the view. */
  reveal(id) {
    if (!this.trace) return;
    this.pinned = new Set([id]);
    for (let i = this.trace.parent[id]; i >= 0; i = this.trace.parent[i]) this.collapsed.delete(i);
    this.refresh();
    const [x, y] = this.positionOf(id);
    if (Number.isNaN(x)) return;
    const k = this.transform.k;
    const target = d3.zoomIdentity
      .translate(this.width / 2, this.height / 2)
      .scale(k)
      .translate(-x, -y);
    this.svg.call(this.zoom.transform, target);
  }

  /** Ids of the drawn nodes that are inside the panel now (for the minimap's frame). */
  onScreenIds() {
    const out = [];
    const { width, height } = this;
    for (const id of this.shownIds) {
      const [sx, sy] = this.transform.apply([this.pos[2 * id], this.pos[2 * id + 1]]);
      if (sx >= 0 && sx <= width && sy >= 0 && sy <= height) out.push(id);
    }
    return out;
  }

  updateOverlays() {
    if (!this.trace) return;
    this.ruler.update(this.transform, DY, this.deepest, this.height);
    if (this.lastState) this.minimap.schedule(this.lastState, this.onScreenIds());
  }

  /** The free part of the panel, in screen pixels (the ruler and the minimap cover the rest). */
  freeArea() {
    return {
      left: this.ruler.width + MARGIN_PX,
      top: MARGIN_PX,
      right: this.width - MARGIN_PX,
      bottom: this.height - this.minimap.height - MARGIN_PX,
    };
  }

  /** The box (tree units) of node `id` with its name, window and summary texts. */
  nodeBox(id) {
    const x = this.pos[2 * id];
    const y = this.pos[2 * id + 1];
    return { x0: x - R - 30, x1: x + R + 16, y0: y - R - 10, y1: y + R + 34 };
  }

  /** Zoom so the drawn tree fits the panel, never below the readable scale. */
  fit(animate = true, measured = false) {
    if (!this.trace || !this.shownIds.length) return;
    if (!measured) this.measure();
    const area = this.freeArea();
    const width = Math.max(1, area.right - area.left);
    const height = Math.max(1, area.bottom - area.top);
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const id of this.shownIds) {
      const x = this.pos[2 * id];
      const y = this.pos[2 * id + 1];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const bw = x1 - x0 + 2 * PAD_X;
    const bh = y1 - y0 + PAD_TOP + PAD_BOTTOM;
    const scale = Math.max(MIN_SCALE, Math.min(width / bw, height / bh, FIT_MAX_SCALE));
    const cx = (x0 + x1) / 2;
    const cy = (y0 - PAD_TOP + y1 + PAD_BOTTOM) / 2;
    let transform = d3.zoomIdentity
      .translate(area.left + width / 2, area.top + height / 2)
      .scale(scale)
      .translate(-cx, -cy);
    // Too big to fit readable: the top of the tree, then wherever the search is.
    if (bh * scale > height) transform = transform.translate(0, (bh * scale - height) / 2 / scale);
    const focus = this.focusBox();
    if (focus) transform = this.withinView(transform, focus, true);
    const target = animate && !prefersReducedMotion() ? this.svg.transition().duration(350) : this.svg;
    target.call(this.zoom.transform, transform);
  }

  zoomBy(factor) {
    const target = prefersReducedMotion() ? this.svg : this.svg.transition().duration(200);
    target.call(this.zoom.scaleBy, factor);
  }

  /** The current node's box joined with its parent's and its drawn children's. */
  focusBox() {
    const s = this.lastState;
    if (!s) return null;
    const t = this.trace;
    let id = s.current >= 0 ? s.current : 0;
    while (id >= 0 && !this.present[id]) id = t.parent[id];
    if (id < 0) return null;
    const box = this.nodeBox(id);
    const near = [t.parent[id], ...t.children[id]].filter((c) => c >= 0 && this.present[c]);
    const withNear = { ...box };
    for (const c of near) {
      const b = this.nodeBox(c);
      withNear.x0 = Math.min(withNear.x0, b.x0);
      withNear.x1 = Math.max(withNear.x1, b.x1);
      withNear.y0 = Math.min(withNear.y0, b.y0);
      withNear.y1 = Math.max(withNear.y1, b.y1);
    }
    return { node: box, near: withNear };
  }

  /**
   * `transform` panned (not zoomed) so the focus box is on screen: the current node with its
   * parent and children when they fit, else the current node. `recentre`: centre on it
   * rather than move the least.
   */
  withinView(transform, focus, recentre = false) {
    const area = this.freeArea();
    const k = transform.k;
    const fits = (b) => (b.x1 - b.x0) * k <= area.right - area.left && (b.y1 - b.y0) * k <= area.bottom - area.top;
    const box = fits(focus.near) ? focus.near : focus.node;
    const sx0 = transform.applyX(box.x0);
    const sx1 = transform.applyX(box.x1);
    const sy0 = transform.applyY(box.y0);
    const sy1 = transform.applyY(box.y1);
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

  /** Follow: pan when the current node, its parent or its children leave the view. */
  keepFocusInView(tween) {
    const focus = this.focusBox();
    if (!focus) return;
    const target = this.withinView(this.transform, focus);
    if (target === this.transform) return;
    const sel = tween ? this.svg.transition().duration(TWEEN_MS) : this.svg;
    sel.call(this.zoom.transform, target);
  }

  setOnPath(id, on) {
    const g = this.gEl[id];
    if (g) g.classList.toggle("on-path", on);
    const link = this.linkEl[id];
    if (link) link.classList.toggle("on-path", on);
  }

  setPv(id, on) {
    const g = this.gEl[id];
    if (g) g.classList.toggle("pv", on);
    const link = this.linkEl[id];
    if (link) link.classList.toggle("pv", on);
  }

  /** Update the drawn nodes, marks, path and cursor to state `s`. */
  paint(s, final) {
    const t = this.trace;
    const { state, done, value, alpha, beta, cut, prunedBy } = s;
    for (const i of this.shownIds) {
      if (
        this.rState[i] !== state[i] ||
        this.rDone[i] !== done[i] ||
        neq(this.rValue[i], value[i]) ||
        neq(this.rAlpha[i], alpha[i]) ||
        neq(this.rBeta[i], beta[i])
      ) {
        this.updateNode(i, s);
      }
      if (this.sumEl[i]) this.updateSummary(i, s);
      if (this.rCut[i] !== cut[i]) this.updateCutoff(i, s);
      if (this.rPrunedBy[i] !== prunedBy[i]) this.updateStrike(i, s);
    }

    // The current node and the path to it.
    const path = [];
    for (let i = s.current; i >= 0; i = t.parent[i]) if (this.present[i]) path.push(i);
    const onPath = new Set(path);
    for (const id of this.pathIds) if (!onPath.has(id)) this.setOnPath(id, false);
    for (const id of path) this.setOnPath(id, true);
    this.pathIds = path;
    this.placeCursor(s.current);

    // The principal variation, once the search is over.
    const pv = final ? t.principalVariation(s) : [];
    const pvSet = new Set(pv.filter((id) => this.present[id]));
    if (final && pv.length) pvSet.add(0);
    for (const id of this.pvIds) if (!pvSet.has(id)) this.setPv(id, false);
    for (const id of pvSet) this.setPv(id, true);
    this.pvIds = [...pvSet];
    this.updateBestLabel(final && pv.length ? pv[0] : -1);
  }

  updateNode(i, s) {
    const t = this.trace;
    const st = s.state[i];
    const isDone = s.done[i];
    const v = s.value[i];
    const g = this.gEl[i];
    g.setAttribute("data-state", STATE_NAMES[st]);
    if (isDone && st !== PRUNED) g.setAttribute("data-value", attrValue(v));
    else g.removeAttribute("data-value");
    g.classList.toggle("done", !!isDone);
    if (!t.nodes[i].terminal) {
      // A node being searched always shows its running value ("?" before it has one).
      let valText = "";
      if (st === ACTIVE) valText = Number.isNaN(v) ? "?" : fmtShort(v);
      else if (st === VISITED && isDone) valText = fmtShort(v);
      if (valText || this.valEl[i]) setVal(this.ensureVal(i), valText);
      const a = s.alpha[i];
      const b = s.beta[i];
      let winText = "";
      if ((st === ACTIVE || st === VISITED) && !Number.isNaN(a) && !Number.isNaN(b)) {
        winText = `α=${fmt(a)} β=${fmt(b)}`;
      }
      if (winText || this.winEl[i]) this.ensureWin(i).textContent = winText;
      if (this.sumEl[i]) this.sumEl[i].setAttribute("y", winText ? R + 31 : R + 15);
    } else if (isDone && this.valEl[i]) {
      setVal(this.valEl[i], fmtShort(v));
    } else if (this.valEl[i]) {
      const row = t.nodes[i];
      setVal(this.valEl[i], row.value !== undefined ? fmtShort(row.value) : "");
    }
    const link = this.linkEl[i];
    if (link) link.setAttribute("data-state", STATE_NAMES[st]);
    this.rState[i] = st;
    this.rDone[i] = isDone;
    this.rValue[i] = v;
    this.rAlpha[i] = s.alpha[i];
    this.rBeta[i] = s.beta[i];
  }

  updateSummary(i, s) {
    const el = this.sumEl[i];
    const lines = foldSummary(this.trace, s, i);
    for (let line = 0; line < 3; line++) {
      const span = el.childNodes[line];
      if (span.textContent !== lines[line]) span.textContent = lines[line];
    }
    el.setAttribute("y", this.winEl[i] && this.winEl[i].textContent ? R + 31 : R + 15);
  }

  /** A cutoff label under the edges it pruned; beside the node when the last child fired it
   * (nothing left to prune: the test still fired, and the statistics count it). */
  updateCutoff(i, s) {
    const t = this.trace;
    const old = this.cutLabels.get(i);
    if (old) {
      old.remove();
      this.cutLabels.delete(i);
    }
    this.rCut[i] = s.cut[i];
    const k = s.cut[i];
    // A folded node names its cutoff in its summary: its pruned children are not drawn.
    if (k < 0 || this.folded[i]) return;
    const event = t.events[k];
    const prunedIds = t.prunedIds[k];
    const x = this.pos[2 * i];
    const y = this.pos[2 * i + 1];
    // Under the pruned children (crossed out right above it); beside the node if hidden.
    let lx = x + R + 12;
    let ly = y - 4;
    let anchor = "start";
    const shown = prunedIds.filter((id) => this.present[id]);
    if (shown.length) {
      let sx = 0;
      let yMax = -Infinity;
      for (const id of shown) {
        sx += this.pos[2 * id];
        yMax = Math.max(yMax, this.pos[2 * id + 1]);
      }
      lx = sx / shown.length;
      const below = shown.some((id) => this.folded[id]) ? 52 : shown.some((id) => t.nodes[id].terminal) ? 34 : 16;
      ly = yMax + R + below;
      anchor = "middle";
    }
    const symbol = event.kind === "alpha" ? "α" : "β";
    const label = svgEl("g", "cutoff-label");
    label.setAttribute("data-kind", event.kind);
    label.setAttribute("data-path", t.keys[i]);
    label.setAttribute("data-pruned", String(prunedIds.length));
    label.setAttribute("transform", `translate(${lx},${ly})`);
    const text = svgEl("text");
    text.setAttribute("text-anchor", anchor);
    const line1 = svgEl("tspan", "cutoff-kind");
    line1.setAttribute("x", 0);
    line1.textContent = `${symbol}-cutoff`;
    const line2 = svgEl("tspan", "cutoff-test");
    line2.setAttribute("x", 0);
    line2.setAttribute("dy", "1.2em");
    line2.textContent = `v=${fmt(event.value)} ${relationSymbol(event.relation)} ${symbol}=${fmt(
      event.bound
    )}`;
    text.appendChild(line1);
    text.appendChild(line2);
    if (!prunedIds.length) {
      const line3 = svgEl("tspan", "cutoff-note");
      line3.setAttribute("x", 0);
      line3.setAttribute("dy", "1.2em");
      line3.textContent = "(last child)";
      text.appendChild(line3);
    }
    label.appendChild(text);
    this.gLabels.node().appendChild(label);
    this.cutLabels.set(i, label);
  }

  /** The strike mark across the edge into a pruned subtree's root. */
  updateStrike(i, s) {
    const old = this.strikes.get(i);
    if (old) {
      old.remove();
      this.strikes.delete(i);
    }
    this.rPrunedBy[i] = s.prunedBy[i];
    const p = this.trace.parent[i];
    if (s.prunedBy[i] < 0 || p < 0 || !this.present[i] || !this.present[p]) return;
    const x1 = this.pos[2 * p];
    const y1 = this.pos[2 * p + 1];
    const x2 = this.pos[2 * i];
    const y2 = this.pos[2 * i + 1];
    const mark = svgEl("g", "strike");
    mark.setAttribute("data-path", this.trace.keys[i]);
    mark.setAttribute("transform", `translate(${(x1 + x2) / 2},${(y1 + y2) / 2})`);
    for (const cls of ["strike-halo", "strike-bar"]) {
      const cross = svgEl("path", cls);
      cross.setAttribute("d", "M-8,-8L8,8M8,-8L-8,8");
      mark.appendChild(cross);
    }
    this.gMarks.node().appendChild(mark);
    this.strikes.set(i, mark);
  }

  updateBestLabel(childId) {
    if (this.bestLabel && this.bestLabel.childId === childId) return;
    if (this.bestLabel) {
      this.bestLabel.el.remove();
      this.bestLabel = null;
    }
    if (childId < 0 || !this.present[childId]) return;
    const x1 = this.pos[0];
    const y1 = this.pos[1];
    const x2 = this.pos[2 * childId];
    const y2 = this.pos[2 * childId + 1];
    const el = svgEl("text", "best-label");
    // Along the edge, past the root's window text, on the outer side.
    el.setAttribute("x", x1 + 0.6 * (x2 - x1) + (x2 < x1 ? -12 : 12));
    el.setAttribute("y", y1 + 0.6 * (y2 - y1));
    el.setAttribute("text-anchor", x2 < x1 ? "end" : "start");
    el.textContent = "best move";
    this.gLabels.node().appendChild(el);
    this.bestLabel = { childId, el };
  }

  placeCursor(cur) {
    let id = cur;
    while (id >= 0 && !this.present[id]) id = this.trace.parent[id];
    if (id < 0) {
      this.gCursor.attr("display", "none");
      return;
    }
    this.gCursor.attr("display", null);
    this.gCursor.attr("transform", `translate(${this.pos[2 * id]},${this.pos[2 * id + 1]})`);
  }

  /** Position of a node in tree units (NaN when it is not drawn): for tests. */
  positionOf(id) {
    return [this.pos[2 * id], this.pos[2 * id + 1]];
  }
}
