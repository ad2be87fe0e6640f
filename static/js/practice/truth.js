// truth.js: what a finished trace says about a search, in the terms a student's answer is
// graded in: app/practice/truth.py, read from the page's Trace (the same events). Indexed
// by node id (the node table's row); step k shows events[0..k−1].
//
// - visited (reached): rows with an enter or leaf event; inner visited rows have an exit.
// - engine-pruned roots (prunedBy): the rows a cutoff lists, each with its cutoff.
// - value: a visited row's exit (or leaf) value; window: a visited inner non-chance row's α
//   and β when it returns (its last update, else its enter), alpha-beta only.
// - best move: summary.best_move.
//
// The server compares an int the engine computed exactly and a float within 1e-9: JSON
// forgets which a number was, so `isFloat` follows the engine's arithmetic (chance values
// are floats, MAX/MIN pass on a child's number, a window bound is some node's value). A
// document's integral floats ("3.0") read as ints here: the one case where the two differ.

import { fmt } from "../lib/format.js";
import { num } from "../trace/trace.js";

const START = { max: -Infinity, min: Infinity, chance: 0 }; // v before any child returns

/** A running node's v, α and β, and whether each is a float in the engine. */
function running(value, alpha, beta, floats) {
  return { value, alpha, beta, valueFloat: floats[0], alphaFloat: floats[1], betaFloat: floats[2] };
}

/** The truth of `trace` (a complete Trace). */
export function truthOf(trace) {
  const n = trace.size;
  const truth = {
    trace,
    lastStep: trace.length,
    reached: new Int32Array(n), // its enter or leaf step (0: never visited)
    arrivals: new Array(n).fill(null), // the parent's {value, alpha, beta, searched} then
    entered: new Array(n).fill(null), // [α, β] it was given (NaN: no window)
    returned: new Float64Array(n).fill(NaN),
    isFloat: new Uint8Array(n), // its returned value is a float in the engine
    exits: new Map(), // inner row → exit step, in exit order
    windows: new Map(), // row → {alpha, beta, alphaFloat, betaFloat}
    updates: new Array(n).fill(null), // row → [[child, child value], …] in search order
    cutoffs: new Map(), // cut row → its cutoff
    prunedBy: new Map(), // engine-pruned root → the cutoff
    bestMove: null,
  };
  const state = new Map(); // entered, not yet exited: row → running(…)
  for (let k = 0; k < trace.length; k++) {
    const e = trace.events[k];
    const row = trace.nodeOf[k];
    const step = k + 1;
    if (e.type === "enter" || e.type === "leaf") {
      reach(truth, state, row, step, num(e.alpha), num(e.beta));
      if (e.type === "enter") {
        const parent = state.get(trace.parent[row]);
        // v starts at ±∞ (floats) or a chance node's 0 (an int); a window handed down from
        // a MAX or MIN parent is the parent's, type and all (an open one is ±∞).
        const floats = [e.kind !== "chance", !parent || parent.alphaFloat, !parent || parent.betaFloat];
        state.set(row, running(START[e.kind], num(e.alpha), num(e.beta), floats));
        truth.updates[row] = [];
      } else {
        truth.returned[row] = num(e.value);
        truth.isFloat[row] = Number.isInteger(num(e.value)) ? 0 : 1;
      }
    } else if (e.type === "update") {
      const child = trace.childOf[k];
      const s = state.get(row);
      const value = num(e.value);
      const alpha = num(e.alpha);
      const beta = num(e.beta);
      if (trace.nodes[row].kind === "chance") {
        s.valueFloat = true; // an average divides, and a weight p is always a float
      } else if (value !== s.value) {
        s.valueFloat = truth.isFloat[child] === 1; // v takes the child's number
      }
      if (alpha !== s.alpha) s.alphaFloat = s.valueFloat; // α (or β) takes v
      if (beta !== s.beta) s.betaFloat = s.valueFloat;
      Object.assign(s, { value, alpha, beta });
      truth.updates[row].push([child, num(e.child_value)]);
    } else if (e.type === "cutoff") {
      const cut = {
        step,
        node: row,
        kind: e.kind,
        value: num(e.value),
        relation: e.relation,
        bound: num(e.bound),
        searched: truth.updates[row].map(([child]) => child),
        pruned: trace.prunedIds[k],
      };
      truth.cutoffs.set(row, cut);
      for (const pruned of cut.pruned) truth.prunedBy.set(pruned, cut);
    } else if (e.type === "exit") {
      const s = state.get(row);
      state.delete(row);
      truth.returned[row] = num(e.value);
      truth.isFloat[row] = s.valueFloat ? 1 : 0;
      truth.exits.set(row, step);
      if (!Number.isNaN(s.alpha) && trace.nodes[row].kind !== "chance") {
        truth.windows.set(row, { alpha: s.alpha, beta: s.beta, alphaFloat: s.alphaFloat, betaFloat: s.betaFloat });
      }
    }
  }
  const summary = trace.summary || {};
  truth.bestMove = Number.isInteger(summary.best_move) ? summary.best_move : null;
  return truth;
}

function reach(truth, state, row, step, alpha, beta) {
  truth.reached[row] = step;
  truth.entered[row] = [alpha, beta];
  const parent = truth.trace.parent[row];
  if (parent < 0) return;
  const s = state.get(parent);
  truth.arrivals[row] = { value: s.value, alpha: s.alpha, beta: s.beta, searched: truth.updates[parent].length };
}

/** Whether `given` is `truth` (exactly; or, when the engine computed a float, within 1e-9
 * relative / 1e-12 absolute, or as the page writes it: 1.667 for 5/3), as
 * app/practice/grade.py's _same. */
export function same(truth, isFloat, given) {
  if (truth === given) return true;
  if (!isFloat || !Number.isFinite(truth) || !Number.isFinite(given)) return false;
  const diff = Math.abs(truth - given);
  const close = diff <= Math.max(1e-9 * Math.max(Math.abs(truth), Math.abs(given)), 1e-12);
  return close || fmt(truth) === fmt(given);
}

/** The engine's own answer, in the shape of a student's (every window it has). */
export function engineAnswer(trace, truth = truthOf(trace)) {
  const answer = { pruned: [], values: {}, windows: {}, best_move: truth.bestMove };
  for (const root of [...truth.prunedBy.keys()].sort((a, b) => a - b)) answer.pruned.push(trace.keys[root]);
  for (const row of truth.exits.keys()) {
    answer.values[trace.keys[row]] = truth.returned[row];
    const w = truth.windows.get(row);
    if (w) answer.windows[trace.keys[row]] = [w.alpha, w.beta];
  }
  return answer;
}
