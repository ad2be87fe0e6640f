// lesson/slides.js: what a slide shows, loaded. A tree slide's trace comes from the lesson's
// cacheable GET (/api/lessons/<id>/slides/<k>/trace), a game slide's from the game's
// (/api/games/<game>/trace?…), an experiment slide's rows from its stream
// (/api/experiments/<name>?…), turned into the chart spec the experiments page draws. Each
// slide is loaded once per page (`SlideLoader.load` caches the promise), so moving back and
// forth never asks again. The lesson itself comes from GET /api/lessons/<id>.

import { getJson, getPreset } from "../lib/api.js";
import { chartOf as orderingChart, byDepth } from "../experiments/ordering.js";
import { chartOf as rulesChart, tableOf as rulesTable } from "../experiments/rules.js";
import { streamExperiment } from "../experiments/stream.js";
import { heuristicLeaves } from "../games/decision-view.js";
import { Trace, cutByDepthLimit } from "../trace/trace.js";

/** The lesson `id`: {title, slides}. */
export function getLesson(id) {
  return getJson(`/api/lessons/${encodeURIComponent(id)}`);
}

/** The query string of `params` (an object of text), with a leading "?" when not empty. */
function query(params) {
  const text = new URLSearchParams(params || {}).toString();
  return text ? `?${text}` : "";
}

function traceOf(result) {
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return trace;
}

/** A line chart's spec for an experiment's rows (as on /experiments), with its title. */
export function experimentChart(name, rows, asked) {
  const b = Number(asked.branching) || 2;
  if (name === "ordering") {
    return { title: `Move ordering: leaves evaluated, branching ${b}`, spec: orderingChart(byDepth(rows), b) };
  }
  return { title: `The pruning rule on ties: leaves evaluated, branching ${b}`, spec: rulesChart(rulesTable(rows, b).rows, b) };
}

export class SlideLoader {
  /** `lessonId`: the saved (or built-in) lesson; `version`: the engine's, for cacheable traces. */
  constructor(lessonId, slides, version = "") {
    this.lessonId = lessonId;
    this.slides = slides;
    this.version = version;
    this.loaded = new Map(); // index → Promise of the slide's content
  }

  /**
   * Slide `index`'s content: {kind: "notes"} | {kind: "tree" | "game", trace, cutByLimit,
   * agents, board?} | {kind: "experiment", name, title, spec}. Rejects with the server's error.
   */
  load(index) {
    if (!this.loaded.has(index)) this.loaded.set(index, this.fetch(index));
    return this.loaded.get(index);
  }

  async fetch(index) {
    const view = this.slides[index].view;
    if (!view) return { kind: "notes" };
    if (view.kind === "tree") {
      const v = this.version ? `?v=${encodeURIComponent(this.version)}` : "";
      const path = `/api/lessons/${encodeURIComponent(this.lessonId)}/slides/${index}/trace${v}`;
      const [result, doc] = await Promise.all([getJson(path), view.preset ? getPreset(view.preset) : view.tree]);
      const trace = traceOf(result);
      const agents = doc && Array.isArray(doc.agents) ? doc.agents : null;
      return { kind: "tree", trace, cutByLimit: cutByDepthLimit(trace, doc), agents };
    }
    if (view.kind === "game") {
      const result = await getJson(`/api/games/${encodeURIComponent(view.game)}/trace${query(view.query)}`);
      const trace = traceOf(result);
      return { kind: "game", game: view.game, trace, cutByLimit: heuristicLeaves(trace), agents: result.agents || null, board: result.board || null };
    }
    const asked = view.query || {};
    const { rows } = await streamExperiment(view.name, asked);
    return { kind: "experiment", name: view.name, rows, ...experimentChart(view.name, rows, asked) };
  }
}
