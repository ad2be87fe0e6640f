// player/player.js: play/pause, step, first/last ("to the end now"), previous/next cutoff, step
// over/out (stepping.js has the rules), scrub slider, speed (0.25× to 16×) and the keyboard:
// ← → and PageUp/PageDown (presentation clickers send these) step, Shift+← → cutoffs,
// ↓ step over, ↑ step out, Space play/pause, Home/End. A key is left to the focused element
// when it uses it (keys.js: Space and Enter press a button, the arrows move a radio group,
// a select or the slider, a text field keeps every key), except Shift+← → on the slider,
// which go to cutoffs; and to a handler before ours that called preventDefault() (the
// tree's nodes). While presenting (setPresenting) a clicker's keys (lib/keys.js
// clickerCommand: PageDown/PageUp and → ← step, Space plays and pauses) are the player's
// whatever has the focus: they are taken in the capture phase, before the focused slider,
// button, menu or tree node sees them, and their default action (the slider's move, the
// button's press on Space's keyup) is cancelled.
//
// State: the step, the trace's length, playing and speed live in the page's run store
// (player/run-store.js), which the player writes and every other reader subscribes to; the
// player redraws its controls on every change, whoever made it (lecture mode shows the
// teacher's play/pause by setting `playing`).
//
// Playback: one setTimeout at a time, set after each step is drawn, and one step per tick,
// so steps never queue up. Each tick is due one interval after the previous one was due
// (the pace holds while drawing takes a while) but at least half an interval after the
// previous step was drawn (a late tick shows one step, not a burst of the ones it missed).
// Measured at 16× (43.75 ms a step) in headless Chromium on random-binary-10 and Pacman:
// drawing a step takes 0.6 ms on average, 10 ms at most, and steps come every 43.8 ms;
// requestAnimationFrame would round that to 2 or 3 frames (33 or 50 ms), so it is not used.

import { _ } from "../lib/i18n.js";
import { clickerCommand, ownsKey } from "../lib/keys.js";
import { pageStore } from "../lib/page-store.js";
import { stepOut, stepOver } from "../trace/stepping.js";
import { createRunStore } from "./run-store.js";

const BASE_INTERVAL_MS = 700; // one step at 1× (16×: 43.75 ms)

// The player's keys: KeyboardEvent.key → the Player method it calls.
const KEY_COMMANDS = {
  ArrowRight: "forward",
  PageDown: "forward",
  ArrowLeft: "back",
  PageUp: "back",
  ArrowDown: "stepOver",
  ArrowUp: "stepOut",
  Home: "first",
  End: "last",
  " ": "togglePlay",
  Spacebar: "togglePlay",
};
const SHIFT_COMMANDS = { ArrowRight: "nextCutoff", ArrowLeft: "prevCutoff" };

/**
 * The player command a key press asks for ("forward", "togglePlay", …), or null when it is
 * not a player key or the focused element uses it (keys.js); `presenting`: a clicker's keys
 * are the player's whatever has the focus. lecture/player-link.js asks too: a student who
 * steps by key stops following.
 */
export function keyCommand(event, { presenting = false } = {}) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (presenting) {
    const command = clickerCommand(event);
    if (command && command !== "blank") return command;
  }
  const target = event.target;
  if (event.shiftKey) {
    const command = SHIFT_COMMANDS[event.key];
    if (!command) return null;
    // The slider would step one, as without Shift: Shift+← → go to cutoffs there too.
    const onSlider = target && target.tagName === "INPUT" && target.type === "range";
    return onSlider || !ownsKey(target, event.key) ? command : null;
  }
  const command = KEY_COMMANDS[event.key];
  return command && !ownsKey(target, event.key) ? command : null;
}

