// exams/answer-text.js: a generated question's answer in one line, as the key prints it
// (the words of app/exams/latex.py's answer_text, numbers as lib/format.js writes them).
// Pure: no DOM.

import { fmt } from "../lib/format.js";
import { _, ngettext, pgettext } from "../lib/i18n.js";

const num = (v) => (v === "Infinity" ? fmt(Infinity) : v === "-Infinity" ? fmt(-Infinity) : fmt(v));
const names = (list) => (list.length ? list.join(pgettext("list separator", ", ")) : _("none"));

/** `question` is one of GET /api/exams/<id>'s questions: {kind, answer, …}. */
export function answerText({ kind, answer }) {
  switch (kind) {
    case "prune":
      return ngettext("crossed out: {names} ({n} leaf pruned)", "crossed out: {names} ({n} leaves pruned)", answer.pruned_leaves, {
        names: names(answer.pruned.map((p) => p.name)),
      });
    case "values":
      return Object.entries(answer.values)
        .map(([name, v]) => `${name} = ${num(v)}`)
        .join(", ");
    case "windows":
      return Object.entries(answer.windows)
        .map(([name, w]) => `${name}: α = ${num(w.alpha)}, β = ${num(w.beta)}`)
        .join("; ");
    case "best_move":
      return _("move to {child} (value {value})", { child: answer.child, value: num(answer.value) });
    case "leaves":
      return ngettext("{n} leaf: {leaves}", "{n} leaves: {leaves}", answer.leaves_evaluated, { leaves: names(answer.leaves) });
    case "reorder": {
      const orders = Object.entries(answer.orders)
        .map(([name, kids]) => `${name}: ${kids.join(" ")}`)
        .join("; ");
      return ngettext(
        "{orders}; then {n} leaf is evaluated (given order: {given})",
        "{orders}; then {n} leaves are evaluated (given order: {given})",
        answer.leaves_evaluated,
        { orders, given: answer.given_leaves_evaluated }
      );
    }
    case "rules":
      return _("standard only: {standard}; strict only: {strict}", {
        standard: names(answer.standard_only),
        strict: names(answer.strict_only),
      });
    case "counts":
      return _("minimax {minimax_leaves} leaves, {minimax_nodes} nodes; alpha-beta {alphabeta_leaves} leaves, {alphabeta_nodes} nodes", {
        minimax_leaves: answer.minimax.leaves,
        minimax_nodes: answer.minimax.nodes,
        alphabeta_leaves: answer.alphabeta.leaves,
        alphabeta_nodes: answer.alphabeta.nodes,
      });
    default:
      return "";
  }
}
