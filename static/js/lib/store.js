// lib/store.js: a small observable store, the one place a page keeps its run's state
// (docs/architecture.md, "The flow of a step"). `set(patch)` merges the fields that
// really changed into a new frozen state and calls every subscriber synchronously with
// (state, changed); a patch that changes nothing notifies nobody, so a subscriber that writes
// back what it was told cannot loop. No library: a page's state is a handful of fields.

/**
 * A store holding `initial`'s fields. get() → the current state (frozen);
 * set(patch) → merge and notify; subscribe(fn) → fn(state, changed) on every change, returns
 * the function that unsubscribes it.
 */
export function createStore(initial = {}) {
  let state = Object.freeze({ ...initial });
  const subscribers = new Set();
  return {
    get: () => state,
    set(patch) {
      const changed = {};
      let any = false;
      for (const [key, value] of Object.entries(patch)) {
        if (!Object.is(state[key], value)) {
          changed[key] = value;
          any = true;
        }
      }
      if (!any) return;
      state = Object.freeze({ ...state, ...changed });
      for (const subscriber of [...subscribers]) subscriber(state, changed);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}
