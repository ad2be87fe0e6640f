// load.js: the exercise's tree and its whole trace, fetched once when the page opens (or a
// new tree is picked); after that, marking, checking and showing answers need no request.
// A preset's tree and trace come from cacheable GETs (as the embed's do); any other tree
// from POST /api/random (a difficulty's seeded tree) or a game route (a decision's whole
// tree), GET /api/practice/question (a question's seeded tree) and POST /api/trace.

import { getJson, getPreset, presetTrace, randomTree, traceTree } from "../lib/api.js";
import { _ } from "../lib/i18n.js";
import { packView, unpackView } from "../lib/packed-view.js";
import { Trace } from "../trace/trace.js";
import { gameTreeUrl, searchOf } from "./address.js";

/** The document's names for its players, unless the options changed who plays. */
function agentsOf(doc, options) {
  if (!doc || !Array.isArray(doc.agents) || !Array.isArray(doc.players)) return null;
  const players = options && options.players;
  return JSON.stringify(players) === JSON.stringify(doc.players) ? doc.agents : null;
}

/**
 * The exercise's {doc, trace, agents}: its tree document and the finished Trace of its
 * search. `version`: the engine version the cacheable trace GETs carry.
 */
export async function loadExercise(exercise, { version = "", onRetry = null } = {}) {
  const { source, packed, options } = searchOf(exercise);
  let doc;
  let run = { ...options };
  let result = null;
  if (exercise.question) {
    const { kind, seed } = exercise.question;
    const asked = await getJson(`/api/practice/question?${new URLSearchParams({ kind, seed })}`, { onRetry });
    doc = asked.tree;
    run = { ...asked.options, ...options };
    // For Show me: the visualizer takes the tree in its address (small: at most 12 leaves).
    Object.assign(exercise.question, { source: { kind: "paste", text: JSON.stringify(doc) }, options: asked.options });
  } else if (exercise.game) {
    doc = await getJson(gameTreeUrl(exercise.game), { onRetry });
    exercise.packed = await packView({ tree: doc }); // for Show me: the visualizer takes z=
  } else if (packed) {
    const saved = await unpackView(packed);
    doc = saved.tree;
    run = { ...(saved.options || {}), ...options };
  } else if (source.kind === "preset") {
    [doc, result] = await Promise.all([getPreset(source.name, { onRetry }), presetTrace(source.name, options, { version, onRetry })]);
  } else if (source.kind === "random") {
    doc = (await randomTree(source.params, { onRetry })).tree;
  } else {
    try {
      doc = JSON.parse(source.text);
    } catch {
      throw new Error(_("the tree in this link is not valid JSON (was the link cut short?)"));
    }
  }
  if (!result) result = await traceTree(doc, run, { onRetry });
  const trace = new Trace(result.nodes, result.options);
  trace.append(result.events);
  trace.finish(result.summary);
  return { doc, trace, agents: agentsOf(doc, trace.options) };
}
