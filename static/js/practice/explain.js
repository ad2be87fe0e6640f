// explain.js: one sentence per graded item, word for word as app/practice/explain.py puts
// it (so the page and an API client read the same): nodes by name (names.js's uniqueNames:
// a repeated label is qualified, "G1↓ under P→ (node K)"), never by path; numbers by format.js's fmt. Each sentence says why, from the trace: the cutoff that
// pruned a node, the window a node was searched in, the values its children returned, what
// each root child returned ("at most"/"at least" when it failed low/high: fail-soft).

import { KIND_NAMES, fmt } from "../lib/format.js";
import { moveName, nameList, uniqueNames } from "../lib/names.js";

const RELATIONS = { ">=": "≥", ">": ">", "<=": "≤", "<": "<" };
const SHOWN_VALUES = 6; // child values listed before "and N more"

/** Why the engine prunes `row` (for correct and missed prunes alike). */
export function pruned(truth, row) {
  const name = uniqueNames(truth.trace)[row];
  return `${name} is pruned: ${cutReason(truth, row)}, and the search skips ${name}.`;
}

/** Why a node the search never reaches (inside the engine-pruned subtree of `root`) has no
 * value to give. */
export function valueForPruned(truth, row, root) {
  const names = uniqueNames(truth.trace);
  const where = row === root ? "" : `it is inside ${names[root]}, which is pruned: `;
  return (
    `${names[row]} is never evaluated: ${where}${cutReason(truth, root)}, and the search ` +
    `skips ${names[root]}, so no value is computed for ${names[row]}.`
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
    cut.searched.length === 1 ? `${at}'s first child ${names[cut.searched[0]]}` : `${at}'s children ${nameList(t, cut.searched, 6, names)}`;
  const symbol = cut.kind === "alpha" ? "α" : "β";
  const test = `v = ${fmt(cut.value)} ${RELATIONS[cut.relation]} ${symbol} = ${fmt(cut.bound)}`;
  const why =
    cut.kind === "alpha"
      ? `MIN at ${at} will return at most ${fmt(cut.value)}, no better for MAX above`
      : `MAX at ${at} will return at least ${fmt(cut.value)}, no better for MIN above`;
  return `after ${after}, ${test} at ${at}, so ${why} than the ${fmt(cut.bound)} it already has`;
}

/** Why the search visits `row`, which the student crossed out. */
export function searched(truth, row) {
  const t = truth.trace;
  const names = uniqueNames(t);
  const name = names[row];
  const parent = t.parent[row];
  const algorithm = t.options.algorithm;
  if (parent < 0) return `${name} is searched: the search always starts at the root.`;
  if (algorithm !== "alphabeta") return `${name} is searched: ${algorithm} never prunes.`;
  const at = names[parent];
  if (t.nodes[parent].kind === "chance") {
    return `${name} is searched: chance nodes never prune, so ${at} searches all its children.`;
  }
  const arrival = truth.arrivals[row];
  if (!arrival.searched) return `${name} is searched: a node always searches its first child.`;
  let test = "α ≥ β";
  if (t.options.rule !== "standard") test = t.nodes[parent].kind === "max" ? "v > β" : "v < α";
  return (
    `${name} is searched: when ${at} came to it, v = ${fmt(arrival.value)} and ` +
    `α = ${fmt(arrival.alpha)}, β = ${fmt(arrival.beta)} at ${at}, and no cutoff (${test}) held.`
  );
}

/** A visited inner node's value: right, wrong (with the rule that makes it), or missing. */
export function value(truth, row, given, right) {
  const name = uniqueNames(truth.trace)[row];
  const returned = fmt(truth.returned[row]);
  if (right) return `${name} returns ${returned}.`;
  if (given === null) return `${name}'s value is missing: it returns ${returned}.`;
  return `${name} returns ${returned}, not ${fmt(given)}: ${combination(truth, row)}.`;
}

/** How a node's value comes from its children's, with the values they returned. */
function combination(truth, row) {
  const t = truth.trace;
  const kind = t.nodes[row].kind;
  const updates = truth.updates[row];
  if (kind === "chance") {
    const weights = updates.map(([child]) => t.nodes[child].p);
    let terms;
    let how;
    if (weights[0] === undefined || weights[0] === null) {
      terms = updates.map(([, v]) => fmt(v));
      how = "the average of its children's values";
    } else {
      terms = updates.map(([, v], i) => `${fmt(weights[i])} × ${fmt(v)}`);
      how = "the average of its children's values weighted by their probabilities";
    }
    return `a CHANCE node returns ${how} (${listed(terms)})`;
  }
  const cut = truth.cutoffs.get(row);
  const skipped = cut ? cut.pruned.length : 0;
  let note = "";
  if (skipped) note = skipped === 1 ? "; its last child was pruned" : `; its last ${skipped} children were pruned`;
  const most = kind === "max" ? "largest" : "smallest";
  const children = skipped ? "its searched children" : "its children";
  const values = listed(updates.map(([, v]) => fmt(v)));
  return `a ${KIND_NAMES[kind]} node returns the ${most} value ${children} returned (${values}${note})`;
}

function listed(terms) {
  const more = terms.length - SHOWN_VALUES;
  const shown = terms.slice(0, SHOWN_VALUES).join(", ");
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** A node's α and β when it returns. */
export function window(truth, row, given, right) {
  const w = truth.windows.get(row);
  const said = `At ${uniqueNames(truth.trace)[row]}, α = ${fmt(w.alpha)} and β = ${fmt(w.beta)} when it returns`;
  if (right) return `${said}.`;
  return `${said}, not α = ${fmt(given[0])}, β = ${fmt(given[1])}.`;
}

/** The root's best move, and for a wrong one what the chosen child returned. */
export function move(truth, given, right) {
  const t = truth.trace;
  const rootChildren = t.children[0];
  const best = `${moveName(t, rootChildren[truth.bestMove], uniqueNames(t))} (value ${fmt(truth.returned[0])})`;
  if (right) return `The best move is ${best}.`;
  if (given === null) return `The best move is missing: it is ${best}.`;
  const chosen = rootChildren[given];
  const name = moveName(t, chosen, uniqueNames(t));
  const returned = truth.returned[chosen];
  const [alpha, beta] = truth.entered[chosen];
  const row = t.nodes[chosen];
  const hasWindow = !Number.isNaN(alpha) && row.kind !== "chance";
  let said;
  if (hasWindow && !row.terminal && returned <= alpha) said = `${name} returns at most ${fmt(returned)}, so it is no better`;
  else if (hasWindow && !row.terminal && returned >= beta) said = `${name} returns at least ${fmt(returned)}, so it is no better`;
  else if (returned === truth.returned[0]) said = `${name} also returns ${fmt(returned)}, but the first of equally good moves counts`;
  else said = `${name} returns ${fmt(returned)}`;
  return `The best move is ${best}; ${said}.`;
}
