// visualizer/first-load.js: what the address asks the main page to open when it loads, in this
// order: a lecture room (?lecture= or ?present=, lecture/room.js opens it), a permalink (?z=…,
// the packed tree), a saved view (/t/<id>), a source named in the query, a tree too long for the
// address that url-state.js kept in the history entry, else the default preset. A link that
// cannot be opened says why in the narration and leaves no tree.

import { _ } from "../lib/i18n.js";
import { getView } from "../lib/api.js";
import { PACKED_PARAM, unpackView } from "../lib/packed-view.js";
import { readUrl, viewKeptInHistory } from "../lib/url-state.js";

const DEFAULT_PRESET = "textbook";

/**
 * Choose the default preset (the list's selection if it is missing) and run it, if the list has
 * one. `urlView`: options and step from the address bar.
 */
export function openDefaultPreset(input, run, urlView = null) {
  input.setSource({
    kind: "preset",
    name: input.hasPreset(DEFAULT_PRESET) ? DEFAULT_PRESET : document.getElementById("preset").value,
  });
  if (input.els.preset.value) run({ urlView });
}

/**
 * Open what the address asks for.
 * @param {{input: InputPanel, run: Function, lecture: Lecture, narration: Narration,
 *   notice: TreeNotice, store}} page  run({urlView}) runs the input panel's source; store: the
 *   page's run store (its runState says loading, then error for a link that cannot be opened)
 */
export function openFirstView({ input, run, lecture, narration, notice, store }) {
  const setRunState = (runState) => store.set({ runState });

  /** A link that cannot be opened: its error where the user looks, and no tree. */
  function showLinkError(err) {
    narration.say(err && err.message ? err.message : String(err), { error: true });
    notice.show(_("No tree is loaded. Choose a tree under Tree, or open a file."), "error");
    setRunState("error");
  }

  /** A permalink (?z=…): the packed tree, options and step; the query's own options win. */
  async function openPackedView(packed, urlView) {
    setRunState("loading");
    try {
      const saved = await unpackView(packed);
      input.setSource({ kind: "paste", text: JSON.stringify(saved.tree) });
      const options = { ...(saved.options || {}), ...urlView.options };
      const step = urlView.step !== null ? urlView.step : saved.step;
      run({ urlView: { options, step: step === undefined ? null : step } });
    } catch (err) {
      showLinkError(err);
    }
  }

  async function openSavedView(id, urlView) {
    setRunState("loading");
    try {
      const saved = await getView(id);
      input.setSource({ kind: "paste", text: JSON.stringify(saved.tree) });
      const options = { ...(saved.options || {}), ...urlView.options };
      run({ urlView: { ...urlView, options } });
    } catch (err) {
      showLinkError(err);
    }
  }

  const initial = readUrl();
  const savedId = document.getElementById("layout").dataset.savedId;
  const packedView = new URLSearchParams(window.location.search).get(PACKED_PARAM);
  const keptView = viewKeptInHistory();
  if (lecture.openFromUrl()) {
    // ?lecture=CODE or ?present=CODE: lecture/room.js opens the room's view
  } else if (packedView && !initial.source) {
    openPackedView(packedView, initial);
  } else if (savedId && !initial.source) {
    openSavedView(savedId, initial);
  } else if (initial.source) {
    input.setSource(initial.source);
    run({ urlView: initial });
  } else if (keptView) {
    // A reload of a tree too long for the address: url-state.js kept it in the history entry.
    input.setSource(keptView.source);
    run({ urlView: { options: keptView.options || {}, step: keptView.step } });
  } else {
    openDefaultPreset(input, run, initial);
  }
}
