// exams/practice.js: the entry of /exams/<id>/practice, a whole generated exam to practise
// (docs/exams.md). The variant's questions are listed; the current one (?question=K, from 1,
// kept in the address) shows its prompt and its tree in the practice embed
// (/embed/practice?tree=…&players=…&rule=…, exams/question-view.js's practiceLink), which
// grades each answer with practice's explanations. The frame takes the height the embed
// reports (its lti.frameResize message, from this origin only). The run store says "done"
// once a question's frame is set (body[data-run-state]).

import { ApiError, getJson } from "../lib/api.js";
import { _, language } from "../lib/i18n.js";
import { setUpPage } from "../lib/page-setup.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { promptText, rootGuess } from "./prompt.js";
import { el, practiceLink } from "./question-view.js";
import { FRAME_RESIZE } from "../lib/frame-message.js";

setUpPage();

const root = document.getElementById("stage");
const list = document.getElementById("exam-practice-list");
const title = document.getElementById("exam-practice-title");
const prompt = document.getElementById("exam-practice-prompt");
const frame = document.getElementById("exam-practice-frame");
const previous = document.getElementById("exam-practice-previous");
const next = document.getElementById("exam-practice-next");
const run = createRunStore();
mirrorRunState(run, document.body);
let questions = [];
let current = 0;

function show(index, { focus = false } = {}) {
  current = index;
  const question = questions[index];
  title.textContent = _("Question {number} of {count}", { number: index + 1, count: questions.length });
  prompt.textContent = promptText(question, rootGuess(question));
  const lang = language() === "en" ? "" : `&lang=${encodeURIComponent(language())}`; // the frame speaks the page's language
  frame.src = practiceLink(question).replace("/practice?", "/embed/practice?") + lang;
  frame.title = _("Practice on question {number}'s tree", { number: index + 1 });
  for (const [k, item] of [...list.children].entries()) {
    const button = item.firstElementChild;
    if (k === index) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  previous.disabled = index === 0;
  next.disabled = index === questions.length - 1;
  const url = new URL(window.location.href);
  url.searchParams.set("question", String(index + 1));
  history.replaceState(null, "", url);
  if (focus) title.focus();
  run.set({ runState: "done" });
}

function questionFromAddress() {
  const text = new URLSearchParams(window.location.search).get("question") || "1";
  const number = /^\d{1,4}$/.test(text) ? Number(text) : 1;
  return Math.min(Math.max(number, 1), questions.length) - 1;
}

window.addEventListener("message", (event) => {
  if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
  const data = event.data;
  if (data && data.subject === FRAME_RESIZE && Number.isFinite(data.height) && data.height > 0) {
    frame.style.height = `${Math.min(Math.ceil(data.height), 4000)}px`;
  }
});

async function start() {
  run.set({ runState: "loading" });
  title.tabIndex = -1;
  const path = `/api/exams/${encodeURIComponent(root.dataset.examId)}/variants/${Number(root.dataset.variant)}`;
  try {
    ({ questions } = await getJson(path));
  } catch (err) {
    title.textContent = _("This exam cannot be practised: {error}", { error: err instanceof ApiError ? err.message : String(err) });
    run.set({ runState: "error" });
    return;
  }
  for (const [index, question] of questions.entries()) {
    const button = el("button", "link-button", `Question ${index + 1}`);
    button.type = "button";
    button.dataset.questionIndex = String(index);
    button.title = question.prompt;
    button.addEventListener("click", () => show(index, { focus: true }));
    const item = el("li");
    item.append(button);
    list.append(item);
  }
  previous.addEventListener("click", () => show(current - 1, { focus: true }));
  next.addEventListener("click", () => show(current + 1, { focus: true }));
  show(questionFromAddress());
}

start();
