// page.js: the entry module of /practice and of its embed /embed/practice (the stage's
// data-embed="true": no tree choice, no copy buttons, "Show me" in a new tab). The page
// loads the exercise's tree and whole trace once (load.js), shows the tree at step 0 (leaf
// values only), and from then on works offline: the student's answer lives in the answer
// sheet, marks.js crosses nodes out on the tree, grader.js grades in the browser and
// results.js says why; print.js prints it as a worksheet (and its answer key). Nothing the
// student answers is sent anywhere. PVS, MTD(f) and Star1 are asked one question each
// instead (questions/, question-sheet.js: the children searched again, the bounds after
// each pass, the chance children pruned), in a form of their own beside the same tree.
//
// body[data-run-state]: loading | done | error (tests wait on it). window.prune: hooks for
// tests.

import { _, ngettext } from "../lib/i18n.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { cutByDepthLimit } from "../trace/trace.js";
import { TreeView } from "../tree/view.js";
import { copyText, embedCode } from "../lib/share-text.js";
import { nameOf } from "../lib/names.js";
import { practiceQuery, questionExercise, readPractice, ungradable, visualizerQuery } from "./address.js";
import { AnswerSheet } from "./answer-sheet.js";
import { MAX_SEED } from "./difficulty.js";
import { grade } from "./grader.js";
import { loadExercise } from "./load.js";
import { PracticeMarks } from "./marks.js";
import { PracticePrint } from "./print.js";
import { QuestionSheet } from "./question-sheet.js";
import { gradeQuestion, questionAnswer, questionOf } from "./questions/index.js";
import { Results, gradeOf, nodeGrades } from "./results.js";
import { ruleSentences } from "./statement.js";
import { engineAnswer, truthOf } from "./truth.js";
import { setUpPage } from "../lib/page-setup.js";
import { pageStore } from "../lib/page-store.js";
import { reportScore, sentSentence } from "../lib/lti-score.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const stage = $("stage");
const isEmbed = stage.dataset.embed === "true";
const version = stage.dataset.traceVersion || "";
const EMBED_MAX_WIDTH = 960; // the practice embed needs room for the tree and the sheet
const EMBED_ASPECT = "1/1";

let exercise = readPractice();
let trace = null;
let truth = null; // what the trace says (truth.js), worked out once per tree
let lastResult = null;
let graded = null; // the answer the results shown are about
let question = ""; // the question the search asks ("" for prunes and values: grader.js)
const TREE_HELP = [...$("tree-help").childNodes].map((part) => part.cloneNode(true));
let loads = 0; // the latest load: an older one that finishes later is dropped

const view = new TreeView($("tree"));
const sheet = new AnswerSheet(
  { rows: $("sheet-rows"), windowsToggle: $("show-windows"), bestMove: $("best-move") },
  { onChange: answerChanged }
);
const questions = new QuestionSheet(
  { text: $("question-text"), taps: $("question-taps"), tapList: $("question-tap-list"), passes: $("question-passes") },
  { onChange: answerChanged }
);
const marks = new PracticeMarks(view, { onToggle: toggleMark });
const results = new Results(
  {
    section: $("results"),
    score: $("score"),
    summary: $("results-summary"),
    mistakes: $("mistakes"),
    correct: $("correct"),
    correctList: $("correct-list"),
    stale: $("results-stale"),
  },
  { showMeLink: (step) => `/?${visualizerQuery(exercise, step)}`, newTab: isEmbed }
);
view.onActivate = (id) => sheet.focusNode(id); // Enter on a node: its row in the sheet
// Printing: a worksheet of the tree shown; "Print answer key" adds the engine's answers.
new PracticePrint({ tree: $("tree"), key: $("answer-key"), sheetButton: $("print-sheet"), keyButton: $("print-key") }, () =>
  trace && !question ? { trace, truth, pictureOptions: { cutByLimit: view.cutByLimit, levels: view.levels } } : null
);

// The exercise's load state (loading | done | error); body[data-run-state] mirrors it.
const store = createRunStore();
mirrorRunState(store, document.body);

function setRunState(runState) {
  store.set({ runState });
}

/** A short message under the tree (a live region): what a click or key on the tree did. */
function say(text) {
  $("practice-status").textContent = text;
}

function toggleMark(id) {
  if (!trace) return;
  if (question) {
    say(questions.toggle(id));
    return;
  }
  const name = nameOf(trace, id);
  if (id === 0) {
    say(_("{node} is the root: it is always searched.", { node: name }));
    return;
  }
  if (!sheet.toggle(id)) {
    const above = sheet.markAbove(id, true);
    say(_("{node} is inside {branch}, which you marked pruned.", { node: name, branch: nameOf(trace, above) }));
    return;
  }
  say(sheet.isMarked(id) ? _("{node} marked pruned.", { node: name }) : _("{node} no longer marked pruned.", { node: name }));
}

function boundsHelp() {
  return _("Read the tree as MTD(f) searches it, pass by pass; write the root's bounds after each pass in the form.");
}

