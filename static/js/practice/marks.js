// marks.js: the student's marks on the tree. Clicking a node's shape or the edge into it, or
// pressing X on the focused node (tree/focus.js's roving tabindex), asks to cross that
// node out ("pruned"); the page decides (the answer sheet holds the answer) and hands back
// the marked ids. Each marked node's <g class="node"> gets data-practice="pruned" (the nodes
// under it "covered") and a strike across its edge; after Check, each graded node gets
// data-grade="correct|wrong|missing|over" and a badge with an icon, so the grade is never
// told by colour alone; the treeitem's aria-description says both. The view rebuilds its
// elements when it lays the tree out again (a resize, a fold), so everything here is drawn
// again after every render of the view (view.onRendered).

import { _ } from "../lib/i18n.js";
import { R, svgEl } from "../tree/shapes.js";

export const GRADE_ICONS = { correct: "✓", wrong: "✗", missing: "?", over: "⊘" };
const HIT_WIDTH = 16; // the edge's clickable width, in tree units

/** What the student marked, as a node's description says it. */
function stateWords(state) {
  if (state === "pruned") return _("marked pruned by you");
  if (state === "covered") return _("inside a branch you marked pruned");
  if (state === "tapped") return _("ticked by you");
  return null;
}

/** A checked node's grade, as its name ends ("checked, correct"). */
export function checkedWords(grade) {
  if (grade === "correct") return _("checked, correct");
  if (grade === "wrong") return _("checked, wrong");
  if (grade === "missing") return _("checked, missing");
  return _("checked, over-pruned");
}

/** `name` without the view's "not yet searched" at its end. */
function withoutUnsearched(name) {
  const words = _("not yet searched");
  if (!name.endsWith(words)) return name;
  return name.slice(0, -words.length).replace(/(: |, |：|，)$/, "");
}

export class PracticeMarks {
  /**
   * `view`: a TreeView with its tree set. `onToggle(id)`: the student asked to cross node
   * `id` out, or to take the mark back.
   */
  constructor(view, { onToggle }) {
    this.view = view;
    this.onToggle = onToggle;
    this.marked = new Set();
    this.tapping = false; // a question's ticks: a ring on each node, nothing crossed out
    this.grades = new Map(); // node id → correct | wrong | missing | over
    this.names = new Map(); // node id → {base: the view's name, name: the one written}
    // Under the nodes: clickable edges and the strikes; over them: the grade badges.
    this.gEdges = svgEl("g", "practice-edges");
    this.gBadges = svgEl("g", "practice-badges");
    for (const g of [this.gEdges, this.gBadges]) g.setAttribute("aria-hidden", "true");
    view.gLinks.node().after(this.gEdges);
    view.gLabels.node().after(this.gBadges);
    view.onRendered = () => this.draw();
    this.listen();
  }

  listen() {
    const nodes = this.view.gNodes.node();
    // A double click is two marks (on, off): it must not fold the node as well (the view
    // folds on dblclick), so it stops on its way down to the nodes.
    this.view.svg.node().addEventListener(
      "dblclick",
      (event) => {
        if (event.target.closest && event.target.closest("g.node") && !event.target.closest(".toggle")) {
          event.stopPropagation();
        }
      },
      true
    );
    nodes.addEventListener("click", (event) => {
      // The fold toggle and a folded node's summary belong to the view.
      if (!event.target.closest || event.target.closest(".toggle, .fold-summary")) return;
      const id = this.idOf(event.target.closest("g.node"));
      if (id >= 0) this.onToggle(id);
    });
    nodes.addEventListener("keydown", (event) => {
      if (event.key !== "x" && event.key !== "X") return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const id = this.idOf(event.target.closest ? event.target.closest("g.node") : null);
      if (id < 0) return;
      event.preventDefault();
      this.onToggle(id);
    });
    this.gEdges.addEventListener("click", (event) => {
      const id = this.idOf(event.target.closest ? event.target.closest(".practice-hit") : null);
      if (id >= 0) this.onToggle(id);
    });
  }

  idOf(el) {
    if (!el || !this.view.trace) return -1;
    const id = this.view.trace.ids.get(el.getAttribute("data-path"));
    return id === undefined ? -1 : id;
  }

  /** Show these ids as crossed out (a Set). */
  setMarked(ids) {
    this.marked = new Set(ids);
    this.draw();
  }

  /** Show these grades (a Map id → correct | wrong | missing | over); empty to clear. */
  setGrades(grades) {
    this.grades = new Map(grades);
    this.draw();
  }

