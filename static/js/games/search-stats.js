// search-stats.js: what one game decision's search cost, beside what plain minimax would
// have cost on the same position: the numbers come from the server's summary (the whole
// game tree is counted there, never generated), so they hold however much the view folds.
// Under the CS188 rules it leads with the autograder's count: "The autograder would count
// 39 states; the tree has 45 nodes." and lists the optimal moves (every move of best value).
// Every number cell carries data-stat (its summary field) and data-value (the raw number),
// for tests and for anyone copying the figures. The answers (the position's value and the
// best move) read "—" until the replay reaches its last step: the view opens at step 0. The
// words are the page's language's (lib/i18n.js), looked up when shown: a step shown after a
// language switch in place (lib/language.js) draws the whole panel again from the summary
// and trace it was given, in the new language.

import { fmt } from "../lib/format.js";
import { _, formatNumber, language, ngettext, pgettext } from "../lib/i18n.js";
import { moveName } from "../lib/names.js";

const ALGORITHMS = () => ({ alphabeta: _("Alpha-beta"), minimax: _("Minimax"), expectimax: _("Expectimax") });
const RULES = () => ({
  standard: _("standard rule: prune when α ≥ β"),
  strict: _("strict rule (CS188): prune only when v > β or v < α"),
});
const ORDERINGS = () => ({
  perfect: _("perfect move ordering"),
  worst: _("worst move ordering"),
  random: _("random move ordering"),
  heuristic: _("heuristic move ordering"),
});

const count = (n) => (Number.isFinite(n) ? formatNumber(n) : "—");

function cell(tag, text, stat = null, value = null) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (stat) el.dataset.stat = stat;
  if (value !== null && value !== undefined) el.dataset.value = String(value);
  return el;
}

/** A smaller second line in a table cell. */
function detailSpan(text) {
  const small = document.createElement("span");
  small.className = "stat-detail";
  small.textContent = text;
  return small;
}

/** A table cell [stat, value, text?]: the text (default: the value counted). */
function numberCell([stat, value, text]) {
  return cell("td", text ?? count(value), stat, value);
}

/** One line naming how the search ran: "Alpha-beta, standard rule: prune when α ≥ β". */
export function searchLine(options) {
  const algorithm = ALGORITHMS()[options.algorithm] || options.algorithm || _("Search");
  const parts = [algorithm];
  if (options.algorithm === "alphabeta" && RULES()[options.rule]) parts.push(RULES()[options.rule]);
  if (options.ordering && options.ordering !== "given") {
    parts.push(ORDERINGS()[options.ordering] || _("{ordering} move ordering", { ordering: options.ordering }));
  }
  if (Number.isInteger(options.depth)) parts.push(ngettext("depth limit {n} ply", "depth limit {n} plies", options.depth));
  return parts.join(pgettext("list separator", ", "));
}

export class SearchStats {
  /** `element`: an empty container; it gets a comparison table, a list and a progress line. */
  constructor(element) {
    this.element = element;
    this.progress = null;
    this.answers = []; // [dd, text, value]: the facts shown only at the last step
    this.shown = null; // [summary, trace, language] of the panel drawn
  }

