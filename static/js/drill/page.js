// drill/page.js: the entry module of /practice/drill and /embed/practice/drill (the stage's
// data-embed="true"). A sitting of many small trees: each is generated here from its level
// and seed (trees.js, search.js), drawn whole with its leaf values (TreeView), crossed out
// with a click or tap on a node or its edge, or X on the focused node (practice/marks.js);
// a tree the page cannot draw whole with values of 12 px or more (a phone) is shown as the
// outline instead (tree/outline-view.js), crossed out there by a tap on a row or X
// (practice/outline-marks.js), its worst graded row scrolled into sight after Check;
// graded at once by practice/grader.js (Check, Enter), and followed by a new tree (Next, N; N
// only with the single-key setting on, lib/single-keys.js). The verdict with the score, and a
// new tree, are said in the status line (a live region), in the page's language: a language
// switch writes the status line, the rules and the summary again (status-line.js).
// The bar keeps the score ([data-score], "right/done"), the streak and the time of the tree;
// End sitting shows how many of each mistake (sitting.js). Nothing is ever sent: the page
// works offline once loaded, but for the question levels (question-levels.js: PVS, Star1),
// whose trees and traces come from the server. A lecture room may drive the level and seeds
// (room.js).
//
// Address: ?level=<id>&seed=<n>[&adaptive=1][&ask=value,move]; it follows every tree, so
// any tree can be shared and replayed. The page's run store (player/run-store.js): done once
// a tree is shown, mirrored on body[data-run-state]. window.prune: hooks for tests (trace,
// level, seed, sitting, timings); nothing in the app reads it.

import { moveName } from "../lib/names.js";
import { singleKeysOn } from "../lib/single-keys.js";
import { parseNumber } from "../practice/answer-sheet.js";
import { grade } from "../practice/grader.js";
import { GRADE_ICONS, PracticeMarks } from "../practice/marks.js";
import { OutlineMarks } from "../practice/outline-marks.js";
import { gradeOf, nodeGrades } from "../practice/results.js";
import { ruleSentences } from "../practice/statement.js";
import { truthOf } from "../practice/truth.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { Trace } from "../trace/trace.js";
import { TreeOutline } from "../tree/outline-view.js";
import { TreeView } from "../tree/view.js";
import { joinRoomDrill } from "./room.js";
import { adapt, adaptiveStart, newSitting, outcome, record, scoreText, seconds, summaryLines } from "./sitting.js";
import { questionItems, questionTrace, levelQuestion, newTreeSentence } from "./question-levels.js";
import { LEVELS, drillTree, isLevel, levelOf, nextSeed, readSeed } from "./trees.js";
import { setUpPage } from "../lib/page-setup.js";
import { LmsTries } from "./lms-tries.js";
import { drillItems, scoreSentence, verdictSentence } from "./verdict.js";
import { StatusLine } from "./status-line.js";
import { _, formatNumber } from "../lib/i18n.js";
import { pageStore } from "../lib/page-store.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const WORST_FIRST = ["over", "missing", "wrong", "correct"];
const TICK_MS = 200;

const params = new URLSearchParams(window.location.search);
const asks = new Set((params.get("ask") || "").split(",").filter((ask) => ask === "value" || ask === "move"));
const state = {
  level: isLevel(params.get("level")) ? params.get("level") : LEVELS[0].id,
  seed: readSeed(params.get("seed")) ?? 1,
  adaptive: params.get("adaptive") === "1",
  trace: null,
  truth: null,
  marked: new Set(),
  result: null, // the drill's graded items once checked
  explanations: new Map(), // node id → its sentences, once checked
  shownAt: 0,
  sitting: newSitting(),
  steps: null, // the adaptive rule's state
  room: null, // a lecture room's drill, when one drives the trees
};
state.steps = adaptiveStart(LEVELS.findIndex((level) => level.id === state.level));
const timings = { next: [], check: [] };
const lmsTries = new LmsTries(params); // launched from an LMS: each try's score sent (docs/lti.md)
const run = createRunStore(); // the page's run state: done once a tree is shown
mirrorRunState(run, document.body);
const view = new TreeView($("tree"));
view.foldable = false; // a tap crosses out: no fold toggle, no double-tap fold (trees are drawn whole or outlined)
const pictureMarks = new PracticeMarks(view, { onToggle: toggle });
// Whole at 12 px or more, else the outline (fit first; a drill never folds).
const outline = new TreeOutline(view, { wants: () => !(view.fitted && view.fitted.whole) });
const outlineMarks = new OutlineMarks(outline, { onToggle: toggle });
const drawn = view.onRendered;
view.onRendered = () => {
  drawn();
  outlineMarks.draw();
};
/** The marks on the picture and in the outline, set together. */
const marks = {
  setMarked: (ids) => [pictureMarks, outlineMarks].forEach((m) => m.setMarked(ids)),
  setGrades: (grades) => [pictureMarks, outlineMarks].forEach((m) => m.setGrades(grades)),
};
view.onActivate = (id) => (state.result ? explain(id) : check());

