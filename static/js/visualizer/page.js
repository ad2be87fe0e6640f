// visualizer/page.js: wiring. Loads a tree (preset / random / pasted), runs it over the socket, keeps
// the trace, and shows step k in every panel. window.prune exposes hooks for tests/benches.

import { getPreset, getView, randomTree } from "../lib/api.js";
import { InputPanel } from "./input-panel.js";
import { Lecture } from "../lecture/room.js";
import { QuestionAnswering } from "../lecture/answering.js";
import { QuestionAsker } from "../lecture/questions.js";
import { Editor } from "./editor.js";
import { Narration, narrate } from "../trace/narration.js";
import { standardPlayer } from "../player/player.js";
import { AnswerSwitch, Presentation } from "./presentation.js";
import { Pseudocode } from "../trace/pseudocode.js";
import { updateTreeLinks } from "../lib/page-links.js";
import { SameNode, nodeAt } from "../trace/same-node.js";
import { SharePanel } from "./share.js";
import { PACKED_PARAM, unpackView } from "../lib/packed-view.js";
import { RunClient } from "../lib/socket-client.js";
import { Stats } from "../trace/stats.js";
import { Trace, cutByDepthLimit } from "../trace/trace.js";
import { TreeView } from "../tree/view.js";
import { onResizeSettled } from "../tree/panel-size.js";
import { DEFAULT_MAX_URL_CHARS, UrlState, readUrl, viewKeptInHistory } from "../lib/url-state.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_PRESET = "textbook";
const STEP_TIMES_KEPT = 5000;
const TREE_NOT_IN_URL =
  "This tree is too big for the address bar, so the address leaves it out. Reloading this " +
  "tab keeps it; to share it, use Share, then Save short link.";
const NO_TREE = "No tree is loaded. Choose a tree under Tree, or open a file.";

const view = new TreeView($("tree"));
const pseudocode = new Pseudocode($("pseudocode"), $("pseudocode-variant"));
const narration = new Narration($("narration"));
const stats = new Stats($("stats"));
const maxUrlChars = Number($("layout").dataset.maxUrlChars) || DEFAULT_MAX_URL_CHARS;
const urlState = new UrlState({
  maxChars: maxUrlChars,
  onTreeInUrl: (inUrl) => {
    if (inUrl) hideTreeNotice();
    else showTreeNotice(TREE_NOT_IN_URL, "info");
  },
});
const client = new RunClient();
const stepTimes = [];
const timings = {}; // of the last run, in ms (performance.now): for benchmarks

let trace = null;
let runSeq = 0;
let runSource = null; // the source of the trace shown (for the URL)
let runOptions = null; // its resolved options
let runDoc = null; // its tree document (for the editor, share links and exports)
let lastSourceKey = null; // the source whose document defaults are in the form
let pendingStep = null; // a step asked for (URL) before its events arrived
let docTitle = "";
let docDescription = ""; // states the answer ("answer 3"): hidden with "Hide answers"

function setRunState(state) {
  document.body.dataset.runState = state;
}

const player = standardPlayer((k) => showStep(k), () => trace, {
  onPlaying: (playing) => narration.setPlaying(playing),
});

const input = new InputPanel({
  onRun: () => run(),
  onSourceChange: (kind) => {
    // Presets run as soon as they are picked; the other sources wait for their button.
    if (kind === "preset") run();
  },
  onOptionsChange: () => {
    if (trace) run({ keepEnd: true });
  },
});

/** A message over the tree view; tone "info" (polite) or "error" (nothing could be shown). */
function showTreeNotice(text, tone) {
  const notice = $("tree-notice");
  $("tree-notice-text").textContent = text;
  notice.dataset.tone = tone;
  notice.hidden = false;
}

/** Hide the notice; if the focus was in it, give it to the tree's tab stop, or with no tree
 * to the source choice (never to the page's body). */
function hideTreeNotice() {
  const notice = $("tree-notice");
  const hadFocus = notice.contains(document.activeElement);
  notice.hidden = true;
  if (!hadFocus) return;
  const next =
    document.querySelector('#tree [role="treeitem"][tabindex="0"]') ||
    document.querySelector('input[name="source"]:checked');
  if (next) next.focus();
}

$("tree-notice-close").addEventListener("click", hideTreeNotice);

/** A link that cannot be opened: its error where the user looks, and no tree. */
function showLinkError(err) {
  narration.say(err && err.message ? err.message : String(err), { error: true });
  showTreeNotice(NO_TREE, "error");
  setRunState("error");
}