export class Player {
  /**
   * @param {Object} els  {play, first, back, forward, last, prevCut, nextCut, stepOver,
   *   stepOut, slider, speed, counter}; stepOver and stepOut may be missing
   * @param {{prevCutoff: Function, nextCutoff: Function, stepOver?: Function,
   *   stepOut?: Function, onPlaying?: Function}} hooks  prevCutoff … stepOut: step k → target
   *   step, or -1 if none; onPlaying(playing): playback started or stopped. What a step
   *   draws follows the store (panels/follow-run.js), never the player.
   * @param {Object} store  the page's run store (player/run-store.js): step, length,
   *   complete, playing and speed are kept there
   */
  constructor(els, hooks, store = createRunStore()) {
    this.els = els;
    this.hooks = hooks;
    this.store = store;
    this.timer = null; // the pending tick's setTimeout id
    this.due = 0; // performance.now() when the next step is due (while playing)
    this.notifiedPlaying = false; // what hooks.onPlaying was last told
    this.sliding = false; // the slider is being dragged: it shows the step already
    this.presenting = false; // presentation mode: a clicker's keys are ours, whatever has focus
    store.set({ speed: Number(els.speed.value) || 1 });
    store.subscribe(() => this.refresh());
    // A language switch in place (lib/language.js): the counter and the buttons' words again.
    pageStore.subscribe((state, changed) => "lang" in changed && this.refresh());

    els.play.addEventListener("click", () => this.togglePlay());
    els.first.addEventListener("click", () => this.first());
    els.last.addEventListener("click", () => this.last());
    els.back.addEventListener("click", () => this.back());
    els.forward.addEventListener("click", () => this.forward());
    els.prevCut.addEventListener("click", () => this.prevCutoff());
    els.nextCut.addEventListener("click", () => this.nextCutoff());
    if (els.stepOver) els.stepOver.addEventListener("click", () => this.stepOver());
    if (els.stepOut) els.stepOut.addEventListener("click", () => this.stepOut());
    els.slider.addEventListener("input", () => this.go(Number(els.slider.value), { fromSlider: true }));
    els.speed.addEventListener("change", () => {
      this.setSpeed(els.speed.value);
      if (this.playing) this.schedule();
    });
    document.addEventListener("keydown", (event) => this.onKey(event));
    // Capture: before the focused control (presentation.js listens on the window, earlier).
    document.addEventListener("keydown", (event) => this.onClickerKey(event), true);
    document.addEventListener("keyup", (event) => this.onClickerKeyUp(event), true);
    this.refresh();
  }

  /** The step shown (0 … n). */
  get k() {
    return this.store.get().step;
  }

  /** Steps known so far. */
  get n() {
    return this.store.get().length;
  }

  /** Whether the trace is whole (the server said done). */
  get complete() {
    return this.store.get().complete;
  }

  get playing() {
    return this.store.get().playing;
  }

  /** Steps per 700 ms: 0.25 … 16. */
  get speed() {
    return this.store.get().speed;
  }

  /** Set the speed (and the menu, when it offers that speed) without touching playback. */
  setSpeed(speed) {
    const value = String(speed);
    const menu = this.els.speed;
    if ([...menu.options].some((o) => o.value === value)) menu.value = value;
    this.store.set({ speed: Number(speed) || 1 });
  }

  /** Presentation mode on or off (presentation.js): who gets a clicker's keys. */
  setPresenting(on) {
    this.presenting = on;
  }

  onKey(event) {
    if (event.defaultPrevented) return;
    this.run(keyCommand(event), event);
  }

  /** While presenting, a clicker's key: the player's, whatever has the focus. */
  onClickerKey(event) {
    if (!this.presenting || event.defaultPrevented) return;
    const command = clickerCommand(event);
    if (command && command !== "blank") this.run(command, event, { always: true });
  }

  /** Space's keyup presses a focused button: not while presenting (Space was play/pause). */
  onClickerKeyUp(event) {
    if (this.presenting && clickerCommand(event) === "togglePlay") event.preventDefault();
  }

  /** Do a key's `command` (nothing for null); `always`: the key is taken even when the
   * command cannot act now (a clicker's key never falls through to the focused control). */
  run(command, event, { always = false } = {}) {
    if (!command) return;
    if (always) event.preventDefault();
    const empty = this.n === 0;
    if (command === "togglePlay" && empty && !this.playing) return;
    if ((command === "stepOver" || command === "stepOut") && empty) return;
    event.preventDefault();
    this[command]();
  }

  forward() {
    this.go(this.k + 1);
  }

  back() {
    this.go(this.k - 1);
  }

  first() {
    this.go(0);
  }

  last() {
    this.go(this.n);
  }

  /** A new trace: `n` events known so far, `complete` once the server said done. */
  reset(n = 0, complete = false) {
    this.pause();
    this.store.set({ step: 0, length: n, complete });
    this.refresh();
  }

  setLength(n, complete) {
    this.store.set({ length: n, complete });
  }

  go(k, { fromSlider = false } = {}) {
    const target = Math.max(0, Math.min(this.n, Math.round(k)));
    if (!fromSlider && this.playing && target !== this.k + 1) this.pause();
    this.sliding = fromSlider;
    this.store.set({ step: target });
    this.sliding = false;
  }

  /** Seek without touching playback (used when a URL or a new run sets the step). */
  show(k) {
    this.store.set({ step: Math.max(0, Math.min(this.n, Math.round(k))) });
  }

  prevCutoff() {
    const k = this.hooks.prevCutoff(this.k);
    if (k >= 0) this.go(k);
  }

  nextCutoff() {
    const k = this.hooks.nextCutoff(this.k);
    if (k >= 0) this.go(k);
  }