const statusLine = new StatusLine($("drill-status"));
const say = (text, clean = null) => statusLine.say(text, clean);

/** The tree of the state's level and seed, searched here (search.js). */
function drawnTrace() {
  const { trace: result } = drillTree(state.level, state.seed);
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return trace;
}

let shows = 0; // the latest show: an older question tree that arrives later is dropped

/** Draw the tree of the state's level and seed; `announcement` is the status line's (said before the fit).
 * A question level's tree is fetched (the only wait); every other is drawn at once. */
async function show(announcement = "") {
  const started = performance.now();
  const level = levelOf(state.level);
  const load = ++shows;
  let trace;
  if (level.question) {
    run.set({ runState: "loading" });
    try {
      trace = await questionTrace(level, state.seed, {
        onRetry: ({ wait }) => say(_("The server is busy: trying again in {seconds} s…", { seconds: Math.ceil(wait / 1000) })),
      });
    } catch (err) {
      if (load === shows) say(_("This level's trees come from the server, which did not answer: {error}", { error: err.message }));
      if (load === shows) run.set({ runState: "error" });
      return;
    }
    if (load !== shows) return;
  } else {
    trace = drawnTrace();
  }
  pictureMarks.tapping = outlineMarks.tapping = level.question === "research"; // PVS: ticks, not crosses
  Object.assign(state, { trace, truth: truthOf(trace), marked: new Set(), result: null, explanations: new Map() });
  describe(announcement); // first: its rules and status change the height the tree is fitted in
  view.resized();
  view.setTree(trace);
  if (view.canShowAll) view.setShowAll(true);
  marks.setGrades(new Map());
  marks.setMarked(state.marked);
  view.render(trace.seek(0), false);
  state.shownAt = performance.now();
  timings.next.push(state.shownAt - started);
  run.set({ trace, runState: "done" });
}

/** The tree's rules, and the level's question if it asks one, in one line. */
function rulesLine() {
  const { trace } = state;
  const level = levelOf(state.level);
  const sentences = ruleSentences(trace.options, trace);
  if (level.question) sentences.push(levelQuestion(level, trace));
  return sentences.join(" ");
}

/** The rules, the optional questions, the status line and the address, for the tree shown. */
function describe(announcement) {
  const { trace } = state;
  const level = levelOf(state.level);
  $("rule-statement").textContent = rulesLine();
  $("drill-adaptive").disabled = !!level.question; // adaptive steps through the alpha-beta levels
  $("drill-level").value = state.level;
  $("drill-adaptive").checked = state.adaptive;
  $("ask-value").checked = asks.has("value");
  $("ask-move").checked = asks.has("move");
  $("drill-asks").hidden = asks.size === 0 || !!level.question;
  $("ask-value-field").hidden = !asks.has("value");
  $("ask-move-field").hidden = !asks.has("move");
  $("root-value").value = "";
  const moves = trace.children[0].map((child, index) => new Option(moveName(trace, child), String(index)));
  $("best-move").replaceChildren(new Option("—", ""), ...moves);
  $("drill-why").hidden = true;
  $("drill-why").open = false;
  say(announcement);
  const query = new URLSearchParams([
    ["level", state.level],
    ["seed", String(state.seed)],
  ]);
  if (state.adaptive) query.set("adaptive", "1");
  if (asks.size) query.set("ask", [...asks].join(","));
  if (lmsTries.trees) query.set("trees", String(lmsTries.trees)); // a reload keeps the try's size
  if (state.room) {
    query.set("room", state.room.code);
    query.set("drill", state.room.drill);
  }
  window.history.replaceState(null, "", `${window.location.pathname}?${query}`);
  const open = $("drill-open");
  if (open) open.href = `/practice/drill?${query}`;
}