/** Show step k everywhere. */
function showStep(k) {
  if (!trace) return;
  const t0 = performance.now();
  const s = trace.seek(k);
  const final = trace.complete && s.step === trace.length;
  view.render(s, final);
  const event = trace.eventAt(s.step);
  pseudocode.highlight(event, event ? trace.kind(trace.nodeOf[s.step - 1]) : null);
  narration.say(narrate(trace, s.step));
  stats.update(s, final);
  showDocTitle(final);
  const elapsed = performance.now() - t0;
  stepTimes.push(elapsed);
  if (stepTimes.length > STEP_TIMES_KEPT) stepTimes.splice(0, stepTimes.length - STEP_TIMES_KEPT);
  writeUrl();
}

function urlOptions(options) {
  if (!options) return null;
  const out = {
    algorithm: options.algorithm,
    rule: options.rule,
    players: options.players,
    depth: options.depth,
    ordering: options.ordering,
  };
  if (options.ordering === "random") out.seed = options.seed;
  return out;
}

function writeUrl() {
  if (!runSource) return;
  let step = player.k;
  if (trace && trace.complete && step === trace.length && step > 0) step = "end";
  urlState.write({ source: runSource, options: urlOptions(runOptions), step });
  updateTreeLinks();
}

function setDocTitle(documentInfo) {
  const el = $("doc-title");
  let title = "";
  if (documentInfo && documentInfo.name) title = documentInfo.name;
  const kind = runSource ? runSource.kind : null;
  if (!title && kind === "preset") {
    const option = [...$("preset").options].find((o) => o.value === runSource.name);
    title = option ? option.textContent : runSource.name;
  }
  if (!title && kind === "random") title = "Random tree";
  if (!title && kind === "paste") title = "Pasted tree";
  docTitle = title;
  docDescription = documentInfo && documentInfo.description ? documentInfo.description : "";
  showDocTitle(atFinalStep());
}

/** Whether step shown is the end of a finished search (the answers are reached). */
function atFinalStep() {
  return !!trace && trace.complete && player.k === trace.length;
}

/**
 * The header's title, with the document's description unless "Hide answers" is on and the
 * search has not reached the end. The preset's description under the preset list says the
 * same, so it hides with it.
 */
function showDocTitle(final) {
  const el = $("doc-title");
  const hide = answers.on && !final;
  const text = docDescription && !hide ? `${docTitle}: ${docDescription}` : docTitle;
  if (el.textContent !== text) {
    el.textContent = text;
    el.title = text;
  }
  const presetHint = $("preset-description");
  if (presetHint.hidden !== hide) {
    presetHint.hidden = hide;
    if (hide) $("preset").removeAttribute("aria-describedby");
    else $("preset").setAttribute("aria-describedby", "preset-description");
  }
}

const presetCache = new Map();

async function loadDocument(source) {
  if (source.kind === "preset") {
    if (!presetCache.has(source.name)) presetCache.set(source.name, await getPreset(source.name));
    return presetCache.get(source.name);
  }
  if (source.kind === "random") return randomTree(source.params);
  return input.pastedDocument();
}

/**
 * Run the current source with the current options. `urlView`: options and step from the
 * address bar (first load). `keepEnd`: stay at the end if the player was there.
 */
