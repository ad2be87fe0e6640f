// trace/window-narration.js: the plain-words sentences of the windowed searches
// (docs/algorithms.md): an aspiration pass starting and why, a root that failed low or high
// against its window, PVS's null-window tests and re-searches ("null-window test: is C
// better than 3? It fails high (4 > 3), so C is searched again with the full window"), and
// negamax's steps told from the mover's side. narration.js asks here first; "" means "not
// one of these: say it the classic way". DOM-free; the sentences are the page language's
// (lib/i18n.js), the names and values put in as the tree shows them.

import { fmt, kindName } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { nameOf } from "../lib/names.js";
import { num } from "./trace.js";

const windowOf = (e) => `(${fmt(num(e.alpha))}, ${fmt(num(e.beta))})`;

/** The latest event before step k (an index below k − 1) at node `id` of one of `types`. */
function lastAt(trace, k, id, types) {
  for (let j = k - 2; j >= 0; j--) {
    if (trace.nodeOf[j] === id && types.includes(trace.events[j].type)) return trace.events[j];
  }
  return null;
}

function passText(trace, k, e) {
  const root = nameOf(trace, 0);
  if (e.why === "aspiration") {
    return _(
      "Pass {n} of aspiration search: the root {node} is searched with the narrow window {window} around the guess; a value outside it means a second pass.",
      { n: e.number, node: root, window: windowOf(e) }
    );
  }
  const failed = lastAt(trace, k, 0, ["exit"]);
  const values = { failed: e.number - 1, n: e.number, window: windowOf(e), v: failed ? fmt(num(failed.value)) : "" };
  if (e.why === "fail-low") {
    if (failed)
      return _(
        "Pass {failed} failed low (the root returned {v}): the root's value is at most that. Pass {n} searches again with the window {window}: the failed side is opened to infinity.",
        values
      );
    return _(
      "Pass {failed} failed low: the root's value is at most that. Pass {n} searches again with the window {window}: the failed side is opened to infinity.",
      values
    );
  }
  if (failed)
    return _(
      "Pass {failed} failed high (the root returned {v}): the root's value is at least that. Pass {n} searches again with the window {window}: the failed side is opened to infinity.",
      values
    );
  return _(
    "Pass {failed} failed high: the root's value is at least that. Pass {n} searches again with the window {window}: the failed side is opened to infinity.",
    values
  );
}

/** The root's exit when its result fell outside the window it was entered with. */
function rootFailText(trace, k, e) {
  const entered = lastAt(trace, k, 0, ["enter"]);
  if (!entered) return "";
  const v = num(e.value);
  const [alpha, beta] = [num(entered.alpha), num(entered.beta)];
  const mover = trace.options && trace.options.algorithm === "negamax";
  const sign = mover && trace.nodes[0].kind === "min" ? -1 : 1;
  const next = trace.events[k];
  const values = { v: fmt(v), alpha: fmt(alpha), beta: fmt(beta), value: fmt(sign * v) };
  let text = "";
  if (v <= alpha && alpha > -Infinity) {
    text =
      sign > 0
        ? _("The root returns {v} ≤ α = {alpha}: it failed low, so its value is at most {value}.", values)
        : _("The root returns {v} ≤ α = {alpha}: it failed low, so its value is at least {value}.", values);
  } else if (v >= beta && beta < Infinity) {
    text =
      sign > 0
        ? _("The root returns {v} ≥ β = {beta}: it failed high, so its value is at least {value}.", values)
        : _("The root returns {v} ≥ β = {beta}: it failed high, so its value is at most {value}.", values);
  }
  if (text && next && next.type === "pass") return _("{sentence} A new pass follows.", { sentence: text });
  return text;
}

/** PVS: a child entered with a window narrower than its parent's is a null-window test. */
function testText(trace, k, e, id) {
  const parent = trace.parent[id];
  if (parent < 0) return "";
  const previous = trace.events[k - 2];
  if (previous && previous.type === "research") return "";
  const around = lastAt(trace, k, parent, ["enter", "update"]);
  if (!around) return "";
  const [a, b] = [num(e.alpha), num(e.beta)];
  if (a === num(around.alpha) && b === num(around.beta)) return "";
  const values = { node: nameOf(trace, id), window: windowOf(e), alpha: fmt(a), beta: fmt(b) };
  if (trace.nodes[parent].kind === "max") {
    return _(
      "Null-window test of {node} with {window}: is {node} better than {alpha} for MAX? A result ≤ {alpha} says no; ≥ {beta} says yes.",
      values
    );
  }
  return _(
    "Null-window test of {node} with {window}: is {node} less than {beta}, better for MIN? A result ≥ {beta} says no; ≤ {alpha} says yes.",
    values
  );
}

