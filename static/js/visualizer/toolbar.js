// visualizer/toolbar.js: the main page's toolbar. The tree view's buttons ("Fit all", also the
// key F, presenting too; zoom, "Show all", fold pruned subtrees, follow the search), "Hide
// inputs", and the modes that change what the page shows: presentation mode and the "Hide
// answers" switch (player/presentation.js), whose default is on while presenting and in a
// lecture (presenter, student, or a student exploring: the page store's `lecture`, which
// lecture/bar.js writes; a student's page has no P shortcut), and the More menu's
// "Single-key shortcuts" setting (lib/single-keys.js).

import { _ } from "../lib/i18n.js";
import { ownsKey } from "../lib/keys.js";
import { pageStore } from "../lib/page-store.js";
import { singleKeysOn, wireSingleKeySwitch } from "../lib/single-keys.js";
import { AnswerSwitch, Presentation } from "../player/presentation.js";

const $ = (id) => document.getElementById(id);
const ZOOM_STEP = 1.4;
const LECTURE_MODES = new Set(["presenter", "student", "detached"]);

/**
 * Wire the tree view's buttons and "Hide inputs". Returns showAllButton(): bring "Show all" up
 * to date with the view (call it when the view gets a new tree).
 */
export function wireViewTools(view) {
  // Fit all: the whole tree when it fits at 12 px, else as much of it as fits at that size.
  $("fit").addEventListener("click", () => view.fitAll());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "f" && event.key !== "F") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!singleKeysOn()) return; // the "Single-key shortcuts" setting is off
    if (ownsKey(event.target, event.key)) return; // F typed in a field
    event.preventDefault();
    view.fitAll();
  });
  $("zoom-in").addEventListener("click", () => view.zoomBy(ZOOM_STEP));
  $("zoom-out").addEventListener("click", () => view.zoomBy(1 / ZOOM_STEP));

  /** "Show all" draws every node (small enough trees); pressed again, the view folds again. */
  function showAllButton() {
    const button = $("expand-all");
    button.setAttribute("aria-pressed", view.showAll ? "true" : "false");
    button.setAttribute("aria-disabled", view.canShowAll ? "false" : "true");
    button.title = view.canShowAll
      ? _("Draw every node (press again to fold what is far from the search)")
      : _("This tree is too big to draw whole: open folded nodes one by one, or use the overview");
  }
  $("expand-all").addEventListener("click", () => {
    if (!view.canShowAll) return;
    view.setShowAll(!view.showAll);
    showAllButton();
  });
  $("collapse-pruned").addEventListener("click", () => view.collapsePruned());
  wireSingleKeySwitch($("single-keys"));
  $("follow").addEventListener("change", (event) => {
    view.follow = event.target.checked;
  });
  $("toggle-inputs").addEventListener("click", (event) => {
    const hidden = $("layout").classList.toggle("inputs-hidden");
    event.currentTarget.setAttribute("aria-expanded", hidden ? "false" : "true");
    event.currentTarget.textContent = hidden ? _("Show inputs") : _("Hide inputs");
    // The tree's panel grows or shrinks: the view folds and fits again by itself.
  });
  return showAllButton;
}

/**
 * The "Hide answers" switch and presentation mode (`player` takes a clicker's keys while
 * presenting; `narration`, the narration panel, is its caption). `onAnswersChange(on)`:
 * redraw what "Hide answers" hides. The switch's default
 * follows the page store's `presenting` and `lecture` (lib/page-store.js). Returns
 * {answers, presentation}.
 */
export function answersAndPresentation(view, player, narration, onAnswersChange) {
  const answers = new AnswerSwitch($("hide-answers"), onAnswersChange);
  pageStore.subscribe((state, changed) => {
    if ("presenting" in changed || "lecture" in changed) {
      answers.setDefault(state.presenting || LECTURE_MODES.has(state.lecture));
    }
  });

  const presentation = new Presentation(
    {
      buttons: [$("present-toggle"), $("present-toggle-narrow")],
      exit: $("present-exit"),
      heading: $("present-heading"),
      layout: $("layout"),
      stage: $("stage"),
      caption: narration,
      controls: [$("player"), $("present-exit")],
    },
    { view, player, keyOff: () => pageStore.get().lecture === "student" }
  );

  return { answers, presentation };
}
