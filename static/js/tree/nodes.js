// tree/nodes.js: the node elements of the tree view. Builds a node's <g> when it is first
// drawn (cloned from a prototype per shape), and per step updates only what changed since it
// was last drawn (diffed against typed arrays of what is on screen): state, value, window,
// and a folded node's summary.
//
// Every node is <g class="node" data-path="0.1" data-state="…" data-kind="…" [data-value]
// [data-agent]> holding <g class="item" role="treeitem" aria-level aria-setsize
// aria-posinset [aria-expanded] aria-label tabindex> (the shape, and no text), then the
// value, name, window and (folded) summary. The item's accessible name is tree/aria.js's
// nodeLabel, which says more than the texts drawn beside it; those are aria-hidden (not
// read twice), and outside the item (not taken for its visible label, WCAG 2.5.3). The texts
// follow the spacing tree/fit.js chose (view.spacing): the window reads "α=3 β=∞" (roomy),
// "[3, ∞]" (compact) or "α=3" over "β=∞" (stacked), right under the node when packed; a
// name longer than the spacing allows is shortened, its full text in the accessible name and
// in a <title> on the item (the tooltip). A node MTD(f) or SSS* has finished shows its
// transposition-table bounds ("[3, ∞)") in place of its window, and a node searched more
// than once carries data-passes. Reads from the view: trace, names, levels,
// cutByLimit, folded, eagerToggles, spacing.

import { _, language, ngettext } from "../lib/i18n.js";
import { ACTIVE, PRUNED, STATE_NAMES, UNVISITED, VISITED } from "../trace/trace.js";
import { attrValue, fmt, fmtShort } from "../lib/format.js";
import { INNER_MARKS, R, SHAPES, VALUE_Y, svgEl, togglePath } from "./shapes.js";
import { nodeLabel } from "./aria.js";
import { markPasses } from "./pass-badges.js";
import { NAME_CHARS, shortName } from "./fit.js";

const SUMMARY_LINES = 3;

/** A node's value text; long ones get a smaller font so they stay inside the shape. */
function setVal(el, text) {
  if (el.textContent !== text) el.textContent = text;
  const long = text.length >= 5;
  if (long !== el.classList.contains("long")) el.classList.toggle("long", long);
}

/** The α/β window's text in `spacing`: one string, or two lines when stacked. */
export function windowText(alpha, beta, spacing) {
  if (spacing === "compact") return [`[${fmt(alpha)}, ${fmt(beta)}]`];
  if (spacing === "stacked") return [`α=${fmt(alpha)}`, `β=${fmt(beta)}`];
  return [`α=${fmt(alpha)} β=${fmt(beta)}`];
}

/** A node's bounds in the transposition table as an interval: "[3, ∞)", "(−∞, 2]". */
export function tableText(lower, upper) {
  return `${lower === -Infinity ? "(" : "["}${fmt(lower)}, ${fmt(upper)}${upper === Infinity ? ")" : "]"}`;
}

/** Write `lines` into a window text element (a <tspan> per line when there are two). */
function setWindow(el, lines) {
  if (el.textContent === lines.join("")) return;
  if (lines.length < 2) {
    el.textContent = lines[0] || "";
    return;
  }
  el.replaceChildren(
    ...lines.map((line, i) => {
      const span = svgEl("tspan");
      span.setAttribute("x", 0);
      if (i) span.setAttribute("dy", "1.1em");
      span.textContent = line;
      return span;
    })
  );
}

function neq(a, b) {
  // NaN-aware inequality for Float64Array entries.
  return a !== b && (a === a || b === b);
}

/**
 * What a folded subtree holds as of state `s`, in lines: "126 nodes", then "40 pruned" or
 * "not yet searched", then the cutoff at its root if one fired ("β-cutoff").
 */
export function foldSummary(trace, s, id) {
  const inside = trace.subtree[id] - 1 + trace.below[id];
  const nodes = ngettext("{n} node", "{n} nodes", inside);
  const cut = s.cut[id] >= 0 ? (trace.events[s.cut[id]].kind === "alpha" ? _("α-cutoff") : _("β-cutoff")) : "";
  if (s.state[id] === PRUNED) return [nodes, _("pruned"), ""];
  if (s.state[id] === UNVISITED) return [nodes, _("not yet searched"), ""];
  let pruned = 0;
  const state = s.state;
  for (let i = id + 1, end = id + trace.subtree[id]; i < end; i++) {
    if (state[i] === PRUNED) pruned += 1 + (trace.nodes[i].unexpanded || 0);
  }
  return [nodes, pruned ? ngettext("{n} pruned", "{n} pruned", pruned) : _("none pruned"), cut];
}

