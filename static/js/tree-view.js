// tree-view.js: the D3 tidy tree. Draws a Trace's node table once (keyed join), then per
// step updates only the nodes whose state changed (diffed against what is on screen).
//
// Every node is <g class="node" data-path="0.1" data-state="…" data-kind="…" [data-value]>.
// MAX ▲, MIN ▼, chance ●, terminal ■. Cutoff labels are <g class="cutoff-label"
// data-kind="alpha|beta">; pruned edges carry a strike mark; the subtree is faded.

/* global d3 */
import { ACTIVE, PRUNED, STATE_NAMES, VISITED } from "./trace.js";
import { attrValue, fmt, fmtShort, relationSymbol } from "./format.js";

const R = 18; // node "radius"
const DX = 48; // horizontal spacing of siblings
const DY = 104; // vertical spacing of levels
const BIG = 600; // above this many visible nodes: no layout transitions
const FIT_MARGIN_PX = 36;
const FAR_SCALE = 0.42; // below this zoom: no text, hairline strokes
const CURSOR_MIN_SCREEN_SCALE = 0.45;
const PAD_X = R + 44; // room around the tree when fitting (labels, windows)
const PAD_TOP = R + 16;
const PAD_BOTTOM = R + 48;
const SVG_NS = "http://www.w3.org/2000/svg";

const SHAPES = {
  max: `M0,${-0.95 * R}L${1.12 * R},${0.78 * R}L${-1.12 * R},${0.78 * R}Z`,
  min: `M0,${0.95 * R}L${1.12 * R},${-0.78 * R}L${-1.12 * R},${-0.78 * R}Z`,
  chance: circlePath(0.92 * R),
  leaf: `M${-0.85 * R},${-0.85 * R}h${1.7 * R}v${1.7 * R}h${-1.7 * R}Z`,
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

/** Calls `callback` once a burst of window resizes has settled, not on every frame of a drag. */
export function onResizeSettled(callback, wait = 150) {
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(callback, wait);
  });
}

export class TreeView {
  /**
   * @param {HTMLElement} container  holds the <svg>
   * @param {{onToggle?: Function}} hooks
   */
  constructor(container, hooks = {}) {
    this.container = container;
    this.hooks = hooks;
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
    this.gNodes = this.viewport.append("g").attr("class", "nodes");
    this.gLabels = this.viewport.append("g").attr("class", "labels");
    this.zoom = d3
      .zoom()
      .scaleExtent([0.01, 6])
      .on("zoom", (event) => {
        this.transform = event.transform;
        this.viewport.attr("transform", event.transform);
        this.onScale(event.transform.k);
      });
    this.far = false;
    this.cursorScale = 1;
    this.transform = d3.zoomIdentity;
    this.svg.call(this.zoom).on("dblclick.zoom", null);
    // Without hover (touch screens) toggles are drawn up front.
    this.eagerToggles = window.matchMedia ? window.matchMedia("(hover: none)").matches : false;
    this.listen();
    this.trace = null;
    this.collapsed = new Set();
  }

  /**
   * Draw a new tree (a Trace with its node table); nothing visited yet. `cutByLimit`: ids of
   * the nodes a depth limit cuts (trace.js cutByDepthLimit), drawn apart from true leaves.
   */
  setTree(trace, { cutByLimit = new Set() } = {}) {
    this.trace = trace;
    // Read the panel's size before building (no forced layout of thousands of new elements).
    this.measure();
    const n = trace.size;
    this.collapsed = new Set();
    this.gEl = new Array(n).fill(null);
    this.shapeEl = new Array(n).fill(null);
    this.valEl = new Array(n).fill(null);
    this.winEl = new Array(n).fill(null);
    this.toggleEl = new Array(n).fill(null);
    this.linkEl = new Array(n).fill(null);
    this.pos = new Float64Array(2 * n).fill(NaN);
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
    this.bestLabel = null;
    this.lastState = null;
    this.gLinks.selectAll("*").remove();
    this.gNodes.selectAll("*").remove();
    this.gMarks.selectAll("*").remove();
    this.gLabels.selectAll("*").remove();
    this.gCursor.attr("display", "none");
    this.cutByLimit = cutByLimit;
    this.dy = DY;
    this.layout(false, true);
    this.fit(false, true);
  }

