// exams/solution.js: a question's worked solution in the page's language. The exam keeps each
// solution as the generator wrote it (English: app/exams/answers.py's solution(), which the
// LaTeX file prints); a page in another language writes it again from the question's trace
// with practice's sentences (practice/explain.js, the same catalog messages): each pruned
// branch and why, each inner node's value from its children's (in the order the search
// returns them), then the root's move. The kinds read from a minimax search or the other
// rule's (values, reorder, rules) keep the generator's sentences. Pure: no DOM.

import { fmt } from "../lib/format.js";
import { _, language, pgettext } from "../lib/i18n.js";
import { uniqueNames } from "../lib/names.js";
import { pruned, value } from "../practice/explain.js";
import { truthOf } from "../practice/truth.js";

const FROM_THE_SEARCH = new Set(["prune", "windows", "best_move", "leaves", "counts"]);

/** The solution's lines of `question` ({kind, solution}) searched as `trace` (complete). */
export function solutionLines(question, trace) {
  if (language() === "en" || !FROM_THE_SEARCH.has(question.kind)) return question.solution;
  const truth = truthOf(trace);
  const names = uniqueNames(trace);
  const lines = [...truth.prunedBy.keys()].map((row) => pruned(truth, row));
  for (const row of truth.exits.keys()) {
    const pairs = (truth.updates[row] || []).map(([child, v]) => `${names[child]} = ${fmt(v)}`);
    if (!pairs.length) lines.push(value(truth, row, null, true));
    else {
      const values = { node: names[row], value: fmt(truth.returned[row]), pairs: pairs.join(pgettext("list separator", ", ")) };
      lines.push(_("{node} returns {value} ({pairs}).", values));
    }
  }
  if (truth.bestMove !== null && truth.bestMove !== undefined) {
    const child = trace.children[0][truth.bestMove];
    lines.push(_("{root} moves to {child} (value {value}).", { root: names[0], child: names[child], value: fmt(truth.returned[0]) }));
  }
  return lines;
}
