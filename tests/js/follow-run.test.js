// tests/js/follow-run.test.js: panels follow the page's run store (panels/follow-run.js): a
// new trace is set in every panel with its run, then its step drawn; each change of step
// draws that step (seeked once for all panels), a trace becoming complete redraws the step
// shown (now final at its end), and events streaming in redraw nothing. followStep, the rule
// underneath (the compare page's timeline, a game decision's link and position): drawn at a
// new trace, step or completeness, never without a trace.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Trace } from "../../static/js/trace/trace.js";
import { createPageStore } from "../../static/js/lib/page-store.js";
import { followRun, followStep } from "../../static/js/panels/follow-run.js";
import { createRunStore } from "../../static/js/player/run-store.js";
import { loadFixture } from "./fixtures.js";

/** A panel that writes down what it was given. */
function recordingPanel() {
  const calls = [];
  return {
    calls,
    setTrace: (trace, run) => calls.push(["setTrace", trace, run]),
    show: ({ s, step, final }) => calls.push(["show", step, final, s.step]),
  };
}

function streamedTrace() {
  const { nodes, summary, events } = loadFixture("textbook");
  return { trace: new Trace(nodes, summary.options), summary, events };
}

test("a new trace is set in each panel with its run, then its step 0 drawn once", () => {
  const store = createRunStore({ step: 7 });
  const panels = [recordingPanel(), recordingPanel()];
  const shown = [];
  followRun(store, panels, { onShown: (ms, state) => shown.push([ms >= 0, state.step]) });
  const { trace } = streamedTrace();
  const run = { source: { kind: "preset", name: "textbook" }, options: trace.options };
  store.set({ trace, run, step: 0, length: 0, complete: false });
  for (const panel of panels) {
    assert.deepEqual(panel.calls, [
      ["setTrace", trace, run],
      ["show", 0, false, 0],
    ]);
  }
  assert.deepEqual(shown, [[true, 0]]);
});

test("steps are drawn as the store's step changes; streamed events draw nothing", () => {
  const store = createRunStore();
  const panel = recordingPanel();
  followRun(store, [panel]);
  const { trace, summary, events } = streamedTrace();
  store.set({ trace, run: {} });
  panel.calls.length = 0;
  trace.append(events);
  store.set({ length: trace.length });
  assert.deepEqual(panel.calls, [], "more events known: the step shown is unchanged");
  store.set({ step: 3 });
  store.set({ step: 3 });
  assert.deepEqual(panel.calls, [["show", 3, false, 3]]);
  store.set({ step: trace.length });
  assert.deepEqual(panel.calls.at(-1), ["show", trace.length, false, trace.length]);
  trace.finish(summary);
  store.set({ complete: true });
  assert.deepEqual(panel.calls.at(-1), ["show", trace.length, true, trace.length], "now final");
});

test("nothing is drawn before a trace, nor after the panels unsubscribe", () => {
  const store = createRunStore();
  const panel = recordingPanel();
  const stop = followRun(store, [panel]);
  store.set({ step: 2, runState: "loading" });
  assert.deepEqual(panel.calls, []);
  stop();
  store.set({ trace: streamedTrace().trace });
  assert.deepEqual(panel.calls, []);
});

test("followStep draws at a new trace, a new step or completeness, never without a trace", () => {
  const store = createRunStore();
  const drawn = [];
  const stop = followStep(store, (state, changed) => drawn.push([state.step, Object.keys(changed).sort()]));
  store.set({ step: 4, length: 9, runState: "loading" });
  assert.deepEqual(drawn, [], "no trace yet");
  const timeline = { length: 9 }; // anything a page keeps as its trace (compare: a Timeline)
  store.set({ trace: timeline, step: 2 });
  store.set({ length: 12, runState: "done", playing: true, speed: 2 });
  store.set({ step: 5 });
  store.set({ complete: true });
  assert.deepEqual(drawn, [
    [2, ["step", "trace"]],
    [5, ["step"]],
    [5, ["complete"]],
  ]);
  store.set({ trace: null, step: 0 });
  assert.equal(drawn.length, 3, "the trace taken away: nothing drawn");
  stop();
  store.set({ trace: timeline, step: 1 });
  assert.equal(drawn.length, 3, "unsubscribed");
});

test("a change of the page's language shows the same step again, nothing else", () => {
  const store = createRunStore({ step: 0 });
  const page = createPageStore({ lang: "en" });
  const panel = recordingPanel();
  followRun(store, [panel], { page });
  const { trace, summary, events } = streamedTrace();
  trace.append(events);
  trace.finish(summary);
  store.set({ trace, run: null, step: 9, length: trace.length, complete: true });
  panel.calls.length = 0;
  page.set({ lang: "de" });
  assert.deepEqual(panel.calls, [["show", 9, false, 9]]);
  assert.equal(store.get().step, 9);
  page.set({ theme: "dark" });
  assert.equal(panel.calls.length, 1, "only the language redraws");
});
