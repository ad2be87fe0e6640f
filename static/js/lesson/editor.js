// lesson/editor.js: the entry of /lessons/new and /lessons/<id>/edit. The lesson being edited
// is one object; every change goes through lesson/lesson-model.js and redraws the list. On
// /lessons/new the working copy is the browser's draft (lib/lesson-library.js), where "Add to
// lesson" buttons put their slides; editing a saved lesson starts from a copy of it and never
// touches the draft. Reordering (lesson/editor-reorder.js): drag a card by its handle, or pick
// it up with Enter or Space on the handle and carry it with ↑ ↓, or Alt+↑ / Alt+↓ anywhere in
// a card, or its Up and Down buttons; focus follows the moved slide and a live region says
// where it went. Save posts the lesson (POST /api/lessons): a new id each
// time the lesson differs, said so on the page. A refusal (in the page's language) names its field: the card (and
// input) it names is marked and focused. Download and upload are the lesson as JSON.
// Keeping work: every change is recorded first (lesson/editor-history.js), so Ctrl+Z (outside
// a text field, where the browser undoes the typing) and the "Undo" button after a Delete or
// Start over give the lesson back; Start over asks first. Each card shows its slide's start
// as a small picture (lesson/card-preview.js) and a "Print at step" field (the handout's step).

import { _, ngettext, formatNumber, language } from "../lib/i18n.js";
import { download } from "../lib/export.js";
import { cardPreview } from "./card-preview.js";
import { getLesson } from "./slides.js";
import { EditorHistory } from "./editor-history.js";
import { bindReorder } from "./editor-reorder.js";
import {
  fieldPlace,
  hasSteps,
  moveSlide,
  readLessonFile,
  removeSlide,
  viewSummary,
  withPrintStep,
  withQuestion,
  withRange,
  MAX_SLIDES,
} from "./lesson-model.js";
import { readDraft, rememberLesson, writeDraft } from "../lib/lesson-library.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const root = $("stage");
const editingSaved = Boolean(root.dataset.lessonId);
const list = $("slide-list");
let lesson = { title: "", slides: [] };
const history = new EditorHistory();

function keep() {
  if (!editingSaved) writeDraft(lesson);
}

function announce(text) {
  $("editor-announce").textContent = text;
}

/** The slides replaced (a change described by `what`, recorded for undo) and redrawn. */
function setSlides(slides, what) {
  history.record(lesson, what);
  lesson = { ...lesson, slides };
  keep();
  render();
}

/** One slide changed in place (`group`: a field's typing is one change to undo). */
function updateSlide(index, slide, what, group = null) {
  history.record(lesson, what, group);
  lesson.slides[index] = slide;
  keep();
}

/** Undo the last change: the lesson as it was, redrawn, and said. */
function undo() {
  const last = history.undo();
  if (!last) return announce(_("Nothing to undo."));
  lesson = last.lesson;
  keep();
  render();
  const said = _("Undone: {change}.", { change: last.what });
  showResult(element("p", {}, said));
  announce(said);
}

/** "`sentence` Undo" in the result line (after a Delete or Start over). */
function offerUndo(sentence) {
  const button = element("button", { type: "button", className: "secondary", id: "btn-undo" }, _("Undo"));
  button.addEventListener("click", undo);
  const line = element("p", {}, `${sentence} `);
  line.append(button);
  showResult(line);
  announce(_("{sentence} Undo with Ctrl+Z.", { sentence }));
}

function element(tag, props = {}, text) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key in el && key !== "list") el[key] = value;
    else el.setAttribute(key, value);
  }
  if (text !== undefined) el.textContent = text;
  return el;
}

function field(labelText, input) {
  const label = element("label", { htmlFor: input.id }, labelText);
  return [label, input];
}

