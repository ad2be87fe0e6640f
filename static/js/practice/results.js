// results.js: what Check found, in words: the score ("7 of 9"), then each mistake (its
// kind, a sentence naming the nodes, and "Show me": the visualizer at the step where it
// goes wrong), then the correct answers, folded. Every item has an icon as well as a colour
// (GRADE_ICONS), the same icons the tree's badges use. Text goes in by textContent only.

import { _ } from "../lib/i18n.js";
import { GRADE_ICONS } from "./marks.js";

export const KIND_LABELS = {
  correct_prune: "Correct prune",
  missed_prune: "Missed prune",
  over_prune: "Over-prune",
  correct_value: "Correct value",
  wrong_value: "Wrong value",
  missing_value: "Missing value",
  correct_window: "Correct window",
  wrong_window: "Wrong window",
  correct_move: "Correct move",
  wrong_move: "Wrong move",
  missing_move: "Missing move",
  value_for_pruned: "Value for a pruned node",
  correct_tap: "Correct tick",
  missed_tap: "Missed",
  over_tap: "Not one of them",
  correct_bounds: "Correct bounds",
  wrong_bounds: "Wrong bounds",
  missing_bounds: "Missing bounds",
};
const GRADE_WORDS = { correct: "correct", wrong: "wrong", missing: "missing", over: "over-pruned" };
const WORST_FIRST = ["over", "wrong", "missing", "correct"];

/** An item's grade: correct | wrong | missing | over. */
export function gradeOf(kind) {
  if (kind.startsWith("correct_")) return "correct";
  if (kind === "over_prune" || kind === "over_tap") return "over";
  if (kind === "missed_prune" || kind === "missed_tap" || kind.startsWith("missing_")) return "missing";
  return "wrong";
}

/** Each node's worst grade (a Map id → grade), for the badges on the tree. */
export function nodeGrades(trace, items) {
  const grades = new Map();
  for (const item of items) {
    const id = trace.ids.get(item.path.join("."));
    if (id === undefined) continue;
    const grade = gradeOf(item.kind);
    const old = grades.get(id);
    if (!old || WORST_FIRST.indexOf(grade) < WORST_FIRST.indexOf(old)) grades.set(id, grade);
  }
  return grades;
}

function el(tag, cls, text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  return node;
}

export class Results {
  /**
   * `els`: {section, score, summary, mistakes, correct, correctList, stale}; `showMeLink(step)`:
   * the visualizer's address at a step; `newTab`: open it in a new tab (the embed).
   */
  constructor(els, { showMeLink, newTab = false }) {
    this.els = els;
    this.showMeLink = showMeLink;
    this.newTab = newTab;
    this.result = null;
  }

  /** Show a grade ({score, max_score, items}). */
  show(result) {
    const els = this.els;
    this.result = result;
    els.score.textContent = `${result.score} of ${result.max_score}`;
    const mistakes = result.items.filter((item) => gradeOf(item.kind) !== "correct");
    const correct = result.items.filter((item) => gradeOf(item.kind) === "correct");
    els.summary.textContent = mistakes.length
      ? `${mistakes.length} ${mistakes.length === 1 ? "thing" : "things"} to look at again, mistakes first.`
      : result.question
        ? "Everything is right."
        : "Everything is right: every prune, value and move.";
    els.mistakes.replaceChildren(...mistakes.map((item) => this.row(item, true)));
    els.mistakes.hidden = mistakes.length === 0;
    els.correctList.replaceChildren(...correct.map((item) => this.row(item, false)));
    els.correct.querySelector("summary").textContent = _("Correct answers ({count})", { count: correct.length });
    els.correct.hidden = correct.length === 0;
    els.stale.hidden = true;
    els.section.hidden = false;
  }

  row(item, showMe) {
    const grade = gradeOf(item.kind);
    const li = el("li", "result");
    li.dataset.kind = item.kind;
    li.dataset.path = item.path.join(".");
    li.dataset.step = String(item.step);
    li.dataset.grade = grade;
    const icon = el("span", "result-icon", GRADE_ICONS[grade]);
    icon.setAttribute("aria-hidden", "true");
    const head = el("strong", "result-kind", KIND_LABELS[item.kind] || item.kind);
    head.prepend(el("span", "visually-hidden", `${GRADE_WORDS[grade]}: `));
    li.append(icon, head, " ", el("span", "result-text", item.explanation));
    if (showMe) {
      const link = el("a", "show-me", "Show me");
      link.href = this.showMeLink(item.step);
      link.append(el("span", "visually-hidden", ` step ${item.step} in the visualizer`));
      if (this.newTab) {
        link.target = "_blank";
        link.rel = "noopener";
        link.append(el("span", "visually-hidden", " (new tab)"));
      }
      li.append(" ", link);
    }
    return li;
  }

  /** The answer changed since the check: say the results are about the old one. */
  markStale() {
    if (this.result) this.els.stale.hidden = false;
  }

  hide() {
    this.result = null;
    this.els.section.hidden = true;
  }
}
