// player/run-store.js: the state of one page's run, in one store (lib/store.js):
//   trace     the Trace on screen (trace/trace.js), or null (the compare page: the Timeline
//             of its two traces, compare/sync.js; a presented lesson adds `slide`, the deck's)
//   run       what the trace is of, where a page says so: {source, doc, options, info}
//   step      the step shown (0 … length); the view state is derived from it, never stored
//   length    events known so far; complete: the server said the trace is whole
//   runState  idle | loading | streaming | done | error
//   playing   playback on; speed: 0.25 … 16 (steps per 700 ms)
// The player (player/player.js) writes step, length, complete, playing and speed; the page's
// loading code writes trace, run and runState; panels (panels/follow-run.js), the lecture and
// the editor subscribe: what a step draws follows the store, never the player.
// `mirrorRunState` copies runState to body[data-run-state] for CSS and tests: the one place
// it is written. Nothing reads the step or the run state back from the DOM.

import { createStore } from "../lib/store.js";

export const RUN_STATES = Object.freeze(["idle", "loading", "streaming", "done", "error"]);

/** A run store starting idle at step 0, with `fields` overriding the defaults. */
export function createRunStore(fields = {}) {
  return createStore({
    trace: null,
    run: null,
    step: 0,
    length: 0,
    complete: false,
    runState: "idle",
    playing: false,
    speed: 1,
    ...fields,
  });
}

/** Keep `element.dataset.runState` equal to the store's runState; returns the unsubscriber. */
export function mirrorRunState(store, element) {
  element.dataset.runState = store.get().runState;
  return store.subscribe((state, changed) => {
    if ("runState" in changed) element.dataset.runState = state.runState;
  });
}
