// question-sheet.js: practice mode inside a student's question panel, built from the
// practice modules as /practice wires them (practice/page.js): a tree view at step 0 (leaf
// values only) with the student's marks on it (marks.js), the answer sheet (answer-sheet.js),
// the rule stated (statement.js), and after the reveal the grade (grader.js) with its
// explanations and "Show me" links (results.js), which open the visualizer in a new tab
// (the lecture keeps this one). The protocol is answering.js's; this is only the screen.

import { _ } from "../lib/i18n.js";
import { nameOf } from "../lib/names.js";
import { cutByDepthLimit } from "../trace/trace.js";
import { TreeView } from "../tree/view.js";
import { AnswerSheet } from "../practice/answer-sheet.js";
import { grade } from "../practice/grader.js";
import { PracticeMarks } from "../practice/marks.js";
import { Results, gradeOf, nodeGrades } from "../practice/results.js";
import { ruleSentences } from "../practice/statement.js";
import { engineAnswer, truthOf } from "../practice/truth.js";

const $ = (id) => document.getElementById(id);

export class QuestionSheet {
  /** `onChange()`: the student changed the answer (not when it is filled in by the page). */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.trace = null;
    this.truth = null;
    this.locked = false; // after the reveal: the answer is graded, no more changes
    this.filling = false;
    this.base = "/"; // the visualizer's address of this tree (question-data.js)
    this.view = new TreeView($("qs-tree"));
    this.sheet = new AnswerSheet(
      { rows: $("qs-rows"), windowsToggle: $("qs-windows"), bestMove: $("qs-best-move") },
      { onChange: () => this.changed() }
    );
    this.marks = new PracticeMarks(this.view, { onToggle: (id) => this.toggle(id) });
    this.results = new Results(
      {
        section: $("qs-results"),
        score: $("qs-score"),
        summary: $("qs-results-summary"),
        mistakes: $("qs-mistakes"),
        correct: $("qs-correct"),
        correctList: $("qs-correct-list"),
        stale: $("qs-results-stale"),
      },
      { showMeLink: (step) => `${this.base}&step=${step}`, newTab: true }
    );
    this.view.onActivate = (id) => this.sheet.focusNode(id); // Enter on a node: its row
  }

  /** Show the question: `loaded` ({doc, trace, agents}), `base` (the visualizer's address). */
  show({ doc, trace, agents }, base) {
    this.trace = trace;
    this.truth = truthOf(trace);
    this.base = base;
    this.locked = false;
    $("qs-fields").disabled = false;
    this.results.hide();
    $("qs-not-answered").hidden = true;
    this.view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, doc), agents });
    this.filling = true;
    $("qs-windows").checked = false; // each question starts without windows (a reveal may tick it)
    this.sheet.build(trace, { windows: trace.options.algorithm === "alphabeta" });
    this.filling = false;
    this.marks.setGrades(new Map());
    this.marks.setMarked(this.sheet.marked());
    // Every node drawn (a student must see them all; pan for more), at step 0.
    if (this.view.canShowAll) this.view.setShowAll(true);
    this.view.render(trace.seek(0), false);
    $("qs-rule").replaceChildren(
      ...ruleSentences(trace.options, trace).map((text) => Object.assign(document.createElement("span"), { textContent: `${text} ` }))
    );
    this.say("");
  }

  /** A short message under the tree (a live region): what a tap or key on the tree did. */
  say(text) {
    $("qs-tree-status").textContent = text;
  }

  toggle(id) {
    if (!this.trace) return;
    const name = nameOf(this.trace, id);
    if (this.locked) return this.say(_("The answer has been revealed: answering is closed."));
    if (id === 0) return this.say(_("{node} is the root: it is always searched.", { node: name }));
    if (!this.sheet.toggle(id)) {
      const above = this.sheet.markAbove(id, true);
      return this.say(_("{node} is inside {branch}, which you marked pruned.", { node: name, branch: nameOf(this.trace, above) }));
    }
    this.say(this.sheet.isMarked(id) ? _("{node} marked pruned.", { node: name }) : _("{node} no longer marked pruned.", { node: name }));
  }

  changed() {
    this.marks.setMarked(this.sheet.marked());
    $("qs-errors").hidden = true;
    if (!this.filling && !this.locked) this.onChange();
  }

  /** The answer in the form, or null after showing what is not a number. */
  read() {
    const { answer, errors } = this.sheet.read();
    const box = $("qs-errors");
    if (!errors.length) return answer;
    box.replaceChildren(...errors.map((e) => Object.assign(document.createElement("p"), { textContent: e.message })));
    box.hidden = false;
    errors[0].input.focus();
    return null;
  }

  /** Put `answer` in the form (one kept from before a reload, or the one graded). */
  fill(answer) {
    this.filling = true;
    this.sheet.setAnswer(answer);
    this.filling = false;
  }

  /** A server's refusal, said where the form's own errors are. */
  showError(message) {
    const box = $("qs-errors");
    box.replaceChildren(Object.assign(document.createElement("p"), { textContent: message }));
    box.hidden = false;
  }

  /**
   * The reveal: grade `answer` (the one the server has; null: none sent) and lock the form.
   * Without one, the engine's answer is filled in and explained. Returns the grade.
   */
  reveal(answer) {
    const given = answer || engineAnswer(this.trace, this.truth);
    this.fill(given);
    if (!answer && given.windows && Object.keys(given.windows).length) {
      $("qs-windows").checked = true; // the engine's windows are explained: show them too
      this.sheet.showWindows(true);
    }
    this.say("");
    const result = grade(this.trace, given, this.truth);
    this.results.show(result);
    this.sheet.showGrades(result.items.map((item) => [item, gradeOf(item.kind)]));
    this.marks.setGrades(nodeGrades(this.trace, result.items));
    $("qs-not-answered").hidden = !!answer;
    $("qs-score-line").hidden = !answer;
    if (!answer) {
      $("qs-results-summary").textContent = _("The engine's answer is filled in below; each item says why.");
      $("qs-correct").open = true;
    }
    this.locked = true;
    $("qs-fields").disabled = true;
    $("qs-errors").hidden = true;
    return result;
  }
}
