// exams/solution.js: a question's worked solution in the page's language. The exam keeps each
// solution as the generator wrote it (English: app/exams/answers.py's solution(), which the
// LaTeX file prints); a page in another language writes it again from the question's trace
// with practice's sentences (practice/explain.js, the same catalog messages): each pruned
// branch and why, each inner node's value from its children's (in the order the search
// returns them), then the root's move. The kinds read from another search have it passed in
// (`searches`, from solutionSearches' options): `values` the minimax search's values (deepest
// level first), `rules` why each leaf only one rule evaluates is searched (by the rule that
// searches it), `reorder` each inner node's children best first. Pure: no DOM.

import { fmt } from "../lib/format.js";
import { _, language, pgettext } from "../lib/i18n.js";
import { joinNames, uniqueNames } from "../lib/names.js";
import { pruned, searched, value } from "../practice/explain.js";
import { truthOf } from "../practice/truth.js";

const FROM_THE_SEARCH = new Set(["prune", "windows", "best_move", "leaves", "counts"]);
const OTHER_RULE = { standard: "strict", strict: "standard" };

/** The other searches `question`'s solution is written from in the page's language, as
 * {name: search options} (none in English: the generator's sentences are shown). */
export function solutionSearches(question) {
  if (language() === "en") return {};
  const players = question.tree.players;
  if (question.kind === "values") return { minimax: { algorithm: "minimax", rule: question.rule, players } };
  if (question.kind === "rules") return { other: { rule: OTHER_RULE[question.rule], players } };
  return {};
}

/** A node's value and the children's values it came from. */
function how(truth, names, row) {
  const pairs = (truth.updates[row] || []).map(([child, v]) => `${names[child]} = ${fmt(v)}`);
  if (!pairs.length) return value(truth, row, null, true);
  const values = { node: names[row], value: fmt(truth.returned[row]), pairs: pairs.join(pgettext("list separator", ", ")) };
  return _("{node} returns {value} ({pairs}).", values);
}

/** Rows in level order (the root, its children, their children…). */
function levelOrder(trace) {
  const queue = [0];
  for (const row of queue) queue.push(...trace.children[row]);
  return queue;
}

function minimaxValues(trace) {
  const truth = truthOf(trace);
  const names = uniqueNames(trace);
  const inner = levelOrder(trace).filter((row) => truth.exits.has(row));
  return inner.reverse().map((row) => how(truth, names, row));
}

function ruleLines(question, truth, otherTrace, names) {
  const other = truthOf(otherTrace);
  const row = new Map(names.map((name, index) => [name, index]));
  const { standard_only: standardOnly, strict_only: strictOnly } = question.answer;
  return [...standardOnly, ...strictOnly].map((name) => {
    const leaf = row.get(name);
    const source = truth.reached[leaf] > 0 ? truth : other;
    return pgettext("exam solution", "{node}: {reason}", { node: name, reason: searched(source, leaf) });
  });
}

function orderLines(question, trace) {
  const row = new Map(uniqueNames(trace).map((name, index) => [name, index]));
  return Object.entries(question.answer.orders).map(([node, kids]) => {
    const values = { node, children: joinNames(kids) };
    if (trace.kind(row.get(node)) === "max") return _("{node} (MAX) searches its children best first: {children}.", values);
    return _("{node} (MIN) searches its children best first: {children}.", values);
  });
}

/** The solution's lines of `question` ({kind, solution, answer}) searched as `trace`
 * (complete), with the traces of solutionSearches(question) in `searches`. */
export function solutionLines(question, trace, searches = {}) {
  const { kind } = question;
  if (language() === "en") return question.solution;
  if (kind === "values") return searches.minimax ? minimaxValues(searches.minimax) : question.solution;
  const fromTrace = FROM_THE_SEARCH.has(kind) || kind === "reorder" || (kind === "rules" && searches.other);
  if (!fromTrace) return question.solution;
  const truth = truthOf(trace);
  const names = uniqueNames(trace);
  const lines = [...truth.prunedBy.keys()].map((row) => pruned(truth, row));
  if (kind === "rules") lines.push(...ruleLines(question, truth, searches.other, names));
  if (kind === "reorder") lines.push(...orderLines(question, trace));
  if (FROM_THE_SEARCH.has(kind)) for (const row of truth.exits.keys()) lines.push(how(truth, names, row));
  if (truth.bestMove !== null && truth.bestMove !== undefined) {
    const child = trace.children[0][truth.bestMove];
    lines.push(_("{root} moves to {child} (value {value}).", { root: names[0], child: names[child], value: fmt(truth.returned[0]) }));
  }
  return lines;
}
