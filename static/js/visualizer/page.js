// visualizer/page.js: the main page's entry. It builds the panels (tree view, pseudocode,
// narration, statistics, the header's title), which follow the run store's trace and step
// (panels/follow-run.js), and writes each step shown in the address; run.js runs a tree over
// the socket into a trace, first-load.js opens what the address asks for, toolbar.js wires the
// toolbar, editor.js and share.js edit and share the tree shown (print.js prints it whole),
// lecture/*.js run lecture mode on top. The page's state is in two stores: the run's
// (player/run-store.js) and the page's (lecture mode, "Hide answers", presenting:
// lib/page-store.js), mirrored on <body> here. window.prune is a hook for tests and benches
// only: nothing in the app reads it.

import { _ } from "../lib/i18n.js";
import { Lecture } from "../lecture/room.js";
import { QuestionAnswering } from "../lecture/answering.js";
import { DrillHost } from "../lecture/drill-host.js";
import { QuestionAsker } from "../lecture/questions.js";
import { mirrorPageState, pageStore } from "../lib/page-store.js";
import { updateTreeLinks } from "../lib/page-links.js";
import { RunClient } from "../lib/socket-client.js";
import { DEFAULT_MAX_URL_CHARS, UrlState, readUrl } from "../lib/url-state.js";
import { standardPlayer } from "../player/player.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { followRun } from "../panels/follow-run.js";
import { Narration } from "../panels/narration.js";
import { passTimelinePanel } from "../panels/pass-timeline.js";
import { Pseudocode } from "../panels/pseudocode.js";
import { Stats } from "../panels/stats.js";
import { onResizeSettled } from "../tree/panel-size.js";
import { TreeOutline } from "../tree/outline-view.js";
import { TreeView } from "../tree/view.js";
import { DocTitle } from "./doc-title.js";
import { Editor } from "./editor.js";
import { wireExportMenu } from "./export-menu.js";
import { openDefaultPreset, openFirstView } from "./first-load.js";
import { InputPanel } from "./input-panel.js";
import { narrationPanel, pseudocodePanel, statsPanel, treePanel } from "./panels.js";
import { printWholeTree } from "./print.js";
import { Runner } from "./run.js";
import { wireAddToLesson } from "../lib/add-to-lesson.js";
import { followLessonMark } from "../lesson/lecture-line.js";
import { followLessonSlide } from "../lesson/lecture-slide.js";
import { SharePanel } from "./share.js";
import { answersAndPresentation, wireViewTools } from "./toolbar.js";
import { TreeNotice } from "./tree-notice.js";
import { windowQuery } from "./algorithm-fields.js";
import { minimaxFormSwitch } from "./minimax-form-switch.js";
import { hasTwoForms } from "../trace/minimax-form.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const STEP_TIMES_KEPT = 5000;

const view = new TreeView($("tree"));
// On a narrow panel the tree reads as an outline; the "Tree / Outline" switch is in the toolbar.
new TreeOutline(view, { toggleParent: document.querySelector("#stage > .toolbar") });
const pseudocode = new Pseudocode($("pseudocode"), $("pseudocode-variant"));
const narration = new Narration($("narration"));
const stats = new Stats($("stats"));
const notice = new TreeNotice();
const maxUrlChars = Number($("layout").dataset.maxUrlChars) || DEFAULT_MAX_URL_CHARS;
const urlState = new UrlState({
  maxChars: maxUrlChars,
  onTreeInUrl: (inUrl) => {
    if (inUrl) notice.hide();
    else
      notice.show(
        _(
          "This tree is too big for the address bar, so the address leaves it out. Reloading this tab keeps it; to share it, use Share, then Save short link."
        ),
        "info"
      );
  },
});
const client = new RunClient();
const stepTimes = []; // how long showing each step took, in ms: for benchmarks

// The run's state (player/run-store.js): the runner, the player, lecture mode and the editor
// write and watch it; body[data-run-state] mirrors it for CSS and tests.
const store = createRunStore();
mirrorRunState(store, document.body);
// The page's state (lib/page-store.js): body[data-hide-answers] and body[data-present] mirror it.
mirrorPageState(pageStore, document.body);

// The player writes the step to the store; the panels follow it (below).
const player = standardPlayer(() => store.get().trace, {
  onPlaying: (playing) => narration.setPlaying(playing),
  store,
});

const input = new InputPanel({
  onRun: () => runner.run(),
  onSourceChange: (kind) => {
    // Presets run as soon as they are picked; the other sources wait for their button.
    if (kind === "preset") runner.run();
  },
  onOptionsChange: () => {
    if (runner.trace) runner.run({ keepEnd: true });
  },
});

const runner = new Runner(
  { input, client, player, store },
  {
    onTrace: ({ options }) => {
      if (notice.isError) notice.hide(); // a tree is loaded now
      input.setOptions(options);
      player.reset(0, false);
    },
    onStarted: (run) => lecture.onRun(run),
  }
);

const docTitle = new DocTitle(() => answers.on);
const showAllButton = wireViewTools(view);
pageStore.set({ form: readUrl().form }); // negamax's numbers: the address's form=minimax
const tree = treePanel(view, showAllButton);
const pseudocodeLines = pseudocodePanel(pseudocode);
const narrationLine = narrationPanel(narration);
const passes = passTimelinePanel($("pass-timeline"), store, { form: () => pageStore.get().form });
const formSwitch = minimaxFormSwitch($("minimax-form-switch"), $("minimax-form"), redrawInForm);
// The pass timeline first: shown or hidden before the tree measures the room it has.
const panels = [passes, tree, pseudocodeLines, narrationLine, statsPanel(stats), docTitle, formSwitch];