function toggle(id) {
  if (!state.trace) return;
  if (state.result) {
    explain(id);
    return;
  }
  const node = moveName(state.trace, id);
  if (id === 0) return say(_("{node} is the root: it is always searched.", { node }));
  for (let above = levelOf(state.level).question ? 0 : state.trace.parent[id]; above > 0; above = state.trace.parent[above]) {
    const crossed = moveName(state.trace, above);
    if (state.marked.has(above)) return say(_("{node} is inside {crossed}, which you crossed out.", { node, crossed }));
  }
  if (state.marked.has(id)) state.marked.delete(id);
  else state.marked.add(id);
  marks.setMarked(state.marked);
  const on = state.marked.has(id);
  if (pictureMarks.tapping) say(() => (on ? _("{node} ticked.", { node }) : _("{node} no longer ticked.", { node })));
  else say(() => (on ? _("{node} crossed out.", { node }) : _("{node} no longer crossed out.", { node })));
}

/** The answer: the crossed-out nodes, and the root value and best move when asked. */
function answer() {
  const { trace } = state;
  const given = { pruned: [...state.marked].map((id) => trace.keys[id]), values: {} };
  const value = asks.has("value") ? parseNumber($("root-value").value) : null;
  if (value !== null && !Number.isNaN(value)) given.values[""] = value;
  const move = asks.has("move") ? $("best-move").value : "";
  if (move !== "") given.best_move = Number(move);
  return given;
}

function check() {
  if (!state.trace || state.result) return;
  const started = performance.now();
  const ms = started - state.shownAt;
  const level = levelOf(state.level);
  const items = level.question ? questionItems(state.trace, state.marked) : drillItems(grade(state.trace, answer(), state.truth), asks);
  state.result = { items };
  const treeOutcome = outcome(state.result);
  marks.setGrades(nodeGrades(state.trace, items));
  for (const item of items) {
    const id = state.trace.ids.get(item.path.join("."));
    state.explanations.set(id, [...(state.explanations.get(id) || []), item.explanation]);
  }
  state.sitting = record(state.sitting, treeOutcome, ms);
  if (state.adaptive && !level.question) {
    state.steps = adapt(state.steps, treeOutcome.clean, LEVELS.length);
    state.level = LEVELS[state.steps.level].id;
  }
  if (state.room) state.room.report(treeOutcome.clean);
  showScore(ms);
  const { sitting } = state;
  say(() => `${verdictSentence(items, treeOutcome, level)} ${scoreSentence(sitting)}`, treeOutcome.clean);
  report(items);
  sendTryToLms();
  timings.check.push(performance.now() - started);
}

/** At the end of a try of N trees launched from an LMS, its score goes to the gradebook. */
function sendTryToLms() {
  const status = $("drill-status");
  const verdict = status.textContent;
  const clean = status.dataset.clean === undefined ? null : status.dataset.clean === "true";
  lmsTries.afterCheck(state.sitting, (sentence) => {
    if (status.textContent === verdict) say(`${verdict} ${sentence}`, clean);
  });
}

function showScore(ms) {
  $("drill-score").textContent = scoreText(state.sitting);
  $("drill-streak").textContent = String(state.sitting.streak);
  $("drill-time").textContent = seconds(ms);
}

