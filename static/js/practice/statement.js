// statement.js: the rules of the exercise, stated on screen, since the answer depends on
// them: the algorithm and pruning rule, who plays each level, a depth limit, the order the
// children are searched in, and that chance nodes never prune.

import { KIND_NAMES } from "../lib/format.js";

const RULES = {
  standard: "Standard rule: prune when α ≥ β.",
  strict: "Strict rule (CS188): prune only when v > β or v < α.",
};
const ORDERINGS = {
  perfect: "Children are searched best first (perfect ordering), not left to right.",
  worst: "Children are searched worst first (worst ordering), not left to right.",
  random: "Children are searched in a random order, not left to right: see the visualizer.",
  heuristic: "Children are searched by their heuristic values, best first, not left to right.",
};

// The searches beyond alpha-beta that practice asks a question of (questions/index.js).
const QUESTION_RULES = {
  pvs: () =>
    "PVS: each node searches its first child with its full window (α, β) and tests each later inner child with a null window, “is it better than α?” (β at a MIN node); a child that is better, but not past the window’s other end, is searched again with the full window. Leaves are never tested.",
  mtdf: (options) =>
    `MTD(f) from the first guess ${options.guess ?? 0}: each pass searches the root with the null window (β − 1, β), β being the guess (or one more when the guess is the lower bound); a result ≥ β is the new lower bound, a result < β the new upper bound, and the next guess is that result. It stops when the bounds meet.`,
  star1: (options) =>
    `Star1, every leaf value in [${options.bounds[0]}, ${options.bounds[1]}]: MAX and MIN nodes run alpha-beta (fail-soft); a chance node skips its remaining children once its value must be ≤ α or ≥ β, whatever they hold (counting each at ${options.bounds[1]}, or at ${options.bounds[0]}).`,
};

/** The sentences for a search's resolved `options` over `trace` (a Trace). */
export function ruleSentences(options, trace) {
  const sentences = [];
  if (QUESTION_RULES[options.algorithm]) sentences.push(QUESTION_RULES[options.algorithm](options));
  else if (options.algorithm === "alphabeta") sentences.push(`Alpha-beta. ${RULES[options.rule] || RULES.standard}`);
  else if (options.algorithm === "minimax") sentences.push("Minimax: nothing is pruned, so mark no branch.");
  else sentences.push("Expectimax: nothing is pruned, so mark no branch.");
  const players = Array.isArray(options.players) ? options.players : [];
  if (players.length && players.join() !== "max,min") {
    sentences.push(`Players take turns by level: ${players.map((p) => KIND_NAMES[p] || p).join(", ")}, then again.`);
  }
  if (trace.hasChance && options.algorithm !== "star1") {
    let chance = "Chance nodes never prune; each returns the average of its children (weighted by p when given)";
    if (options.algorithm === "alphabeta") chance += ", and below one the window starts again at α = −∞, β = ∞";
    sentences.push(`${chance}.`);
  }
  if (Number.isInteger(options.depth)) {
    sentences.push(`Depth limit ${options.depth}: the nodes there are scored by their heuristic values, shown like leaves.`);
  }
  if (ORDERINGS[options.ordering]) sentences.push(ORDERINGS[options.ordering]);
  return sentences;
}