/** Under a game's pruned move that was never expanded: how many positions it hides. */
function stubCaption(count) {
  const caption = svgEl("text", "stub-caption");
  caption.setAttribute("y", R + 15);
  caption.setAttribute("aria-hidden", "true");
  caption.textContent = `+${count.toLocaleString("en")}`;
  return caption;
}

export class NodeLayer {
  constructor(view) {
    this.view = view;
    this.protos = null;
  }

  /** A new tree of `n` nodes: nothing drawn yet. */
  reset(n) {
    this.gEl = new Array(n).fill(null);
    this.itemEl = new Array(n).fill(null); // the treeitem in each node's <g>
    this.shapeEl = new Array(n).fill(null);
    this.valEl = new Array(n).fill(null);
    this.winEl = new Array(n).fill(null);
    this.sumEl = new Array(n).fill(null);
    this.toggleEl = new Array(n).fill(null);
    // What is on screen, for diffing.
    this.rState = new Uint8Array(n).fill(255);
    this.rDone = new Uint8Array(n).fill(255);
    this.rValue = new Float64Array(n).fill(-0.5);
    this.rAlpha = new Float64Array(n).fill(-0.5);
    this.rBeta = new Float64Array(n).fill(-0.5);
    this.rCut = new Int32Array(n).fill(-2);
    this.rEntries = new Uint16Array(n); // MTD(f), SSS*: entries and the table's bounds
    this.rLower = new Float64Array(n).fill(NaN);
    this.rUpper = new Float64Array(n).fill(NaN);
    this.rSummary = new Array(n).fill(""); // a folded node's summary, as last named
  }

  /** Prototype elements, cloned for each node (much faster than building each one). */
  makePrototypes() {
    this.protos = {};
    for (const name of Object.keys(SHAPES)) {
      const g = svgEl("g");
      const item = svgEl("g", "item"); // the treeitem: the shape, and no text
      const shape = svgEl("path", "shape");
      shape.setAttribute("d", SHAPES[name]);
      item.appendChild(shape);
      g.appendChild(item);
      if (name === "leaf") {
        const val = svgEl("text", "val");
        val.setAttribute("y", VALUE_Y.leaf);
        val.setAttribute("aria-hidden", "true");
        g.appendChild(val);
      }
      this.protos[name] = g;
    }
  }

  /** A new node group at (x, y), drawn unvisited. */
  build(id, x, y) {
    if (!this.protos) this.makePrototypes();
    const view = this.view;
    const t = view.trace;
    const row = t.nodes[id];
    const terminal = !!row.terminal;
    const g = this.protos[terminal ? "leaf" : row.kind].cloneNode(true);
    const item = g.firstChild;
    const shape = item.firstChild;
    g.setAttribute("class", `node ${terminal ? "terminal" : "inner"} kind-${row.kind}`);
    g.setAttribute("data-path", t.keys[id]);
    g.setAttribute("data-kind", row.kind);
    g.setAttribute("data-state", "unvisited");
    g.setAttribute("transform", `translate(${x},${y})`);
    const parent = t.parent[id];
    g.setAttribute("role", "none"); // a treeitem must sit right in its tree (Chromium)
    item.setAttribute("role", "treeitem");
    item.setAttribute("tabindex", "-1");
    item.setAttribute("aria-level", String(t.depth[id] + 1));
    item.setAttribute("aria-setsize", String(parent >= 0 ? t.children[parent].length : 1));
    item.setAttribute("aria-posinset", String(parent >= 0 ? t.children[parent].indexOf(id) + 1 : 1));
    if (t.children[id].length) item.setAttribute("aria-expanded", String(!view.folded[id]));
    const level = view.levels[t.depth[id]];
    if (level && level.agent >= 0 && !terminal) {
      g.setAttribute("data-agent", String(level.agent));
      if (level.variant && INNER_MARKS[row.kind]) {
        g.classList.add("variant");
        const mark = svgEl("path", "inner-mark");
        mark.setAttribute("d", INNER_MARKS[row.kind]);
        item.appendChild(mark);
      }
    }
    if (view.cutByLimit.has(id)) g.classList.add("at-limit");
    this.gEl[id] = g;
    this.itemEl[id] = item;
    this.shapeEl[id] = shape;
    if (terminal) {
      const val = item.nextSibling;
      if (row.value !== undefined) setVal(val, fmtShort(row.value));
      this.valEl[id] = val;
    }
    const name = svgEl("text", terminal ? "node-label leaf-name" : "node-label");
    name.setAttribute("aria-hidden", "true"); // the texts beside the treeitem repeat its name
    if (terminal) {
      name.setAttribute("y", view.spacing === "roomy" ? R + 14 : R);
    } else {
      name.setAttribute("x", -R - 5);
      name.setAttribute("y", -R * 0.55);
    }
    const fullName = view.names[id];
    name.textContent = shortName(fullName, NAME_CHARS[view.spacing]);
    if (name.textContent !== String(fullName)) {
      const title = svgEl("title"); // the full name, as a tooltip on the shape
      title.textContent = fullName;
      item.appendChild(title);
    }
    g.appendChild(name);
    if (row.unexpanded) g.appendChild(stubCaption(row.unexpanded));
    if (!terminal && (view.eagerToggles || view.folded[id])) this.ensureToggle(id);
    if (view.folded[id]) this.markFolded(id);
    // What is drawn now: an unvisited node (paint() updates it if the state differs).
    this.rState[id] = 0;
    this.rDone[id] = 0;
    this.rValue[id] = NaN;
    this.rAlpha[id] = NaN;
    this.rBeta[id] = NaN;
    this.rCut[id] = -2; // the accessible name is written at the first paint
    return g;
  }

