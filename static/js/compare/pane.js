// compare/pane.js: one of the compare page's two searches on screen: its heading, its
// counts (nodes reached so far, leaves, cutoffs, the pass under way), its tree (a TreeView), its narration line
// and, once it has reached its last node, "finished". The page (page.js) says which step of
// this pane's trace to show; the pane marks the nodes only one search reaches (marks.js)
// after every render of its view, including the renders the view does by itself (a fold, a
// resize): the view's onRendered hook.
//
// The elements, by id (compare.html), SIDE "left" or "right": pane-SIDE (the section: its
// data-finished shows SIDE-status, "finished", by compare.css), SIDE-title, SIDE-counts
// (dd[data-count]), SIDE-tree, SIDE-narration, SIDE-open.

import { _ } from "../lib/i18n.js";
import { narrate } from "../trace/narration.js";
import { cutByDepthLimit } from "../trace/trace.js";
import { TreeView } from "../tree/view.js";
import { markNodes } from "./marks.js";

const $ = (id) => document.getElementById(id);

/** The document's names for its players, unless the options changed who plays (embed/page.js). */
function agentsOf(doc, trace) {
  if (!doc || !Array.isArray(doc.agents) || !Array.isArray(doc.players)) return null;
  const players = trace.options && trace.options.players;
  return JSON.stringify(players) === JSON.stringify(doc.players) ? doc.agents : null;
}

/** path → how many nodes of `differs` lie below that node (a prefix sum over preorder). */
function insideCounter(trace, differs) {
  const before = new Int32Array(trace.size + 1);
  for (let id = 0; id < trace.size; id++) before[id + 1] = before[id] + (differs.has(trace.keys[id]) ? 1 : 0);
  return (path) => {
    const id = trace.ids.get(path);
    return id === undefined ? 0 : before[id + trace.subtree[id]] - before[id + 1];
  };
}

export class Pane {
  constructor(side) {
    this.side = side;
    this.els = {
      section: $(`pane-${side}`),
      title: $(`${side}-title`),
      counts: $(`${side}-counts`),
      tree: $(`${side}-tree`),
      narration: $(`${side}-narration`),
      open: $(`${side}-open`),
    };
    this.view = new TreeView(this.els.tree);
    this.trace = null;
    this.marks = { differs: new Map(), inside: () => 0, describe: () => "", otherAt: null };
    this.view.onRendered = () => markNodes(this.els.tree, this.marks);
  }

  /**
   * A new trace (named by `name` after it). `doc`: the tree document; `differs`: path → "only-left" | "only-right"; `describe(kind, inside)`: what a
   * screen reader hears on a marked node (kind null: a folded node with `inside` of them);
   * `openHref`: this search in the main visualizer.
   */
  setTrace(trace, { doc, differs, describe, openHref }) {
    this.trace = trace;
    this.marks = { differs, inside: insideCounter(trace, differs), describe, otherAt: null };
    this.els.open.href = openHref;
    this.els.open.hidden = false;
    const loading = this.els.tree.querySelector(".pane-loading");
    if (loading) loading.remove();
    this.view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, doc), agents: agentsOf(doc, trace) });
  }

  /** The search's name, `heading` ("Alpha-beta, strict rule"), in the pane's title and the
   * names a screen reader hears (again after a language switch in place). */
  name(heading) {
    this.els.title.textContent = heading;
    this.view.svg.attr("aria-label", _("Game tree: {heading}", { heading }));
    this.view.gNodes.attr("aria-label", _("{heading}: game tree, arrow keys move between nodes", { heading }));
    this.els.open.setAttribute("aria-label", _("Open {heading} in the visualizer", { heading }));
  }

  /** Show step `step` of this pane's trace; `finished`: it has reached its last node;
   * `otherAt`: the path of the node the other search is at (null: none or the same). */
  show(step, { finished, otherAt }) {
    const trace = this.trace;
    if (!trace) return;
    const s = trace.seek(step);
    this.marks.otherAt = otherAt;
    this.view.render(s, trace.complete && s.step === trace.length);
    this.els.narration.textContent = narrate(trace, s.step);
    this.setCount("reached", s.visited);
    this.setCount("leaves", s.leaves);
    this.setCount("cutoffs", s.cutAlpha + s.cutBeta);
    this.setCount("pass", s.pass); // the pass under way (MTD(f), SSS*, aspiration); 0: none
    this.els.section.dataset.finished = finished ? "true" : "false";
  }

  setCount(name, value) {
    const dd = this.els.counts.querySelector(`dd[data-count="${name}"]`);
    const text = value.toLocaleString("en");
    if (dd.textContent !== text) dd.textContent = text;
    this.els.counts.dataset[name] = String(value);
  }

  /** Nothing can be shown: say why where the tree would be. */
  showError(message) {
    const box = this.els.tree.querySelector(".pane-loading");
    if (box) {
      box.textContent = message;
      box.classList.add("pane-error");
    }
    this.els.narration.textContent = "";
  }
}