/** Move slide `from` to `to`, keeping the focus on the same control of the moved card. */
function move(from, to, focusPart = null) {
  if (to < 0 || to >= lesson.slides.length || from === to) return;
  setSlides(moveSlide(lesson.slides, from, to), _("move slide {n}", { n: from + 1 }));
  const card = list.children[to];
  const target = (focusPart && card.querySelector(`[data-part="${focusPart}"]`)) || card.querySelector(".drag-handle");
  target.focus();
  announce(
    _("“{title}” moved to position {place} of {count}.", { title: lesson.slides[to].title, place: to + 1, count: lesson.slides.length })
  );
}

function card(slide, index) {
  const id = `slide-${index}`;
  const li = element("li", { className: "slide-card", dataset: { slideIndex: String(index) } });
  li.setAttribute("aria-label", _("Slide {n}: {title}", { n: index + 1, title: slide.title }));
  const handle = element("button", { type: "button", className: "drag-handle", draggable: true, dataset: { part: "handle" } });
  handle.append(element("span", { "aria-hidden": "true" }, "⠿"));
  handle.setAttribute("aria-label", _("Move slide {n} (drag, or Enter then ↑ ↓, or Alt+↑ / Alt+↓)", { n: index + 1 }));
  handle.setAttribute("aria-describedby", "reorder-help");

  const head = element("div", { className: "card-head" });
  const title = element("input", {
    type: "text",
    id: `${id}-title`,
    className: "card-title",
    value: slide.title,
    maxLength: 200,
    dataset: { part: "title" },
  });
  title.setAttribute("aria-label", _("Slide {n} title", { n: index + 1 }));
  title.addEventListener("input", () =>
    updateSlide(index, { ...lesson.slides[index], title: title.value }, _("edit slide {n}'s title", { n: index + 1 }), `${index}:title`)
  );
  const buttons = element("span", { className: "card-buttons" });
  const up = element("button", { type: "button", className: "secondary", disabled: index === 0, dataset: { part: "up" } }, _("Up"));
  up.setAttribute("aria-label", _("Move slide {n} up", { n: index + 1 }));
  up.addEventListener("click", () => move(index, index - 1, index - 1 === 0 ? "handle" : "up"));
  const down = element(
    "button",
    { type: "button", className: "secondary", disabled: index === lesson.slides.length - 1, dataset: { part: "down" } },
    _("Down")
  );
  down.setAttribute("aria-label", _("Move slide {n} down", { n: index + 1 }));
  down.addEventListener("click", () => move(index, index + 1, index + 1 === lesson.slides.length - 1 ? "handle" : "down"));
  const remove = element("button", { type: "button", className: "secondary danger", dataset: { part: "delete" } }, _("Delete"));
  remove.setAttribute("aria-label", _("Delete slide {n}: {title}", { n: index + 1, title: slide.title }));
  remove.addEventListener("click", () => {
    const gone = lesson.slides[index].title;
    setSlides(removeSlide(lesson.slides, index), _("delete slide {n}, “{title}”", { n: index + 1, title: gone }));
    const next = list.children[Math.min(index, list.children.length - 1)];
    (next ? next.querySelector(".drag-handle") : $("btn-add-notes")).focus();
    offerUndo(_("Slide “{title}” deleted.", { title: gone }));
  });
  buttons.append(up, down, remove);
  head.append(element("span", { className: "card-number" }, `${index + 1}.`), title, buttons);

  const notes = element("textarea", { id: `${id}-notes`, value: slide.notes || "", maxLength: 20000, dataset: { part: "notes" } });
  notes.addEventListener("input", () =>
    updateSlide(index, { ...lesson.slides[index], notes: notes.value }, _("edit slide {n}'s notes", { n: index + 1 }), `${index}:notes`)
  );
  const notesBox = element("div");
  notesBox.append(...field(_("Notes (blank line: new paragraph; - list; **bold**, *italic*, `code`)"), notes));

  const fields = element("div", { className: "card-fields" });
  fields.append(element("p", { className: "card-view" }, viewSummary(slide.view)));
  if (hasSteps(slide)) {
    const from = element("input", {
      type: "text",
      id: `${id}-from`,
      inputMode: "numeric",
      value: String(slide.view.from || 0),
      dataset: { part: "from" },
    });
    const to = element("input", {
      type: "text",
      id: `${id}-to`,
      value: slide.view.to === undefined ? "end" : String(slide.view.to),
      dataset: { part: "to" },
    });
    const setRange = () =>
      updateSlide(index, withRange(lesson.slides[index], from.value, to.value), _("change slide {n}'s steps", { n: index + 1 }));
    from.addEventListener("change", setRange);
    to.addEventListener("change", setRange);
    const printed = slide.view.print;
    const print = element("input", {
      type: "text",
      id: `${id}-print`,
      value: printed === undefined ? "" : String(printed),
      placeholder: "start",
      dataset: { part: "print" },
    });
    print.setAttribute("aria-describedby", "print-help");
    print.addEventListener("change", () => {
      updateSlide(index, withPrintStep(lesson.slides[index], print.value), _("change slide {n}'s print step", { n: index + 1 }));
      const kept = lesson.slides[index].view.print;
      print.value = kept === undefined ? "" : String(kept);
    });
    fields.append(...field(_("From step"), from), ...field(_("to step (or end)"), to), ...field(_("Print at step"), print));
  }
  if (slide.view && slide.view.kind === "tree") {
    const question = element("input", {
      type: "checkbox",
      id: `${id}-question`,
      checked: Boolean(slide.question),
      dataset: { part: "question" },
    });
    // The question's own prompt (question.prompt): on the projector, the students' pages and the handout.
    const prompt = element("input", {
      type: "text",
      id: `${id}-prompt`,
      maxLength: 1000,
      value: (slide.question && slide.question.prompt) || "",
      placeholder: _("Predict the values of this tree."),
      dataset: { part: "prompt" },
    });
    const promptBox = element("span", { className: "card-prompt", hidden: !slide.question });
    promptBox.append(...field(_("Question's prompt"), prompt));
    const setQuestion = (what, group = null) => {
      promptBox.hidden = !question.checked;
      updateSlide(index, withQuestion(lesson.slides[index], question.checked, prompt.value), what, group);
    };
    question.addEventListener("change", () => setQuestion(_("change slide {n}'s question", { n: index + 1 })));
    prompt.addEventListener("input", () => setQuestion(_("edit slide {n}'s prompt", { n: index + 1 }), `${index}:prompt`));
    const pair = element("span", { className: "card-question" });
    pair.append(question, element("label", { htmlFor: question.id }, _("Question: students predict this tree")));
    fields.append(pair, promptBox);
  }
  li.append(handle, head, notesBox, fields);
  const preview = cardPreview(slide);
  if (preview) li.append(preview);
  li.addEventListener("keydown", (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const part = event.target.dataset.part || "handle";
    move(index, index + (event.key === "ArrowUp" ? -1 : 1), part);
  });
  bindReorder(li, handle, index, { move, announce, titleOf: (k) => lesson.slides[k].title, count: () => lesson.slides.length });
  return li;
}

