// trace/narration.js: one plain-words sentence for every step (`narrate(trace, k)`), pure; the
// panel that shows it and speaks it to screen readers is panels/narration.js. A negamax trace
// is told from the mover's side, or with form "minimax" as alpha-beta tells it (max/min, α/β
// as the textbook writes them: trace/minimax-form.js).

import { KIND_NAMES, fmt, relationSymbol } from "../lib/format.js";
import { moveName, nameList, nameOf } from "../lib/names.js";
import { traceInForm } from "./minimax-form.js";
import { narratePassEvent } from "./pass-narration.js";
import { num } from "./trace.js";
import { narrateWindowEvent } from "./window-narration.js";

/** An inner node as the subject of a sentence: "MIN node B", or "The root A". */
function subject(trace, id) {
  const name = nameOf(trace, id);
  if (id === 0) return `The root ${name}`;
  const kind = trace.nodes[id].kind;
  return `${KIND_NAMES[kind] || kind} node ${name}`;
}

function windowText(alpha, beta) {
  if (Number.isNaN(alpha) || Number.isNaN(beta)) return "";
  return `α = ${fmt(alpha)}, β = ${fmt(beta)}`;
}

/** The sentence for step k of `trace` (k = 0: before the search starts), a negamax trace's
 * numbers in `form` ("mover", the default, or "minimax"). */
export function narrate(trace, k, form = "mover") {
  if (!trace) return "Choose a tree and press Run.";
  trace = traceInForm(trace, form);
  if (k === 0) {
    if (trace.length === 0) return "Waiting for the search to start…";
    return "Step 0: nothing is visited yet. Press → (or Play) to start the search at the root.";
  }
  const windowed = narrateWindowEvent(trace, k);
  if (windowed) return windowed;
  const e = trace.events[k - 1];
  const id = trace.nodeOf[k - 1];
  const name = subject(trace, id);
  switch (e.type) {
    case "enter": {
      const w = windowText(num(e.alpha), num(e.beta));
      const role =
        e.kind === "max"
          ? "MAX picks the largest child value"
          : e.kind === "min"
            ? "MIN picks the smallest child value"
            : "a chance node averages its children";
      if (id === 0) {
        const root = `the root ${nameOf(trace, 0)}, a ${KIND_NAMES[e.kind]} node`;
        return `Start at ${root}${w ? ` with ${w}` : ""}: ${role}.`;
      }
      return `Visit ${name}${w ? ` with window ${w}` : ""}: ${role}.`;
    }
    case "leaf": {
      const where = nameOf(trace, id);
      const value = fmt(num(e.value));
      if (e.heuristic) {
        return `Depth limit reached: ${where} is scored by its heuristic value ${value}.`;
      }
      return `Evaluate leaf ${where}: its value is ${value}.`;
    }
    case "update": {
      const b = trace.before[k - 1];
      const child = trace.childOf[k - 1];
      const kind = trace.nodes[id].kind;
      const cv = num(e.child_value);
      const v = num(e.value);
      const from = `${moveName(trace, child)} returns ${fmt(cv)}`;
      if (kind === "chance") {
        const row = trace.nodes[child];
        const weight = row.p !== undefined ? `with probability ${fmt(row.p)}` : "weighted equally";
        return `${name}: ${from}, ${weight}; the expected value so far is ${fmt(v)}.`;
      }
      const op = kind === "max" ? "max" : "min";
      let text = `${name}: ${from}; v = ${op}(${fmt(b.value)}, ${fmt(cv)}) = ${fmt(v)}`;
      if (v === b.value) text += " (unchanged)";
      const a = num(e.alpha);
      const bt = num(e.beta);
      if (kind === "max" && !Number.isNaN(a) && a !== b.alpha) text += `, so α rises to ${fmt(a)}`;
      if (kind === "min" && !Number.isNaN(bt) && bt !== b.beta) text += `, so β drops to ${fmt(bt)}`;
      return `${text}.`;
    }
    case "cutoff": {
      const symbol = e.kind === "alpha" ? "α" : "β";
      const test = `v = ${fmt(num(e.value))} ${relationSymbol(e.relation)} ${symbol} = ${fmt(num(e.bound))}`;
      const why = e.kind === "alpha" ? "MAX above already has a better option" : "MIN above already has a better option";
      const pruned = trace.prunedIds[k - 1];
      if (!pruned.length) {
        return `${name}: ${test}, the ${symbol}-cutoff test fires, but this was the last child: nothing is left to prune.`;
      }
      const noun = pruned.length === 1 ? "child" : "children";
      const skipped = nameList(trace, pruned);
      return `${name}: ${test}, so the remaining ${noun} ${skipped} cannot matter (${why}): ${symbol}-cutoff.`;
    }
    case "exit": {
      const v = fmt(num(e.value));
      if (id === 0) {
        const move = e.best !== null ? ` Best move: ${moveName(trace, e.best)}.` : "";
        return `The root returns ${v}: the search is complete.${move}`;
      }
      if (trace.nodes[id].kind === "chance") return `${name} returns its expected value ${v}.`;
      const best = e.best !== null ? ` (from child ${nameOf(trace, e.best)})` : "";
      return `${name} returns ${v}${best}.`;
    }
    default:
      return narratePassEvent(trace, k);
  }
}
