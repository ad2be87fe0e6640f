// results.js: what Check found, in words: the score ("7 of 9"), then each mistake (its
// kind, a sentence naming the nodes, and "Show me": the visualizer at the step where it
// goes wrong), then the correct answers, folded. Every item has an icon as well as a colour
// (GRADE_ICONS), the same icons the tree's badges use. Text goes in by textContent only.

import { _, formatNumber, ngettext, pgettext } from "../lib/i18n.js";
import { GRADE_ICONS } from "./marks.js";

/** An item's kind as its heading says it, in the page's language. */
export function kindLabel(kind) {
  const labels = {
    correct_prune: _("Correct prune"),
    missed_prune: _("Missed prune"),
    over_prune: _("Over-prune"),
    correct_value: _("Correct value"),
    wrong_value: _("Wrong value"),
    missing_value: _("Missing value"),
    correct_window: _("Correct window"),
    wrong_window: _("Wrong window"),
    correct_move: _("Correct move"),
    wrong_move: _("Wrong move"),
    missing_move: _("Missing move"),
    value_for_pruned: _("Value for a pruned node"),
    correct_tap: _("Correct tick"),
    missed_tap: _("Missed"),
    over_tap: _("Not one of them"),
    correct_bounds: _("Correct bounds"),
    wrong_bounds: _("Wrong bounds"),
    missing_bounds: _("Missing bounds"),
  };
  return labels[kind] || kind;
}

function gradeWord(grade) {
  if (grade === "correct") return pgettext("grade", "correct");
  if (grade === "wrong") return pgettext("grade", "wrong");
  if (grade === "missing") return pgettext("grade", "missing");
  return pgettext("grade", "over-pruned");
}
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
    els.score.textContent = _("{score} of {max}", { score: formatNumber(result.score), max: formatNumber(result.max_score) });
    const mistakes = result.items.filter((item) => gradeOf(item.kind) !== "correct");
    const correct = result.items.filter((item) => gradeOf(item.kind) === "correct");
    els.summary.textContent = mistakes.length
      ? ngettext("{n} thing to look at again, mistakes first.", "{n} things to look at again, mistakes first.", mistakes.length)
      : result.question
        ? _("Everything is right.")
        : _("Everything is right: every prune, value and move.");
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
    const head = el("strong", "result-kind", kindLabel(item.kind));
    head.prepend(el("span", "visually-hidden", _("{grade}:", { grade: gradeWord(grade) }) + " "));
    li.append(icon, head, " ", el("span", "result-text", item.explanation));
    if (showMe) {
      const link = el("a", "show-me", _("Show me"));
      link.href = this.showMeLink(item.step);
      link.append(el("span", "visually-hidden", " " + _("step {step} in the visualizer", { step: item.step })));
      if (this.newTab) {
        link.target = "_blank";
        link.rel = "noopener";
        link.append(el("span", "visually-hidden", " " + _("(new tab)")));
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
