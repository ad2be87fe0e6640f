// trace/window-narration.js: the plain-words sentences of the windowed searches
// (docs/algorithms.md): an aspiration pass starting and why, a root that failed low or high
// against its window, PVS's null-window tests and re-searches ("null-window test: is C
// better than 3? It fails high (4 > 3), so C is searched again with the full window"), and
// negamax's steps told from the mover's side. narration.js asks here first; "" means "not
// one of these: say it the classic way". DOM-free.

import { KIND_NAMES, fmt } from "../lib/format.js";
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
    return `Pass ${e.number} of aspiration search: the root ${root} is searched with the narrow window ${windowOf(e)} around the guess; a value outside it means a second pass.`;
  }
  const failed = lastAt(trace, k, 0, ["exit"]);
  const was = failed ? ` (the root returned ${fmt(num(failed.value))})` : "";
  const side = e.why === "fail-low" ? "low" : "high";
  const bound = e.why === "fail-low" ? "at most" : "at least";
  return `Pass ${e.number - 1} failed ${side}${was}: the root's value is ${bound} that. Pass ${e.number} searches again with the window ${windowOf(e)}: the failed side is opened to infinity.`;
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
  const again = next && next.type === "pass" ? " A new pass follows." : "";
  if (v <= alpha && alpha > -Infinity) {
    return `The root returns ${fmt(v)} ≤ α = ${fmt(alpha)}: it failed low, so its value is ${sign > 0 ? "at most" : "at least"} ${fmt(sign * v)}.${again}`;
  }
  if (v >= beta && beta < Infinity) {
    return `The root returns ${fmt(v)} ≥ β = ${fmt(beta)}: it failed high, so its value is ${sign > 0 ? "at least" : "at most"} ${fmt(sign * v)}.${again}`;
  }
  return "";
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
  const name = nameOf(trace, id);
  if (trace.nodes[parent].kind === "max") {
    return `Null-window test of ${name} with ${windowOf(e)}: is ${name} better than ${fmt(a)} for MAX? A result ≤ ${fmt(a)} says no; ≥ ${fmt(b)} says yes.`;
  }
  return `Null-window test of ${name} with ${windowOf(e)}: is ${name} less than ${fmt(b)}, better for MIN? A result ≥ ${fmt(b)} says no; ≤ ${fmt(a)} says yes.`;
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
    return `Null-window test: is ${name} better than ${fmt(a)}? It fails high (${fmt(t)} > ${fmt(a)}), so ${name} is searched again with the full window ${full} to find its value.`;
  }
  const beta = lastAt(trace, k, parent, ["enter", "update"]);
  const b = beta ? num(beta.beta) : NaN;
  return `Null-window test: is ${name} less than ${fmt(b)}, better for MIN? It is (${fmt(t)} < ${fmt(b)}), so ${name} is searched again with the full window ${full} to find its value.`;
}

/** negamax: every node maximises its children's values seen from its own side. */
function negamaxText(trace, k, e, id) {
  const name = nameOf(trace, id);
  const kind = KIND_NAMES[trace.nodes[id].kind];
  switch (e.type) {
    case "enter":
      return `Visit ${kind} node ${name} with window ${windowOf(e)}, from ${kind}'s side: negamax takes the largest of its children's values, each seen from ${kind}'s side (negated when the mover changes).`;
    case "leaf": {
      const raw = trace.nodes[id].value;
      const shown = num(e.value);
      if (raw === undefined || raw === shown) return "";
      return `Evaluate leaf ${name}: its value is ${fmt(raw)}, which negamax keeps as ${fmt(shown)} (from the side of ${kind}, who moves at its level).`;
    }
    case "update": {
      const b = trace.before[k - 1];
      const child = trace.childOf[k - 1];
      const cv = num(e.child_value);
      const flips = trace.nodes[child].kind !== trace.nodes[id].kind;
      const seen = flips ? `, which ${name} sees as ${fmt(cv)}` : "";
      const own = flips ? -cv : cv;
      let text = `${kind} node ${name}: ${nameOf(trace, child)} returns ${fmt(own)}${seen}; v = max(${fmt(b.value)}, ${fmt(cv)}) = ${fmt(num(e.value))}`;
      if (num(e.alpha) !== b.alpha) text += `, so α rises to ${fmt(num(e.alpha))}`;
      return `${text}.`;
    }
    case "cutoff": {
      const relation = e.relation === ">" ? ">" : "≥";
      if (!trace.prunedIds[k - 1].length) {
        return `${kind} node ${name}: v = ${fmt(num(e.value))} ${relation} β = ${fmt(num(e.bound))}: the cutoff test fires, but this was the last child: nothing is left to prune.`;
      }
      return `${kind} node ${name}: v = ${fmt(num(e.value))} ${relation} β = ${fmt(num(e.bound))}: the player above already has a better option, so the rest of ${name}'s children cannot matter: cutoff.`;
    }
    case "exit": {
      if (id === 0) return "";
      const v = num(e.value);
      return `${kind} node ${name} returns ${fmt(v)} from its side (${fmt(kind === "MIN" ? -v : v)} in minimax form).`;
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