  /** Node `id` is no longer drawn. */
  drop(id) {
    this.gEl[id] = null;
    this.itemEl[id] = null;
    this.shapeEl[id] = null;
    this.valEl[id] = null;
    this.winEl[id] = null;
    this.sumEl[id] = null;
    this.toggleEl[id] = null;
  }

  ensureVal(id) {
    let val = this.valEl[id];
    if (!val) {
      const row = this.view.trace.nodes[id];
      val = svgEl("text", "val");
      val.setAttribute("y", VALUE_Y[row.terminal ? "leaf" : row.kind]);
      val.setAttribute("aria-hidden", "true");
      // Over the shape and a second player's inner mark, under the other texts.
      this.gEl[id].insertBefore(val, this.itemEl[id].nextSibling);
      this.valEl[id] = val;
    }
    return val;
  }

  ensureWin(id) {
    let win = this.winEl[id];
    if (!win) {
      win = svgEl("text", "win");
      win.setAttribute("y", this.view.spacing === "roomy" ? R + 15 : R + 2);
      win.setAttribute("aria-hidden", "true");
      this.gEl[id].insertBefore(win, this.sumEl[id] || null);
      this.winEl[id] = win;
    }
    return win;
  }

  ensureToggle(id) {
    const t = this.view.trace;
    if (this.toggleEl[id] || !this.gEl[id] || t.children[id].length === 0 || !this.view.foldable) return;
    // The sign, and round it a target of at least 24 CSS px at any zoom (tree.css .toggle-hit:
    // a transparent non-scaling stroke; WCAG 2.5.8). First in the node's group, so where the
    // target reaches the node's shape (a small zoom) the shape is on top and takes the tap.
    const toggle = svgEl("g", "toggle");
    toggle.setAttribute("transform", `translate(${R + 8},${t.nodes[id].kind === "min" ? -R + 2 : R - 4})`);
    toggle.appendChild(svgEl("circle", "toggle-hit")).setAttribute("r", "1");
    toggle.appendChild(svgEl("path", "toggle-sign")).setAttribute("d", togglePath(!!this.view.folded[id]));
    this.gEl[id].insertBefore(toggle, this.gEl[id].firstChild);
    this.toggleEl[id] = toggle;
  }

  /** A folded node: its class, its toggle's sign and its summary (or none). */
  markFolded(id) {
    const g = this.gEl[id];
    const folded = !!this.view.folded[id];
    g.classList.toggle("collapsed", folded);
    if (this.view.trace.children[id].length) {
      this.itemEl[id].setAttribute("aria-expanded", String(!folded));
    }
    this.rCut[id] = -2; // its accessible name changes: written again at the next paint
    if (folded) this.ensureToggle(id);
    if (this.toggleEl[id]) this.toggleEl[id].lastChild.setAttribute("d", togglePath(folded));
    if (folded && !this.sumEl[id]) {
      const summary = svgEl("text", "fold-summary");
      summary.setAttribute("aria-hidden", "true");
      for (let line = 0; line < SUMMARY_LINES; line++) {
        const span = svgEl("tspan");
        span.setAttribute("x", 0);
        if (line) span.setAttribute("dy", "1.2em");
        summary.appendChild(span);
      }
      g.appendChild(summary);
      this.sumEl[id] = summary;
    } else if (!folded && this.sumEl[id]) {
      this.sumEl[id].remove();
      this.sumEl[id] = null;
    }
  }

