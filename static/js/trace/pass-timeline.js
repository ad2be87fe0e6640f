// trace/pass-timeline.js: the passes and re-searches of a trace, as the pass timeline under
// the player shows them (panels/pass-timeline.js draws them). A segment is one pass over the
// root (aspiration search, MTD(f), SSS*: a `pass` event) or, for a search without passes, one
// PVS re-search of a child (a `research` event): its window, the steps it spans and, once its
// node returns, its result: "fail-low" (value ≤ α: an upper bound), "fail-high" (≥ β: a lower
// bound) or "exact". Built as the trace streams in, one pass over the events added since the
// last `update()` (so a 2,047-node trace costs what its events cost, once); the segment of a
// step is found by binary search. A negamax trace's windows and values are read in the form
// the page shows (trace/minimax-form.js). `segmentWords` says a segment at a step: a pass not
// reached yet shows only its name (its window would tell how the one before ended), the one
// running its window, a finished one its result too. DOM-free.

import { fmt } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { nameOf } from "../lib/names.js";
import { traceInForm } from "./minimax-form.js";
import { num } from "./trace.js";

export class PassTimeline {
  /** The timeline of `trace` in `form` ("mover" or "minimax": a negamax trace's numbers). */
  constructor(trace, form = "mover") {
    this.trace = trace;
    this.form = form;
    this.passes = []; // segments of `pass` events, in order
    this.researches = []; // segments of `research` events, by start
    this.open = new Map(); // node → its re-search segment still running
    this.read = 0; // events read so far
  }

  /** The segments shown: the passes, or for a search without passes its re-searches. */
  get segments() {
    return this.passes.length ? this.passes : this.researches;
  }

  /** "pass" or "research": what the segments are. */
  get kind() {
    return this.passes.length ? "pass" : "research";
  }

  /** Read the events added since the last call; true if a segment was added or finished. */
  update() {
    const trace = traceInForm(this.trace, this.form);
    const events = trace.events;
    let changed = false;
    for (let j = this.read; j < events.length; j++) {
      const e = events[j];
      const node = trace.nodeOf[j];
      if (e.type === "pass") {
        this.passes.push(segment("pass", e, 0, j, e.number, e.why));
        changed = true;
      } else if (e.type === "research") {
        const seg = segment("research", e, node, j, this.researches.length + 1, "research");
        const tested = events[j - 1]; // the null-window test that failed high
        seg.tested = tested && tested.type === "exit" ? num(tested.value) : NaN;
        this.researches.push(seg);
        this.open.set(node, seg);
        changed = true;
      } else if (e.type === "exit") {
        changed = this.close(node, num(e.value), j) || changed;
      }
    }
    this.read = events.length;
    return changed;
  }

  /** Node `node` returned `value` at event j: the running segment of that node ends. */
  close(node, value, j) {
    let seg = this.open.get(node);
    if (seg) this.open.delete(node);
    else if (node === 0 && this.passes.length) seg = this.passes[this.passes.length - 1];
    if (!seg || seg.end !== Infinity) return false;
    seg.end = j + 1;
    seg.value = value;
    seg.outcome = value <= seg.alpha ? "fail-low" : value >= seg.beta ? "fail-high" : "exact";
    return true;
  }

  /** The index of the segment step `step` is in (-1: none). A pass runs until the next one
   * starts; a re-search from its `research` event to its node's return (the innermost). */
  indexAt(step) {
    const segments = this.segments;
    let i = lastStartingBy(segments, step);
    if (this.kind === "pass") return i;
    for (; i >= 0; i--) if (step <= segments[i].end) return i;
    return -1;
  }

  /** The index of the segment before (`direction` −1) or after (+1) step `step`: the last one
   * starting before it, or the first starting after it (-1: none). */
  neighbour(step, direction) {
    const segments = this.segments;
    if (direction < 0) return lastStartingBy(segments, step - 1);
    const i = lastStartingBy(segments, step) + 1;
    return i < segments.length ? i : -1;
  }
}

/** A segment starting with event j (shown from step j + 1), its result not known yet. */
function segment(kind, e, node, j, number, why) {
  const alpha = num(e.alpha);
  const beta = num(e.beta);
  return { kind, node, number, why, alpha, beta, start: j + 1, end: Infinity, value: NaN, outcome: null };
}

/** The index of the last segment starting at or before `step` (-1: none). */
function lastStartingBy(segments, step) {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (segments[mid].start <= step) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** A done segment's result, in the page's language: "fails low: ≤ 5", "exact: 3". */
function resultWords(outcome, value) {
  if (outcome === "fail-low") return _("fails low: ≤ {value}", { value });
  if (outcome === "fail-high") return _("fails high: ≥ {value}", { value });
  return _("exact: {value}", { value });
}

/** Where step `step` stands to segment `seg`: "ahead" (not reached), "running" or "done" (its
 * node has returned). Cheap: a panel asks it of every segment at every step, and words only of
 * those whose state changed. */
export function segmentState(seg, step) {
  return step < seg.start ? "ahead" : step < seg.end ? "running" : "done";
}

/**
 * Segment `index` of `timeline` as shown at step `step`: {name, window, result, state}, state
 * "ahead" (not reached: window and result ""), "running" (result "searching…") or "done".
 */
export function segmentWords(timeline, index, step) {
  const seg = timeline.segments[index];
  const name = seg.kind === "pass" ? _("Pass {n}", { n: seg.number }) : _("{node} again", { node: nameOf(timeline.trace, seg.node) });
  const state = segmentState(seg, step);
  if (state === "ahead") return { name, window: "", result: "", state };
  const test = seg.why === "mtdf" || seg.why === "sssstar";
  const window = test ? `v ≥ ${fmt(seg.beta)}?` : `(${fmt(seg.alpha)}, ${fmt(seg.beta)})`;
  if (state === "running") return { name, window, result: _("searching…"), state };
  return { name, window, result: resultWords(seg.outcome, fmt(seg.value)), state: "done" };
}
