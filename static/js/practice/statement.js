// statement.js: the rules of the exercise, stated on screen, since the answer depends on
// them: the algorithm and pruning rule, who plays each level, a depth limit, the order the
// children are searched in, and that chance nodes never prune.

import { kindName } from "../lib/format.js";
import { _, pgettext } from "../lib/i18n.js";

function ruleSentence(rule) {
  if (rule === "strict") return _("Alpha-beta. Strict rule (CS188): prune only when v > β or v < α.");
  return _("Alpha-beta. Standard rule: prune when α ≥ β.");
}

function orderingSentence(ordering) {
  if (ordering === "perfect") return _("Children are searched best first (perfect ordering), not left to right.");
  if (ordering === "worst") return _("Children are searched worst first (worst ordering), not left to right.");
  if (ordering === "random") return _("Children are searched in a random order, not left to right: see the visualizer.");
  if (ordering === "heuristic") return _("Children are searched by their heuristic values, best first, not left to right.");
  return null;
}

// The searches beyond alpha-beta that practice asks a question of (questions/index.js).
function questionRule(options) {
  if (options.algorithm === "pvs") {
    return _(
      "PVS: each node searches its first child with its full window (α, β) and tests each later inner child with a null window, “is it better than α?” (β at a MIN node); a child that is better, but not past the window’s other end, is searched again with the full window. Leaves are never tested."
    );
  }
  if (options.algorithm === "mtdf") {
    return _(
      "MTD(f) from the first guess {guess}: each pass searches the root with the null window (β − 1, β), β being the guess (or one more when the guess is the lower bound); a result ≥ β is the new lower bound, a result < β the new upper bound, and the next guess is that result. It stops when the bounds meet.",
      { guess: options.guess ?? 0 }
    );
  }
  if (options.algorithm === "star1") {
    return _(
      "Star1, every leaf value in [{low}, {high}]: MAX and MIN nodes run alpha-beta (fail-soft); a chance node skips its remaining children once its value must be ≤ α or ≥ β, whatever they hold (counting each at {high}, or at {low}).",
      { low: options.bounds[0], high: options.bounds[1] }
    );
  }
  return null;
}

/** The sentences for a search's resolved `options` over `trace` (a Trace). */
export function ruleSentences(options, trace) {
  const sentences = [];
  const question = questionRule(options);
  if (question) sentences.push(question);
  else if (options.algorithm === "alphabeta") sentences.push(ruleSentence(options.rule));
  else if (options.algorithm === "minimax") sentences.push(_("Minimax: nothing is pruned, so mark no branch."));
  else sentences.push(_("Expectimax: nothing is pruned, so mark no branch."));
  const players = Array.isArray(options.players) ? options.players : [];
  if (players.length && players.join() !== "max,min") {
    const order = players.map((p) => kindName(p)).join(pgettext("list separator", ", "));
    sentences.push(_("Players take turns by level: {players}, then again.", { players: order }));
  }
  if (trace.hasChance && options.algorithm !== "star1") {
    if (options.algorithm === "alphabeta") {
      sentences.push(
        _(
          "Chance nodes never prune; each returns the average of its children (weighted by p when given), and below one the window starts again at α = −∞, β = ∞."
        )
      );
    } else sentences.push(_("Chance nodes never prune; each returns the average of its children (weighted by p when given)."));
  }
  if (Number.isInteger(options.depth)) {
    sentences.push(
      _("Depth limit {depth}: the nodes there are scored by their heuristic values, shown like leaves.", { depth: options.depth })
    );
  }
  const ordering = orderingSentence(options.ordering);
  if (ordering) sentences.push(ordering);
  return sentences;
}