  /** Show node i as of state `s`, touching the DOM only where it differs. */
  paint(i, s) {
    let changed = false;
    if (this.lang !== language()) {
      this.lang = language(); // a language switch in place (lib/language.js):
      this.rCut.fill(-2); // every accessible name is written again, in the new language
    }
    if (
      this.rState[i] !== s.state[i] ||
      this.rDone[i] !== s.done[i] ||
      neq(this.rValue[i], s.value[i]) ||
      neq(this.rAlpha[i], s.alpha[i]) ||
      neq(this.rBeta[i], s.beta[i]) ||
      this.rEntries[i] !== s.entries[i] ||
      neq(this.rLower[i], s.lower[i]) ||
      neq(this.rUpper[i], s.upper[i])
    ) {
      this.update(i, s);
      changed = true;
    }
    if (this.rCut[i] !== s.cut[i]) {
      this.rCut[i] = s.cut[i];
      changed = true;
    }
    const lines = this.sumEl[i] ? this.updateSummary(i, s) : null;
    if (changed || (lines && lines.join() !== this.rSummary[i])) {
      if (lines) this.rSummary[i] = lines.join();
      const v = this.view;
      this.itemEl[i].setAttribute("aria-label", nodeLabel(v.trace, s, i, v.names, v.levels, lines));
    }
  }

  update(i, s) {
    const t = this.view.trace;
    const st = s.state[i];
    const isDone = s.done[i];
    const v = s.value[i];
    const g = this.gEl[i];
    g.setAttribute("data-state", STATE_NAMES[st]);
    if (isDone && st !== PRUNED) g.setAttribute("data-value", attrValue(v));
    else g.removeAttribute("data-value");
    g.classList.toggle("done", !!isDone);
    if (s.entries[i] > 1 || g.hasAttribute("data-passes")) markPasses(g, s.entries[i]); // a later pass, a re-search
    if (!t.nodes[i].terminal) {
      // A node being searched always shows its running value ("?" before it has one).
      let valText = "";
      if (st === ACTIVE) valText = Number.isNaN(v) ? "?" : fmtShort(v);
      else if (st === VISITED && isDone) valText = fmtShort(v);
      if (valText || this.valEl[i]) setVal(this.ensureVal(i), valText);
      const a = s.alpha[i];
      const b = s.beta[i];
      let lines = [];
      if (st === VISITED && isDone && !Number.isNaN(s.lower[i])) {
        lines = [tableText(s.lower[i], s.upper[i])]; // the transposition table's bounds
      } else if ((st === ACTIVE || st === VISITED) && !Number.isNaN(a) && !Number.isNaN(b)) {
        lines = windowText(a, b, this.view.spacing);
      }
      if (lines.length || this.winEl[i]) setWindow(this.ensureWin(i), lines);
    } else if (isDone && this.valEl[i]) {
      setVal(this.valEl[i], fmtShort(v));
    } else if (this.valEl[i]) {
      const row = t.nodes[i];
      setVal(this.valEl[i], row.value !== undefined ? fmtShort(row.value) : "");
    }
    const link = this.view.links.linkEl[i];
    if (link) link.setAttribute("data-state", STATE_NAMES[st]);
    this.rState[i] = st;
    this.rDone[i] = isDone;
    this.rValue[i] = v;
    this.rAlpha[i] = s.alpha[i];
    this.rBeta[i] = s.beta[i];
    this.rEntries[i] = s.entries[i];
    this.rLower[i] = s.lower[i];
    this.rUpper[i] = s.upper[i];
  }

  /**
   * A folded node's summary lines, under its window text when it has one; returns them (in
   * full: packed, "not yet searched" reads "unsearched" on screen).
   */
  updateSummary(i, s) {
    const el = this.sumEl[i];
    const lines = foldSummary(this.view.trace, s, i);
    const packed = this.view.spacing !== "roomy";
    for (let line = 0; line < SUMMARY_LINES; line++) {
      const span = el.childNodes[line];
      const text = packed && lines[line] === _("not yet searched") ? _("unsearched") : lines[line];
      if (span.textContent !== text) span.textContent = text;
    }
    const windowShown = this.winEl[i] && this.winEl[i].textContent;
    const [under, underWindow] = packed ? [R + 2, R + 19] : [R + 15, R + 31];
    el.setAttribute("y", windowShown ? underWindow : under);
    return lines;
  }
}
