// compare/page.js: the entry module of /compare: two searches of one tree side by side
// (stacked on a phone) on one player. The address names the tree as the main page's does and
// the two searches with left= and right= (spec.js); the shared step k is "k nodes reached"
// (sync.js), and each pane (pane.js) shows its own trace at that point. The nodes only one
// search reaches are marked in both panes and listed by name; a line under the summary says
// whether the two searches are at the same node now. Screen readers hear one sentence per
// step for both (the step line, then each search's narration), paced by narration.js.
// The page's run store (player/run-store.js) holds the timeline as its `trace` and the shared
// step; the panes, the "now" line, the narration and the address follow it
// (panels/follow-run.js followStep): the player only sets the step.

import { _, formatNumber, ngettext } from "../lib/i18n.js";
import { nameList, nameOf } from "../lib/names.js";
import { followStep } from "../panels/follow-run.js";
import { Narration } from "../panels/narration.js";
import { narrate } from "../trace/narration.js";
import { standardPlayer } from "../player/player.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { loadComparison, readTreeSource } from "./load.js";
import { CompareForm } from "./form.js";
import { Pane } from "./pane.js";
import { capitalise, describeSides, readSides, withSides } from "./spec.js";
import { Timeline, differences } from "./sync.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const SIDES = ["left", "right"];
const NAMES_SHOWN = 12; // the summary names this many nodes per side, then "… and N more"
const URL_WRITE_MS = 300; // the address is written this long after the last step

const stage = $("stage");
const where = readTreeSource();
const sides = readSides(window.location.search);
new CompareForm(where, sides);
const panes = { left: new Pane("left"), right: new Pane("right") };
const spoken = new Narration($("compare-spoken"));
let timeline = null;
let names = null; // describeSides' answer
let loaded = null; // the two searches loaded (load.js)
let diff = null; // the nodes only one search reaches (sync.js differences)
let urlTimer = null;

// The timeline stands in for a trace: the store holds it as its `trace`, the player asks it
// for cutoffs; step over and step out (stepping.js) need one search's node table, so they
// answer -1 and compare.css hides them.
const store = createRunStore(); // the run's state; body[data-run-state] mirrors it
mirrorRunState(store, document.body);
const player = standardPlayer(() => store.get().trace, {
  onPlaying: (playing) => spoken.setPlaying(playing),
  store,
});
// The panes, the "now" line and the narration draw the store's step; the address keeps it.
// A language switch in place (lib/language.js): the searches' names and the summary first.
followStep(store, ({ step }, changed) => {
  if ("lang" in changed) nameSides();
  showStep(step);
});
followStep(store, ({ step }) => writeStep(step));