/** Every item's sentence behind "Why?", the worst first. */
function report(items) {
  const sorted = [...items].sort((a, b) => WORST_FIRST.indexOf(gradeOf(a.kind)) - WORST_FIRST.indexOf(gradeOf(b.kind)));
  const list = sorted.map((item) => {
    const li = document.createElement("li");
    li.className = "result";
    li.dataset.grade = gradeOf(item.kind);
    const icon = document.createElement("span");
    icon.className = "result-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = GRADE_ICONS[gradeOf(item.kind)];
    li.append(icon, item.explanation);
    return li;
  });
  $("drill-why-list").replaceChildren(...list);
  $("drill-why-count").textContent = `(${formatNumber(list.length)})`;
  $("drill-why").hidden = list.length === 0;
}

/** A checked node's sentences, on demand (Enter, a click or a tap on it). */
function explain(id) {
  const said = state.explanations.get(id);
  const node = moveName(state.trace, id);
  say(said ? said.join(" ") : _("{node}: nothing to grade here (it is searched, and you left it).", { node }));
}

async function next() {
  state.seed = nextSeed(state.seed);
  const inTree = document.activeElement && document.activeElement.closest && document.activeElement.closest("#tree");
  const level = levelOf(state.level);
  await show(() =>
    level.question
      ? newTreeSentence(level, _(level.name))
      : _("A new tree ({level}): cross out the branches alpha-beta never searches.", { level: _(level.name) })
  );
  if (!inTree && document.activeElement !== document.body) return;
  if (outline.active) outline.focusRow(0);
  else view.focusControl.focus(0);
}

function finish() {
  writeSummary();
  $("drill-summary").hidden = false;
  $("summary-heading").focus();
}

function writeSummary() {
  const lines = summaryLines(state.sitting).map((line) => Object.assign(document.createElement("li"), { textContent: line }));
  $("summary-lines").replaceChildren(...lines);
}

/** The page's language changed (lib/language.js): the drill's own sentences and the tree's
 * names again. */
function speakAgain() {
  statusLine.again();
  if (!$("drill-summary").hidden) writeSummary();
  if (!state.trace) return;
  $("rule-statement").textContent = rulesLine();
  view.render(state.trace.seek(0), false);
}

function setAsk(name, on) {
  if (on) asks.add(name);
  else asks.delete(name);
  if (!state.result) describe();
}

function wire() {
  $("drill-form").addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
  $("drill-next").addEventListener("click", next);
  $("drill-finish").addEventListener("click", finish);
  $("drill-level").addEventListener("change", (event) => {
    state.level = event.target.value;
    state.steps = adaptiveStart(LEVELS.findIndex((level) => level.id === state.level));
    show();
  });
  $("drill-adaptive").addEventListener("change", (event) => {
    state.adaptive = event.target.checked;
    describe();
  });
  $("ask-value").addEventListener("change", (event) => setAsk("value", event.target.checked));
  $("ask-move").addEventListener("change", (event) => setAsk("move", event.target.checked));
  // N anywhere but in a field; Enter where nothing else takes it (the tree's own Enter is
  // view.onActivate, a field's submits the form).
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const typing = target.matches && target.matches("input[type=text], select, textarea");
    if ((event.key === "n" || event.key === "N") && !typing && singleKeysOn()) {
      event.preventDefault();
      next();
    } else if (event.key === "Enter" && (target === document.body || target.id === "stage")) {
      event.preventDefault();
      check();
    }
  });
  setInterval(() => {
    if (state.trace && !state.result) $("drill-time").textContent = seconds(performance.now() - state.shownAt);
  }, TICK_MS);
}

window.prune = {
  get trace() {
    return state.trace;
  },
  get level() {
    return state.level;
  },
  get seed() {
    return state.seed;
  },
  get sitting() {
    return state.sitting;
  },
  get marked() {
    return [...state.marked].map((id) => state.trace.keys[id]);
  },
  timings,
  view,
  outline,
};

wire();
pageStore.subscribe((page, changed) => "lang" in changed && speakAgain());
show();
state.room = joinRoomDrill(params.get("room"), params.get("drill"), {
  start: ({ level, seed }) => {
    Object.assign(state, { level, seed, adaptive: false, sitting: newSitting() });
    showScore(0);
    show();
    say(_("The presenter started a new drill."));
  },
});
if (state.room) {
  state.adaptive = false; // the room does the same trees
  describe();
}
