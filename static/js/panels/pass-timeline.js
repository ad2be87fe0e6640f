// panels/pass-timeline.js: the pass timeline under the player, for the searches that pass over
// the root more than once (aspiration search, MTD(f), SSS*) or search a child again (PVS's
// re-searches): one button per pass, its window or test and, once reached, its result (fail
// low / fail high / exact), the current one marked (aria-current="step" and more than colour:
// a heavier border and a "▶"); a click (or Enter/Space) goes to the pass's first step through
// the page's run store (player/run-store.js). Hidden for a search without passes.
// When the buttons do not fit on one row (a phone, a small embed) it folds to one line,
// "Pass 2 of 3 · (−∞, 11) · exact: 3", with buttons for the previous and next pass.
// The segments and their words are trace/pass-timeline.js's; they are read again only from
// the events that stream in, and a step rewrites only the buttons whose words changed.

import { _, ngettext } from "../lib/i18n.js";
import { PassTimeline, segmentState, segmentWords } from "../trace/pass-timeline.js";

/** The timeline's kind → [its noun, the previous and next buttons' names] (the page's language). */
function nouns(kind) {
  return kind === "pass" ? ["pass", _("Previous pass"), _("Next pass")] : ["re-search", _("Previous re-search"), _("Next re-search")];
}

function el(tag, className, text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function arrowButton(className, text, label) {
  const button = el("button", className, text);
  button.type = "button";
  button.setAttribute("aria-label", label);
  button.title = label;
  return button;
}

/**
 * The timeline in `element` (a <nav>) following `store` (the page's run store): a panel
 * { setTrace, show, formChanged }. `form()` is the form a negamax trace's numbers are shown
 * in (default the mover's side).
 */
export function passTimelinePanel(element, store, { form = () => "mover" } = {}) {
  const list = el("ol", "pass-list");
  const [, previousPass, nextPass] = nouns("pass");
  const prev = arrowButton("pass-prev", "◀", previousPass);
  const next = arrowButton("pass-next", "▶", nextPass);
  const summary = el("span", "pass-summary");
  const compact = el("div", "pass-compact");
  compact.append(prev, summary, next);
  element.replaceChildren(list, compact);
  element.hidden = true;

  let timeline = null;
  let step = 0;
  let buttons = []; // one per segment, with the state its words show (`shown`)
  let current = -1;
  let shownKind = null;

  const jump = (index) => {
    if (index < 0 || !timeline) return;
    store.set({ step: timeline.segments[index].start, playing: false });
  };
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-pass]");
    if (button) jump(Number(button.dataset.pass) - 1);
  });
  prev.addEventListener("click", () => jump(timeline && timeline.neighbour(step, -1)));
  next.addEventListener("click", () => jump(timeline && timeline.neighbour(step, 1)));

  /** Fold to one line when the buttons overflow the row (measured when the words change). */
  function fit() {
    element.dataset.mode = "list";
    if (list.scrollWidth > list.clientWidth + 1) element.dataset.mode = "compact";
  }
  new ResizeObserver(() => {
    if (!element.hidden) fit();
  }).observe(element);

  function addButtons(segments) {
    for (let i = buttons.length; i < segments.length; i++) {
      const button = el("button", "pass-segment");
      button.type = "button";
      button.dataset.pass = String(i + 1);
      button.append(el("span", "pass-name"), el("span", "pass-window"), el("span", "pass-result"));
      const item = el("li");
      item.append(button);
      list.append(item);
      buttons.push({ button, shown: "" });
    }
  }

  /** Proportional widths for passes (they follow one another); re-searches nest: equal. */
  function spread(segments) {
    const last = timeline.trace.length + 1;
    segments.forEach((seg, i) => {
      const span = timeline.kind === "pass" ? (i + 1 < segments.length ? segments[i + 1].start : last) - seg.start : 1;
      buttons[i].button.parentElement.style.flexGrow = String(Math.max(1, span));
    });
  }

  function render({ grew = false } = {}) {
    const segments = timeline ? timeline.segments : [];
    element.hidden = segments.length === 0;
    if (element.hidden) return;
    const [noun, before, after] = nouns(timeline.kind);
    if (shownKind !== timeline.kind) {
      shownKind = timeline.kind;
      element.setAttribute("aria-label", noun === "pass" ? _("Passes: go to one's first step") : _("Re-searches: go to one's first step"));
      prev.setAttribute("aria-label", before);
      prev.title = before;
      next.setAttribute("aria-label", after);
      next.title = after;
    }
    if (grew) {
      addButtons(segments);
      spread(segments);
    }
    let changedWords = grew;
    segments.forEach((seg, i) => {
      const entry = buttons[i];
      const state = segmentState(seg, step);
      if (entry.shown === state && !grew) return; // its words are those of this state
      entry.shown = state;
      const words = segmentWords(timeline, i, step);
      changedWords = true;
      const [name, window, result] = entry.button.children;
      name.textContent = words.name;
      window.textContent = words.window;
      result.textContent = words.result;
      entry.button.dataset.state = words.state;
      if (words.state === "done") entry.button.dataset.outcome = segments[i].outcome;
      else delete entry.button.dataset.outcome;
    });
    const index = timeline.indexAt(step);
    if (index !== current) {
      if (current >= 0 && buttons[current]) buttons[current].button.removeAttribute("aria-current");
      if (index >= 0) buttons[index].button.setAttribute("aria-current", "step");
      current = index;
    }
    const text = summaryText(index, segments.length, noun);
    if (summary.textContent !== text) summary.textContent = text; // a step rewrites nothing else
    const [noBefore, noAfter] = [timeline.neighbour(step, -1) < 0, timeline.neighbour(step, 1) < 0];
    if (prev.disabled !== noBefore) prev.disabled = noBefore;
    if (next.disabled !== noAfter) next.disabled = noAfter;
    if (changedWords) fit();
  }

  function summaryText(index, count, noun) {
    if (index < 0) return noun === "pass" ? ngettext("{n} pass", "{n} passes", count) : ngettext("{n} re-search", "{n} re-searches", count);
    const words = segmentWords(timeline, index, step);
    const place = { k: index + 1, count, name: words.name };
    const name = noun === "pass" ? _("Pass {k} of {count}", place) : _("{name} ({k} of {count})", place);
    return [name, words.window, words.result].filter(Boolean).join(" · ");
  }

  function start(trace) {
    timeline = trace ? new PassTimeline(trace, form()) : null;
    buttons = [];
    current = -1;
    shownKind = null;
    list.replaceChildren();
    if (timeline) timeline.update();
    render({ grew: true });
  }

  // Events stream in between steps: new passes show as they arrive.
  store.subscribe((state, changed) => {
    if (!timeline || !("length" in changed || "complete" in changed)) return;
    const grew = timeline.update();
    if (grew || "complete" in changed) render({ grew: true });
  });

  return {
    setTrace(trace) {
      step = 0;
      start(trace);
    },
    show({ step: shown }) {
      step = shown;
      if (timeline && timeline.update()) render({ grew: true });
      else render();
    },
    formChanged() {
      if (timeline) start(timeline.trace);
    },
  };
}
