// trace/narration.js: one plain-words sentence for every step, written into an ARIA live region.

import { KIND_NAMES, fmt, relationSymbol } from "../lib/format.js";
import { moveName, nameList, nameOf } from "../lib/names.js";
import { num } from "./trace.js";
import { narrateWindowEvent } from "./window-narration.js";

/** An inner node as the subject of a sentence: "MIN node B", or "The root A". */
function subject(trace, id) {
  const name = nameOf(trace, id);
  if (id === 0) return `The root ${name}`;
  const kind = trace.nodes[id].kind;
  return `${KIND_NAMES[kind] || kind} node ${name}`;
}

function windowText(alpha, beta) {
  if (Number.isNaN(alpha) || Number.isNaN(beta)) return "";
  return `α = ${fmt(alpha)}, β = ${fmt(beta)}`;
}

/** The sentence for step k of `trace` (k = 0: before the search starts). */
export function narrate(trace, k) {
  if (!trace) return "Choose a tree and press Run.";
  if (k === 0) {
    if (trace.length === 0) return "Waiting for the search to start…";
    return "Step 0: nothing is visited yet. Press → (or Play) to start the search at the root.";
  }
  const windowed = narrateWindowEvent(trace, k);
  if (windowed) return windowed;
  const e = trace.events[k - 1];
  const id = trace.nodeOf[k - 1];
  const name = subject(trace, id);
  switch (e.type) {
    case "enter": {
      const w = windowText(num(e.alpha), num(e.beta));
      const role =
        e.kind === "max"
          ? "MAX picks the largest child value"
          : e.kind === "min"
            ? "MIN picks the smallest child value"
            : "a chance node averages its children";
      if (id === 0) {
        const root = `the root ${nameOf(trace, 0)}, a ${KIND_NAMES[e.kind]} node`;
        return `Start at ${root}${w ? ` with ${w}` : ""}: ${role}.`;
      }
      return `Visit ${name}${w ? ` with window ${w}` : ""}: ${role}.`;
    }
    case "leaf": {
      const where = nameOf(trace, id);
      const value = fmt(num(e.value));
      if (e.heuristic) {
        return `Depth limit reached: ${where} is scored by its heuristic value ${value}.`;
      }
      return `Evaluate leaf ${where}: its value is ${value}.`;
    }
    case "update": {
      const b = trace.before[k - 1];
      const child = trace.childOf[k - 1];
      const kind = trace.nodes[id].kind;
      const cv = num(e.child_value);
      const v = num(e.value);
      const from = `${moveName(trace, child)} returns ${fmt(cv)}`;
      if (kind === "chance") {
        const row = trace.nodes[child];
        const weight = row.p !== undefined ? `with probability ${fmt(row.p)}` : "weighted equally";
        return `${name}: ${from}, ${weight}; the expected value so far is ${fmt(v)}.`;
      }
      const op = kind === "max" ? "max" : "min";
      let text = `${name}: ${from}; v = ${op}(${fmt(b.value)}, ${fmt(cv)}) = ${fmt(v)}`;
      if (v === b.value) text += " (unchanged)";
      const a = num(e.alpha);
      const bt = num(e.beta);
      if (kind === "max" && !Number.isNaN(a) && a !== b.alpha) text += `, so α rises to ${fmt(a)}`;
      if (kind === "min" && !Number.isNaN(bt) && bt !== b.beta) text += `, so β drops to ${fmt(bt)}`;
      return `${text}.`;
    }
    case "cutoff": {
      const symbol = e.kind === "alpha" ? "α" : "β";
      const test = `v = ${fmt(num(e.value))} ${relationSymbol(e.relation)} ${symbol} = ${fmt(
        num(e.bound)
      )}`;
      const why =
        e.kind === "alpha"
          ? "MAX above already has a better option"
          : "MIN above already has a better option";
      const pruned = trace.prunedIds[k - 1];
      if (!pruned.length) {
        return `${name}: ${test}, the ${symbol}-cutoff test fires, but this was the last child: nothing is left to prune.`;
      }
      const noun = pruned.length === 1 ? "child" : "children";
      const skipped = nameList(trace, pruned);
      return `${name}: ${test}, so the remaining ${noun} ${skipped} cannot matter (${why}): ${symbol}-cutoff.`;
    }
    case "exit": {
      const v = fmt(num(e.value));
      if (id === 0) {
        const move = e.best !== null ? ` Best move: ${moveName(trace, e.best)}.` : "";
        return `The root returns ${v}: the search is complete.${move}`;
      }
      if (trace.nodes[id].kind === "chance") return `${name} returns its expected value ${v}.`;
      const best = e.best !== null ? ` (from child ${nameOf(trace, e.best)})` : "";
      return `${name} returns ${v}${best}.`;
    }
    default:
      return "";
  }
}

const SPEECH_MS = 2500; // while playing, a screen reader hears at most one sentence this often

/**
 * The sentence on screen, and the same sentence for screen readers paced for speech: the
 * visible text changes every step, while a visually hidden live region speaks it at once
 * when the player is paused and at most every SPEECH_MS while it plays (the latest
 * sentence), so announcements never pile up behind a fast player.
 */
export class Narration {
  constructor(element) {
    this.element = element;
    this.element.setAttribute("aria-live", "off");
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");
    this.live.id = `${element.id}-spoken`;
    element.after(this.live);
    this.text = "";
    this.playing = false;
    this.spokenAt = -Infinity;
    this.timer = null;
  }

  /** Show `text`; `error`: it says why nothing can be shown (styled as an error). */
  say(text, { error = false } = {}) {
    this.element.classList.toggle("error", error);
    if (text === this.text) return;
    this.text = text;
    this.element.textContent = text;
    if (error || !this.playing) this.speak();
    else this.speakLater();
  }

  /** The player started or stopped: on a stop, speak where it stopped. */
  setPlaying(playing) {
    this.playing = playing;
    if (!playing) this.speak();
  }

  speak() {
    clearTimeout(this.timer);
    this.timer = null;
    this.spokenAt = performance.now();
    if (this.live.textContent !== this.text) this.live.textContent = this.text;
  }

  speakLater() {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.spokenAt + SPEECH_MS - performance.now());
    this.timer = setTimeout(() => this.speak(), wait);
  }
}
