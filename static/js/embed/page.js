// embed/page.js: the entry module of /embed and /embed/<id>, a minimal view for an iframe: the
// tree, the player, the narration and (for a search with passes) the pass timeline. Same parameters as the main page (preset, tree,
// random, z, options, step, form) plus autoplay=1, speed=0.25…16, controls=0, narration=0,
// theme=light|dark|projector, layout=tree|outline (the picture or the outline whatever the frame's width). The whole trace comes at once (no socket, no cookie): for a preset or a
// saved view from cacheable GETs (/api/presets/<name>/trace, /api/views/<id>/trace), which a
// class behind one address may load a thousand times a minute; for any other tree from
// POST /api/trace. A 429 is retried after Retry-After (api.js). With prefers-reduced-motion
// autoplay=1 does not start playing: the player waits, paused at the step, for Play.

import { getPreset, getView, presetTrace, randomTree, traceTree, viewTrace } from "../lib/api.js";
import { followRun } from "../panels/follow-run.js";
import { Narration } from "../panels/narration.js";
import { passTimelinePanel } from "../panels/pass-timeline.js";
import { inForm } from "../trace/minimax-form.js";
import { narrate } from "../trace/narration.js";
import { standardPlayer } from "../player/player.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { PACKED_PARAM, unpackView } from "../lib/packed-view.js";
import { Trace, cutByDepthLimit } from "../trace/trace.js";
import { TreeOutline } from "../tree/outline-view.js";
import { TreeView } from "../tree/view.js";
import { buildQuery, readUrl } from "../lib/url-state.js";
import { setUpPage } from "../lib/page-setup.js";
import { _ } from "../lib/i18n.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (id) => document.getElementById(id);
const DEFAULT_PRESET = "textbook";
const SPEEDS = ["0.25", "0.5", "1", "2", "4", "8", "16"];

const params = new URLSearchParams(window.location.search);
const flag = (name) => params.get(name) === "1" || params.get(name) === "true";
const off = (name) => params.get(name) === "0" || params.get(name) === "false";

const stage = $("stage");
if (off("controls")) stage.classList.add("no-controls");
if (off("narration")) stage.classList.add("no-narration");
const speed = params.get("speed");
if (speed && SPEEDS.includes(String(Number(speed)))) $("speed").value = String(Number(speed));

const form = readUrl().form; // a negamax trace's numbers: form=minimax shows them as alpha-beta's
const view = new TreeView($("tree"));
// A narrow frame reads the tree as an outline (layout=tree|outline fixes the layout).
new TreeOutline(view, { layout: params.get("layout") });
const narration = new Narration($("narration"));
let trace = null;
const store = createRunStore(); // the run's state; body[data-run-state] mirrors it
mirrorRunState(store, document.body);

// The player writes the step to the store; the panels follow it (below).
const player = standardPlayer(() => trace, {
  onPlaying: (playing) => narration.setPlaying(playing),
  store,
});

// The tree and the narration draw the store's trace at its step (panels/follow-run.js).
followRun(store, [
  // The pass timeline first: shown or hidden before the tree measures the room it has.
  passTimelinePanel($("pass-timeline"), store, { form: () => form }),
  {
    setTrace: (newTrace, { doc }) => view.setTree(newTrace, { cutByLimit: cutByDepthLimit(newTrace, doc), agents: agentsOf(doc) }),
    show: ({ s, final }) => view.render(inForm(trace, s, form), final),
  },
  { setTrace() {}, show: ({ step }) => narration.say(narrate(trace, step, form)) },
]);

/** The reader asked for less motion: nothing moves until they press Play. */
function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** While a 429 is retried: say so where the tree will be. */
function onRetry({ wait }) {
  const box = $("embed-loading");
  if (box) box.textContent = _("The server is busy: trying again in {seconds} s…", { seconds: Math.ceil(wait / 1000) });
}

/**
 * The view the address names, {tree, options, step, result}: result is the trace when it
 * came with the tree (a preset or a saved view, from cacheable GETs), else null.
 */
async function loadView() {
  const url = readUrl();
  const savedId = stage.dataset.savedId;
  const version = stage.dataset.traceVersion || "";
  let tree;
  let options = {};
  let step = url.step;
  const packed = params.get(PACKED_PARAM);
  if (savedId) {
    const [saved, result] = await Promise.all([getView(savedId, { onRetry }), viewTrace(savedId, url.options, { version, onRetry })]);
    options = { ...(saved.options || {}), ...url.options };
    return { tree: saved.tree, options, step, result };
  } else if (packed && !url.source) {
    const saved = await unpackView(packed);
    tree = saved.tree;
    options = saved.options || {};
    if (step === null && saved.step !== undefined) step = saved.step;
  } else {
    const source = url.source || { kind: "preset", name: DEFAULT_PRESET };
    if (source.kind === "preset") {
      const [preset, result] = await Promise.all([
        getPreset(source.name, { onRetry }),
        presetTrace(source.name, url.options, { version, onRetry }),
      ]);
      return { tree: preset, options: { ...url.options }, step, result };
    }
    if (source.kind === "random") tree = (await randomTree(source.params, { onRetry })).tree;
    else tree = JSON.parse(source.text);
  }
  return { tree, options: { ...options, ...url.options }, step, result: null };
}

/** The link of "open in Prune": the main page with the same view. */
function openLink(loaded) {
  const savedId = stage.dataset.savedId;
  const query = new URLSearchParams(window.location.search);
  for (const key of ["autoplay", "speed", "controls", "narration", "theme"]) query.delete(key);
  if (savedId) return `/t/${encodeURIComponent(savedId)}?${query}`;
  if (query.toString()) return `/?${query}`;
  return `/?${buildQuery({ source: { kind: "preset", name: DEFAULT_PRESET }, options: loaded.options })}`;
}

/** The document's names for its players (the level ruler), unless the options changed who
 * plays (the socket's start ack applies the same rule). */
function agentsOf(doc) {
  if (!doc || !Array.isArray(doc.agents) || !Array.isArray(doc.players)) return null;
  const players = trace.options && trace.options.players;
  return JSON.stringify(players) === JSON.stringify(doc.players) ? doc.agents : null;
}

async function start() {
  store.set({ runState: "loading" });
  let loaded;
  try {
    loaded = await loadView();
    const result = loaded.result || (await traceTree(loaded.tree, loaded.options, { onRetry }));
    trace = new Trace(result.nodes, result.options);
    trace.append(result.events);
    trace.finish(result.summary);
  } catch (err) {
    const box = $("embed-loading");
    box.textContent = _("This tree cannot be shown: {error}", { error: err.message });
    box.classList.add("embed-error");
    store.set({ runState: "error" });
    return;
  }
  $("embed-loading").remove();
  $("embed-open").href = openLink(loaded);
  player.reset(0, false);
  const asked = loaded.step === "end" ? trace.length : loaded.step || 0;
  const step = Math.max(0, Math.min(trace.length, Math.round(asked)));
  // One change: the panels set the whole trace and draw the step asked for, once.
  store.set({ trace, run: { doc: loaded.tree }, length: trace.length, complete: true, step });
  store.set({ runState: "done" });
  if (flag("autoplay") && !reducedMotion()) player.play();
}

window.prune = {
  get trace() {
    return trace;
  },
  get step() {
    return player.k;
  },
  view,
  player,
};

start();
