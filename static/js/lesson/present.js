// lesson/present.js: the entry of /l/<id> and /embed/l/<id>: a lesson presented. The deck
// (lesson/deck.js) says where the clicker goes: PageDown, → and the Forward button step
// through a slide's range, then on to the next slide's first step; PageUp, ← and Back go
// back, across slides too; Space plays the slide's range; Home and End go to the slide's
// first and last step; the slide menu and the ⏮ ⏭ buttons jump. PageDown and PageUp are
// ours whatever has the focus (a clicker cannot choose), the arrows only when the focused
// element does not use them (lib/keys.js ownsKey; the tree's nodes prevent them). The
// address keeps ?slide=K&step=N (replaceState), so a reload or a shared link opens there.
// `#counter` says "step K of N" of the slide's trace. Lecture mode (lesson/lecture.js)
// follows or drives the same position through `onMove`; its room is named beside them in
// the address (?present=CODE), and a reload resumes it once the first slide is shown. On a
// projector's screen the page is in presentation mode (lesson/present-mode.js: the page
// store's `presenting`, lib/page-store.js, mirrored on #stage[data-presenting]). The page's
// run store (player/run-store.js) holds where the deck is (`slide`, `step`), the slide's trace
// (with its content as the `run`) and the run state: loading the lesson, then done or an error
// (body[data-run-state] mirrors it). `goTo` writes the position; the stage follows the store
// (panels/follow-run.js). In the embed a question slide is answered at the learner's own pace
// (lesson/self-answer.js). A language switch in place writes the lesson's words again
// (`speakAgain`). window.prune is a hook for tests only.

import { _, language } from "../lib/i18n.js";
import { ownsKey } from "../lib/keys.js";
import { mirror, onOnly, pageStore } from "../lib/page-store.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { followRun } from "../panels/follow-run.js";
import { Deck } from "./deck.js";
import { SlideLoader, getLesson } from "./slides.js";
import { SlideStage } from "./stage.js";
import { LessonLecture } from "./lecture.js";
import { LessonPresentation } from "./present-mode.js";
import { SelfAnswer } from "./self-answer.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const PLAY_MS = 700;

const root = $("stage");
const stage = new SlideStage();
const run = createRunStore({ slide: 0 }); // the deck's position is its slide and step
mirrorRunState(run, document.body);
followRun(run, [stage]); // the stage draws the slide's trace at the store's step
mirror(pageStore, "presenting", root, "presenting", onOnly);
pageStore.subscribe((state, changed) => {
  if ("presenting" in changed) stage.presenting = state.presenting;
  if ("lang" in changed) speakAgain();
});
let deck = null;
let lecture = null; // the LessonLecture, when the page can lecture
let loader = null;
let answering = null; // the embed's SelfAnswer: a question slide answered at the learner's pace
let timer = null;
const moveListeners = new Set();
let shownSlide = -1;

/** Where the deck is: {slide, step}, the run store's. */
function here() {
  const { slide, step } = run.get();
  return { slide, step };
}

function counterText() {
  const content = stage.content;
  if (!content || !content.trace) return _("step 0 of 0");
  return _("step {k} of {n}", { k: run.get().step, n: content.trace.length });
}

function refreshControls() {
  const at = here();
  $("counter").textContent = counterText();
  const range = deck.range(at.slide);
  $("btn-back").disabled = at.slide === 0 && at.step <= range.from;
  $("btn-forward").disabled = at.slide === deck.count - 1 && at.step >= range.to;
  $("btn-prev-slide").disabled = at.slide === 0;
  $("btn-next-slide").disabled = at.slide === deck.count - 1;
  $("btn-play").disabled = !(stage.content && stage.content.trace);
  $("slide-select").value = String(at.slide);
}