  /** The mark nearest above `id` (itself included), or -1. */
  markAtOrAbove(id) {
    const t = this.view.trace;
    for (let i = id; i >= 0; i = t.parent[i]) if (this.marked.has(i)) return i;
    return -1;
  }

  /** Draw the marks, edges and badges again over what the view drew. */
  draw() {
    const view = this.view;
    const t = view.trace;
    this.gEdges.replaceChildren();
    this.gBadges.replaceChildren();
    if (!t) return;
    for (const id of view.shownIds) {
      const g = view.nodes.gEl[id];
      if (!g) continue;
      const mark = this.tapping ? (this.marked.has(id) ? id : -1) : this.markAtOrAbove(id);
      const state = this.tapping ? (mark === id ? "tapped" : null) : mark === id ? "pruned" : mark >= 0 ? "covered" : null;
      const grade = this.grades.get(id);
      this.describe(id, state, grade);
      if (state) g.setAttribute("data-practice", state);
      else g.removeAttribute("data-practice");
      if (grade) g.setAttribute("data-grade", grade);
      else g.removeAttribute("data-grade");
      const [x, y] = view.positionOf(id);
      const p = t.parent[id];
      if (p >= 0 && view.present[p]) this.drawEdge(id, view.positionOf(p), [x, y], state === "pruned");
      if (state === "tapped") this.drawRing(id, x, y);
      if (grade) this.drawBadge(id, x, y, grade);
    }
  }

  /** The edge into `id`: a wide invisible line to click, and a strike when it is marked. */
  drawEdge(id, [x1, y1], [x2, y2], struck) {
    const hit = svgEl("line", "practice-hit");
    hit.setAttribute("data-path", this.view.trace.keys[id]);
    hit.setAttribute("x1", x1);
    hit.setAttribute("y1", y1 + R);
    hit.setAttribute("x2", x2);
    hit.setAttribute("y2", y2 - R);
    hit.setAttribute("stroke-width", HIT_WIDTH);
    this.gEdges.appendChild(hit);
    if (!struck) return;
    const mark = svgEl("g", "practice-strike");
    mark.setAttribute("data-path", this.view.trace.keys[id]);
    mark.setAttribute("transform", `translate(${(x1 + x2) / 2},${(y1 + y2) / 2})`);
    for (const cls of ["strike-halo", "strike-bar"]) {
      const cross = svgEl("path", cls);
      cross.setAttribute("d", "M-10,-10L10,10M10,-10L-10,10");
      mark.appendChild(cross);
    }
    this.gEdges.appendChild(mark);
  }

  /** A ticked node's ring (a question's tick: a shape, not a colour alone). */
  drawRing(id, x, y) {
    const ring = svgEl("circle", "practice-ring");
    ring.setAttribute("data-path", this.view.trace.keys[id]);
    ring.setAttribute("cx", x);
    ring.setAttribute("cy", y);
    ring.setAttribute("r", R + 6);
    this.gBadges.appendChild(ring);
  }

  drawBadge(id, x, y, grade) {
    const badge = svgEl("g", "practice-badge");
    badge.setAttribute("data-path", this.view.trace.keys[id]);
    badge.setAttribute("data-grade", grade);
    badge.setAttribute("transform", `translate(${x + R + 4},${y - R})`);
    const circle = svgEl("circle");
    circle.setAttribute("r", 9);
    const text = svgEl("text");
    text.textContent = GRADE_ICONS[grade];
    badge.append(circle, text);
    this.gBadges.appendChild(badge);
  }

  /**
   * The treeitem's description says what the student marked; once checked (any grade), no
   * name says the view's "not yet searched" (the view shows no search here) and a graded
   * node's name says its grade: "leaf I: value 4, checked, over-pruned".
   */
  describe(id, state, grade) {
    const item = this.view.nodes.itemEl[id];
    if (!item) return;
    const text = stateWords(state);
    if (!text) item.removeAttribute("aria-description");
    else if (item.getAttribute("aria-description") !== text) item.setAttribute("aria-description", text);
    const current = item.getAttribute("aria-label") || "";
    const written = this.names.get(id);
    const base = written && written.name === current ? written.base : current;
    let name = base;
    if (this.grades.size) {
      // Checked: no node is "not yet searched" any more; a graded one says its grade.
      const what = withoutUnsearched(base);
      name = grade ? `${what}${what.includes(":") ? ", " : ": "}${checkedWords(grade)}` : what;
    }
    if (name !== current) item.setAttribute("aria-label", name);
    this.names.set(id, { base, name });
  }
}
