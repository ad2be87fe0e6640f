// The run store: changes notify once with what changed, no-ops notify nobody, and the
// data-run-state mirror follows runState only.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createStore } from "../../static/js/lib/store.js";
import { RUN_STATES, createRunStore, mirrorRunState } from "../../static/js/player/run-store.js";

test("set merges a patch and tells subscribers what changed", () => {
  const store = createStore({ step: 0, playing: false });
  const seen = [];
  store.subscribe((state, changed) => seen.push([state.step, state.playing, changed]));
  store.set({ step: 3 });
  store.set({ step: 3, playing: true });
  assert.deepEqual(seen, [
    [3, false, { step: 3 }],
    [3, true, { playing: true }],
  ]);
  assert.equal(store.get().step, 3);
});

test("a patch that changes nothing notifies nobody", () => {
  const store = createStore({ step: 2 });
  let calls = 0;
  store.subscribe(() => calls++);
  store.set({ step: 2 });
  store.set({});
  assert.equal(calls, 0);
});

test("a subscriber writing back what it was told does not loop", () => {
  const store = createStore({ step: 0 });
  let calls = 0;
  store.subscribe((state) => {
    calls++;
    store.set({ step: state.step });
  });
  store.set({ step: 1 });
  assert.equal(calls, 1);
});

test("unsubscribe stops the calls; state is frozen", () => {
  const store = createStore({ step: 0 });
  let calls = 0;
  const off = store.subscribe(() => calls++);
  store.set({ step: 1 });
  off();
  store.set({ step: 2 });
  assert.equal(calls, 1);
  assert.throws(() => {
    "use strict";
    store.get().step = 9;
  }, TypeError);
});

test("a run store starts idle at step 0 and mirrors runState alone", () => {
  const store = createRunStore();
  assert.equal(store.get().runState, "idle");
  assert.equal(store.get().step, 0);
  assert.ok(RUN_STATES.includes(store.get().runState));
  const element = { dataset: {} };
  mirrorRunState(store, element);
  assert.equal(element.dataset.runState, "idle");
  store.set({ runState: "loading" });
  assert.equal(element.dataset.runState, "loading");
  element.dataset.runState = "edited"; // a test's marker: only a real change overwrites it
  store.set({ step: 4 });
  assert.equal(element.dataset.runState, "edited");
  store.set({ runState: "done" });
  assert.equal(element.dataset.runState, "done");
});
