// explain.js: one sentence per graded item, word for word as app/practice/explain.py puts
// it (so the page and an API client read the same), in the page's language: the two share
// the catalog's messages (lib/i18n.js here, app/practice/words.py there). Nodes by name
// (names.js's uniqueNames: a repeated label is qualified, "G1↓ under P→ (node K)"), never by
// path; numbers by format.js's fmt. Each sentence says why, from the trace: the cutoff that
// pruned a node, the window a node was searched in, the values its children returned, what
// each root child returned ("at most"/"at least" when it failed low/high: fail-soft).

import { fmt } from "../lib/format.js";
import { _, ngettext, pgettext } from "../lib/i18n.js";
import { moveName, nameList, uniqueNames } from "../lib/names.js";

const RELATIONS = { ">=": "≥", ">": ">", "<=": "≤", "<": "<" };
const SHOWN_VALUES = 6; // child values listed before "and N more"

/** Why the engine prunes `row` (for correct and missed prunes alike). */
export function pruned(truth, row) {
  const node = uniqueNames(truth.trace)[row];
  return _("{node} is pruned: {reason}, and the search skips {node}.", { node, reason: cutReason(truth, row) });
}

/** Why a node the search never reaches (inside the engine-pruned subtree of `root`) has no
 * value to give. */
export function valueForPruned(truth, row, root) {
  const names = uniqueNames(truth.trace);
  const values = { node: names[row], root: names[root], reason: cutReason(truth, root) };
  if (row === root)
    return _("{node} is never evaluated: {reason}, and the search skips {root}, so no value is computed for {node}.", values);
  return _(
    "{node} is never evaluated: it is inside {root}, which is pruned: {reason}, and the search skips {root}, so no value is computed for {node}.",
    values
  );
}

/** The cutoff that prunes the engine-pruned root `row`: the children searched before it,
 * the test that held, and why the parent above gains nothing from the rest. */
function cutReason(truth, row) {
  const t = truth.trace;
  const names = uniqueNames(t);
  const cut = truth.prunedBy.get(row);
  const at = names[cut.node];
  const after =
    cut.searched.length === 1
      ? _("{node}'s first child {child}", { node: at, child: names[cut.searched[0]] })
      : _("{node}'s children {children}", { node: at, children: nameList(t, cut.searched, 6, names) });
  const symbol = cut.kind === "alpha" ? "α" : "β";
  const test = `v = ${fmt(cut.value)} ${RELATIONS[cut.relation]} ${symbol} = ${fmt(cut.bound)}`;
  const values = { after, test, node: at, value: fmt(cut.value), bound: fmt(cut.bound) };
  if (cut.kind === "alpha") {
    return _(
      "after {after}, {test} at {node}, so MIN at {node} will return at most {value}, no better for MAX above than the {bound} it already has",
      values
    );
  }
  return _(
    "after {after}, {test} at {node}, so MAX at {node} will return at least {value}, no better for MIN above than the {bound} it already has",
    values
  );
}

/** Why the search visits `row`, which the student crossed out. */
export function searched(truth, row) {
  const t = truth.trace;
  const names = uniqueNames(t);
  const node = names[row];
  const parent = t.parent[row];
  const algorithm = t.options.algorithm;
  if (parent < 0) return _("{node} is searched: the search always starts at the root.", { node });
  if (algorithm !== "alphabeta") return _("{node} is searched: {algorithm} never prunes.", { node, algorithm });
  const at = names[parent];
  if (t.nodes[parent].kind === "chance") {
    return _("{node} is searched: chance nodes never prune, so {parent} searches all its children.", { node, parent: at });
  }
  const arrival = truth.arrivals[row];
  if (!arrival.searched) return _("{node} is searched: a node always searches its first child.", { node });
  let test = "α ≥ β";
  if (t.options.rule !== "standard") test = t.nodes[parent].kind === "max" ? "v > β" : "v < α";
  const values = { node, parent: at, v: fmt(arrival.value), alpha: fmt(arrival.alpha), beta: fmt(arrival.beta), test };
  return _(
    "{node} is searched: when {parent} came to it, v = {v} and α = {alpha}, β = {beta} at {parent}, and no cutoff ({test}) held.",
    values
  );
}

