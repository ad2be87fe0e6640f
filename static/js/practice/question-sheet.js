// question-sheet.js: the answer form of the questions of PVS, MTD(f) and Star1
// (questions/index.js), in place of the answer sheet's prunes and values. A tap question
// ("research": which children PVS searches again; "chance_prune": which chance children
// Star1 prunes) lists the nodes it is about as checkboxes, each named as on the tree, and a
// click or X on the tree ticks the same box; "bounds" (MTD(f)) has one row per pass, a lower
// and an upper bound in each (numbers as the answer sheet reads them: 3, ∞, −∞). After
// Check each box or row says its grade in words and an icon. Text goes in by textContent.

import { kindName } from "../lib/format.js";
import { _, ngettext, pgettext } from "../lib/i18n.js";
import { uniqueNames } from "../lib/names.js";
import { numberText, parseNumber } from "./answer-sheet.js";
import { GRADE_ICONS } from "./marks.js";
import { questionOf } from "./questions/index.js";
import { gradeOf } from "./results.js";

/** A box's or a pass's grade in words. */
function gradeWords(grade) {
  if (grade === "correct") return pgettext("grade", "correct");
  if (grade === "wrong") return pgettext("grade", "wrong");
  if (grade === "missing") return pgettext("grade", "missed");
  return pgettext("grade", "not one of them");
}

/** What the form asks, by question. */
export function questionText(question, trace) {
  const root = uniqueNames(trace)[0];
  if (question === "research") {
    return _(
      "Which children does PVS search again? Tick each child whose null-window test fails high inside the window, so that it is searched a second time with the full window."
    );
  }
  if (question === "chance_prune") {
    const [low, high] = trace.options.bounds;
    return _(
      "Which chance nodes' children does Star1 prune, with every leaf value in [{low}, {high}]? Tick each child a chance node skips.",
      { low, high }
    );
  }
  const passes = trace.summary.passes.length;
  return ngettext(
    "MTD(f) from the first guess {guess} makes {n} pass over {root}. What are {root}'s lower and upper bounds after each pass?",
    "MTD(f) from the first guess {guess} makes {n} passes over {root}. What are {root}'s lower and upper bounds after each pass?",
    passes,
    { guess: trace.options.guess ?? 0, root }
  );
}

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

export class QuestionSheet {
  /** `els`: {text, taps (a fieldset), tapList, passes (an <ol>)}; `onChange()`: any change. */
  constructor(els, { onChange = () => {} } = {}) {
    this.els = els;
    this.onChange = onChange;
    this.boxes = new Map(); // node id → its checkbox
    els.taps.addEventListener("change", () => this.onChange());
    els.passes.addEventListener("input", () => this.onChange());
  }

  /** Build the form for `trace`, whose options ask a question. */
  build(trace) {
    this.trace = trace;
    this.question = questionOf(trace.options);
    this.names = uniqueNames(trace);
    this.boxes = new Map();
    this.els.text.textContent = questionText(this.question, trace);
    const tapping = this.question !== "bounds";
    this.els.taps.hidden = !tapping;
    this.els.passes.hidden = tapping;
    this.els.tapList.replaceChildren(...(tapping ? this.candidates().map((id) => this.tapRow(id)) : []));
    this.els.passes.replaceChildren(...(tapping ? [] : trace.summary.passes.map((_, index) => this.passRow(index))));
  }

  /** The nodes the question is about: PVS's inner nodes below the root; Star1's chance
   * nodes' children. */
  candidates() {
    const t = this.trace;
    const ids = [];
    for (let id = 1; id < t.size; id++) {
      const parentKind = t.nodes[t.parent[id]].kind;
      if (this.question === "research" ? !t.nodes[id].terminal : parentKind === "chance") ids.push(id);
    }
    return ids;
  }

  tapRow(id) {
    const t = this.trace;
    const li = el("li", { class: "question-tap", "data-path": t.keys[id] });
    const label = el("label", { class: "check" });
    const kind = t.nodes[id].kind;
    const under = _("{kind}, child of {parent}", { kind: kindName(kind), parent: this.names[t.parent[id]] });
    label.append(el("input", { type: "checkbox", "data-path": t.keys[id] }), " ", el("span", { class: "tap-name" }, this.names[id]));
    label.append(el("span", { class: "tap-kind" }, ` (${under})`));
    li.append(label, el("span", { class: "question-grade", "aria-live": "off" }));
    this.boxes.set(id, li.querySelector("input"));
    return li;
  }

