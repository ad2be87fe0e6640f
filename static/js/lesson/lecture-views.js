// lesson/lecture-views.js: what a lecture given from a lesson sends for each slide
// (docs/lessons.md, "In a lecture"). A lecture view is a tree the students' page runs
// ({tree, options}) with a lesson mark (view.lesson: {id, slide, slides, title, tree, chart?}):
//   - a tree slide: its tree document (a preset's, or its own) and options;
//   - a game slide: the decision's tree document, built whole by the server
//     (/api/games/<game>/tree?…&size=whole, as "Open in the visualizer" does), searched with
//     the decision's options: the same moves in the same order, so step k of the students' trace
//     is step k of the presenter's (tests/test_lecture_game_trees.py checks it). Decisions
//     that do not replay so — the random and heuristic orderings (the game orders its own moves),
//     a tic-tac-toe search cut by a depth (the whole tree has no evaluations), a tree too
//     large to build (over 2,000 positions) — send no tree (students read that the decision
//     is on the teacher's screen). Under the CS188 rules the tree route takes the game's
//     layout, the moves a person played and the search that played the game (COURSE_KEYS);
//   - an experiment slide: the chart's data in the mark (mark.chart: {name, query, rows}, the
//     rows the presenter's page already has: students never run an experiment);
//   - a slide of notes: nothing but the mark.
// A slide without a tree to send says so (mark.tree false): the room keeps the last tree, and
// students show the slide instead of it. Pure but for its fetches (importable in Node).

import { getJson, getPreset } from "../lib/api.js";

// app/lecture/lesson_mark.py's limits on a chart: a larger one is not sent (students read
// "the chart is on the teacher's screen").
export const MAX_CHART_ROWS = 2_000;
export const MAX_CHART_BYTES = 256 * 1024;

// The orderings a game's search and a search of its decision's tree document share.
const SHARED_ORDERINGS = new Set(["given", "perfect", "worst"]);
// Per game, the query keys that name its decision for /api/games/<game>/tree.
const TREE_KEYS = { tictactoe: ["board"], pacman: ["maze", "decision", "seed", "ghosts", "depth", "evaluation"] };
const SEARCH_KEYS = ["algorithm", "rule", "ordering"];
// A Pacman decision under the CS188 rules (rules=cs188, or a layout without rules): its keys.
const COURSE_KEYS = ["rules", "layout", "decision", "seed", "ghosts", "depth", "pacman", "algorithm", "rule", "ordering"];

const decisionTrees = new Map(); // URL → Promise of the tree document (or null)

/** A lesson mark: where in lesson `lessonId` (its `slides`) slide `index` is. */
export function markOf(lessonId, slides, index) {
  return { id: lessonId, slide: index, slides: slides.length, title: slides[index].title.slice(0, 200) };
}

/** A tree slide's {tree, options}, or null (the slide has no tree of its own). */
export async function slideTree(slide) {
  const view = slide.view;
  if (!view || view.kind !== "tree") return null;
  const tree = view.preset ? await getPreset(view.preset) : view.tree;
  return { tree, options: view.options || {} };
}

/** The first tree slide's tree at or before `index`, else after it; null if there is none. */
export async function firstTree(slides, index) {
  const before = [...Array(index + 1).keys()].reverse();
  const after = [...Array(slides.length).keys()].slice(index + 1);
  for (const k of before.concat(after)) {
    const found = await slideTree(slides[k]);
    if (found) return found;
  }
  return null;
}

/**
 * Where a game slide's decision comes whole as a tree document, and the options that replay
 * it step for step: {url, options}; null when no tree document replays it so.
 * `view`: the slide's {game, query}; `searched`: the options of the decision's trace.
 */
export function gameTreeRequest(view, searched) {
  const query = view.query || {};
  const given = (key) => query[key] !== undefined && query[key] !== null && query[key] !== "";
  const course = view.game === "pacman" && (given("rules") ? query.rules !== "prune" : given("layout"));
  const keys = course ? COURSE_KEYS : Object.hasOwn(TREE_KEYS, view.game) ? TREE_KEYS[view.game] : null;
  if (!keys || !SHARED_ORDERINGS.has(searched.ordering || "given")) return null;
  if (view.game === "tictactoe" && given("depth")) return null;
  const params = new URLSearchParams();
  for (const key of keys) if (given(key)) params.set(key, String(query[key]));
  params.set("size", "whole");
  const options = {};
  for (const key of SEARCH_KEYS) if (searched[key] !== undefined && searched[key] !== null) options[key] = searched[key];
  return { url: `/api/games/${view.game}/tree?${params}`, options };
}

/** A game slide's decision as {tree, options}, or null (it cannot be sent as a tree). */
async function decisionTree(view, searched) {
  const request = gameTreeRequest(view, searched);
  if (!request) return null;
  if (!decisionTrees.has(request.url)) {
    decisionTrees.set(
      request.url,
      getJson(request.url).catch(() => null)
    ); // too large: none
  }
  const tree = await decisionTrees.get(request.url);
  return tree ? { tree, options: request.options } : null;
}

/** An experiment slide's chart for the mark ({name, query, rows}), or null if too large. */
export function chartOf(view, rows) {
  if (!Array.isArray(rows) || rows.length > MAX_CHART_ROWS) return null;
  const query = {};
  for (const [key, value] of Object.entries(view.query || {})) query[key] = String(value);
  const chart = { name: view.name, query, rows };
  const bytes = new TextEncoder().encode(JSON.stringify(chart)).length;
  return bytes <= MAX_CHART_BYTES ? chart : null;
}

/**
 * Slide `index`'s lecture view: {tree: {tree, options} | null, mark}; `tree` is null when the
 * slide has none to send (mark.tree is false: the room keeps its last tree). `content`: the
 * slide's loaded content (lesson/slides.js SlideLoader), or null if it could not be loaded.
 */
export async function slideView(lessonId, lesson, index, content) {
  const slide = lesson.slides[index];
  const mark = markOf(lessonId, lesson.slides, index);
  const kind = slide.view ? slide.view.kind : "notes";
  let tree = null;
  if (kind === "tree") {
    tree = await slideTree(slide);
  } else if (kind === "game" && content && content.trace) {
    tree = await decisionTree(slide.view, content.trace.options || {});
  } else if (kind === "experiment" && content) {
    const chart = chartOf(slide.view, content.rows);
    if (chart) mark.chart = chart;
  }
  mark.tree = tree !== null;
  return { tree, mark };
}