function researchText(trace, k, e, id) {
  const name = nameOf(trace, id);
  const tested = trace.events[k - 2];
  const t = tested && tested.type === "exit" ? num(tested.value) : NaN;
  const parent = trace.parent[id];
  const mover = trace.options && trace.options.algorithm === "negamax";
  const full = windowOf(e);
  if (mover || trace.nodes[parent].kind === "max") {
    const alpha = lastAt(trace, k, parent, ["enter", "update"]);
    const a = alpha ? num(alpha.alpha) : NaN;
    return _(
      "Null-window test: is {node} better than {bound}? It fails high ({value} > {bound}), so {node} is searched again with the full window {window} to find its value.",
      { node: name, bound: fmt(a), value: fmt(t), window: full }
    );
  }
  const beta = lastAt(trace, k, parent, ["enter", "update"]);
  const b = beta ? num(beta.beta) : NaN;
  return _(
    "Null-window test: is {node} less than {bound}, better for MIN? It is ({value} < {bound}), so {node} is searched again with the full window {window} to find its value.",
    { node: name, bound: fmt(b), value: fmt(t), window: full }
  );
}

/** negamax: every node maximises its children's values seen from its own side. */
function negamaxText(trace, k, e, id) {
  const node = nameOf(trace, id);
  const kind = kindName(trace.nodes[id].kind);
  switch (e.type) {
    case "enter":
      return _(
        "Visit {kind} node {node} with window {window}, from {kind}'s side: negamax takes the largest of its children's values, each seen from {kind}'s side (negated when the mover changes).",
        { kind, node, window: windowOf(e) }
      );
    case "leaf": {
      const raw = trace.nodes[id].value;
      const shown = num(e.value);
      if (raw === undefined || raw === shown) return "";
      return _(
        "Evaluate leaf {node}: its value is {value}, which negamax keeps as {kept} (from the side of {kind}, who moves at its level).",
        { node, value: fmt(raw), kept: fmt(shown), kind }
      );
    }
    case "update": {
      const b = trace.before[k - 1];
      const child = trace.childOf[k - 1];
      const cv = num(e.child_value);
      const flips = trace.nodes[child].kind !== trace.nodes[id].kind;
      const values = {
        kind,
        node,
        child: nameOf(trace, child),
        value: fmt(flips ? -cv : cv),
        seen: fmt(cv),
        before: fmt(b.value),
        v: fmt(num(e.value)),
        alpha: fmt(num(e.alpha)),
      };
      const rises = num(e.alpha) !== b.alpha;
      if (flips && rises)
        return _(
          "{kind} node {node}: {child} returns {value}, which {node} sees as {seen}; v = max({before}, {seen}) = {v}, so α rises to {alpha}.",
          values
        );
      if (flips)
        return _("{kind} node {node}: {child} returns {value}, which {node} sees as {seen}; v = max({before}, {seen}) = {v}.", values);
      if (rises) return _("{kind} node {node}: {child} returns {value}; v = max({before}, {value}) = {v}, so α rises to {alpha}.", values);
      return _("{kind} node {node}: {child} returns {value}; v = max({before}, {value}) = {v}.", values);
    }
    case "cutoff": {
      const relation = e.relation === ">" ? ">" : "≥";
      const values = { kind, node, test: `v = ${fmt(num(e.value))} ${relation} β = ${fmt(num(e.bound))}` };
      if (!trace.prunedIds[k - 1].length) {
        return _("{kind} node {node}: {test}: the cutoff test fires, but this was the last child: nothing is left to prune.", values);
      }
      return _(
        "{kind} node {node}: {test}: the player above already has a better option, so the rest of {node}'s children cannot matter: cutoff.",
        values
      );
    }
    case "exit": {
      if (id === 0) return "";
      const v = num(e.value);
      return _("{kind} node {node} returns {v} from its side ({minimax} in minimax form).", {
        kind,
        node,
        v: fmt(v),
        minimax: fmt(trace.nodes[id].kind === "min" ? -v : v),
      });
    }
    default:
      return "";
  }
}

const WINDOWED = ["alphabeta", "negamax", "pvs"];

/** The sentence for step k when the windowed searches say it their own way ("" otherwise). */
export function narrateWindowEvent(trace, k) {
  const e = trace.events[k - 1];
  const id = trace.nodeOf[k - 1];
  const algorithm = trace.options ? trace.options.algorithm || "alphabeta" : "alphabeta";
  if (!WINDOWED.includes(algorithm)) return ""; // MTD(f), SSS*, Star1/2: pass-narration.js
  if (e.type === "pass") return passText(trace, k, e);
  if (e.type === "research") return researchText(trace, k, e, id);
  if (e.type === "exit" && id === 0) {
    const failed = rootFailText(trace, k, e);
    if (failed) return failed;
  }
  if (algorithm === "pvs" && e.type === "enter") return testText(trace, k, e, id);
  if (algorithm === "negamax") return negamaxText(trace, k, e, id);
  return "";
}
