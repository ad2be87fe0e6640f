// embed.js: the entry module of /embed and /embed/<id>, a minimal view for an iframe: the
// tree, the player and the narration. Same parameters as the main page (preset, tree,
// random, z, options, step) plus autoplay=1, speed=0.25…4, controls=0, narration=0,
// theme=light|dark. The whole trace comes at once from POST /api/trace (no socket, no cookie).

import { getPreset, getView, randomTree, traceTree } from "./api.js";
import { Narration, narrate } from "./narration.js";
import { standardPlayer } from "./player.js";
import { PACKED_PARAM, unpackView } from "./share.js";
import { Trace, cutByDepthLimit } from "./trace.js";
import { TreeView, onResizeSettled } from "./tree-view.js";
import { buildQuery, readUrl } from "./url-state.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_PRESET = "textbook";
const SPEEDS = ["0.25", "0.5", "1", "2", "4"];

const params = new URLSearchParams(window.location.search);
const flag = (name) => params.get(name) === "1" || params.get(name) === "true";
const off = (name) => params.get(name) === "0" || params.get(name) === "false";

const stage = $("stage");
if (params.get("theme") === "dark") document.body.classList.add("theme-dark");
if (off("controls")) stage.classList.add("no-controls");
if (off("narration")) stage.classList.add("no-narration");
const speed = params.get("speed");
if (speed && SPEEDS.includes(String(Number(speed)))) $("speed").value = String(Number(speed));

const view = new TreeView($("tree"));
const narration = new Narration($("narration"));
let trace = null;

const player = standardPlayer((k) => showStep(k), () => trace);

function showStep(k) {
  if (!trace) return;
  const s = trace.seek(k);
  view.render(s, trace.complete && s.step === trace.length);
  narration.say(narrate(trace, s.step));
}

/** The view the address names: {tree, options, step}. */
async function loadView() {
  const url = readUrl();
  const savedId = stage.dataset.savedId;
  let tree;
  let options = {};
  let step = url.step;
  const packed = params.get(PACKED_PARAM);
  if (savedId) {
    const saved = await getView(savedId);
    tree = saved.tree;
    options = saved.options || {};
  } else if (packed && !url.source) {
    const saved = await unpackView(packed);
    tree = saved.tree;
    options = saved.options || {};
    if (step === null && saved.step !== undefined) step = saved.step;
  } else {
    const source = url.source || { kind: "preset", name: DEFAULT_PRESET };
    if (source.kind === "preset") tree = await getPreset(source.name);
    else if (source.kind === "random") tree = (await randomTree(source.params)).tree;
    else tree = JSON.parse(source.text);
  }
  return { tree, options: { ...options, ...url.options }, step };
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

async function start() {
  document.body.dataset.runState = "loading";
  let loaded;
  try {
    loaded = await loadView();
    const result = await traceTree(loaded.tree, loaded.options);
    trace = new Trace(result.nodes, result.options);
    trace.append(result.events);
    trace.finish(result.summary);
  } catch (err) {
    const box = $("embed-loading");
    box.textContent = `This tree cannot be shown: ${err.message}`;
    box.classList.add("embed-error");
    document.body.dataset.runState = "error";
    return;
  }
  $("embed-loading").remove();
  $("embed-open").href = openLink(loaded);
  view.setTree(trace, { cutByLimit: cutByDepthLimit(trace, loaded.tree) });
  player.reset(0, false);
  player.setLength(trace.length, true);
  const step = loaded.step === "end" ? trace.length : loaded.step || 0;
  player.show(step);
  document.body.dataset.runState = "done";
  if (flag("autoplay")) player.play();
}

onResizeSettled(() => {
  view.measure();
  view.fit(false);
});

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