  /** (Re)compute the tidy layout of the visible nodes and join elements by node id. */
  layout(animate, chooseLevelGap = false) {
    const t = this.trace;
    if (!t || t.size === 0) return;
    const collapsed = this.collapsed;
    const root = d3.hierarchy(0, (id) =>
      collapsed.has(id) || t.children[id].length === 0 ? null : t.children[id]
    );
    d3
      .tree()
      .nodeSize([DX, DY])
      .separation((a, b) => (a.parent === b.parent ? 1 : 1.35))(root);
    const visible = root.descendants();
    this.visibleCount = visible.length;
    if (chooseLevelGap) this.dy = this.levelGap(visible, root.height);
    if (this.dy !== DY) for (const d of visible) d.y = d.depth * this.dy;
    const tween = animate && visible.length <= BIG;
    const view = this;
    const present = new Uint8Array(t.size);
    for (const d of visible) {
      present[d.data] = 1;
      this.pos[2 * d.data] = d.x;
      this.pos[2 * d.data + 1] = d.y;
    }

    // Nodes: keyed join by node id. Entering nodes are built positioned (cloned from a
    // prototype per shape); only nodes that stay are moved.
    let entered = null;
    this.gNodes
      .selectAll("g.node")
      .data(visible, (d) => d.data)
      .join(
        (enter) => {
          entered = enter.append((d) => {
            const p = tween && d.parent ? d.parent : d;
            return view.buildNode(d.data, p.x, p.y);
          });
          return entered;
        },
        (update) => {
          (tween ? update.transition().duration(280) : update).attr(
            "transform",
            (d) => `translate(${d.x},${d.y})`
          );
          return update;
        },
        (exit) =>
          exit
            .each((d) => {
              view.dropNode(d.data);
            })
            .remove()
      );
    if (tween && entered) {
      entered
        .transition()
        .duration(280)
        .attr("transform", (d) => `translate(${d.x},${d.y})`);
    }

    // Links: one per visible non-root node, keyed by the child's id.
    const linked = visible.filter((d) => d.parent);
    const coords = (sel) =>
      sel
        .attr("x1", (d) => d.parent.x)
        .attr("y1", (d) => d.parent.y)
        .attr("x2", (d) => d.x)
        .attr("y2", (d) => d.y);
    let enteredLinks = null;
    this.gLinks
      .selectAll("line.link")
      .data(linked, (d) => d.data)
      .join(
        (enter) => {
          enteredLinks = enter.append((d) => {
            const line = view.linkProto.cloneNode(false);
            const p = d.parent;
            const q = tween ? p : d;
            line.setAttribute("x1", p.x);
            line.setAttribute("y1", p.y);
            line.setAttribute("x2", q.x);
            line.setAttribute("y2", q.y);
            view.linkEl[d.data] = line;
            return line;
          });
          return enteredLinks;
        },
        (update) => {
          coords(tween ? update.transition().duration(280) : update);
          return update;
        },
        (exit) =>
          exit
            .each((d) => {
              view.linkEl[d.data] = null;
            })
            .remove()
      );
    if (tween && enteredLinks) coords(enteredLinks.transition().duration(280));

    // Edge captions (action, probability): static text, rendered with textContent only.
    const captioned = linked.filter((d) => {
      const row = t.nodes[d.data];
      return row.action !== undefined || row.p !== undefined;
    });
    this.gLinks
      .selectAll("text.edge-caption")
      .data(captioned, (d) => d.data)
      .join("text")
      .attr("class", "edge-caption")
      .attr("x", (d) => d.x)
      .attr("y", (d) => d.y - R - 8)
      .attr("text-anchor", "middle")
      .text((d) => {
        const row = t.nodes[d.data];
        const parts = [];
        if (row.action !== undefined) parts.push(String(row.action));
        if (row.p !== undefined) parts.push(`p=${fmt(row.p)}`);
        return parts.join(" · ");
      });

    this.present = present;
    // Marks and labels depend on positions: rebuild them at the next render.
    this.clearMarks();
    if (this.lastState) this.render(this.lastState, this.lastFinal);
  }