  /** The summary of a finished search over `trace` (a Trace: names the best move). */
  show(summary, trace) {
    this.shown = [summary, trace, language()];
    const options = summary.options || trace.options || {};
    const algorithm = ALGORITHMS()[options.algorithm] || _("This search");
    const table = document.createElement("table");
    table.className = "search-stats";
    const caption = document.createElement("caption");
    caption.textContent = _("What the search cost");
    caption.className = "visually-hidden"; // the panel's title says it; the column fits 720 px
    const head = document.createElement("tr");
    const minimax = cell("th", _("Minimax"));
    minimax.append(detailSpan(_("no pruning")));
    head.append(cell("th", _("Positions")), minimax, cell("th", algorithm));
    for (const th of head.children) th.scope = "col";
    const thead = document.createElement("thead");
    thead.append(head);
    const cutoffs = summary.cutoffs || {};
    const cuts = (cutoffs.alpha || 0) + (cutoffs.beta || 0);
    const saved = Number(summary.percent_saved);
    // [title, minimax, this search, a smaller second line under the title]
    const rows = [
      [_("Searched"), ["minimax_nodes", summary.minimax_nodes], ["nodes_visited", summary.nodes_visited]],
      [_("Leaves"), ["minimax_leaves", summary.minimax_leaves], ["leaves_evaluated", summary.leaves_evaluated]],
      [_("Cutoffs"), null, ["cutoffs", cuts], `α ${count(cutoffs.alpha || 0)} · β ${count(cutoffs.beta || 0)}`],
      [_("Pruned"), null, ["nodes_pruned", summary.nodes_pruned]],
      [_("Work saved"), null, ["percent_saved", saved, `${fmt(saved)}%`]],
    ];
    const tbody = document.createElement("tbody");
    for (const [title, without, withIt, detail] of rows) {
      const tr = document.createElement("tr");
      const th = cell("th", title);
      th.scope = "row";
      if (detail) th.append(detailSpan(detail));
      tr.append(th);
      for (const entry of [without, withIt]) {
        if (!entry) tr.append(cell("td", "—"));
        else tr.append(numberCell(entry));
      }
      tbody.append(tr);
    }
    table.append(caption, thead, tbody);

    const facts = document.createElement("dl");
    facts.className = "search-facts";
    const best = bestChild(trace, summary);
    let stubs = 0;
    let unseen = 0;
    for (const row of trace.nodes) {
      if (Number.isFinite(row.unexpanded)) {
        stubs++;
        unseen += row.unexpanded;
      }
    }
    const fact = (term, text, stat, value) => {
      facts.append(cell("dt", term), cell("dd", text, stat, value));
    };
    const answer = (term, text, stat, value) => {
      const dd = cell("dd", "—", stat);
      facts.append(cell("dt", term), dd);
      this.answers.push([dd, text, value]);
    };
    this.answers = [];
    answer(_("Value"), fmt(summary.value), "value", summary.value);
    answer(_("Best move"), best >= 0 ? moveName(trace, best) : "—", "best_action", summary.best_action);
    if (Array.isArray(summary.optimal)) {
      answer(_("Optimal moves"), summary.optimal.join(", "), "optimal", summary.optimal.join(","));
    }
    if (stubs) {
      const text = ngettext("{unseen} under {n} pruned move", "{unseen} under {n} pruned moves", stubs, { unseen: count(unseen) });
      fact(_("Never generated"), text, "unexpanded", unseen);
    }
    this.progress = document.createElement("p");
    this.progress.className = "search-progress";
    const line = document.createElement("p");
    line.className = "search-line";
    line.textContent = searchLine(options);
    this.element.replaceChildren(line, ...autograderLine(summary), table, facts, this.progress);
  }

  /** The step shown: how far the replay has got ("Step 40 of 812: 31 positions visited…"). */
  step(s, length) {
    if (!this.progress) return;
    if (this.shown[2] !== language()) this.show(this.shown[0], this.shown[1]);
    const cuts = s.cutAlpha + s.cutBeta;
    const text = ngettext(
      "Step {step} of {length}: {visited} positions visited, {n} cutoff so far.",
      "Step {step} of {length}: {visited} positions visited, {n} cutoffs so far.",
      cuts,
      { step: count(s.step), length: count(length), visited: count(s.visited) }
    );
    if (this.progress.textContent !== text) this.progress.textContent = text;
    const final = s.step >= length;
    for (const [dd, answer, value] of this.answers) {
      dd.textContent = final ? answer : "—";
      if (final && value !== null && value !== undefined) dd.dataset.value = String(value);
      else delete dd.dataset.value;
    }
  }
}

/** "The autograder would count 39 states; the tree has 45 nodes.": CS188's count (distinct
 * states generated) beside the tree's (nodes visited, duplicates included); none without it. */
export function autograderSentence(summary) {
  if (!summary || !Number.isFinite(summary.states_explored)) return "";
  const states = summary.states_explored;
  const nodes = summary.nodes_visited;
  const tree = ngettext("the tree has {n} node.", "the tree has {n} nodes.", nodes);
  return ngettext("The autograder would count {n} state; {tree}", "The autograder would count {n} states; {tree}", states, { tree });
}

function autograderLine(summary) {
  const text = autograderSentence(summary);
  if (!text) return [];
  const line = cell("p", text, "states_explored", summary.states_explored);
  line.className = "autograder-count";
  return [line];
}

/** The id of the root's child the search chose (summary.best_move is its position). */
export function bestChild(trace, summary) {
  const kids = trace.children[0] || [];
  const id = Number.isInteger(summary.best_move) ? kids[summary.best_move] : undefined;
  return id === undefined ? -1 : id;
}
