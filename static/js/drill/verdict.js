// drill/verdict.js: which graded items a drill keeps (drillItems), and what the drill's status
// line says once a tree is checked, in the page's language (lib/i18n.js): "Right: 2 pruned
// branches found." or "Not quite: 1 missed, 1 over-pruned.", then the sitting's score,
// "Score: 3 of 4 trees right.". Pure: it runs in Node.

import { _, formatNumber, ngettext } from "../lib/i18n.js";
import { questionMistakes } from "./question-levels.js";
import { listed } from "./sitting.js";

const PRUNE_KINDS = new Set(["correct_prune", "missed_prune", "over_prune", "value_for_pruned"]);

/** The items a drill grades: prunes, and the root's value and move when `asks` them. */
export function drillItems(result, asks) {
  return result.items.filter((item) => {
    if (PRUNE_KINDS.has(item.kind)) return true;
    if (item.kind.endsWith("_value")) return asks.has("value") && item.path.length === 0;
    return item.kind.endsWith("_move") && asks.has("move");
  });
}

/** The verdict on a checked tree of `level`: its graded `items` and their `treeOutcome`. */
export function verdictSentence(items, treeOutcome, level) {
  if (treeOutcome.clean) {
    const found = items.filter((item) => item.kind === "correct_prune" || item.kind === "correct_tap").length;
    return level.question
      ? ngettext("Right: {n} node found.", "Right: {n} nodes found.", found)
      : ngettext("Right: {n} pruned branch found.", "Right: {n} pruned branches found.", found);
  }
  const { counts } = treeOutcome;
  const parts = questionMistakes(counts);
  if (counts.missed_prune) parts.push(ngettext("{n} missed", "{n} missed", counts.missed_prune));
  if (counts.over_prune) parts.push(ngettext("{n} over-pruned", "{n} over-pruned", counts.over_prune));
  if (counts.wrong_value) parts.push(_("wrong root value"));
  if (counts.wrong_move) parts.push(_("wrong best move"));
  return _("Not quite: {mistakes}.", { mistakes: listed(parts) });
}

/** The sitting's score, said with the verdict (the bar's own is not a live region). */
export function scoreSentence({ right, done }) {
  return ngettext("Score: {right} of {n} tree right.", "Score: {right} of {n} trees right.", done, { right: formatNumber(right) });
}