function render() {
  $("lesson-title").value = lesson.title;
  list.replaceChildren(...lesson.slides.map(card));
  $("editor-empty").hidden = lesson.slides.length > 0;
  $("slide-count").textContent = _("({count} of at most {most})", {
    count: formatNumber(lesson.slides.length),
    most: formatNumber(MAX_SLIDES),
  });
}

function showResult(...nodes) {
  $("editor-result").replaceChildren(...nodes);
}

function markError(err) {
  for (const el of document.querySelectorAll(".has-error")) el.classList.remove("has-error");
  const { slide, part } = fieldPlace(err.field);
  showResult(element("p", { className: "error" }, _("Not saved: {reason}", { reason: err.message })));
  if (slide !== null && list.children[slide]) {
    const cardEl = list.children[slide];
    cardEl.classList.add("has-error");
    const target = cardEl.querySelector(`[data-part="${part}"]`) || cardEl.querySelector(".card-title");
    target.focus();
  } else if (part === "title") {
    $("lesson-title").focus();
  }
}

async function save() {
  const button = $("btn-save");
  button.disabled = true;
  showResult(element("p", {}, _("Saving…")));
  try {
    const response = await fetch(`/api/lessons?lang=${encodeURIComponent(language())}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(lesson),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw Object.assign(new Error(data.error || `${response.status}`), { field: data.field });
    rememberLesson(data.id, lesson);
    const link = element("a", { href: data.url, id: "saved-link" }, `${window.location.origin}${data.url}`);
    const sentence = element("p", {}, _("Saved. A saved lesson never changes: saving again after an edit gives a new link.") + " ");
    const more = element("p", {});
    more.append(element("a", { href: data.print }, _("Handouts")), " · ", element("a", { href: data.embed }, _("Embed")));
    showResult(sentence, element("p", {}, _("Link:") + " "), more);
    $("editor-result").children[1].append(link);
    link.focus();
  } catch (err) {
    markError(err);
  } finally {
    button.disabled = false;
  }
}

function bindActions() {
  $("lesson-title").addEventListener("input", (event) => {
    history.record(lesson, _("edit the lesson's title"), "title");
    lesson.title = event.target.value;
    keep();
  });
  list.addEventListener("focusout", () => history.seal());
  $("lesson-title").addEventListener("blur", () => history.seal());
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== "z") return;
    if (event.target.closest && event.target.closest("input[type=text], textarea")) return; // the browser undoes the typing
    event.preventDefault();
    undo();
  });
  $("btn-add-notes").addEventListener("click", () => {
    if (lesson.slides.length >= MAX_SLIDES)
      return announce(_("A lesson may have at most {most} slides.", { most: formatNumber(MAX_SLIDES) }));
    setSlides([...lesson.slides, { title: _("Notes"), notes: "" }], _("add a notes slide"));
    list.lastElementChild.querySelector(".card-title").focus();
  });
  $("btn-save").addEventListener("click", save);
  $("btn-download").addEventListener("click", () => {
    const name = (lesson.title || "lesson").replace(/[^\w-]+/g, "-").toLowerCase();
    download(new Blob([JSON.stringify(lesson, null, 2)], { type: "application/json" }), `${name}.lesson.json`);
  });
  $("lesson-upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const { lesson: read, error } = readLessonFile(await file.text());
    event.target.value = "";
    if (error) return showResult(element("p", { className: "error" }, error));
    history.record(lesson, _("upload a lesson"));
    lesson = read;
    keep();
    render();
    showResult(
      element(
        "p",
        {},
        ngettext("Uploaded “{title}”: {n} slide.", "Uploaded “{title}”: {n} slides.", lesson.slides.length, { title: lesson.title })
      )
    );
  });
  bindStartOver();
}

/** Start over asks first ("Remove the title and all N slides?"), then offers Undo. */
function bindStartOver() {
  const confirm = $("clear-confirm");
  const ask = $("btn-clear");
  const close = (focus) => {
    confirm.hidden = true;
    ask.setAttribute("aria-expanded", "false");
    if (focus) focus.focus();
  };
  ask.addEventListener("click", () => {
    const count = lesson.slides.length;
    $("clear-question").textContent = ngettext(
      "Start over: remove the title and the one slide?",
      "Start over: remove the title and all {n} slides?",
      count
    );
    confirm.hidden = false;
    ask.setAttribute("aria-expanded", "true");
    $("btn-clear-yes").focus();
  });
  $("btn-clear-no").addEventListener("click", () => close(ask));
  confirm.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close(ask);
  });
  $("btn-clear-yes").addEventListener("click", () => {
    close(null);
    history.record(lesson, _("start over"));
    lesson = { title: "", slides: [] };
    keep();
    render();
    offerUndo(_("Started over: the lesson is empty."));
    $("lesson-title").focus();
  });
}

async function start() {
  if (editingSaved) {
    try {
      const saved = await getLesson(root.dataset.lessonId);
      lesson = { title: saved.title, slides: saved.slides };
    } catch (err) {
      showResult(element("p", { className: "error" }, _("This lesson cannot be opened: {reason}", { reason: err.message })));
    }
  } else {
    lesson = readDraft();
  }
  bindActions();
  render();
  document.body.dataset.ready = "true";
}

start();