  /** Step over / step out (stepping.js); nothing while the target has not streamed in. */
  stepOver() {
    const k = this.target("stepOver");
    if (k >= 0) this.go(k);
  }

  stepOut() {
    const k = this.target("stepOut");
    if (k >= 0) this.go(k);
  }

  target(hook) {
    return this.hooks[hook] && this.n > 0 ? this.hooks[hook](this.k) : -1;
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.n === 0 && this.complete) return;
    if (this.k >= this.n && this.complete) this.go(0); // replay from the start
    this.store.set({ playing: true });
    this.schedule();
  }

  pause() {
    this.store.set({ playing: false });
    this.cancel();
  }

  /** Milliseconds per step at the current speed. */
  interval() {
    return BASE_INTERVAL_MS / this.speed;
  }

  cancel() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Tick once when `due` (a performance.now() time; default one step from now) comes,
   * instead of any tick pending. */
  schedule(due = performance.now() + this.interval()) {
    this.cancel();
    this.due = due;
    this.timer = setTimeout(() => this.tick(), Math.max(0, due - performance.now()));
  }

  tick() {
    this.timer = null;
    if (!this.playing) return;
    if (this.k < this.n) this.store.set({ step: this.k + 1 });
    if (this.k >= this.n && this.complete) {
      this.pause();
      return;
    }
    // One interval after this step was due, and half an interval after it was drawn at the
    // earliest (see the header). Still streaming at the end: wait for more events.
    const interval = this.interval();
    this.schedule(Math.max(this.due + interval, performance.now() + interval / 2));
  }

  /** Draw the controls from the store (the slider keeps its place while it is dragged). */
  refresh() {
    const { els } = this;
    if (this.playing !== this.notifiedPlaying) {
      this.notifiedPlaying = this.playing;
      if (this.hooks.onPlaying) this.hooks.onPlaying(this.playing);
    }
    const empty = this.n === 0;
    els.slider.max = String(this.n);
    if (!this.sliding) els.slider.value = String(this.k);
    els.slider.disabled = empty;
    const position = { k: this.k, n: this.n };
    els.slider.setAttribute("aria-valuetext", _("step {k} of {n}", position));
    els.counter.textContent = this.complete || empty ? _("step {k} of {n}", position) : _("step {k} of {n}…", position);
    // One name ("Play") and a pressed state: a toggle button whose name changed as well would
    // be read "Pause, pressed" (issue 26). The icon and the tooltip show what a press does.
    els.play.setAttribute("aria-pressed", this.playing ? "true" : "false");
    els.play.dataset.playing = this.playing ? "true" : "false";
    els.play.title = this.playing ? _("Pause (Space)") : _("Play (Space)");
    // aria-disabled (not disabled) keeps keyboard focus on a button that reaches the end.
    const off = (el, value) => el.setAttribute("aria-disabled", value ? "true" : "false");
    off(els.first, empty || this.k === 0);
    off(els.back, empty || this.k === 0);
    off(els.forward, empty || this.k >= this.n);
    off(els.last, empty || this.k >= this.n);
    off(els.play, empty);
    off(els.prevCut, empty || this.hooks.prevCutoff(this.k) < 0);
    off(els.nextCut, empty || this.hooks.nextCutoff(this.k) < 0);
    if (els.stepOver) off(els.stepOver, this.target("stepOver") < 0);
    if (els.stepOut) off(els.stepOut, this.target("stepOut") < 0);
  }
}

/**
 * A Player on a page's standard controls (#btn-play, #btn-first, …, #btn-step-over,
 * #btn-step-out, #scrub, #speed, #counter), as the main page and the embed share them
 * (_player_controls.html). ``currentTrace()`` is the trace on screen (or null); ``store`` the
 * page's run store (a new one when the page keeps none), which the page's panels follow.
 */
export function standardPlayer(currentTrace, { onPlaying = null, store = undefined } = {}) {
  const $ = (id) => document.getElementById(id);
  return new Player(
    {
      play: $("btn-play"),
      first: $("btn-first"),
      back: $("btn-back"),
      forward: $("btn-forward"),
      last: $("btn-last"),
      prevCut: $("btn-prev-cut"),
      nextCut: $("btn-next-cut"),
      stepOver: $("btn-step-over"),
      stepOut: $("btn-step-out"),
      slider: $("scrub"),
      speed: $("speed"),
      counter: $("counter"),
    },
    {
      prevCutoff: (k) => (currentTrace() ? currentTrace().prevCutoff(k) : -1),
      nextCutoff: (k) => (currentTrace() ? currentTrace().nextCutoff(k) : -1),
      stepOver: (k) => stepOver(currentTrace(), k),
      stepOut: (k) => stepOut(currentTrace(), k),
      onPlaying,
    },
    store
  );
}
