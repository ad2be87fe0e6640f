// lib/page-store.js: the page's state besides its run (player/run-store.js), in one store
// (lib/store.js):
//   lecture      the lecture bar's mode (presenter | student | detached | error), null: no bar
//   hideAnswers  the "Hide answers" setting (true | false), null: the page has no such switch
//   presenting   presentation mode (the main page's, a game decision's, a presented lesson's)
//   singleKeys   the "Single-key shortcuts" choice made on this page, null: none (the stored
//                setting holds, lib/single-keys.js)
//   theme        "system" | "light" | "dark" (lib/theme.js), null until the page sets it up
//   lang         the page's language, a BCP 47 tag ("en", "de", "es", "zh-Hans"; lib/i18n.js,
//                lib/language.js): panels that write text subscribe and write it again
//   form         how a negamax trace's numbers are shown: "mover" (its own) | "minimax"
//                (visualizer/minimax-form-switch.js, the address's form=minimax)
// Writers set it (lecture/bar.js, player/presentation.js, lesson/present-mode.js,
// lib/single-keys.js, lib/theme.js, lib/language.js); readers subscribe or get(), never read it back from the DOM. The
// data-* attributes CSS and tests see are mirrors, each written by `mirror` alone, installed
// once by the page (or the part) that owns the element. `pageStore` is the page's store: each
// entry is bundled on its own (and the unbundled modules load once per page), so a page has one.

import { createStore } from "./store.js";

/** A page store with `fields` overriding the defaults (no lecture, no switch, not presenting). */
export function createPageStore(fields = {}) {
  return createStore({
    lecture: null,
    hideAnswers: null,
    presenting: false,
    singleKeys: null,
    theme: null,
    lang: null,
    form: "mover",
    ...fields,
  });
}

export const pageStore = createPageStore();

/** A flag as "on" | "off". */
export const onOff = (on) => (on ? "on" : "off");
/** A flag as "on", or no attribute when off. */
export const onOnly = (on) => (on ? "on" : null);

/**
 * Keep `element.dataset[name]` equal to `text(state[field])` (null or undefined, or a field
 * that is null: the attribute is removed); returns the unsubscriber.
 */
export function mirror(store, field, element, name, text = String) {
  const write = (value) => {
    const shown = value === null || value === undefined ? null : text(value);
    if (shown === null || shown === undefined) delete element.dataset[name];
    else if (element.dataset[name] !== shown) element.dataset[name] = shown;
  };
  write(store.get()[field]);
  return store.subscribe((state, changed) => {
    if (field in changed) write(state[field]);
  });
}

/** The main page's and a game page's mirrors on <body>: data-hide-answers, data-present. */
export function mirrorPageState(store, body) {
  const off = [mirror(store, "hideAnswers", body, "hideAnswers", onOff), mirror(store, "presenting", body, "present", onOnly)];
  return () => off.forEach((unsubscribe) => unsubscribe());
}