/** The address of the main visualizer with this tree (and `options`, `step`, if given). */
function mainHref(options = {}, step = 0) {
  const params = new URLSearchParams(window.location.search);
  for (const key of ["left", "right", "step"]) params.delete(key);
  for (const [key, value] of Object.entries(options)) params.set(key, String(value));
  if (step) params.set("step", String(step));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}`;
}

/** The line that says where the two searches are at shared step k: {text, apart}. */
function stepLine(k) {
  if (k === 0) {
    const text = _("Step 0: neither search has started. Press → to reach the first node in both.");
    return { text, apart: false };
  }
  const [l, r] = SIDES.map((side) => timeline.nodeAt(side, k));
  const [L, R] = SIDES.map((side) => names[side].short);
  const nameAt = (side, path) => nameOf(timeline.traces[side], timeline.traces[side].ids.get(path));
  const total = (side) => {
    const n = timeline.reached[side];
    return ngettext("{n} node", "{n} nodes", n);
  };
  if (l === null && r === null) {
    const values = { left: L, right: R, left_total: total("left"), right_total: total("right") };
    const text = _("Both searches are complete: {left} reached {left_total}, {right} {right_total}.", values);
    return { text, apart: false };
  }
  if (l === null || r === null) {
    const [done, going] = l === null ? ["left", "right"] : ["right", "left"];
    const text = _("{done} has finished ({total}); {going} reaches {node}.", {
      done: capitalise(names[done].short),
      total: total(done),
      going: names[going].short,
      node: nameAt(going, going === "left" ? l : r),
    });
    return { text, apart: true };
  }
  if (l === r) return { text: _("Same node: both reach {node}.", { node: nameAt("left", l) }), apart: false };
  const values = { left: L, right: R, left_node: nameAt("left", l), right_node: nameAt("right", r) };
  const text = _("Different nodes: {left} reaches {left_node}, {right} reaches {right_node}.", values);
  return { text, apart: true };
}

function showStep(k) {
  const at = { left: timeline.nodeAt("left", k), right: timeline.nodeAt("right", k) };
  for (const side of SIDES) {
    const other = side === "left" ? "right" : "left";
    const otherAt = at[other] !== null && at[other] !== at[side] ? at[other] : null;
    const step = timeline.stepOf(side, k);
    panes[side].show(step, { finished: timeline.finished(side, k), otherAt });
    panes[side].els.open.href = mainHref(sides[side], step);
  }
  const line = stepLine(k);
  const now = $("compare-now");
  now.dataset.apart = line.apart ? "true" : "false";
  $("compare-now-text").textContent = line.text;
  stage.dataset.apart = now.dataset.apart;
  const said = SIDES.map((side) => {
    const trace = timeline.traces[side];
    return `${names[side].heading}: ${narrate(trace, timeline.stepOf(side, k))}`;
  });
  spoken.say(`${line.text} ${said.join(" ")}`);
}

/** Keep the step in the address once stepping pauses, so a link opens this very step. */
function writeStep(k) {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    const params = new URLSearchParams(window.location.search);
    if (k) params.set("step", String(k));
    else params.delete("step");
    const url = `${window.location.pathname}?${withSides(params, sides.left, sides.right)}`;
    const now = `${window.location.pathname}${window.location.search}`;
    if (url !== now) window.history.replaceState(null, "", url);
  }, URL_WRITE_MS);
}

/** The summary: the nodes only one search reaches, by name. */
function summarise(diff) {
  const line = (side, ids) => {
    const trace = timeline.traces[side];
    const list = ids.length ? nameList(trace, ids, NAMES_SHOWN) : _("none");
    return _("Only {search} visits: {nodes}.", { search: names[side].short, nodes: list });
  };
  const box = $("compare-summary");
  if (!diff.onlyLeft.length && !diff.onlyRight.length) {
    // The same nodes, perhaps not as often: passes and re-searches visit a node again.
    const visits = SIDES.map((side) => (timeline.traces[side].summary || {}).nodes_visited);
    if (visits.every(Number.isFinite) && visits[0] !== visits[1]) {
      const values = {
        left_visits: formatNumber(visits[0]),
        left: names.left.short,
        right_visits: formatNumber(visits[1]),
        right: names.right.short,
      };
      box.textContent = _(
        "Both searches visit the same nodes, not as often: {left_visits} visits by {left}, {right_visits} by {right} (a node searched again is visited again).",
        values
      );
    } else box.textContent = _("Both searches visit the same nodes.");
  } else {
    box.textContent = `${line("left", diff.onlyLeft)} ${line("right", diff.onlyRight)}`;
  }
  box.dataset.onlyLeft = String(diff.onlyLeft.length);
  box.dataset.onlyRight = String(diff.onlyRight.length);
}

/** While a 429 is retried: say so. */
function onRetry({ wait }) {
  $("compare-summary").textContent = _("The server is busy: trying again in {seconds} s…", { seconds: Math.ceil(wait / 1000) });
}

/** The searches' names in the page's language: the tab's title, the panes' and the summary. */
function nameSides() {
  names = describeSides(loaded.left.options, loaded.right.options);
  document.title = _("Prune: {left} against {right}", { left: names.left.heading, right: names.right.heading });
  for (const side of SIDES) panes[side].name(names[side].heading);
  summarise(diff);
}

async function start() {
  store.set({ runState: "loading" });
  $("back-link").href = mainHref();
  try {
    loaded = await loadComparison(where, sides, { version: stage.dataset.traceVersion || "", onRetry });
  } catch (err) {
    const message = _("This comparison cannot be shown: {error}", { error: err.message });
    for (const side of SIDES) panes[side].showError(message);
    const box = $("compare-summary");
    box.textContent = message;
    box.classList.add("error");
    store.set({ runState: "error" });
    return;
  }
  timeline = new Timeline(loaded.left, loaded.right);
  diff = differences(loaded.left, loaded.right);
  const describe = (kind, inside) => {
    if (kind) return _("Only {search} visits this node.", { search: names[kind === "only-left" ? "left" : "right"].short });
    return ngettext("Folded here: {n} node only one search visits.", "Folded here: {n} nodes only one search visits.", inside);
  };
  for (const side of SIDES) {
    panes[side].setTrace(timeline.traces[side], {
      doc: loaded.doc,
      differs: diff.byPath,
      describe,
      openHref: mainHref(sides[side]),
    });
  }
  nameSides();
  player.reset(0, false);
  const asked = where.step === "end" ? timeline.length : where.step || 0;
  const step = Math.max(0, Math.min(timeline.length, Math.round(asked)));
  // One change: the panes draw the step asked for, once.
  store.set({ trace: timeline, length: timeline.length, complete: true, step });
  store.set({ runState: "done" });
}

window.prune = {
  get timeline() {
    return timeline;
  },
  get step() {
    return player.k;
  },
  panes,
  player,
};

start();
