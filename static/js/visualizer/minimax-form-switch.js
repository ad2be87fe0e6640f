// visualizer/minimax-form-switch.js: the tree toolbar's "Minimax form" switch. A negamax trace
// shows each node's value and window from its mover's side; the switch shows them in minimax
// form instead (trace/minimax-form.js). The choice is the page store's `form` ("mover" |
// "minimax"), which the address carries as form=minimax; the switch is shown only while the
// trace on screen is a negamax one. A panel (visualizer/panels.js): setTrace shows or hides it.

import { pageStore } from "../lib/page-store.js";
import { hasTwoForms } from "../trace/minimax-form.js";

/** Wire `box` (a checkbox inside `label`) to the page store; `onChange()` redraws the step. */
export function minimaxFormSwitch(label, box, onChange) {
  box.checked = pageStore.get().form === "minimax";
  box.addEventListener("change", () => pageStore.set({ form: box.checked ? "minimax" : "mover" }));
  pageStore.subscribe((state, changed) => {
    if (!("form" in changed)) return;
    box.checked = state.form === "minimax";
    onChange();
  });
  return {
    setTrace(trace) {
      label.hidden = !hasTwoForms(trace);
    },
    show() {},
  };
}