function questionHelp() {
  return _(
    "Tick a node: click it or the edge into it, or press X on the focused node (Tab into the tree; arrows move). Ticks and boxes in the form are the same answer."
  );
}

/** Any change to the answer: redraw the marks; a check shown is now about an older answer. */
function answerChanged() {
  marks.setMarked(question ? questions.marked() : sheet.marked());
  if (lastResult) {
    lastResult = null;
    results.markStale();
    marks.setGrades(new Map());
    if (question) questions.showGrades([]);
    else sheet.showGrades([]);
  }
  $("sheet-errors").hidden = true;
  $("question-errors").hidden = true;
}

function check(event) {
  event.preventDefault();
  if (!trace) return;
  const { answer, errors } = question ? questions.read() : sheet.read();
  const box = $(question ? "question-errors" : "sheet-errors");
  if (errors.length) {
    box.replaceChildren(...errors.map((e) => Object.assign(document.createElement("p"), { textContent: e.message })));
    box.hidden = false;
    errors[0].input.focus();
    return;
  }
  graded = answer;
  const result = showGrade(answer);
  lastResult = result;
  $("results-heading").focus();
  // Launched from an LMS (docs/lti.md): each check's score goes to the gradebook (the
  // placement keeps the best or the latest); opened any other way, nothing is sent.
  reportScore(result.score, result.max_score).then((answer) => {
    if (answer) say(sentSentence(answer, result.score, result.max_score));
  });
}

/** Grade `answer` and show it: the results, the form's and the tree's marks. */
function showGrade(answer) {
  const result = question ? gradeQuestion(trace, answer) : grade(trace, answer, truth);
  results.show(result);
  if (question) questions.showGrades(result.items);
  else sheet.showGrades(result.items.map((item) => [item, gradeOf(item.kind)]));
  marks.setGrades(nodeGrades(trace, question === "bounds" ? [] : result.items));
  return result;
}

/** A language switch in place (lib/language.js): the form's words built from the tree, the
 * tree's names, the rules and a check shown (graded again: its sentences are the grader's)
 * in the new language; the answer typed so far stays. */
function speakAgain() {
  if (!trace) return;
  if (!question) sheet.retell();
  $("legend-over").textContent = question ? _("ticked, not one of them") : _("over-pruned");
  view.render(trace.seek(0), false);
  describe();
  if (!results.result || !graded) return;
  if (lastResult) lastResult = showGrade(graded);
  else {
    results.show(question ? gradeQuestion(trace, graded) : grade(trace, graded, truth));
    results.markStale(); // the answer changed since: the grades are no longer on the form
  }
}

function tryAgain() {
  const items = results.result ? results.result.items : [];
  const first = question ? questions.clearWrong(items) : sheet.clearWrong(items);
  const kept = items.filter((item) => gradeOf(item.kind) === "correct").length;
  results.hide();
  say(ngettext("Wrong answers cleared; {n} correct answer is kept.", "Wrong answers cleared; {n} correct answers are kept.", kept));
  (first || document.querySelector("#sheet-rows input:not([disabled])") || $(question ? "question-check" : "check")).focus();
}

function showAnswer() {
  if (!trace) return;
  if (question) questions.setAnswer(questionAnswer(trace));
  else sheet.setAnswer(engineAnswer(trace, truth));
  results.hide();
  say(_("The engine's answer is filled in. Check grades it; the visualizer shows how it comes about."));
}

/** The rules, the address and the tree choice, for the exercise shown. */
function describe() {
  const statement = $("rule-statement");
  statement.replaceChildren(
    ...ruleSentences(trace.options, trace).map((text) => Object.assign(document.createElement("span"), { textContent: `${text} ` }))
  );
  const query = practiceQuery(exercise);
  window.history.replaceState(null, "", `${window.location.pathname}?${query}`);
  const open = $("practice-open");
  if (open) open.href = `/practice?${query}`;
  $("visualizer-link").href = `/?${visualizerQuery(exercise, 0)}`;
  if (isEmbed) return;
  const choice = $("difficulty");
  const preset = exercise.source && exercise.source.kind === "preset" ? `preset:${exercise.source.name}` : "";
  const own = exercise.question ? `question:${exercise.question.kind}` : preset;
  const named = exercise.difficulty || (choice.querySelector(`option[value="${CSS.escape(own)}"]`) ? own : "");
  choice.querySelector('option[value=""]').hidden = !!named; // "This tree": a link's own tree
  choice.value = named;
  const rule = $("rule");
  rule.value = trace.options.rule || "standard";
  rule.closest("label").hidden = trace.options.algorithm !== "alphabeta";
}

