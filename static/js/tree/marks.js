// tree/marks.js: what the tree view draws over the nodes of a step: a label for every
// α- and β-cutoff, a strike across each edge into a pruned subtree, and "best move" along
// the root's chosen edge once the search is over. When the whole tree is drawn (tree/fit.js)
// a cutoff's label goes under the deepest node of what it pruned (under the node's own
// subtree when its last child fired it), below the deepest leaves, where it covers no node, a
// row lower when it would run into another label; packed, it is one line ("β-cutoff: 2 ≤ 3",
// the test in full in its <title>). A folded view puts it
// under the pruned children, or beside the node when they are not drawn.
//
// <g class="cutoff-label" data-kind="alpha|beta" data-path data-pruned> and
// <g class="strike" data-path>. Reads from the view: trace, pos, present, folded, fitted,
// spacing.

import { _, language } from "../lib/i18n.js";
import { fmt, relationSymbol } from "../lib/format.js";
import { R, svgEl } from "./shapes.js";
import { drawnBounds } from "./bounds.js";
import { MAX_ROW } from "./cutoff-rows.js";
import { cutoffInForm } from "../trace/minimax-form.js";

export class MarkLayer {
  /** `marks`, `labels`: the <g> groups for strikes and for text labels. */
  constructor(view, marks, labels) {
    this.view = view;
    this.marks = marks;
    this.labels = labels;
  }

  /** A new tree of `n` nodes, or a new layout: nothing drawn. */
  reset(n) {
    this.rCut = new Int32Array(n).fill(-2);
    this.rPrunedBy = new Int32Array(n).fill(-2);
    this.clear();
  }

  /** Remove every mark (positions changed): the next paint draws them again. */
  clear() {
    this.marks.replaceChildren();
    this.labels.replaceChildren();
    this.cutLabels = new Map();
    this.slots = new Map(); // node id → {row, x0, x1}: where its cutoff label sits (whole tree)
    this.extent = null; // the drawn tree's x0, x1 (tree units), found when a label needs it
    this.strikes = new Map();
    this.bestLabel = null;
    if (this.rCut) {
      this.rCut.fill(-2);
      this.rPrunedBy.fill(-2);
    }
  }

  /** Node i's cutoff label and strike as of state `s`, where they changed. */
  paint(i, s) {
    const form = s.form || "mover"; // negamax's numbers: trace/minimax-form.js
    const lang = language(); // a language switch in place (lib/language.js)
    if (form !== this.form || lang !== this.lang) this.rCut.fill(-2); // every label again
    if (lang !== this.lang && this.bestLabel) this.bestLabel.childId = -1; // drawn again
    this.form = form;
    this.lang = lang;
    if (this.rCut[i] !== s.cut[i]) this.updateCutoff(i, s);
    if (this.rPrunedBy[i] !== s.prunedBy[i]) this.updateStrike(i, s);
  }

  /** A cutoff label under the edges it pruned; beside the node when the last child fired it
   * (nothing left to prune: the test still fired, and the statistics count it). */
  updateCutoff(i, s) {
    const t = this.view.trace;
    const old = this.cutLabels.get(i);
    if (old) {
      old.remove();
      this.cutLabels.delete(i);
      this.slots.delete(i);
    }
    this.rCut[i] = s.cut[i];
    const k = s.cut[i];
    // A folded node names its cutoff in its summary: its pruned children are not drawn.
    if (k < 0 || this.view.folded[i]) return;
    const event = cutoffInForm(t, i, t.events[k], this.form);
    const prunedIds = t.prunedIds[k];
    const view = this.view;
    const symbol = event.kind === "alpha" ? "α" : "β";
    const kindWord = event.kind === "alpha" ? _("α-cutoff") : _("β-cutoff");
    const test = `v=${fmt(event.value)} ${relationSymbol(event.relation)} ${symbol}=${fmt(event.bound)}`;
    const packed = view.spacing !== "roomy";
    const whole = view.fitted && view.fitted.whole;
    const place = whole ? this.underSubtrees(i, prunedIds) : this.nearPruned(i, prunedIds);
    const short = `${fmt(event.value)} ${relationSymbol(event.relation)} ${fmt(event.bound)}`;
    const chars = packed ? `${kindWord}: ${short}`.length : Math.max(12, test.length);
    if (whole) {
      place.x = this.withinTree(place.x, chars);
      place.y += this.freeRow(i, place.x, chars) * (packed ? 18 : 48);
    }
    const label = svgEl("g", "cutoff-label");
    label.setAttribute("data-kind", event.kind);
    label.setAttribute("data-path", t.keys[i]);
    label.setAttribute("data-pruned", String(prunedIds.length));
    label.setAttribute("transform", `translate(${place.x},${place.y})`);
    const text = svgEl("text");
    text.setAttribute("text-anchor", place.anchor);
    if (packed) {
      text.setAttribute("dominant-baseline", "hanging");
      const line = svgEl("tspan", "cutoff-kind");
      line.textContent = `${kindWord}: `;
      const rest = svgEl("tspan", "cutoff-test");
      rest.textContent = short;
      const title = svgEl("title");
      title.textContent = `${kindWord}: ${test}` + (prunedIds.length ? "" : " " + _("(last child)"));
      text.append(title, line, rest);
    } else {
      const line1 = svgEl("tspan", "cutoff-kind");
      line1.setAttribute("x", 0);
      line1.textContent = kindWord;
      const line2 = svgEl("tspan", "cutoff-test");
      line2.setAttribute("x", 0);
      line2.setAttribute("dy", "1.2em");
      line2.textContent = test;
      text.append(line1, line2);
      if (!prunedIds.length) {
        const line3 = svgEl("tspan", "cutoff-note");
        line3.setAttribute("x", 0);
        line3.setAttribute("dy", "1.2em");
        line3.textContent = _("(last child)");
        text.appendChild(line3);
      }
    }
    label.appendChild(text);
    this.labels.appendChild(label);
    this.cutLabels.set(i, label);
  }