// The panels draw the store's trace at its step (panels/follow-run.js); after each step, the
// time it took (for benchmarks) and the address (not counted in stepTimes).
followRun(store, panels, {
  onShown: (ms) => {
    stepTimes.push(ms);
    if (stepTimes.length > STEP_TIMES_KEPT) stepTimes.splice(0, stepTimes.length - STEP_TIMES_KEPT);
    writeUrl();
  },
});

/** The step on screen drawn again in the tree, the pseudocode and the narration (the Minimax
 * form switch changed), and the address. */
function redrawInForm() {
  const { trace, step } = store.get();
  if (!trace) return;
  const s = trace.seek(step);
  tree.show({ s, final: trace.complete && s.step === trace.length });
  pseudocodeLines.formChanged();
  narrationLine.formChanged();
  passes.formChanged();
  writeUrl();
}

/** The options an address or a share link carries (the seed only for a random ordering,
 * MTD(f)'s guess and Star1/Star2's bounds only with those algorithms). */
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
  for (const key of ["guess", "bounds"]) if (options[key] !== undefined) out[key] = options[key];
  return Object.assign(out, windowQuery(options));
}

function writeUrl() {
  if (!runner.source) return;
  const step = runner.atEnd() && player.k > 0 ? "end" : player.k;
  urlState.write({
    source: runner.source,
    options: urlOptions(runner.options),
    step,
    form: hasTwoForms(runner.trace) ? pageStore.get().form : null,
  });
  updateTreeLinks();
}

onResizeSettled(() => pseudocode.invalidate());

// ----- presentation mode and "Hide answers" (toolbar.js, presentation.js) -----

/** Redraw what "Hide answers" hides: the statistics and the header's description. */
function showAnswers(on) {
  stats.setHideAnswers(on);
  if (!runner.trace) return;
  const s = runner.trace.seek(player.k);
  const final = runner.atEnd();
  stats.update(s, final);
  docTitle.show({ final });
}

const { answers, presentation } = answersAndPresentation(view, player, narration, showAnswers);
stats.setHideAnswers(answers.on);

// ----- hooks for tests and benchmarks -----

// What the page shows now, read live by tests, benchmarks, the editor and Share.
const shown = {
  trace: { get: () => runner.trace, enumerable: true },
  step: { get: () => player.k, enumerable: true },
  title: { get: () => docTitle.title, enumerable: true },
};

window.prune = Object.defineProperties(
  {
    view,
    player,
    presentation,
    answers,
    stepTimes,
    timings: runner.timings,
    seek: (k) => player.show(k),
    run: () => runner.run(),
  },
  shown
);

// ----- editing and sharing (editor.js, share.js) -----

const shell = Object.defineProperties(
  {
    get doc() {
      return runner.doc;
    },
    get runOptions() {
      return runner.options;
    },
    input,
    options: () => urlOptions(input.options()),
    // An edited tree re-runs at the same step (or the end); a new one starts at step 0.
    run: ({ fromStart = false } = {}) => {
      if (fromStart) {
        runner.run();
        return;
      }
      const atEnd = runner.atEnd() && player.k > 0;
      runner.run({ urlView: { options: {}, step: atEnd ? "end" : player.k } });
    },
    store,
    // What the pictures (share.js's downloads, print.js) draw the tree with, as the view does.
    pictureOptions: () => ({ cutByLimit: view.cutByLimit, levels: view.levels }),
    treeContainer: $("tree"),
    maxUrlChars,
    // A negamax trace's numbers as shown ("minimax" travels in share links and embeds).
    get form() {
      return hasTwoForms(runner.trace) ? pageStore.get().form : "mover";
    },
  },
  shown
);
const editor = new Editor(shell);
wireExportMenu(shell);
// Enter on a node opens it in the editor (not while presenting: the editor is hidden).
view.onActivate = (id) => {
  if (!presentation.on) editor.editNode(runner.trace.pathOf(id));
};
const share = new SharePanel(shell);
printWholeTree($("tree"), () => (runner.trace ? share.picture() : null));
// "Add to lesson" (share panel): the tree, options and step on screen become a slide.
wireAddToLesson(
  $("add-to-lesson"),
  () => {
    const shown = share.view();
    if (!shown) return null;
    const view = { kind: "tree", tree: shown.tree, options: shown.options };
    if (shown.step > 0) view.from = shown.step;
    return { title: docTitle.title || "A tree", notes: "", view };
  },
  $("lesson-status")
);

// ----- lecture mode (lecture/room.js): a presenter drives, students follow -----

const run = (args) => runner.run(args);
const lecture = new Lecture({
  client,
  player,
  input,
  run: (urlView) => runner.run({ urlView }),
  store,
  openDefault: () => openDefaultPreset(input, run),
});
// A lecture given from a lesson: which slide the teacher is on, and that slide.
followLessonMark(lecture, $("lesson-mark"));
followLessonSlide(
  lecture,
  {
    box: $("lesson-follow"),
    card: $("lesson-card"),
    title: $("lesson-card-title"),
    notes: $("lesson-card-notes"),
    chart: $("lesson-card-chart"),
    message: $("lesson-card-message"),
    stage: $("stage"),
    tree: $("tree"),
    side: document.querySelector(".layout > .side"),
    question: $("qs-slide"),
  },
  (slide) => docTitle.setSlide(slide)
);
// Lecture questions: the presenter asks the tree on screen, students answer (lecture/*.js).
const asking = new QuestionAsker({ lecture, view, player });
const answering = new QuestionAnswering({ lecture });
new DrillHost({ lecture }); // lecture drills: the room does the same trees
Object.assign(window.prune, { lecture, asking, answering }); // for tests (lecture mode)

// ----- first load: what the address asks for (first-load.js) -----

openFirstView({ input, run, lecture, narration, notice, store });