/** Load `next` and show it; `keep`: fill in the answer given so far (same tree, new rule). */
async function open(next, { keep = false } = {}) {
  const load = ++loads;
  setRunState("loading");
  const kept = keep && trace && !question ? sheet.read().answer : null;
  let loaded;
  try {
    const refusal = ungradable(next.options);
    if (refusal) throw new Error(refusal);
    loaded = await loadExercise(next, {
      version,
      onRetry: ({ wait }) => say(_("The server is busy: trying again in {seconds} s…", { seconds: Math.ceil(wait / 1000) })),
    });
  } catch (err) {
    if (load !== loads) return;
    const box = $("practice-loading");
    box.hidden = false;
    box.textContent = _("This tree cannot be practised: {error}", { error: err.message });
    box.classList.add("practice-error");
    setRunState("error");
    return;
  }
  if (load !== loads) return;
  $("practice-loading").hidden = true;
  $("practice-loading").classList.remove("practice-error");
  exercise = next;
  trace = loaded.trace;
  question = questionOf(trace.options);
  // The form of the exercise's kind, hidden until there is a tree to answer about.
  $("answer-form").hidden = !!question;
  $("question-form").hidden = !question;
  $("sheet-hint").hidden = !!question;
  $("legend-over").textContent = question ? _("ticked, not one of them") : _("over-pruned");
  const help = question === "bounds" ? [boundsHelp()] : question ? [questionHelp()] : TREE_HELP;
  $("tree-help").replaceChildren(...help.map((part) => (typeof part === "string" ? part : part.cloneNode(true))));
  for (const button of [$("print-sheet"), $("print-key")]) if (button) button.disabled = !!question; // worksheets: prunes and values
  truth = question ? null : truthOf(trace);
  lastResult = null;
  results.hide();
  view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, loaded.doc), agents: loaded.agents });
  if (question) questions.build(trace);
  else sheet.build(trace, { windows: trace.options.algorithm === "alphabeta" });
  if (kept) sheet.setAnswer(kept);
  marks.tapping = question === "research"; // Star1's pruned children are crossed out
  marks.setGrades(new Map());
  marks.setMarked(question ? questions.marked() : sheet.marked());
  // Every node drawn (the view folds big trees; a student must see them all): pan to see
  // more. Set before the first render, which then draws and fits at once, with no tween.
  if (view.canShowAll) view.setShowAll(true);
  view.render(trace.seek(0), false);
  describe();
  setRunState("done");
}

/** The page's own controls: the tree choice, the rule, and the links to copy. */
function wireBar() {
  const choice = $("difficulty");
  choice.addEventListener("change", () => {
    if (choice.value.startsWith("question:")) {
      const kind = choice.value.slice("question:".length);
      open({ question: questionExercise(kind, exercise.question ? exercise.question.seed : 1), options: {} });
    } else if (choice.value.startsWith("preset:")) {
      const source = { kind: "preset", name: choice.value.slice("preset:".length) };
      open({ difficulty: null, seed: null, source, packed: null, options: { ...exercise.options } });
    } else if (choice.value) {
      const seed = exercise.seed || 1;
      open({ difficulty: choice.value, seed, source: null, packed: null, options: withoutOrderingSeed() });
    }
  });
  $("new-tree").addEventListener("click", () => {
    if (exercise.question) {
      open({ question: questionExercise(exercise.question.kind, (exercise.question.seed % MAX_SEED) + 1), options: {} });
      return;
    }
    const difficulty = exercise.difficulty || "easy";
    const seed = exercise.difficulty ? (exercise.seed % MAX_SEED) + 1 : 1;
    open({ difficulty, seed, source: null, packed: null, options: withoutOrderingSeed() });
  });
  $("rule").addEventListener("change", (event) => {
    open({ ...exercise, options: { ...exercise.options, rule: event.target.value } }, { keep: true });
  });
  $("copy-link").addEventListener("click", () => copy(`${window.location.origin}/practice?${practiceQuery(exercise)}`, "link"));
  $("copy-embed").addEventListener("click", () => {
    const src = `${window.location.origin}/embed/practice?${practiceQuery(exercise)}`;
    copy(embedCode(src, _("Prune: practice alpha-beta pruning"), EMBED_MAX_WIDTH, EMBED_ASPECT), "embed");
  });
}

/** The options a random tree keeps: its address's seed= is the tree's, so an ordering's
 * seed could not be written there. */
function withoutOrderingSeed() {
  const options = { ...exercise.options };
  delete options.seed;
  return options;
}

async function copy(text, what) {
  const fallback = $("copy-text");
  fallback.value = text;
  const ok = await copyText(text, null);
  fallback.closest(".copy-fallback").hidden = ok;
  if (!ok) fallback.select();
  if (what === "link") $("bar-status").textContent = ok ? _("Link copied.") : _("Select the link below and copy it (Ctrl+C).");
  else $("bar-status").textContent = ok ? _("Embed code copied.") : _("Select the embed code below and copy it (Ctrl+C).");
}

$("answer-form").addEventListener("submit", check);
$("try-again").addEventListener("click", tryAgain);
$("show-answer").addEventListener("click", showAnswer);
$("question-form").addEventListener("submit", check);
$("question-show-answer").addEventListener("click", showAnswer);
if (!isEmbed) wireBar();

window.prune = {
  get trace() {
    return trace;
  },
  get exercise() {
    return exercise;
  },
  get result() {
    return lastResult;
  },
  view,
  sheet,
  questions,
};

pageStore.subscribe((state, changed) => "lang" in changed && speakAgain());
open(exercise);
