// lesson/slides.js: what a slide shows, loaded. A tree slide's trace comes from the lesson's
// cacheable GET (/api/lessons/<id>/slides/<k>/trace) — for slides not saved yet (the
// editor's previews, no lesson id) the preset's cacheable GET or POST /api/trace — a game
// slide's from the game's
// (/api/games/<game>/trace?…), an experiment slide's rows from its stream
// (/api/experiments/<name>?…, through lesson/experiment-queue.js: one experiment at a time),
// turned into the figure /experiments draws (lesson/experiment-figure.js). Each slide is
// loaded once per page (`SlideLoader.load` keeps the promise), so moving back and forth never
// asks again; a load that failed is forgotten, so coming back tries again. The lesson itself
// comes from GET /api/lessons/<id>?lang=… (a built-in lesson in the page's language).

import { getJson, getPreset, presetTrace, traceTree } from "../lib/api.js";
import { language } from "../lib/i18n.js";
import { heuristicLeaves } from "../games/decision-view.js";
import { Trace, cutByDepthLimit } from "../trace/trace.js";
import { experimentFigure } from "./experiment-figure.js";
import { loadExperiment } from "./experiment-queue.js";

/** The lesson `id`: {title, slides}; a built-in one in the page's language. */
export function getLesson(id) {
  return getJson(`/api/lessons/${encodeURIComponent(id)}?lang=${encodeURIComponent(language())}`);
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

export class SlideLoader {
  /**
   * `lessonId`: the saved (or built-in) lesson, or null for slides not saved; `version`: the engine's, for cacheable traces;
   * onWait(index, seconds, reason): slide `index`'s experiment waits for a busy server.
   */
  constructor(lessonId, slides, version = "", { onWait = null } = {}) {
    this.lessonId = lessonId;
    this.slides = slides;
    this.version = version;
    this.onWait = onWait;
    this.loaded = new Map(); // index → Promise of the slide's content
  }

  /**
   * Slide `index`'s content: {kind: "notes"} | {kind: "tree" | "game", trace, cutByLimit,
   * agents, board?} | {kind: "experiment", name, rows, figure}. Rejects with the server's error.
   */
  load(index) {
    if (!this.loaded.has(index)) {
      const content = this.fetch(index);
      this.loaded.set(index, content);
      content.catch(() => this.loaded.delete(index));
    }
    return this.loaded.get(index);
  }

  /** A tree slide's trace: the lesson's cacheable GET, or (not saved) the tree's own. */
  treeTrace(index, view) {
    if (!this.lessonId)
      return view.preset ? presetTrace(view.preset, view.options, { version: this.version }) : traceTree(view.tree, view.options);
    const v = this.version ? `?v=${encodeURIComponent(this.version)}` : "";
    return getJson(`/api/lessons/${encodeURIComponent(this.lessonId)}/slides/${index}/trace${v}`);
  }

  async fetch(index) {
    const view = this.slides[index].view;
    if (!view) return { kind: "notes" };
    if (view.kind === "tree") {
      const [result, doc] = await Promise.all([this.treeTrace(index, view), view.preset ? getPreset(view.preset) : view.tree]);
      const trace = traceOf(result);
      const agents = doc && Array.isArray(doc.agents) ? doc.agents : null;
      return { kind: "tree", trace, cutByLimit: cutByDepthLimit(trace, doc), agents };
    }
    if (view.kind === "game") {
      const result = await getJson(`/api/games/${encodeURIComponent(view.game)}/trace${query(view.query)}`);
      const trace = traceOf(result);
      return {
        kind: "game",
        game: view.game,
        trace,
        cutByLimit: heuristicLeaves(trace),
        agents: result.agents || null,
        board: result.board || null,
      };
    }
    const asked = view.query || {};
    const onWait = this.onWait && ((seconds, reason) => this.onWait(index, seconds, reason));
    const { rows, summary } = await loadExperiment(view.name, asked, { onWait });
    return { kind: "experiment", name: view.name, rows, figure: experimentFigure(view.name, rows, asked, summary) };
  }
}
