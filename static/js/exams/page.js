// exams/page.js: the entry of /exams, the exam builder (docs/exams.md). The form holds the
// spec: the title, seed and number of variants, and one fieldset per question (its kind,
// depth, branching, players, rule, value range and the properties its tree must have).
// "Preview variant 1" asks the server for the exam with one variant (variant 1 of any exam
// of the same spec is the same: each question and variant has its own seed); "Create the
// exam" for every variant, then links to the printed questions, the key, the LaTeX file and
// the JSON. Variant 1's questions are drawn under the form (exams/question-view.js), each
// with "Add to lesson" (a question slide in this browser's draft lesson,
// lib/add-to-lesson.js) and "Practice this" (the practice page on its tree and rule). A field
// the server refuses is named in the status line and focused.

import { ApiError, createExam, getJson } from "../lib/api.js";
import { _, language, ngettext } from "../lib/i18n.js";
import { wireAddToLesson } from "../lib/add-to-lesson.js";
import { setUpPage } from "../lib/page-setup.js";
import { pageStore } from "../lib/page-store.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { drawQuestion, el, practiceLink, questionSection, searchesOf, traceOf } from "./question-view.js";

setUpPage();

const FLAGS = ["integers", "both_cutoffs", "ties", "equal_window", "ordering_matters", "deep_cutoff"];
const form = document.getElementById("exam-form");
const list = document.getElementById("exam-questions");
const status = document.getElementById("exam-status");
const links = document.getElementById("exam-links");
const preview = document.getElementById("exam-preview");
const template = document.getElementById("question-template");
const run = createRunStore();
let shown = null; // the exam previewed: {made, variants, count} (said again in a new language)
mirrorRunState(run, document.body);

class FieldError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

function say(text, state = "") {
  status.textContent = text;
  status.dataset.state = state;
}

function renumber() {
  for (const [index, item] of [...list.children].entries()) {
    item.querySelector("legend").textContent = _("Question {number}", { number: index + 1 });
    item.querySelector("[data-action=remove-question]").disabled = list.children.length === 1;
  }
}

function addQuestion(kind = "prune") {
  const item = template.content.firstElementChild.cloneNode(true);
  item.querySelector("[data-field=kind]").value = kind;
  item.querySelector("[data-action=remove-question]").addEventListener("click", () => {
    item.remove();
    renumber();
  });
  list.append(item);
  renumber();
}

function whole(input, where) {
  const value = Number(input.value);
  if (input.value.trim() === "" || !Number.isInteger(value))
    throw new FieldError(_("{field} must be a whole number", { field: where }), where);
  return value;
}

/** The spec the form holds, with `variants` replaced when given. */
function readSpec(variants) {
  const spec = {
    title: document.getElementById("exam-title").value,
    seed: whole(document.getElementById("exam-seed"), "seed"),
    variants: variants ?? whole(document.getElementById("exam-variants"), "variants"),
    questions: [],
  };
  for (const [index, item] of [...list.children].entries()) {
    const where = `questions[${index}]`;
    const field = (name) => item.querySelector(`[data-field=${name}]`);
    let branching;
    try {
      branching = JSON.parse(field("branching").value); // data, never code
    } catch {
      throw new FieldError(
        _("{field} must be a count or a list such as [3, [1, 3], 2]", { field: `${where}.branching` }),
        `${where}.branching`
      );
    }
    const question = {
      kind: field("kind").value,
      depth: whole(field("depth"), `${where}.depth`),
      branching,
      players: field("players").value.split(","),
      rule: field("rule").value,
      values: [whole(field("low"), `${where}.values`), whole(field("high"), `${where}.values`)],
      min_pruned: whole(field("min_pruned"), `${where}.min_pruned`),
    };
    for (const flag of FLAGS) question[flag] = field(flag).checked;
    spec.questions.push(question);
  }
  return spec;
}

/** The form control a refused field names (questions[2].depth → the third depth box). */
function controlFor(field) {
  const match = /^questions\[(\d+)\](?:\.(\w+))?/.exec(field || "");
  if (!match) return document.getElementById(`exam-${field}`);
  const item = list.children[Number(match[1])];
  if (!item) return null;
  const name = match[2] === "values" ? "low" : match[2];
  return (name && item.querySelector(`[data-field=${name}]`)) || item.querySelector("[data-field=kind]");
}

