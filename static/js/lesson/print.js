// lesson/print.js: the entry of /l/<id>/print, a lesson's handouts. Every slide becomes a
// section[data-slide-index] with its number and title, its notes (lesson/notes.js, elements
// only), a question's prompt, what it shows in words, and its picture: a tree or game
// decision drawn whole by tree/picture.js at the slide's print step (lesson/deck.js
// printStep: the step the editor chose, else the first of its range — a question's values are
// blank boxes to fill in, and no slide lands on the student's sheet solved unless chosen),
// with every node's name as the pages print it (lib/names.js). A picture wider than the paper
// holds at a legible scale is cut into strips read left to right (tree/picture-strips.js). A
// tic-tac-toe position shows as a miniature board, an experiment's figure as on its slide
// (lesson/figure-view.js; the slides' experiments run one at a time). "Print answer key"
// (body[data-print="key"]) adds to each question slide a one-line answer
// (lesson/answer-line.js: "pruned: I, J · root 3 · best move B"), its tree at the end of the
// search and the values step by step (each step's narration). Slides are drawn one after the
// other; the page's run store (player/run-store.js) says "done" when all are, mirrored on
// body[data-run-state] (tests and the print button wait).

import { _, ngettext } from "../lib/i18n.js";
import { MiniBoard } from "../games/board.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { narrate } from "../trace/narration.js";
import { treePicture } from "../tree/picture.js";
import { pictureStrips } from "../tree/picture-strips.js";
import { answerLine } from "./answer-line.js";
import { drawFigure } from "./figure-view.js";
import { renderNotes } from "./notes.js";
import { SlideLoader, getLesson } from "./slides.js";
import { viewSummary } from "./lesson-model.js";
import { printStep, stepRange } from "./deck.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const MAX_KEY_STEPS = 400; // an answer key lists at most this many steps (then says so)
// The widest picture (tree units) drawn in one piece: the printed column (186 mm of A4 less
// margins, about 700 CSS px) shows it at 0.8 of its size or more, names at 9.6 px or more.
export const STRIP_WIDTH = 860;
const root = document.getElementById("stage");

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function sectionFor(slide, index) {
  const section = el("section", "handout-slide");
  section.dataset.slideIndex = String(index);
  section.setAttribute("aria-labelledby", `handout-slide-${index}`);
  const heading = el("h2", "handout-slide-title", `${index + 1}. ${slide.title}`);
  heading.id = `handout-slide-${index}`;
  const notes = el("div", "handout-notes");
  notes.append(renderNotes(slide.notes || ""));
  section.append(heading, notes, el("p", "handout-view", viewSummary(slide.view)));
  if (slide.question) {
    const prompt = (slide.question.prompt || "").trim() || _("Predict the value of every node.");
    section.classList.add("is-question");
    section.append(el("p", "handout-question", _("Question: {prompt}", { prompt })));
  }
  return section;
}

/** A figure of `picture`, cut into strips when it is too wide to print legibly. */
function figure(picture, caption) {
  const box = el("figure", "handout-figure");
  const strips = pictureStrips(picture, STRIP_WIDTH);
  box.append(...strips);
  if (strips.length > 1) {
    box.classList.add("is-split");
    caption += ` In ${strips.length} parts, left to right.`;
  }
  box.append(el("figcaption", "", caption));
  return box;
}

/** The answer key of a question slide: the tree at the end, and the values step by step. */
function answerKey(content, slide, range) {
  const { trace } = content;
  const key = el("div", "handout-key");
  key.append(el("h3", "", _("Answer")));
  key.append(el("p", "handout-answer-line", answerLine(trace, trace.seek(range.to).clone())));
  const end = treePicture(trace, range.to, {
    title: _("{title}: the answer", { title: slide.title }),
    cutByLimit: content.cutByLimit,
    agents: content.agents,
  });
  key.append(figure(end, _("The search at step {step} of {count}.", { step: range.to, count: trace.length })));
  const list = el("ol", "handout-steps");
  const last = Math.min(range.to, range.from + MAX_KEY_STEPS);
  for (let k = Math.max(1, range.from + 1); k <= last; k++) {
    const item = el("li", "", narrate(trace, k));
    item.value = k;
    list.append(item);
  }
  key.append(el("h3", "", _("Step by step")), list);
  if (last < range.to) key.append(el("p", "", ngettext("… and {n} more step.", "… and {n} more steps.", range.to - last)));
  return key;
}

function drawSlide(section, slide, content) {
  if (content.kind === "notes") return;
  if (content.kind === "experiment") {
    const box = el("div", "handout-figure handout-chart");
    section.append(box);
    drawFigure(box, content.figure);
    return;
  }
  const { trace } = content;
  const step = printStep(slide, trace.length);
  const title = slide.question ? _("{title}: the tree to fill in", { title: slide.title }) : slide.title;
  const picture = treePicture(trace, step, { title, cutByLimit: content.cutByLimit, agents: content.agents });
  const caption = slide.question
    ? _("Fill in each node's value, and cross out what is never evaluated.")
    : step === 0
      ? _("The tree before the search.")
      : _("The search at step {step} of {count}.", { step, count: trace.length });
  if (content.kind === "game" && content.game === "tictactoe" && content.board) {
    const position = el("div", "handout-position");
    const board = new MiniBoard(position);
    board.setRoot(content.board);
    board.show(trace, 0, "current");
    section.append(position);
  }
  section.append(figure(picture, caption));
  if (slide.question) section.append(answerKey(content, slide, stepRange(slide, trace.length)));
}

function bindButtons() {
  const print = (key) => {
    document.body.dataset.print = key ? "key" : "sheet";
    window.print();
  };
  document.getElementById("btn-print").addEventListener("click", () => print(false));
  document.getElementById("btn-print-key").addEventListener("click", () => print(true));
  window.addEventListener("afterprint", () => (document.body.dataset.print = "sheet"));
}

const run = createRunStore();
mirrorRunState(run, document.body);

async function start() {
  run.set({ runState: "loading" });
  document.body.dataset.print = "sheet";
  bindButtons();
  const lessonId = root.dataset.lessonId;
  let lesson;
  try {
    lesson = await getLesson(lessonId);
  } catch (err) {
    document.getElementById("handout-loading").textContent = `This lesson cannot be printed: ${err.message}`;
    run.set({ runState: "error" });
    return;
  }
  const loader = new SlideLoader(lessonId, lesson.slides, root.dataset.traceVersion);
  const sections = lesson.slides.map((slide, index) => sectionFor(slide, index));
  root.append(...sections);
  const loads = lesson.slides.map((slide, index) => loader.load(index));
  for (const [index, slide] of lesson.slides.entries()) {
    try {
      drawSlide(sections[index], slide, await loads[index]);
    } catch (err) {
      sections[index].append(el("p", "handout-error", _("This slide cannot be drawn: {reason}", { reason: err.message })));
    }
  }
  document.getElementById("handout-loading").remove();
  run.set({ runState: "done" });
}

start();
