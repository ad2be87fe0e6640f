// panels/follow-run.js: panels draw what the page's run store (player/run-store.js) holds.
// A panel is { setTrace(trace, run), show({ s, step, final }) } (visualizer/panels.js wraps
// the classes of this folder so). `followRun(store, panels)` subscribes them: a new `trace`
// (with its `run`: {source, doc, options, info}) is set in every panel, then the state at the
// store's `step` (`trace.seek(step)`, replayed once for all of them) is shown in each, again
// whenever the step changes or the trace becomes complete (its last step may now be final).
// `followStep(store, draw)` is the rule underneath, for a page whose store's `trace` is not
// one Trace (the compare page's timeline of two) or that draws more than panels (a game
// decision's position, a link to the step): `draw(state, changed)` at each of those changes.
// So "events arrived → panel drawn" reads: the runner and the player write the store, this
// module draws. When the page's language changes (the page store's `lang`, lib/language.js)
// the step on screen is shown again, its sentences now in the new language: nothing is
// fetched or replayed beyond the seek.

import { pageStore } from "../lib/page-store.js";

/**
 * Call `draw(state, changed)` whenever the store holds a trace and its trace, step or
 * completeness changed (never while `trace` is null), and again when the page's language
 * changes (`changed` is then `{ lang }`). Returns the unsubscriber.
 */
export function followStep(store, draw, page = pageStore) {
  const offRun = store.subscribe((state, changed) => {
    if (!state.trace) return;
    if ("trace" in changed || "step" in changed || "complete" in changed) draw(state, changed);
  });
  const offPage = page.subscribe((pageState, changed) => {
    const state = store.get();
    if ("lang" in changed && state.trace) draw(state, { lang: pageState.lang });
  });
  return () => {
    offRun();
    offPage();
  };
}

/**
 * Subscribe `panels` to `store`; `onShown(ms, state)` is called after each step is drawn in
 * all of them, with the time it took (not for a redraw in a new language). Returns the
 * unsubscriber.
 */
export function followRun(store, panels, { onShown = () => {}, page = pageStore } = {}) {
  return followStep(
    store,
    (state, changed) => {
      const { trace } = state;
      if ("trace" in changed) for (const panel of panels) panel.setTrace(trace, state.run);
      const started = performance.now();
      const s = trace.seek(state.step);
      const final = trace.complete && s.step === trace.length;
      for (const panel of panels) panel.show({ s, step: s.step, final });
      if (!("lang" in changed)) onShown(performance.now() - started, state);
    },
    page
  );
}