function questionSlide(question, index) {
  return () => ({
    title: _("Exam question {number}", { number: index + 1 }),
    notes: question.prompt,
    view: { kind: "tree", tree: question.tree, options: { rule: question.rule } },
    question: { prompt: question.prompt },
  });
}

async function showPreview({ questions }) {
  const parts = questions.map(questionSection);
  preview.replaceChildren(el("h2", "", _("Variant 1")), ...parts);
  const traces = questions.map((question) => traceOf(question));
  const searches = questions.map((question) => searchesOf(question));
  for (const [index, question] of questions.entries()) {
    const part = parts[index];
    try {
      drawQuestion(part, question, await traces[index], index, true, await searches[index]);
    } catch (err) {
      part.append(el("p", "exam-error", _("This question cannot be drawn: {error}", { error: err.message })));
      continue;
    }
    const row = el("p", "exam-question-links");
    const add = el("button", "secondary", _("Add to lesson"));
    add.type = "button";
    add.dataset.action = "add-to-lesson";
    const note = el("span", "exam-lesson-status");
    note.setAttribute("role", "status");
    const practice = el("a", "", _("Practice this"));
    practice.href = practiceLink(question);
    practice.dataset.action = "practice";
    row.append(add, practice, note);
    part.append(row);
    wireAddToLesson(add, questionSlide(question, index), note);
  }
}

function showLinks(made, variants) {
  const items = [
    [_("Print the questions (variant 1 of {count})", { count: variants }), made.print],
    [_("Print the answer key"), made.key],
    [_("LaTeX (.tex)"), made.tex],
    [_("LaTeX, every variant"), `${made.tex}?variant=all`],
    [_("Practise it (variant 1)"), made.practice],
    ["JSON", `/api/exams/${made.id}`],
  ];
  links.replaceChildren(
    ...items.map(([text, href]) => {
      const link = el("a", "", text);
      link.href = href;
      return link;
    })
  );
  links.hidden = false;
}

/** The address of `made`'s first variant, in the page's language (the server writes its
 * questions and answers in the request's). */
function firstVariant(made) {
  return `/api/exams/${made.id}/variants/1?lang=${encodeURIComponent(language())}`;
}

/** The links and the status line of the exam made, `made` ({made, variants, count}). */
function showExam({ made, variants, count }) {
  if (variants === 1) links.hidden = true;
  else showLinks(made, count);
  say(variants === 1 ? _("Variant 1 is below.") : ngettext("The exam is ready: {n} variant.", "The exam is ready: {n} variants.", count));
}

/** A language switch in place (lib/language.js): the legends, and an exam shown (its first
 * variant fetched again in the new language, its links and status) in the new language. */
async function speakAgain() {
  renumber();
  const asked = shown;
  if (!asked) return;
  const exam = await getJson(firstVariant(asked.made)).catch(() => null);
  if (!exam || asked !== shown) return; // the preview stays as it was; another exam is on its way
  showExam(asked);
  await showPreview(exam);
}

async function make(variants) {
  let spec;
  try {
    spec = readSpec(variants);
  } catch (err) {
    say(err.message, "error");
    controlFor(err.field)?.focus();
    return;
  }
  run.set({ runState: "loading" });
  shown = null;
  say(variants === 1 ? _("Generating variant 1…") : ngettext("Generating {n} variant…", "Generating {n} variants…", spec.variants));
  try {
    const made = await createExam(spec);
    const exam = await getJson(firstVariant(made));
    shown = { made, variants, count: spec.variants };
    showExam(shown, exam);
    await showPreview(exam);
    run.set({ runState: "done" });
  } catch (err) {
    say(err instanceof ApiError ? err.message : String(err), "error");
    if (err instanceof ApiError) controlFor(err.field)?.focus();
    run.set({ runState: "error" });
  }
}

document.getElementById("add-question").addEventListener("click", () => addQuestion());
document.getElementById("preview-exam").addEventListener("click", () => make(1));
form.addEventListener("submit", (event) => {
  event.preventDefault();
  make(undefined);
});
// A language switch in place (lib/language.js): the questions' legends in the new language.
pageStore.subscribe((state, changed) => "lang" in changed && speakAgain());
addQuestion("prune");
addQuestion("windows");
