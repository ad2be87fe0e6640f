// grader.js: grades a student's prediction of a search against its trace, in the browser,
// so that the practice page (and its embed, offline) sends no answer anywhere. A port of
// app/practice/grade.py (POST /api/practice/grade): the same items, in the same order, with
// the same steps, scores and sentences; tests/engine/test_grading_agreement.py compares
// the two under Node on 200+ random trees and answers (and tests/browser/… in Chromium).
//
// Items, each {kind, path, explanation, step}:
// - Marks (`pruned`). A mark strictly inside another mark is dropped (no item). Each other
//   mark is correct_prune if a cutoff lists it, over_prune if the search visits it, and no
//   item if it lies strictly inside an engine-pruned subtree. Each engine-pruned root
//   neither marked nor inside a mark is a missed_prune.
// - Values: each visited inner node not in a marked subtree (the mark included) is
//   correct_value, wrong_value or missing_value. A value given for a node the search never
//   reaches, outside the marks, is value_for_pruned (at its pruning cutoff's step).
// - Windows: each window given at a visited inner non-chance node outside the marks is
//   correct_window or wrong_window (alpha-beta only).
// - Move: correct_move, wrong_move or missing_move, unless the search names no move.
// max_score = engine-pruned roots + visited inner nodes + windows graded + 1 (the move);
// score = correct items − over prunes − values for pruned nodes, never below 0. Steps: the cutoff's for prunes, the
// node's first for an over prune, its exit for values and windows, the last for the move.
// Items are in step order (then node, then prune, value, window, move).
//
// An answer: {pruned: [dotted paths], values: {path: number}, windows?: {path: [α, β]},
// best_move: child index | null}. Pure: it runs in Node too.

import { num } from "../trace/trace.js";
import * as explain from "./explain.js";
import { same, truthOf } from "./truth.js";

const ORDER = { prune: 0, value: 1, window: 2, move: 3 };
const PENALTIES = new Set(["over_prune", "value_for_pruned"]); // each costs a point

/** The part of the answer an item grades: "value_for_pruned" → "value". */
function group(kind) {
  return kind === "value_for_pruned" ? "value" : kind.split("_")[1];
}

/** The engine-pruned root whose subtree holds the unvisited `row`. */
function prunedRoot(trace, truth, row) {
  let at = row;
  while (!truth.prunedBy.has(at)) at = trace.parent[at];
  return at;
}

/** An answer's path (a dotted string, or a list of indices) as a node id; -1 if none. */
function rowOf(trace, path) {
  const key = Array.isArray(path) ? path.join(".") : String(path);
  const id = trace.ids.get(key);
  return id === undefined ? -1 : id;
}

/** {row → value} from an answer's {path → value}, on known paths only (the page sends no
 * other; the server refuses them). */
function byRow(trace, given, read) {
  const out = new Map();
  for (const [path, value] of Object.entries(given || {})) {
    const row = rowOf(trace, path);
    if (row >= 0 && value !== null && value !== undefined) out.set(row, read(value));
  }
  return out;
}

function verdict(right, given) {
  if (right) return "correct";
  return given === null || given === undefined ? "missing" : "wrong";
}

/**
 * Grade `answer` against `trace` (a complete Trace): {score, max_score, rule, items}.
 * `truth` (truth.js's, of this trace) may be passed to save working it out again.
 */
export function grade(trace, answer, truth = truthOf(trace)) {
  const pruned = [...new Set((answer.pruned || []).map((path) => rowOf(trace, path)).filter((row) => row >= 0))];
  const marks = new Set(pruned);
  const inside = new Uint8Array(trace.size); // a proper ancestor is marked (preorder rows)
  for (let row = 1; row < trace.size; row++) {
    const parent = trace.parent[row];
    inside[row] = inside[parent] || marks.has(parent) ? 1 : 0;
  }
  const values = byRow(trace, answer.values, num);
  const windows = byRow(trace, answer.windows, (pair) => pair.map(num));
  const items = []; // [step, row, order, kind, explanation]
  const add = (step, row, kind, text) => items.push([step, row, ORDER[group(kind)], kind, text]);

  for (const row of pruned) {
    if (inside[row]) continue;
    if (truth.prunedBy.has(row)) add(truth.prunedBy.get(row).step, row, "correct_prune", explain.pruned(truth, row));
    else if (truth.reached[row] > 0) add(truth.reached[row], row, "over_prune", explain.searched(truth, row));
  }
  for (const [row, cut] of truth.prunedBy) {
    if (!marks.has(row) && !inside[row]) add(cut.step, row, "missed_prune", explain.pruned(truth, row));
  }

  for (const row of values.keys()) {
    if (truth.reached[row] > 0 || marks.has(row) || inside[row]) continue;
    const root = prunedRoot(trace, truth, row);
    add(truth.prunedBy.get(root).step, row, "value_for_pruned", explain.valueForPruned(truth, row, root));
  }

  let windowsGraded = 0;
  for (const [row, step] of truth.exits) {
    if (marks.has(row) || inside[row]) continue;
    const given = values.has(row) ? values.get(row) : null;
    const right = given !== null && same(truth.returned[row], truth.isFloat[row], given);
    add(step, row, `${verdict(right, given)}_value`, explain.value(truth, row, given, right));
    const w = truth.windows.get(row);
    if (windows.has(row) && w) {
      windowsGraded++;
      const pair = windows.get(row);
      const ok = same(w.alpha, w.alphaFloat, pair[0]) && same(w.beta, w.betaFloat, pair[1]);
      add(step, row, `${verdict(ok, pair)}_window`, explain.window(truth, row, pair, ok));
    }
  }

  let moves = 0;
  if (truth.bestMove !== null) {
    moves = 1;
    const given = answer.best_move === undefined ? null : answer.best_move;
    const right = given === truth.bestMove;
    add(truth.lastStep, 0, `${verdict(right, given)}_move`, explain.move(truth, given, right));
  }

  items.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const kinds = items.map((item) => item[3]);
  const correct = kinds.filter((kind) => kind.startsWith("correct_")).length;
  const penalties = kinds.filter((kind) => PENALTIES.has(kind)).length;
  return {
    score: Math.max(0, correct - penalties),
    max_score: truth.prunedBy.size + truth.exits.size + windowsGraded + moves,
    rule: trace.options.rule,
    items: items.map(([step, row, , kind, explanation]) => ({ kind, path: trace.pathOf(row), explanation, step })),
  };
}
