// visualizer/panels.js: the main page's panels over the components that draw them. A panel is
// { setTrace(trace, run), show({ s, step, final }) }: setTrace when a run's trace begins (`run`:
// {source, doc, options, info}, info being the server's description of the document), show for
// the state `s` at step `step` (`final`: the end of a finished search). visualizer/page.js keeps
// a list and calls each in turn; doc-title.js is one too. A negamax trace's tree, pseudocode and
// narration speak the form the page store says ("mover" or "minimax"); `formChanged()` on
// those three redraws the step on screen in the new form.

import { pageStore } from "../lib/page-store.js";
import { inForm, traceInForm } from "../trace/minimax-form.js";
import { narrate } from "../trace/narration.js";
import { cutByDepthLimit } from "../trace/trace.js";

/** The tree view (a negamax trace in the form the page store says); `showAllButton()` brings
 * "Show all" up to date with a new tree. */
export function treePanel(view, showAllButton) {
  let trace = null;
  return {
    setTrace(newTrace, { doc, info }) {
      trace = newTrace;
      view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, doc), agents: info && info.agents });
      showAllButton();
    },
    show({ s, final }) {
      view.render(inForm(trace, s, pageStore.get().form), final); // negamax: the form chosen
    },
  };
}

/** The pseudocode: the run's listing (negamax's in the form chosen), its current line(s) at
 * each step. */
export function pseudocodePanel(pseudocode) {
  let trace = null;
  let options = null;
  let shownStep = 0;
  const form = () => pageStore.get().form;
  return {
    setTrace(newTrace, run) {
      trace = newTrace;
      options = run.options;
      pseudocode.show(options, trace.hasChance, form());
    },
    show({ step }) {
      shownStep = step;
      const event = traceInForm(trace, form()).eventAt(step);
      pseudocode.highlight(event, event ? trace.kind(trace.nodeOf[step - 1]) : null);
    },
    formChanged() {
      if (!trace) return;
      pseudocode.show(options, trace.hasChance, form());
      this.show({ step: shownStep });
    },
  };
}

/** The narration: one sentence per step (negamax's in the form chosen). */
export function narrationPanel(narration) {
  let trace = null;
  let shownStep = 0;
  return {
    setTrace(newTrace) {
      trace = newTrace;
    },
    show({ step }) {
      shownStep = step;
      narration.say(narrate(trace, step, pageStore.get().form));
    },
    formChanged() {
      if (trace) this.show({ step: shownStep });
    },
  };
}

/** The statistics. */
export function statsPanel(stats) {
  return {
    setTrace(trace) {
      stats.setTrace(trace);
    },
    show({ s, final }) {
      stats.update(s, final);
    },
  };
}
