// exams/answer-text.js: a generated question's answer in one line, as the key prints it
// (the words of app/exams/latex.py's answer_text, numbers as lib/format.js writes them).
// Pure: no DOM.

import { fmt } from "../lib/format.js";

const num = (v) => (v === "Infinity" ? fmt(Infinity) : v === "-Infinity" ? fmt(-Infinity) : fmt(v));
const names = (list) => (list.length ? list.join(", ") : "none");

/** `question` is one of GET /api/exams/<id>'s questions: {kind, answer, …}. */
export function answerText({ kind, answer }) {
  switch (kind) {
    case "prune":
      return `crossed out: ${names(answer.pruned.map((p) => p.name))} (${answer.pruned_leaves} ${answer.pruned_leaves === 1 ? "leaf" : "leaves"} pruned)`;
    case "values":
      return Object.entries(answer.values)
        .map(([name, v]) => `${name} = ${num(v)}`)
        .join(", ");
    case "windows":
      return Object.entries(answer.windows)
        .map(([name, w]) => `${name}: α = ${num(w.alpha)}, β = ${num(w.beta)}`)
        .join("; ");
    case "best_move":
      return `move to ${answer.child} (value ${num(answer.value)})`;
    case "leaves":
      return `${answer.leaves_evaluated} leaves: ${answer.leaves.join(", ")}`;
    case "reorder": {
      const orders = Object.entries(answer.orders)
        .map(([name, kids]) => `${name}: ${kids.join(" ")}`)
        .join("; ");
      return `${orders}; then ${answer.leaves_evaluated} leaves are evaluated (given order: ${answer.given_leaves_evaluated})`;
    }
    case "rules":
      return `standard only: ${names(answer.standard_only)}; strict only: ${names(answer.strict_only)}`;
    case "counts":
      return `minimax ${answer.minimax.leaves} leaves, ${answer.minimax.nodes} nodes; alpha-beta ${answer.alphabeta.leaves} leaves, ${answer.alphabeta.nodes} nodes`;
    default:
      return "";
  }
}