async function run({ urlView = null, keepEnd = false } = {}) {
  const seq = ++runSeq;
  timings.start = performance.now();
  player.pause();
  input.clearErrors();
  const source = input.source();
  const wasAtEnd = keepEnd && trace && trace.complete && player.k === trace.length;
  // New options, same tree: stay at the end, or with the node the reader was looking at.
  const stayWith = keepEnd && trace && !wasAtEnd ? nodeAt(trace, player.k) : null;
  pendingStep = urlView ? urlView.step : wasAtEnd ? "end" : stayWith !== null ? new SameNode(stayWith) : null;
  setRunState("loading");
  input.setBusy(true);
  let doc;
  try {
    doc = await loadDocument(source);
  } catch (err) {
    if (seq !== runSeq) return;
    input.setBusy(false);
    input.showRunError(err, source.kind);
    setRunState("error");
    return;
  }
  if (seq !== runSeq) return;
  const sourceKey = JSON.stringify(source);
  if (sourceKey !== lastSourceKey) {
    // A pasted shorthand tree keeps the form's options; a document brings its own.
    input.applyDocumentDefaults(doc, { resetTreeSpecific: source.kind !== "paste" });
    lastSourceKey = sourceKey;
  }
  if (urlView) input.setOptions(urlView.options);
  const options = input.options();

  await client.run(doc, options, {
    onStart: ({ nodes, options: resolved, document: info }) => {
      if (seq !== runSeq) return;
      timings.ack = performance.now();
      trace = new Trace(nodes, resolved || options);
      runSource = source;
      runOptions = resolved || options;
      runDoc = doc;
      if ($("tree-notice").dataset.tone === "error") hideTreeNotice(); // a tree is loaded now
      input.setOptions(runOptions);
      view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, doc), agents: info && info.agents });
      showAllButton();
      pseudocode.show(runOptions, trace.hasChance);
      stats.setTrace(trace);
      player.reset(0, false);
      setDocTitle(info || (doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null));
      setRunState("streaming");
      showStep(0);
      lecture.onRun({ doc, options: runOptions, urlView }); // a presenter sends the new view
      timings.drawn = performance.now();
      timings.nodes = nodes.length;
      requestAnimationFrame(() =>
        setTimeout(() => {
          timings.painted = performance.now();
        }, 0)
      );
    },
    onEvents: (events) => {
      if (seq !== runSeq || !trace) return;
      trace.append(events);
      player.setLength(trace.length, false);
      if (typeof pendingStep === "number" && pendingStep <= trace.length) {
        player.show(pendingStep);
        pendingStep = null;
      } else if (pendingStep instanceof SameNode) {
        const step = pendingStep.scan(trace);
        if (step >= 0) {
          player.show(step);
          pendingStep = null;
        }
      }
    },
    onDone: (summary) => {
      if (seq !== runSeq || !trace) return;
      trace.finish(summary);
      player.setLength(trace.length, true);
      input.setBusy(false);
      if (pendingStep === "end") player.show(trace.length);
      else if (pendingStep instanceof SameNode) player.show(pendingStep.settle(trace));
      else if (typeof pendingStep === "number") player.show(Math.min(pendingStep, trace.length));
      else showStep(player.k); // the last step may now be final
      pendingStep = null;
      timings.done = performance.now();
      setRunState("done");
    },
    onError: (err) => {
      if (seq !== runSeq) return;
      input.setBusy(false);
      input.showRunError(err, source.kind);
      setRunState("error");
    },
  });
}

// ----- toolbar, panels, resize -----

$("fit").addEventListener("click", () => view.fit());
$("zoom-in").addEventListener("click", () => view.zoomBy(1.4));
$("zoom-out").addEventListener("click", () => view.zoomBy(1 / 1.4));
/** "Show all" draws every node (small enough trees); pressed again, the view folds again. */
function showAllButton() {
  const button = $("expand-all");
  button.setAttribute("aria-pressed", view.showAll ? "true" : "false");
  button.setAttribute("aria-disabled", view.canShowAll ? "false" : "true");
  button.title = view.canShowAll
    ? "Draw every node (press again to fold what is far from the search)"
    : "This tree is too big to draw whole: open folded nodes one by one, or use the overview";
}
$("expand-all").addEventListener("click", () => {
  if (!view.canShowAll) return;
  view.setShowAll(!view.showAll);
  showAllButton();
});
$("collapse-pruned").addEventListener("click", () => view.collapsePruned());
$("follow").addEventListener("change", (event) => {
  view.follow = event.target.checked;
});
$("toggle-inputs").addEventListener("click", (event) => {
  const hidden = document.getElementById("layout").classList.toggle("inputs-hidden");
  event.currentTarget.setAttribute("aria-expanded", hidden ? "false" : "true");
  event.currentTarget.textContent = hidden ? "Show inputs" : "Hide inputs";
  // The tree's panel grows or shrinks: the view folds and fits again by itself.
});

onResizeSettled(() => pseudocode.invalidate());

// ----- presentation mode and "Hide answers" (presentation.js) -----

/** Redraw what "Hide answers" hides: the statistics and the header's description. */
function showAnswers(on) {
  stats.setHideAnswers(on);
  if (!trace) return;
  const s = trace.seek(player.k);
  const final = atFinalStep();
  stats.update(s, final);
  showDocTitle(final);
}

const answers = new AnswerSwitch($("hide-answers"), showAnswers);
stats.setHideAnswers(answers.on);

const presentation = new Presentation(
  {
    buttons: [$("present-toggle"), $("present-toggle-narrow")],
    exit: $("present-exit"),
    layout: $("layout"),
    stage: $("stage"),
    caption: $("narration"),
    controls: [$("player"), $("present-exit")],
  },
  { view, onChange: () => answerDefault() }
);

// ----- hooks for tests and benchmarks -----

window.prune = {
  get trace() {
    return trace;
  },
  get step() {
    return player.k;
  },
  get title() {
    return docTitle;
  },
  view,
  player,
  presentation,
  answers,
  stepTimes,
  timings,
  seek: (k) => player.show(k),
  run: () => run(),
};