function writeAddress() {
  const at = here();
  const params = new URLSearchParams(window.location.search);
  params.set("slide", String(at.slide));
  params.set("step", String(at.step));
  window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params}`);
}

/** Go to `position` ({slide, step}); `from`: who asked ("user", "lecture"). */
export async function goTo(position, { from = "user" } = {}) {
  if (position && from === "user" && lecture) position = lecture.hold(here(), position);
  if (!position) return;
  if (position.slide !== shownSlide) {
    shownSlide = position.slide;
    stage.begin(position.slide, deck.slides);
    if (answering) answering.show(position.slide, null);
    // A new slide: no trace on the stage until its content has come.
    run.set({ slide: position.slide, step: position.step, trace: null, run: null, length: 0, complete: false });
    refreshControls();
    const index = position.slide;
    let content;
    try {
      content = await loader.load(index);
    } catch (err) {
      if (shownSlide === index) stage.say(_("This slide cannot be shown: {reason}", { reason: err.message }), retry);
      return;
    }
    if (shownSlide !== index) return; // moved on while it loaded
    if (content.trace) deck.lengths[index] = content.trace.length;
    stage.showContent(content);
    if (answering) answering.show(index, content.trace || null);
    // One change: the stage sets the slide's trace and draws the step (put in its range), once.
    const { trace = null } = content;
    const length = trace ? trace.length : 0;
    run.set({ trace, run: content, length, complete: Boolean(trace && trace.complete), step: deck.clamp(here()).step });
    preload(index + 1);
  } else {
    run.set({ slide: position.slide, step: position.step });
  }
  refreshControls();
  writeAddress();
  const at = here();
  for (const listener of moveListeners) listener(at, from);
}

/** Load the slide on screen again (its load failed; the loader forgot it). */
function retry() {
  root.focus(); // the button is about to hide
  shownSlide = -1;
  goTo(here());
}

/** Load slide `index` in the background (the next one), and learn its length. */
function preload(index) {
  if (index >= deck.count) return;
  loader.load(index).then(
    (content) => {
      if (content.trace) deck.lengths[index] = content.trace.length;
    },
    () => {}
  );
}

function showPlaying(playing) {
  const button = $("btn-play");
  button.setAttribute("aria-pressed", String(playing));
  button.setAttribute("aria-label", playing ? _("Pause") : _("Play"));
  button.dataset.playing = String(playing);
  stage.narration.setPlaying(playing);
}

function stop() {
  clearTimeout(timer);
  timer = null;
  showPlaying(false);
}

function play() {
  if (timer) return stop();
  const at = here();
  const range = deck.range(at.slide);
  if (at.step >= range.to) goTo({ slide: at.slide, step: range.from });
  showPlaying(true);
  const tick = () => {
    const { slide, step } = here();
    if (step >= deck.range(slide).to) return stop();
    goTo({ slide, step: step + 1 });
    timer = setTimeout(tick, PLAY_MS);
  };
  timer = setTimeout(tick, PLAY_MS);
}

const forward = () => (stop(), goTo(deck.forward(here())));
const back = () => (stop(), goTo(deck.back(here())));
const toSlide = (k) => (stop(), goTo(deck.start(k)));

function onKey(event) {
  if (!deck || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.defaultPrevented) return; // taken before: a blank screen shown again
  const clicker = event.key === "PageDown" || event.key === "PageUp";
  if (!clicker && ownsKey(event.target, event.key)) return;
  const { slide } = here();
  const actions = {
    PageDown: forward,
    ArrowRight: forward,
    PageUp: back,
    ArrowLeft: back,
    " ": play,
    Home: () => goTo({ slide, step: deck.range(slide).from }),
    End: () => goTo({ slide, step: deck.range(slide).to }),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

function bindControls() {
  $("btn-forward").addEventListener("click", forward);
  $("btn-back").addEventListener("click", back);
  $("btn-next-slide").addEventListener("click", () => toSlide(here().slide + 1));
  $("btn-prev-slide").addEventListener("click", () => toSlide(here().slide - 1));
  $("btn-play").addEventListener("click", play);
  $("btn-fit").addEventListener("click", () => stage.fit());
  // Short screens (lesson.css): the notes fold behind this button, shown in the tree's place.
  const notes = $("btn-notes");
  notes.addEventListener("click", () => {
    const open = notes.getAttribute("aria-expanded") !== "true";
    notes.setAttribute("aria-expanded", String(open));
    $("slide").toggleAttribute("data-notes-open", open);
  });
  $("slide-select").addEventListener("change", (event) => toSlide(Number(event.target.value)));
  const full = $("btn-fullscreen");
  if (full) {
    full.addEventListener("click", () => {
      if (document.fullscreenElement) document.exitFullscreen();
      else root.requestFullscreen().catch(() => {});
    });
  }
  // PageDown/PageUp in the capture phase: before a focused select or slider scrolls.
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "PageDown" || event.key === "PageUp") onKey(event);
    },
    true
  );
  document.addEventListener("keydown", (event) => {
    if (event.key !== "PageDown" && event.key !== "PageUp") onKey(event);
  });
}

function fillSlideMenu(slides) {
  const select = $("slide-select");
  select.replaceChildren(
    ...slides.map((slide, index) => {
      const option = document.createElement("option");
      option.value = String(index);
      option.textContent = `${index + 1}. ${slide.title}`;
      return option;
    })
  );
}

/** The words of `lesson` (as the server sent them) into the slides the page holds: each
 * slide's title, notes and question prompt; its view (and so its loaded content) stays. */
function takeWords(slides, lesson) {
  lesson.slides.forEach((words, index) => {
    const slide = slides[index];
    if (!slide) return;
    slide.title = words.title;
    slide.notes = words.notes;
    if (slide.question && words.question) slide.question = { ...slide.question, prompt: words.question.prompt };
  });
}

/** A language switch in place (lib/language.js): the counter at once, then the lesson's
 * words again from the server (a built-in lesson's in the new language, a teacher's own as
 * written) and the slide's title, notes, question, the slide menu and the lesson's name from
 * them. The slide, its step and its trace stay. */
async function speakAgain() {
  if (!deck) return;
  refreshControls();
  const asked = language();
  let lesson;
  try {
    lesson = await getLesson(root.dataset.lessonId);
  } catch {
    return; // the words stay as they were; the next page load says them in the new language
  }
  if (asked !== language()) return; // switched again meanwhile: that switch writes them
  takeWords(deck.slides, lesson);
  $("lesson-name").textContent = lesson.title;
  document.title = _("{title} · Prune lesson", { title: lesson.title });
  fillSlideMenu(deck.slides);
  if (shownSlide >= 0) stage.words(shownSlide, deck.slides);
  refreshControls();
}

async function start() {
  run.set({ runState: "loading" });
  let lesson;
  try {
    lesson = root.dataset.lesson ? JSON.parse(root.dataset.lesson) : await getLesson(root.dataset.lessonId);
  } catch (err) {
    $("slide-title").textContent = _("This lesson cannot be shown");
    stage.say(err.message);
    run.set({ runState: "error" });
    return;
  }
  deck = new Deck(lesson.slides);
  loader = new SlideLoader(root.dataset.lessonId, lesson.slides, root.dataset.traceVersion, {
    onWait: (index, seconds, reason) => index === shownSlide && stage.waiting(seconds, reason),
  });
  fillSlideMenu(lesson.slides);
  bindControls();
  if (root.dataset.embed !== "true") {
    const parts = { stage: root, view: stage.view, caption: stage.narration, controls: [$("player"), $("lesson-actions")] };
    new LessonPresentation(parts, { onBlank: stop });
  }
  if ($("lesson-answer")) answering = new SelfAnswer({ lessonId: root.dataset.lessonId, slides: lesson.slides });
  if ($("btn-lecture")) {
    lecture = new LessonLecture({
      lessonId: root.dataset.lessonId,
      lesson,
      button: $("btn-lecture"),
      line: $("lecture-line"),
      bar: $("lesson-join"),
      stage,
      first: (index) => deck.range(index).from,
      position: here,
      goTo: (position) => goTo(position, { from: "lecture" }),
      onMove: (listener) => moveListeners.add(listener),
      content: (index) => loader.load(index),
    });
  }
  const params = new URLSearchParams(window.location.search);
  const slide = /^\d+$/.test(params.get("slide") || "") ? Number(params.get("slide")) : 0;
  const first = deck.start(slide);
  const step = /^\d+$/.test(params.get("step") || "") ? Number(params.get("step")) : first.step;
  await goTo({ slide: first.slide, step });
  run.set({ runState: "done" });
  if (lecture) lecture.resumeFromAddress();
}

window.prune = {
  get position() {
    return here();
  },
  get deck() {
    return deck;
  },
  stage,
  get lecture() {
    return lecture;
  },
  goTo,
  onMove(listener) {
    moveListeners.add(listener);
    return () => moveListeners.delete(listener);
  },
};

start();
