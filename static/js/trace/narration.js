// trace/narration.js: one plain-words sentence for every step (`narrate(trace, k)`), pure; the
// panel that shows it and speaks it to screen readers is panels/narration.js. The sentences
// are the page language's (lib/i18n.js): whole sentences with named placeholders, the node
// names and values put in exactly as the tree shows them. A negamax trace is told from the
// mover's side, or with form "minimax" as alpha-beta tells it (max/min, α/β as the textbook
// writes them: trace/minimax-form.js).

import { fmt, kindName, relationSymbol } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { moveName, nameList, nameOf } from "../lib/names.js";
import { traceInForm } from "./minimax-form.js";
import { narratePassEvent } from "./pass-narration.js";
import { num } from "./trace.js";
import { narrateWindowEvent } from "./window-narration.js";

/** An inner node as the subject of a sentence: "MIN node B", or "The root A". */
function subject(trace, id) {
  const node = nameOf(trace, id);
  if (id === 0) return _("The root {node}", { node });
  return _("{kind} node {node}", { kind: kindName(trace.nodes[id].kind), node });
}

function roleOf(kind) {
  if (kind === "max") return _("MAX picks the largest child value");
  if (kind === "min") return _("MIN picks the smallest child value");
  return _("a chance node averages its children");
}

function enterText(trace, e, id) {
  const alpha = num(e.alpha);
  const beta = num(e.beta);
  const role = roleOf(e.kind);
  const node = nameOf(trace, id);
  const kind = kindName(e.kind);
  const windowed = !Number.isNaN(alpha) && !Number.isNaN(beta);
  const values = { node, kind, role, alpha: fmt(alpha), beta: fmt(beta) };
  if (id === 0) {
    if (!windowed) return _("Start at the root {node}, a {kind} node: {role}.", values);
    return _("Start at the root {node}, a {kind} node with α = {alpha}, β = {beta}: {role}.", values);
  }
  if (!windowed) return _("Visit {kind} node {node}: {role}.", values);
  return _("Visit {kind} node {node} with window α = {alpha}, β = {beta}: {role}.", values);
}

function updateText(trace, k, e, id, name) {
  const b = trace.before[k - 1];
  const child = trace.childOf[k - 1];
  const kind = trace.nodes[id].kind;
  const cv = num(e.child_value);
  const v = num(e.value);
  const values = { subject: name, child: moveName(trace, child), value: fmt(cv), v: fmt(v) };
  if (kind === "chance") {
    const p = trace.nodes[child].p;
    if (p === undefined) {
      return _("{subject}: {child} returns {value}, weighted equally; the expected value so far is {v}.", values);
    }
    return _("{subject}: {child} returns {value}, with probability {p}; the expected value so far is {v}.", { ...values, p: fmt(p) });
  }
  const unchanged = v === b.value;
  const a = num(e.alpha);
  const bt = num(e.beta);
  const step = { ...values, before: fmt(b.value), alpha: fmt(a), beta: fmt(bt) };
  if (kind === "max") {
    const rises = !Number.isNaN(a) && a !== b.alpha;
    if (unchanged && rises)
      return _("{subject}: {child} returns {value}; v = max({before}, {value}) = {v} (unchanged), so α rises to {alpha}.", step);
    if (unchanged) return _("{subject}: {child} returns {value}; v = max({before}, {value}) = {v} (unchanged).", step);
    if (rises) return _("{subject}: {child} returns {value}; v = max({before}, {value}) = {v}, so α rises to {alpha}.", step);
    return _("{subject}: {child} returns {value}; v = max({before}, {value}) = {v}.", step);
  }
  const drops = kind === "min" && !Number.isNaN(bt) && bt !== b.beta;
  if (unchanged && drops)
    return _("{subject}: {child} returns {value}; v = min({before}, {value}) = {v} (unchanged), so β drops to {beta}.", step);
  if (unchanged) return _("{subject}: {child} returns {value}; v = min({before}, {value}) = {v} (unchanged).", step);
  if (drops) return _("{subject}: {child} returns {value}; v = min({before}, {value}) = {v}, so β drops to {beta}.", step);
  return _("{subject}: {child} returns {value}; v = min({before}, {value}) = {v}.", step);
}

function cutoffText(trace, k, e, name) {
  const symbol = e.kind === "alpha" ? "α" : "β";
  const test = `v = ${fmt(num(e.value))} ${relationSymbol(e.relation)} ${symbol} = ${fmt(num(e.bound))}`;
  const pruned = trace.prunedIds[k - 1];
  const values = { subject: name, test, nodes: nameList(trace, pruned) };
  if (!pruned.length) {
    if (e.kind === "alpha")
      return _("{subject}: {test}, the α-cutoff test fires, but this was the last child: nothing is left to prune.", values);
    return _("{subject}: {test}, the β-cutoff test fires, but this was the last child: nothing is left to prune.", values);
  }
  if (e.kind === "alpha") {
    if (pruned.length === 1)
      return _(
        "{subject}: {test}, so the remaining child {nodes} cannot matter (MAX above already has a better option): α-cutoff.",
        values
      );
    return _(
      "{subject}: {test}, so the remaining children {nodes} cannot matter (MAX above already has a better option): α-cutoff.",
      values
    );
  }
  if (pruned.length === 1)
    return _("{subject}: {test}, so the remaining child {nodes} cannot matter (MIN above already has a better option): β-cutoff.", values);
  return _("{subject}: {test}, so the remaining children {nodes} cannot matter (MIN above already has a better option): β-cutoff.", values);
}

function exitText(trace, e, id, name) {
  const v = fmt(num(e.value));
  if (id === 0) {
    if (e.best === null) return _("The root returns {v}: the search is complete.", { v });
    return _("The root returns {v}: the search is complete. Best move: {move}.", { v, move: moveName(trace, e.best) });
  }
  if (trace.nodes[id].kind === "chance") return _("{subject} returns its expected value {v}.", { subject: name, v });
  if (e.best === null) return _("{subject} returns {v}.", { subject: name, v });
  return _("{subject} returns {v} (from child {child}).", { subject: name, v, child: nameOf(trace, e.best) });
}

/** The sentence for step k of `trace` (k = 0: before the search starts), a negamax trace's
 * numbers in `form` ("mover", the default, or "minimax"). */
export function narrate(trace, k, form = "mover") {
  if (!trace) return _("Choose a tree and press Run.");
  trace = traceInForm(trace, form);
  if (k === 0) {
    if (trace.length === 0) return _("Waiting for the search to start…");
    return _("Step 0: nothing is visited yet. Press → (or Play) to start the search at the root.");
  }
  const windowed = narrateWindowEvent(trace, k);
  if (windowed) return windowed;
  const e = trace.events[k - 1];
  const id = trace.nodeOf[k - 1];
  switch (e.type) {
    case "enter":
      return enterText(trace, e, id);
    case "leaf": {
      const values = { node: nameOf(trace, id), value: fmt(num(e.value)) };
      if (e.heuristic) return _("Depth limit reached: {node} is scored by its heuristic value {value}.", values);
      return _("Evaluate leaf {node}: its value is {value}.", values);
    }
    case "update":
      return updateText(trace, k, e, id, subject(trace, id));
    case "cutoff":
      return cutoffText(trace, k, e, subject(trace, id));
    case "exit":
      return exitText(trace, e, id, subject(trace, id));
    default:
      return narratePassEvent(trace, k);
  }
}
