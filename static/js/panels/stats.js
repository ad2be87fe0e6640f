// panels/stats.js: the statistics panel: what the search has cost so far, against plain
// minimax, and the final summary.
// With "Hide answers" on (setHideAnswers), what tells the answer before the search reaches
// it (root value, best move, saving against minimax, the perfect-order leaf count) shows
// ANSWER_HIDDEN until the last step of a finished search.

import { fmt } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { moveName, nameOf } from "../lib/names.js";

// The rows' names in the page's language when the panel is made (the language switch turns
// them in place, lib/language.js).
const ROWS = () => [
  ["visited", _("Nodes visited")],
  ["leaves", _("Leaves evaluated")],
  ["cutoffs", _("Cutoffs")],
  ["pruned", _("Nodes pruned")],
  ["saved", _("Saved vs minimax")],
  ["value", _("Root value")],
  ["best", _("Best move")],
  [
    "knuth",
    _("Perfect-order leaves"),
    _("Knuth–Moore minimum: alpha-beta with perfect move ordering evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves of a uniform tree"),
  ],
];

/**
 * The principal variation as node ids: the summary gives it as a path (child positions
 * from the root), which is what the protocol keeps; people read it by node names.
 */
function lineIds(trace, positions) {
  const ids = [];
  let id = 0;
  for (const position of positions || []) {
    id = trace.children[id][position];
    if (id === undefined) break;
    ids.push(id);
  }
  return ids;
}

const ANSWER_HIDDEN = "—";
const ANSWER_ROWS = ["saved", "value", "best", "knuth"]; // hidden until the end with "Hide answers"
const hiddenHint = () => _("Hidden until the search reaches the end (Hide answers)");

export class Stats {
  constructor(element) {
    this.element = element;
    this.cells = new Map();
    this.element.replaceChildren();
    for (const [key, title, hint] of ROWS()) {
      const row = document.createElement("div");
      row.className = "stat";
      row.dataset.stat = key;
      const dt = document.createElement("dt");
      dt.textContent = title;
      if (hint) row.title = hint;
      const dd = document.createElement("dd");
      dd.textContent = "—";
      row.append(dt, dd);
      this.element.appendChild(row);
      this.cells.set(key, dd);
    }
    this.trace = null;
    this.hideAnswers = false;
    this.hiding = false; // the answer rows show ANSWER_HIDDEN now
  }

  /** Hide the answers (ANSWER_ROWS) until the last step; applies at the next update(). */
  setHideAnswers(on) {
    this.hideAnswers = !!on;
  }

  set(key, text) {
    const cell = this.cells.get(key);
    if (cell && cell.textContent !== text) cell.textContent = text;
  }

  setTrace(trace) {
    this.trace = trace;
    let leaves = 0;
    for (const row of trace.nodes) if (row.terminal) leaves++;
    this.minimaxLeaves = leaves;
  }

  clear() {
    this.trace = null;
    for (const [key] of ROWS()) this.set(key, "—");
  }

  /**
   * Counts derived from the state at the step shown; the summary once the search is over.
   * `final`: this step is the end of a finished search.
   */
  update(s, final) {
    const t = this.trace;
    if (!t) return;
    const hide = this.hideAnswers && !final;
    const set = (key, text) => this.set(key, hide && ANSWER_ROWS.includes(key) ? ANSWER_HIDDEN : text);
    const total = t.size;
    const summary = final ? t.summary : null;
    set("visited", _("{count} of {total}", { count: s.visited, total }));
    set("leaves", _("{count} of {total}", { count: s.leaves, total: this.minimaxLeaves }));
    const windowed = !["minimax", "expectimax"].includes(t.options.algorithm);
    set("cutoffs", windowed ? `${s.cutAlpha + s.cutBeta} (α ${s.cutAlpha}, β ${s.cutBeta})` : _("none (no pruning)"));
    set("pruned", String(s.pruned));
    const saved = summary ? summary.percent_saved : total ? (100 * s.pruned) / total : 0;
    const percent = `${fmt(Math.round(saved * 10) / 10)}%`;
    set("saved", summary ? percent : _("{percent} so far", { percent }));
    if (final && s.done[0]) {
      set("value", fmt(s.value[0]));
      const line = summary ? lineIds(t, summary.principal_variation) : [];
      const best = summary ? (line[0] ?? -1) : s.best[0];
      if (best < 0) {
        set("best", "—");
      } else {
        const names = line.map((id) => nameOf(t, id)).join(" → ");
        const move = moveName(t, best);
        set("best", line.length > 1 ? _("{move}; line {names}", { move, names }) : move);
      }
    } else {
      set("value", s.done[0] ? fmt(s.value[0]) : "—");
      set("best", "—");
    }
    const known = t.summary;
    if (known && known.knuth_moore_leaves !== null && known.knuth_moore_leaves !== undefined) {
      const u = known.uniform;
      const shape = u ? ` (b = ${u.branching}, d = ${u.depth})` : "";
      set("knuth", `${known.knuth_moore_leaves}${shape}`);
    } else if (known) {
      set("knuth", _("n/a"));
    } else {
      set("knuth", "—");
    }
    if (hide !== this.hiding) {
      this.hiding = hide;
      for (const key of ANSWER_ROWS) {
        const cell = this.cells.get(key);
        cell.parentElement.classList.toggle("answer-hidden", hide);
        if (hide) cell.title = hiddenHint();
        else cell.removeAttribute("title");
      }
    }
  }
}