  measure() {
    this.width = this.container.clientWidth || 800;
    this.height = this.container.clientHeight || 500;
  }

  /** A level gap that makes a wide, shallow tree use the panel's height (within bounds). */
  levelGap(visible, levels) {
    const { width, height } = this;
    if (!levels || !width || !height) return DY;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const d of visible) {
      if (d.x < x0) x0 = d.x;
      if (d.x > x1) x1 = d.x;
    }
    const treeWidth = x1 - x0 + 2 * PAD_X;
    const wanted = (treeWidth * height) / width - PAD_TOP - PAD_BOTTOM;
    const most = visible.length > 300 ? DY * 8 : DY * 1.6;
    return Math.max(DY, Math.min(most, wanted / levels));
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
    this.linkProto = svgEl("line", "link");
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
    if (this.cutByLimit.has(id)) g.classList.add("at-limit");
    this.gEl[id] = g;
    this.shapeEl[id] = shape;
    if (terminal) {
      const val = shape.nextSibling;
      if (row.value !== undefined) setVal(val, fmtShort(row.value));
      this.valEl[id] = val;
    }
    if (row.label !== undefined) {
      const label = svgEl("text", "node-label");
      label.setAttribute("x", -R - 5);
      label.setAttribute("y", -R * 0.55);
      label.textContent = String(row.label);
      g.appendChild(label);
    }
    // Inner nodes get their value and window texts, and their toggle, when first needed.
    if (!terminal && (this.eagerToggles || this.collapsed.has(id))) this.ensureToggle(id);
    if (this.collapsed.has(id)) g.classList.add("collapsed");
    // What is drawn now: an unvisited node (render() updates it if the state differs).
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
      this.gEl[id].appendChild(win);
      this.winEl[id] = win;
    }
    return win;
  }

  ensureToggle(id) {
    if (this.toggleEl[id] || !this.gEl[id] || this.trace.children[id].length === 0) return;
    const row = this.trace.nodes[id];
    const toggle = svgEl("path", "toggle");
    toggle.setAttribute("d", togglePath(this.collapsed.has(id)));
    toggle.setAttribute("transform", `translate(${R + 8},${row.kind === "min" ? -R + 2 : R - 4})`);
    this.gEl[id].appendChild(toggle);
    this.toggleEl[id] = toggle;
  }

  /** One set of listeners for all nodes (event delegation), not two per node. */
  listen() {
    const group = this.gNodes.node();
    const idOf = (event) => {
      const g = event.target.closest ? event.target.closest("g.node") : null;
      if (!g || !this.trace) return -1;
      const id = this.trace.ids.get(g.getAttribute("data-path"));
      return id === undefined ? -1 : id;
    };
    group.addEventListener("pointerover", (event) => {
      const id = idOf(event);
      if (id >= 0) this.ensureToggle(id);
    });
    group.addEventListener("click", (event) => {
      if (!event.target.classList || !event.target.classList.contains("toggle")) return;
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
  }

  dropNode(id) {
    this.gEl[id] = null;
    this.shapeEl[id] = null;
    this.valEl[id] = null;
    this.winEl[id] = null;
    this.toggleEl[id] = null;
  }

  clearMarks() {
    this.gMarks.selectAll("*").remove();
    this.gLabels.selectAll("*").remove();
    this.cutLabels = new Map();
    this.strikes = new Map();
    this.bestLabel = null;
    if (this.rCut) this.rCut.fill(-2);
    if (this.rPrunedBy) this.rPrunedBy.fill(-2);
    for (const id of this.pathIds) this.setOnPath(id, false);
    for (const id of this.pvIds) this.setPv(id, false);
    this.pathIds = [];
    this.pvIds = [];
  }

  /** Collapse or expand the subtree below node `id`. */
  toggle(id) {
    if (!this.trace || this.trace.children[id].length === 0) return;
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else this.collapsed.add(id);
    const g = this.gEl[id];
    if (g) g.classList.toggle("collapsed", this.collapsed.has(id));
    if (this.toggleEl[id]) this.toggleEl[id].setAttribute("d", togglePath(this.collapsed.has(id)));
    this.layout(true);
    if (this.hooks.onToggle) this.hooks.onToggle(id, this.collapsed.has(id));
  }

  expandAll() {
    if (!this.trace || this.collapsed.size === 0) return;
    const ids = [...this.collapsed];
    this.collapsed.clear();
    for (const id of ids) {
      if (this.gEl[id]) this.gEl[id].classList.remove("collapsed");
      if (this.toggleEl[id]) this.toggleEl[id].setAttribute("d", togglePath(false));
    }
    this.layout(true);
  }

  /** Collapse every pruned subtree (as of the picture shown) to its root. */
  collapsePruned() {
    const s = this.lastState;
    if (!s) return;
    const t = this.trace;
    let changed = false;
    for (let i = 0; i < t.size; i++) {
      if (s.prunedBy[i] >= 0 && t.children[i].length > 0 && !this.collapsed.has(i)) {
        this.collapsed.add(i);
        if (this.gEl[i]) this.gEl[i].classList.add("collapsed");
        if (this.toggleEl[i]) this.toggleEl[i].setAttribute("d", togglePath(true));
        changed = true;
      }
    }
    if (changed) this.layout(true);
  }

  /**
   * Zoomed far out, text is unreadable: hide it and keep strokes a pixel wide (class "far"),
   * and keep the cursor ring a visible size.
   */
  onScale(k) {
    const far = k < FAR_SCALE;
    if (far !== this.far) {
      this.far = far;
      this.svg.classed("far", far);
    }
    const scale = Math.max(1, CURSOR_MIN_SCREEN_SCALE / k);
    if (Math.abs(scale - this.cursorScale) > 1e-3) {
      this.cursorScale = scale;
      if (this.cursorAt) this.moveCursor(this.cursorAt[0], this.cursorAt[1]);
    }
  }

  moveCursor(x, y) {
    this.cursorAt = [x, y];
    const scale = this.cursorScale === 1 ? "" : ` scale(${this.cursorScale})`;
    this.gCursor.attr("transform", `translate(${x},${y})${scale}`);
  }

  /** Zoom so the whole (visible) tree fits the panel. */
  fit(animate = true, measured = false) {
    if (!this.trace) return;
    if (!measured) this.measure();
    const { width, height } = this;
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < this.trace.size; i++) {
      if (!this.present[i]) continue;
      const x = this.pos[2 * i];
      const y = this.pos[2 * i + 1];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const bw = x1 - x0 + 2 * PAD_X;
    const bh = y1 - y0 + PAD_TOP + PAD_BOTTOM;
    // Room in tree units (labels scale with the tree), and at least some screen pixels.
    const scale = Math.max(
      1e-4,
      Math.min(
        width / bw,
        height / bh,
        (width - 2 * FIT_MARGIN_PX) / Math.max(1, x1 - x0),
        (height - 2 * FIT_MARGIN_PX) / Math.max(1, y1 - y0),
        2.4
      )
    );
    const cx = (x0 + x1) / 2;
    const cy = (y0 - PAD_TOP + y1 + PAD_BOTTOM) / 2;
    const transform = d3.zoomIdentity
      .translate(width / 2, height / 2)
      .scale(scale)
      .translate(-cx, -cy);
    const target = animate ? this.svg.transition().duration(350) : this.svg;
    target.call(this.zoom.transform, transform);
  }

  zoomBy(factor) {
    this.svg.transition().duration(200).call(this.zoom.scaleBy, factor);
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

  /**
   * Show state `s` (a Trace state). `final`: the search is over at this step (show the
   * principal variation and best move).
   */
  render(s, final = false) {
    const t = this.trace;
    if (!t) return;
    this.lastState = s;
    this.lastFinal = final;
    const n = t.size;
    const { state, done, value, alpha, beta, cut, prunedBy } = s;
    const rState = this.rState;
    const rDone = this.rDone;
    const rValue = this.rValue;
    const rAlpha = this.rAlpha;
    const rBeta = this.rBeta;
    for (let i = 0; i < n; i++) {
      const g = this.gEl[i];
      if (g === null) continue;
      if (
        rState[i] !== state[i] ||
        rDone[i] !== done[i] ||
        neq(rValue[i], value[i]) ||
        neq(rAlpha[i], alpha[i]) ||
        neq(rBeta[i], beta[i])
      ) {
        this.updateNode(i, s);
      }
      if (this.rCut[i] !== cut[i]) this.updateCutoff(i, s);
      if (this.rPrunedBy[i] !== prunedBy[i]) this.updateStrike(i, s);
    }

    // The current node and the path to it.
    const cur = s.current;
    const path = [];
    for (let i = cur; i >= 0; i = t.parent[i]) path.push(i);
    const onPath = new Set(path);
    for (const id of this.pathIds) if (!onPath.has(id)) this.setOnPath(id, false);
    for (const id of path) this.setOnPath(id, true);
    this.pathIds = path;
    this.placeCursor(cur);

    // The principal variation, once the search is over.
    const pv = final ? t.principalVariation(s) : [];
    const pvSet = new Set(pv);
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
      const showV = st === ACTIVE || (st === VISITED && isDone);
      const valText = showV ? fmtShort(v) : "";
      if (valText || this.valEl[i]) setVal(this.ensureVal(i), valText);
      const a = s.alpha[i];
      const b = s.beta[i];
      let winText = "";
      if ((st === ACTIVE || st === VISITED) && !Number.isNaN(a) && !Number.isNaN(b)) {
        winText = `α=${fmt(a)} β=${fmt(b)}`;
      }
      if (winText || this.winEl[i]) this.ensureWin(i).textContent = winText;
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
    if (k < 0) return;
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
      ly = yMax + R + 16;
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
    if (s.prunedBy[i] < 0 || p < 0 || !this.present[i]) return;
    const x1 = this.pos[2 * p];
    const y1 = this.pos[2 * p + 1];
    const x2 = this.pos[2 * i];
    const y2 = this.pos[2 * i + 1];
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const mark = svgEl("g", "strike");
    mark.setAttribute("data-path", this.trace.keys[i]);
    mark.setAttribute("transform", `translate(${mx},${my})`);
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
    const x = this.pos[2 * id];
    const y = this.pos[2 * id + 1];
    this.gCursor.attr("display", null);
    this.moveCursor(x, y);
    if (this.follow) this.keepInView(x, y);
  }

  /** Pan (no zoom change) when the current node leaves the visible area. */
  keepInView(x, y) {
    const { width, height } = this;
    if (!width || !height) return;
    const [sx, sy] = this.transform.apply([x, y]);
    const margin = Math.min(FIT_MARGIN_PX - 8, width / 6, height / 6);
    // Pan just enough to bring the node back, with some room ahead (no recentring jumps).
    const room = Math.min(width, height) / 4;
    let dx = 0;
    let dy = 0;
    if (sx < margin) dx = room - sx;
    else if (sx > width - margin) dx = width - room - sx;
    if (sy < margin) dy = room - sy;
    else if (sy > height - margin) dy = height - room - sy;
    if (dx || dy) {
      const k = this.transform.k;
      this.svg.call(this.zoom.translateBy, dx / k, dy / k);
    }
  }

  /** Screen position of a node (for tests): the centre of its element. */
  positionOf(id) {
    return [this.pos[2 * id], this.pos[2 * id + 1]];
  }
}
