// exams/print.js: the entry of /exams/<id>/print, one variant of a generated exam on paper
// (docs/exams.md): a section[data-question-index] per question (exams/question-view.js),
// with the answer key when the address has key=1 (main[data-key="true"]), and on screen a
// link to practise each question (graded with practice's explanations). The page's run
// store says "done" when every question is drawn (body[data-run-state]; tests and printing
// wait for it).

import { ApiError, getJson } from "../lib/api.js";
import { _ } from "../lib/i18n.js";
import { setUpPage } from "../lib/page-setup.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { drawQuestion, el, practiceLink, questionSection, searchesOf, traceOf } from "./question-view.js";

setUpPage();

const root = document.getElementById("stage");
const run = createRunStore();
mirrorRunState(run, document.body);

async function start() {
  run.set({ runState: "loading" });
  document.getElementById("btn-print").addEventListener("click", () => window.print());
  const key = root.dataset.key === "true";
  const variant = Number(root.dataset.variant) - 1;
  let exam;
  try {
    exam = await getJson(`/api/exams/${encodeURIComponent(root.dataset.examId)}/variants/${variant + 1}`);
  } catch (err) {
    const why = err instanceof ApiError ? err.message : String(err);
    document.getElementById("exam-loading").textContent = _("This exam cannot be shown: {error}", { error: why });
    run.set({ runState: "error" });
    return;
  }
  const { questions } = exam;
  const parts = questions.map(questionSection);
  root.append(...parts);
  const traces = questions.map((question) => traceOf(question));
  const searches = questions.map((question) => (key ? searchesOf(question) : {}));
  for (const [index, question] of questions.entries()) {
    try {
      drawQuestion(parts[index], question, await traces[index], index, key, await searches[index]);
      const practice = el("a", "exam-practice", _("Practice question {number}", { number: index + 1 }));
      practice.href = practiceLink(question);
      parts[index].append(practice); // on screen only: a student practises the exam question by question
    } catch (err) {
      parts[index].append(el("p", "exam-error", _("This question cannot be drawn: {error}", { error: err.message })));
    }
  }
  document.getElementById("exam-loading").remove();
  run.set({ runState: "done" });
}

start();