// ----- editing and sharing (editor.js, share.js) -----

const shell = {
  get doc() {
    return runDoc;
  },
  get runOptions() {
    return runOptions;
  },
  get trace() {
    return trace;
  },
  get step() {
    return player.k;
  },
  get title() {
    return docTitle;
  },
  input,
  options: () => urlOptions(input.options()),
  // An edited tree re-runs at the same step (or the end); a new one starts at step 0.
  run: ({ fromStart = false } = {}) => {
    if (fromStart) {
      run();
      return;
    }
    const atEnd = trace && trace.complete && player.k === trace.length && player.k > 0;
    run({ urlView: { options: {}, step: atEnd ? "end" : player.k } });
  },
  svg: view.svg.node(),
  treeContainer: $("tree"),
  maxUrlChars,
};
window.prune.editor = new Editor(shell);
// Enter on a node opens it in the editor (not while presenting: the editor is hidden).
view.onActivate = (id) => {
  if (!presentation.on) window.prune.editor.editNode(trace.pathOf(id));
};
window.prune.share = new SharePanel(shell);

// ----- lecture mode (lecture/room.js): a presenter drives, students follow -----

function openDefaultPreset() {
  input.setSource({
    kind: "preset",
    name: input.hasPreset(DEFAULT_PRESET) ? DEFAULT_PRESET : $("preset").value,
  });
  if (input.els.preset.value) run();
}

const lecture = new Lecture({
  client,
  player,
  input,
  run: (urlView) => run({ urlView }),
  runState: () => document.body.dataset.runState,
  openDefault: openDefaultPreset,
});
window.prune.lecture = lecture;
// Lecture questions: the presenter asks the tree on screen, students answer (lecture/*.js).
window.prune.asking = new QuestionAsker({ lecture, view, player });
window.prune.answering = new QuestionAnswering({ lecture });

// "Hide answers" is on by default while presenting and in a lecture (presenter, student, or
// a student exploring): lecture/room.js shows which on its bar's data-mode.
const LECTURE_MODES = new Set(["presenter", "student", "detached"]);
const lectureBar = $("lecture-bar");
function answerDefault() {
  const lecturing = !!lectureBar && !lectureBar.hidden && LECTURE_MODES.has(lectureBar.dataset.mode);
  answers.setDefault(presentation.on || lecturing);
}
if (lectureBar) {
  new MutationObserver(answerDefault).observe(lectureBar, {
    attributes: true,
    attributeFilter: ["data-mode", "hidden"],
  });
}

// ----- first load: the URL's view, a saved view (/t/<id>), else the default preset -----

/** A permalink (?z=…): the packed tree, options and step; the query's own options win. */
async function openPackedView(packed, urlView) {
  setRunState("loading");
  try {
    const saved = await unpackView(packed);
    input.setSource({ kind: "paste", text: JSON.stringify(saved.tree) });
    const options = { ...(saved.options || {}), ...urlView.options };
    const step = urlView.step !== null ? urlView.step : saved.step;
    run({ urlView: { options, step: step === undefined ? null : step } });
  } catch (err) {
    showLinkError(err);
  }
}

async function openSavedView(id, urlView) {
  setRunState("loading");
  try {
    const saved = await getView(id);
    input.setSource({ kind: "paste", text: JSON.stringify(saved.tree) });
    const options = { ...(saved.options || {}), ...urlView.options };
    run({ urlView: { ...urlView, options } });
  } catch (err) {
    showLinkError(err);
  }
}

const initial = readUrl();
const savedId = document.getElementById("layout").dataset.savedId;
const packedView = new URLSearchParams(window.location.search).get(PACKED_PARAM);
const keptView = viewKeptInHistory();
if (lecture.openFromUrl()) {
  // ?lecture=CODE or ?present=CODE: lecture/room.js opens the room's view
} else if (packedView && !initial.source) {
  openPackedView(packedView, initial);
} else if (savedId && !initial.source) {
  openSavedView(savedId, initial);
} else if (initial.source) {
  input.setSource(initial.source);
  run({ urlView: initial });
} else if (keptView) {
  // A reload of a tree too long for the address: url-state.js kept it in the history entry.
  input.setSource(keptView.source);
  run({ urlView: { options: keptView.options || {}, step: keptView.step } });
} else {
  input.setSource({
    kind: "preset",
    name: input.hasPreset(DEFAULT_PRESET) ? DEFAULT_PRESET : $("preset").value,
  });
  if (input.els.preset.value) run({ urlView: initial });
}
