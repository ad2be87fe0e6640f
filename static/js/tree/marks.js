// tree/marks.js: what the tree view draws over the nodes of a step: a label for every
// α- and β-cutoff (under the children it pruned), a strike across each edge into a pruned
// subtree, and "best move" along the root's chosen edge once the search is over.
//
// <g class="cutoff-label" data-kind="alpha|beta" data-path data-pruned> and
// <g class="strike" data-path>. Reads from the view: trace, pos, present, folded.

import { fmt, relationSymbol } from "../lib/format.js";
import { R, svgEl } from "./shapes.js";

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
    this.strikes = new Map();
    this.bestLabel = null;
    if (this.rCut) {
      this.rCut.fill(-2);
      this.rPrunedBy.fill(-2);
    }
  }

  /** Node i's cutoff label and strike as of state `s`, where they changed. */
  paint(i, s) {
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
    }
    this.rCut[i] = s.cut[i];
    const k = s.cut[i];
    // A folded node names its cutoff in its summary: its pruned children are not drawn.
    if (k < 0 || this.view.folded[i]) return;
    const event = t.events[k];
    const prunedIds = t.prunedIds[k];
    const x = this.view.pos[2 * i];
    const y = this.view.pos[2 * i + 1];
    // Under the pruned children (crossed out right above it); beside the node if hidden.
    let lx = x + R + 12;
    let ly = y - 4;
    let anchor = "start";
    const shown = prunedIds.filter((id) => this.view.present[id]);
    if (shown.length) {
      let sx = 0;
      let yMax = -Infinity;
      for (const id of shown) {
        sx += this.view.pos[2 * id];
        yMax = Math.max(yMax, this.view.pos[2 * id + 1]);
      }
      lx = sx / shown.length;
      const below = shown.some((id) => this.view.folded[id]) ? 52 : shown.some((id) => t.nodes[id].terminal) ? 34 : 16;
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
    this.labels.appendChild(label);
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
    const p = this.view.trace.parent[i];
    if (s.prunedBy[i] < 0 || p < 0 || !this.view.present[i] || !this.view.present[p]) return;
    const x1 = this.view.pos[2 * p];
    const y1 = this.view.pos[2 * p + 1];
    const x2 = this.view.pos[2 * i];
    const y2 = this.view.pos[2 * i + 1];
    const mark = svgEl("g", "strike");
    mark.setAttribute("data-path", this.view.trace.keys[i]);
    mark.setAttribute("transform", `translate(${(x1 + x2) / 2},${(y1 + y2) / 2})`);
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
    // Along the edge, past the root's window text, on the outer side.
    el.setAttribute("x", x1 + 0.6 * (x2 - x1) + (x2 < x1 ? -12 : 12));
    el.setAttribute("y", y1 + 0.6 * (y2 - y1));
    el.setAttribute("text-anchor", x2 < x1 ? "end" : "start");
    el.textContent = "best move";
    this.labels.appendChild(el);
    this.bestLabel = { childId, el };
  }
}
