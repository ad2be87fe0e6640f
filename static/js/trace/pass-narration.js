// trace/pass-narration.js: the plain-words sentence for the events of MTD(f), SSS* and
// Star1/Star2 (docs/protocol.md): a pass starting, the transposition table's hits and stores
// (the root's store is the search's bounds after a pass), and a chance node's cutoff with
// its bound arithmetic ("after B's children 0.5·3 + 0.5·U = 6.5 ≤ α = 7"). narration.js asks
// here for these kinds; DOM-free; the sentences are the page language's (lib/i18n.js).

import { fmt } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { nameList, nameOf } from "../lib/names.js";
import { num } from "./trace.js";

/** Bounds [lower, upper] as people read them: "[3, ∞)", "(−∞, 2]", "exactly 3". */
export function boundsText(lower, upper) {
  if (lower === upper) return _("exactly {value}", { value: fmt(lower) });
  const open = lower === -Infinity ? "(" : "[";
  const close = upper === Infinity ? ")" : "]";
  return `${open}${fmt(lower)}, ${fmt(upper)}${close}`;
}

function boundsMeaning(lower, upper) {
  if (lower === upper) return "";
  if (lower === -Infinity) return _(" (at most {value})", { value: fmt(upper) });
  if (upper === Infinity) return _(" (at least {value})", { value: fmt(lower) });
  return _(" (between {lower} and {upper})", { lower: fmt(lower), upper: fmt(upper) });
}

function passText(trace, e) {
  const alpha = num(e.alpha);
  const beta = num(e.beta);
  if (e.why === "sssstar" && beta === Infinity) {
    return _(
      "Pass {n} of SSS* (run as MTD(+∞)): the window (+∞ − 1, +∞) fails low everywhere, so each MIN node tries only its first child: the value found is an upper bound on the root.",
      { n: e.number }
    );
  }
  const values = { n: e.number, alpha: fmt(alpha), beta: fmt(beta), node: nameOf(trace, 0) };
  if (e.why === "sssstar") {
    return _(
      "Pass {n} of SSS* (as MTD(+∞)): a null-window test with ({alpha}, {beta}): is the root {node} worth at least {beta}? The table keeps every node's bounds from earlier passes.",
      values
    );
  }
  return _(
    "Pass {n} of MTD(f): a null-window test with ({alpha}, {beta}): is the root {node} worth at least {beta}? The table keeps every node's bounds from earlier passes.",
    values
  );
}

function tableText(trace, k, e, id) {
  const lower = num(e.lower);
  const upper = num(e.upper);
  const name = nameOf(trace, id);
  const bounds = boundsText(lower, upper);
  const values = { node: name, bounds, meaning: boundsMeaning(lower, upper), value: fmt(lower) };
  if (e.action === "store") {
    if (id === 0 && lower === upper)
      return _("After this pass the root {node} is {bounds}{meaning}: the bounds meet, so the root's value is {value}.", values);
    if (id === 0) return _("After this pass the root {node} is {bounds}{meaning}.", values);
    return _("The table stores {node}'s bounds: {bounds}{meaning}.", values);
  }
  const next = trace.events[k];
  const answered = next && next.type === "update" && trace.childOf[k] === id;
  if (answered) {
    return _("Table hit: {node} is already known to be {bounds}, which answers this test: {node} is not searched again.", values);
  }
  return _("Table hit: {node} is already known to be {bounds}; its window narrows to those bounds.", values);
}

/** The (child, value) pairs a chance node took since it was last entered, before step k. */
function takenChildren(trace, k, id) {
  const taken = [];
  for (let j = k - 2; j >= 0; j--) {
    if (trace.nodeOf[j] !== id) continue;
    const e = trace.events[j];
    if (e.type === "enter") break;
    if (e.type === "update") taken.unshift([trace.childOf[j], num(e.child_value)]);
  }
  return taken;
}

function chanceCutText(trace, k, e, id) {
  const name = nameOf(trace, id);
  const kids = trace.children[id];
  const weight = (child) => {
    const p = trace.nodes[child].p;
    return p !== undefined ? p : 1 / kids.length;
  };
  const bounds = trace.options && trace.options.bounds;
  const low = e.relation === "<=";
  const symbol = low ? "α" : "β";
  const relation = low ? "≤" : "≥";
  const skipped = nameList(trace, trace.prunedIds[k - 1]);
  const taken = takenChildren(trace, k, id);
  const test = `${fmt(num(e.value))} ${relation} ${symbol} = ${fmt(num(e.bound))}`;
  if (!taken.length) {
    return _("{node}: probing its children (each one's first child) bounds its value: {test}, so the rest ({nodes}) cannot matter.", {
      node: name,
      test,
      nodes: skipped,
    });
  }
  const seen = new Set(taken.map(([child]) => child));
  const terms = taken.map(([child, value]) => `${fmt(weight(child))}·${fmt(value)}`);
  const rest = kids.filter((child) => !seen.has(child));
  const star2High = !low && trace.options && trace.options.algorithm === "star2";
  const letter = low ? "U" : star2High ? "W" : "L";
  const mass = rest.reduce((sum, child) => sum + weight(child), 0);
  if (rest.length) terms.push(`${fmt(mass)}·${letter}`);
  const range = bounds ? _(" (leaves lie in [{lower}, {upper}])", { lower: fmt(bounds[0]), upper: fmt(bounds[1]) }) : "";
  const probes = star2High ? _(", W the probes' bounds") : "";
  const names = nameList(
    trace,
    taken.map(([child]) => child)
  );
  const values = { node: name, taken: names, sum: terms.join(" + "), test, range, probes, nodes: skipped };
  return _("{node}: after {taken}, {sum} = {test}{range}{probes}: the rest of {node}'s children ({nodes}) cannot matter.", values);
}

/** The sentence for step k when its event is one of this module's kinds ("" otherwise). */
export function narratePassEvent(trace, k) {
  const e = trace.events[k - 1];
  const id = trace.nodeOf[k - 1];
  switch (e.type) {
    case "pass":
      return passText(trace, e);
    case "tt":
      return tableText(trace, k, e, id);
    case "chance_cutoff":
      return chanceCutText(trace, k, e, id);
    default:
      return "";
  }
}