/** A visited inner node's value: right, wrong (with the rule that makes it), or missing. */
export function value(truth, row, given, right) {
  const node = uniqueNames(truth.trace)[row];
  const returned = fmt(truth.returned[row]);
  if (right) return _("{node} returns {value}.", { node, value: returned });
  if (given === null) return _("{node}'s value is missing: it returns {value}.", { node, value: returned });
  return _("{node} returns {value}, not {given}: {how}.", { node, value: returned, given: fmt(given), how: combination(truth, row) });
}

/** How a node's value comes from its children's, with the values they returned. */
function combination(truth, row) {
  const t = truth.trace;
  const kind = t.nodes[row].kind;
  const updates = truth.updates[row];
  if (kind === "chance") {
    const weights = updates.map(([child]) => t.nodes[child].p);
    if (weights[0] === undefined || weights[0] === null) {
      return _("a CHANCE node returns the average of its children's values ({values})", { values: listed(updates.map(([, v]) => fmt(v))) });
    }
    const terms = updates.map(([, v], i) => `${fmt(weights[i])} × ${fmt(v)}`);
    return _("a CHANCE node returns the average of its children's values weighted by their probabilities ({values})", {
      values: listed(terms),
    });
  }
  const cut = truth.cutoffs.get(row);
  const skipped = cut ? cut.pruned.length : 0;
  const values = { values: listed(updates.map(([, v]) => fmt(v))) };
  if (!skipped) {
    if (kind === "max") return _("a MAX node returns the largest value its children returned ({values})", values);
    return _("a MIN node returns the smallest value its children returned ({values})", values);
  }
  if (kind === "max") {
    return ngettext(
      "a MAX node returns the largest value its searched children returned ({values}; its last child was pruned)",
      "a MAX node returns the largest value its searched children returned ({values}; its last {n} children were pruned)",
      skipped,
      values
    );
  }
  return ngettext(
    "a MIN node returns the smallest value its searched children returned ({values}; its last child was pruned)",
    "a MIN node returns the smallest value its searched children returned ({values}; its last {n} children were pruned)",
    skipped,
    values
  );
}

function listed(terms) {
  const more = terms.length - SHOWN_VALUES;
  const shown = terms.slice(0, SHOWN_VALUES).join(pgettext("list separator", ", "));
  return more > 0 ? ngettext("{items} and {n} more", "{items} and {n} more", more, { items: shown }) : shown;
}

/** A node's α and β when it returns. */
export function window(truth, row, given, right) {
  const w = truth.windows.get(row);
  const values = { node: uniqueNames(truth.trace)[row], alpha: fmt(w.alpha), beta: fmt(w.beta) };
  if (right) return _("At {node}, α = {alpha} and β = {beta} when it returns.", values);
  return _("At {node}, α = {alpha} and β = {beta} when it returns, not α = {given_alpha}, β = {given_beta}.", {
    ...values,
    given_alpha: fmt(given[0]),
    given_beta: fmt(given[1]),
  });
}

/** The root's best move, and for a wrong one what the chosen child returned. */
export function move(truth, given, right) {
  const t = truth.trace;
  const rootChildren = t.children[0];
  const best = _("{move} (value {value})", {
    move: moveName(t, rootChildren[truth.bestMove], uniqueNames(t)),
    value: fmt(truth.returned[0]),
  });
  if (right) return _("The best move is {best}.", { best });
  if (given === null) return _("The best move is missing: it is {best}.", { best });
  const chosen = rootChildren[given];
  const returned = truth.returned[chosen];
  const values = { best, move: moveName(t, chosen, uniqueNames(t)), value: fmt(returned) };
  const [alpha, beta] = truth.entered[chosen];
  const row = t.nodes[chosen];
  const hasWindow = !Number.isNaN(alpha) && row.kind !== "chance";
  if (hasWindow && !row.terminal && returned <= alpha)
    return _("The best move is {best}; {move} returns at most {value}, so it is no better.", values);
  if (hasWindow && !row.terminal && returned >= beta)
    return _("The best move is {best}; {move} returns at least {value}, so it is no better.", values);
  if (returned === truth.returned[0])
    return _("The best move is {best}; {move} also returns {value}, but the first of equally good moves counts.", values);
  return _("The best move is {best}; {move} returns {value}.", values);
}