  passRow(index) {
    const li = el("li", { class: "question-pass", "data-pass": String(index + 1) });
    const head = el("span", { class: "pass-name", id: `pass-name-${index}` }, _("After pass {number}:", { number: index + 1 }));
    li.append(head);
    for (const [bound, text] of [
      ["lower", pgettext("bound", "lower")],
      ["upper", pgettext("bound", "upper")],
    ]) {
      const id = `pass-${index}-${bound}`;
      const input = el("input", {
        type: "text",
        id,
        "data-bound": bound,
        autocomplete: "off",
        spellcheck: "false",
        "aria-labelledby": `pass-name-${index} ${id}-label`,
      });
      li.append(" ", el("label", { for: id, id: `${id}-label` }, text), " ", input);
    }
    li.append(" ", el("span", { class: "question-grade" }));
    return li;
  }

  /** Tick node `id`'s box, or untick it; returns what happened, in words. */
  toggle(id) {
    const box = this.boxes.get(id);
    const name = this.names[id];
    if (this.question === "bounds") return _("{node}: this question asks for bounds, in the form beside the tree.", { node: name });
    if (!box && this.question === "research") {
      return _("{node} is not one of the nodes asked about: pick a child searched with a window (not the root or a leaf).", { node: name });
    }
    if (!box) return _("{node} is not one of the nodes asked about: pick a chance node's child.", { node: name });
    box.checked = !box.checked;
    this.onChange();
    return box.checked ? _("{node} ticked.", { node: name }) : _("{node} no longer ticked.", { node: name });
  }

  /** The ticked node ids. */
  marked() {
    return new Set([...this.boxes].filter(([, box]) => box.checked).map(([id]) => id));
  }

  /** {answer, errors}: errors [{message, input}] for bounds that are not numbers. */
  read() {
    const t = this.trace;
    if (this.question !== "bounds") return { answer: { tapped: [...this.marked()].map((id) => t.keys[id]) }, errors: [] };
    const errors = [];
    const bounds = [...this.els.passes.children].map((li, index) => {
      const inputs = [...li.querySelectorAll("input")];
      const values = inputs.map((input) => parseNumber(input.value));
      inputs.forEach((input, k) => {
        const bad = Number.isNaN(values[k]);
        input.toggleAttribute("aria-invalid", bad);
        if (bad)
          errors.push({
            message: _("Pass {number}: “{text}” is not a number (3, −2, ∞).", { number: index + 1, text: input.value }),
            input,
          });
      });
      return values.includes(null) ? null : values;
    });
    return { answer: { bounds }, errors };
  }

  /** Fill in an answer ({tapped} or {bounds}). */
  setAnswer(answer) {
    const t = this.trace;
    const tapped = new Set((answer.tapped || []).map((path) => t.ids.get(path)));
    for (const [id, box] of this.boxes) box.checked = tapped.has(id);
    (answer.bounds || []).forEach((pair, index) => {
      const inputs = this.els.passes.children[index]?.querySelectorAll("input") || [];
      inputs.forEach((input, k) => (input.value = pair ? numberText(pair[k]) : ""));
    });
    this.onChange();
  }

  /** Each box or pass row says its grade (items: the grading's), or none (an empty list). */
  showGrades(items) {
    const rows = [...this.els.tapList.children, ...this.els.passes.children];
    for (const li of rows) {
      li.removeAttribute("data-grade");
      li.querySelector(".question-grade").textContent = "";
    }
    for (const item of items) {
      const li = item.pass
        ? this.els.passes.children[item.pass - 1]
        : this.els.tapList.querySelector(`li[data-path="${CSS.escape(item.path.join("."))}"]`);
      if (!li) continue;
      const grade = gradeOf(item.kind);
      li.dataset.grade = grade;
      li.querySelector(".question-grade").textContent = `${GRADE_ICONS[grade]} ${gradeWords(grade)}`;
    }
  }

  /** "Try again": untick wrong ticks and clear wrong bounds; returns the first to fix. */
  clearWrong(items) {
    let first = null;
    for (const item of items) {
      const grade = gradeOf(item.kind);
      if (grade === "correct") continue;
      const li = item.pass ? this.els.passes.children[item.pass - 1] : null;
      if (li) {
        for (const input of li.querySelectorAll("input")) if (grade === "wrong") input.value = "";
        first = first || li.querySelector("input");
      } else {
        const box = this.boxes.get(this.trace.ids.get(item.path.join(".")));
        if (box && grade === "over") box.checked = false;
        first = first || box;
      }
    }
    this.showGrades([]);
    this.onChange();
    return first;
  }
}
