// exams/question-view.js: one generated question drawn for people, shared by the printed exam
// (exams/print.js) and the builder's preview (exams/page.js): a section[data-question-index]
// with its number and prompt, its tree drawn whole by tree/picture.js before the search (the
// nodes' names, the leaves' values, a blank box at every inner node) and, for the key, the
// answer in one line, the tree at the end of the search and the worked solution. Text from
// the exam is set with textContent only.

import { traceTree } from "../lib/api.js";
import { _ } from "../lib/i18n.js";
import { nameOf } from "../lib/names.js";
import { Trace } from "../trace/trace.js";
import { treePicture } from "../tree/picture.js";
import { R } from "../tree/shapes.js";
import { answerText } from "./answer-text.js";
import { promptText, rootGuess } from "./prompt.js";
import { solutionLines, solutionSearches } from "./solution.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The question's finished trace, from its tree document and rule (or `options`). */
export async function traceOf(question, options = { rule: question.rule, players: question.tree.players }) {
  const result = await traceTree(question.tree, options);
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return trace;
}

/** The other searches the key's worked solution is written from in the page's language
 * (exams/solution.js), as {name: finished trace}. */
export async function searchesOf(question) {
  const wanted = Object.entries(solutionSearches(question));
  const traces = await Promise.all(wanted.map(([, options]) => traceOf(question, options)));
  return Object.fromEntries(wanted.map(([name], index) => [name, traces[index]]));
}

const SVG = "http://www.w3.org/2000/svg";
const BOX = { width: 34, height: 22 }; // room for a value written by hand at print size
const WINDOW_BOX = { width: 50, height: 18 }; // "α =" and room for a bound

function svgBox(className, x, y, width, height) {
  const box = document.createElementNS(SVG, "rect");
  box.setAttribute("class", className);
  box.setAttribute("x", String(x));
  box.setAttribute("y", String(y));
  box.setAttribute("width", String(width));
  box.setAttribute("height", String(height));
  box.setAttribute("aria-hidden", "true");
  return box;
}

/** A blank box to the right of every inner node of `picture`, for its value; under it, at
 * the nodes a windows question names (`asked`), a box for α and one for β. The boxes are
 * filled with the page's background (exam-print.css): an edge passing behind one stops at it. */
function addBlankBoxes(picture, asked) {
  for (const node of picture.querySelectorAll("g.node.inner")) {
    node.append(svgBox("exam-blank", R + 4, -BOX.height / 2, BOX.width, BOX.height));
    const label = node.querySelector(".node-label");
    if (!label || !asked.has(label.textContent)) continue;
    node.classList.add("exam-asked");
    for (const [row, symbol] of ["α", "β"].entries()) {
      const y = BOX.height / 2 + 3 + row * (WINDOW_BOX.height + 3);
      node.append(svgBox("exam-blank exam-window", R + 4, y, WINDOW_BOX.width, WINDOW_BOX.height));
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("class", "exam-window-label");
      text.setAttribute("x", String(R + 7));
      text.setAttribute("y", String(y + WINDOW_BOX.height - 5));
      text.setAttribute("aria-hidden", "true");
      text.textContent = `${symbol} =`;
      node.append(text);
    }
  }
}

function figure(picture, caption) {
  const box = el("figure", "exam-figure");
  box.append(picture, el("figcaption", "", caption));
  return box;
}

/** The practice page's address for the question: its tree, players and rule. */
export function practiceLink(question) {
  const params = new URLSearchParams({
    tree: JSON.stringify(question.tree.tree),
    players: question.tree.players.join(","),
    rule: question.rule,
  });
  return `/practice?${params}`;
}

/** The section of question `index` (0-based): its heading and prompt. */
export function questionSection(question, index) {
  const part = el("section", "exam-question");
  part.dataset.questionIndex = String(index);
  part.dataset.kind = question.kind;
  part.setAttribute("aria-labelledby", `question-${index}`);
  const heading = el("h2", "exam-question-title", _("Question {number}", { number: index + 1 }));
  heading.id = `question-${index}`;
  const sheet = el("div", "exam-sheet"); // the question and its tree: one block on paper
  sheet.append(heading, el("p", "exam-prompt", promptText(question, rootGuess(question))));
  part.append(sheet);
  return part;
}

/** Draw the question's tree into `part`; with `key`, its answer and worked solution too
 * (written from `searches`, searchesOf(question), where its kind needs another search). */
export function drawQuestion(part, question, trace, index, key, searches = {}) {
  part.querySelector(".exam-prompt").textContent = promptText(question, nameOf(trace, 0));
  const picture = treePicture(trace, 0, { title: _("Question {number}: the tree", { number: index + 1 }) });
  addBlankBoxes(picture, new Set(question.asked || []));
  const caption = key ? _("The tree as the students see it.") : _("Named nodes; fill in the boxes.");
  part.querySelector(".exam-sheet").append(figure(picture, caption));
  if (!key) return;
  const answer = el("div", "exam-key");
  const solvedBlock = el("div", "exam-sheet");
  solvedBlock.append(el("h3", "", _("Answer")), el("p", "exam-answer", answerText(question)));
  const solved = treePicture(trace, trace.length, { title: _("Question {number}: the search at the end", { number: index + 1 }) });
  solvedBlock.append(figure(solved, _("The search at the end: values, windows, pruned branches crossed.")));
  answer.append(solvedBlock);
  const steps = el("ol", "exam-solution");
  for (const line of solutionLines(question, trace, searches)) steps.append(el("li", "", line));
  answer.append(el("h3", "", _("Worked solution")), steps);
  part.append(answer);
}