  /**
   * The whole tree drawn: centred under the pruned subtrees (node `i`'s own when none),
   * below the deepest node of the tree, past its name (a game's leaves are at many depths: a
   * note under a shallow one would cross the deeper levels beside it).
   */
  underSubtrees(i, prunedIds) {
    const view = this.view;
    const tops = prunedIds.length ? prunedIds : [i];
    let sx = 0;
    for (const top of tops) sx += view.pos[2 * top];
    if (!this.extent) this.extent = drawnBounds(this.view.shownIds, this.view.pos);
    const yMax = this.extent.y1;
    const below = view.spacing === "roomy" ? R + 44 : R + 17; // past the leaves' names
    return { x: sx / tops.length, y: yMax + below, anchor: "middle" };
  }

  /** `x` moved so that a label of `chars` characters centred there stays over the tree. */
  withinTree(x, chars) {
    if (!this.extent) this.extent = drawnBounds(this.view.shownIds, this.view.pos);
    const half = this.halfWidth(chars);
    const { x0, x1 } = this.extent;
    if (x1 - x0 < 2 * half) return (x0 + x1) / 2;
    return Math.min(Math.max(x, x0 - R + half), x1 + R - half);
  }

  /** Half the width of a label of `chars` characters (an estimate: no layout is read). */
  halfWidth(chars) {
    return (chars * 0.62 * (this.view.spacing === "roomy" ? 13 : 15)) / 2;
  }

  /**
   * The first row (0 to MAX_ROW) under the tree where a label of `chars` characters centred at `x`
   * runs into no other cutoff label; it is taken for node `i`.
   */
  freeRow(i, x, chars) {
    const half = this.halfWidth(chars);
    let row = 0;
    const clash = (r) => [...this.slots.values()].some((slot) => slot.row === r && slot.x0 < x + half && x - half < slot.x1);
    while (row < MAX_ROW && clash(row)) row++;
    this.slots.set(i, { row, x0: x - half, x1: x + half });
    return row;
  }

  /** A folded view: under the pruned children drawn, else beside the node. */
  nearPruned(i, prunedIds) {
    const view = this.view;
    const t = view.trace;
    const shown = prunedIds.filter((id) => view.present[id]);
    if (!shown.length) return { x: view.pos[2 * i] + R + 12, y: view.pos[2 * i + 1] - 4, anchor: "start" };
    let sx = 0;
    let yMax = -Infinity;
    for (const id of shown) {
      sx += view.pos[2 * id];
      yMax = Math.max(yMax, view.pos[2 * id + 1]);
    }
    const terminal = shown.some((id) => t.nodes[id].terminal);
    const below = shown.some((id) => view.folded[id]) ? 52 : terminal ? 34 : 16;
    return { x: sx / shown.length, y: yMax + R + below, anchor: "middle" };
  }

  /** The strike mark across the edge into a pruned subtree's root. */
  updateStrike(i, s) {
    const old = this.strikes.get(i);
    if (old) {
      old.remove();
      this.strikes.delete(i);
    }
    this.rPrunedBy[i] = s.prunedBy[i];
    const p = this.view.trace.parent[i];
    if (s.prunedBy[i] < 0 || p < 0 || !this.view.present[i] || !this.view.present[p]) return;
    const x1 = this.view.pos[2 * p];
    const y1 = this.view.pos[2 * p + 1];
    const x2 = this.view.pos[2 * i];
    const y2 = this.view.pos[2 * i + 1];
    const mark = svgEl("g", "strike");
    mark.setAttribute("data-path", this.view.trace.keys[i]);
    // Halfway down the edge; packed, lower, clear of the parent's window right under it.
    // With captions between the levels (a folded tree packed in a short frame), past them.
    const spaced = this.view.fitted && this.view.fitted.captionRoom;
    const along = this.view.spacing === "roomy" ? 0.5 : spaced ? 0.8 : 0.72;
    mark.setAttribute("transform", `translate(${x1 + along * (x2 - x1)},${y1 + along * (y2 - y1)})`);
    for (const cls of ["strike-halo", "strike-bar"]) {
      const cross = svgEl("path", cls);
      cross.setAttribute("d", "M-8,-8L8,8M8,-8L-8,8");
      mark.appendChild(cross);
    }
    this.marks.appendChild(mark);
    this.strikes.set(i, mark);
  }

  bestMove(childId) {
    if (this.bestLabel && this.bestLabel.childId === childId) return;
    if (this.bestLabel) {
      this.bestLabel.el.remove();
      this.bestLabel = null;
    }
    if (childId < 0 || !this.view.present[childId]) return;
    const x1 = this.view.pos[0];
    const y1 = this.view.pos[1];
    const x2 = this.view.pos[2 * childId];
    const y2 = this.view.pos[2 * childId + 1];
    const el = svgEl("text", "best-label");
    // Along the edge, past the root's window text, on the outer side; above the child's
    // caption when the levels are apart for captions.
    const along = this.view.fitted && this.view.fitted.captionRoom ? 0.4 : 0.6;
    el.setAttribute("x", x1 + along * (x2 - x1) + (x2 < x1 ? -12 : 12));
    el.setAttribute("y", y1 + along * (y2 - y1));
    el.setAttribute("text-anchor", x2 < x1 ? "end" : "start");
    el.textContent = _("best move");
    this.labels.appendChild(el);
    this.bestLabel = { childId, el };
  }
}
