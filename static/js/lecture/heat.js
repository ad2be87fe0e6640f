// heat.js: the presenter's heat overlay. While a question is open, each node the students
// crossed out gets a tint behind it, stronger the larger the share of answers that crossed it
// out, and a badge "✗ n" (the number, so the tint is never the only sign); its treeitem's
// description says it in words. The tree view rebuilds its node elements when it lays the
// tree out again (a step that folds, a resize), so the overlay is drawn again after every
// render (view.onRendered), onto the drawn g.node[data-path] elements. Only the question's
// tree gets it: the presenter may show another tree meanwhile.

import { formatNumber, ngettext } from "../lib/i18n.js";
import { R, svgEl } from "../tree/shapes.js";
import { sameTree } from "./question-data.js";

const MIN_TINT = 0.15; // the faintest tint (one answer of many) still shows
const MAX_TINT = 0.6;
const BADGE_H = 20;
const CHAR_W = 8.6; // the badge's text per character, at 14 px bold

export class HeatLayer {
  /** `view`: the page's TreeView. */
  constructor(view) {
    this.view = view;
    this.tree = null; // the question's trace
    this.pruned = new Map(); // dotted path → how many answers crossed it out
    this.answered = 0;
    this.drawnIds = []; // the nodes given data-heat and a description last time
    // Tints under the nodes, badges over everything; both only repeat what the nodes say.
    this.gTints = svgEl("g", "heat-tints");
    this.gBadges = svgEl("g", "heat-badges");
    for (const g of [this.gTints, this.gBadges]) g.setAttribute("aria-hidden", "true");
    view.gLinks.node().after(this.gTints);
    view.gLabels.node().after(this.gBadges);
    const before = view.onRendered;
    view.onRendered = () => {
      if (before) before();
      this.draw();
    };
  }

  /** Show `pruned` ({path: n}) out of `answered` answers on the question's `tree` (a Trace). */
  show(tree, pruned, answered) {
    this.tree = tree;
    this.pruned = new Map(Object.entries(pruned || {}));
    this.answered = answered;
    // The badges take room of their own above the nodes: a packed tree spreads its levels.
    this.view.setRoomAbove(this.pruned.size ? BADGE_H + 4 : 0);
    this.draw();
  }

  clear() {
    this.tree = null;
    this.pruned = new Map();
    this.view.setRoomAbove(0);
    this.draw();
  }

  draw() {
    const view = this.view;
    const t = view.trace;
    this.gTints.replaceChildren();
    this.gBadges.replaceChildren();
    for (const id of this.drawnIds) this.unmark(id);
    this.drawnIds = [];
    if (!t || !this.tree || !this.pruned.size || !sameTree(t, this.tree)) return;
    const answered = Math.max(this.answered, 1);
    for (const id of view.shownIds) {
      const n = this.pruned.get(t.keys[id]) || 0;
      const g = view.nodes.gEl[id];
      if (!n || !g) continue;
      const [x, y] = view.positionOf(id);
      if (!Number.isFinite(x)) continue;
      const share = Math.min(1, n / answered);
      g.setAttribute("data-heat", String(n));
      const item = view.nodes.itemEl[id];
      if (item) {
        const words = ngettext("crossed out by {count} of {n} answer", "crossed out by {count} of {n} answers", this.answered, {
          count: formatNumber(n),
        });
        item.setAttribute("aria-description", words);
      }
      this.drawnIds.push(id);
      this.tint(t.keys[id], x, y, share);
      this.badge(t.keys[id], x, y, n);
    }
  }

  unmark(id) {
    const g = this.view.nodes.gEl[id];
    if (g) g.removeAttribute("data-heat");
    const item = this.view.nodes.itemEl[id];
    if (item) item.removeAttribute("aria-description");
  }

  tint(path, x, y, share) {
    const halo = svgEl("circle", "heat-tint");
    halo.setAttribute("data-path", path);
    halo.setAttribute("cx", x);
    halo.setAttribute("cy", y);
    halo.setAttribute("r", R + 5); // leaves sit 2 × (R + 6) apart: halos never overlap
    halo.setAttribute("fill-opacity", (MIN_TINT + (MAX_TINT - MIN_TINT) * share).toFixed(3));
    this.gTints.appendChild(halo);
  }

  badge(path, x, y, n) {
    const text = `✗ ${n}`;
    const width = Math.ceil(text.length * CHAR_W + 10);
    const badge = svgEl("g", "heat-badge");
    badge.setAttribute("data-path", path);
    badge.setAttribute("data-count", String(n));
    // Centred above its node (a badge beside it could be taken for its neighbour's).
    badge.setAttribute("transform", `translate(${x - width / 2},${y - R - BADGE_H - 4})`);
    const box = svgEl("rect");
    box.setAttribute("width", width);
    box.setAttribute("height", BADGE_H);
    box.setAttribute("rx", 5);
    const label = svgEl("text");
    label.setAttribute("x", width / 2);
    label.setAttribute("y", BADGE_H / 2);
    label.textContent = text;
    badge.append(box, label);
    this.gBadges.appendChild(badge);
  }
}
