// research.js: PVS's question, "which children are re-searched?", read from the trace as
// app/practice/questions/research.py reads it, with the same sentences word for word. A
// child is tested when its parent enters it after another child and the parent's own bound
// (α at MAX, β at MIN) is finite; a research event after the test's exit means it came back
// better than the bound and not past the window's other end, and it is searched again.

import { fmt } from "../../lib/format.js";
import { uniqueNames } from "../../lib/names.js";
import { num } from "../../trace/trace.js";

/** The tests and re-searches of a complete PVS trace: {truth: Map row → step, explain}. */
export function researchOf(trace, reached) {
  const kinds = trace.nodes.map((row) => row.kind);
  const names = uniqueNames(trace);
  const tests = new Map(); // row → its last test {parent, alpha, beta, returned}
  const researched = new Map(); // row → its research step
  const full = new Map(); // row → its re-search window
  const untested = new Map(); // an entered row never tested → "first" | "open"
  const windows = new Map();
  const done = new Map();
  const pending = new Map();
  let again = false;
  trace.wireEvents.forEach((event, index) => {
    const [kind, row] = event;
    if (kind === "research") {
      researched.set(row, index + 1);
      full.set(row, [num(event[2]), num(event[3])]);
      again = true;
    } else if (kind === "enter") {
      const parent = trace.parent[row];
      if (parent >= 0 && !again) {
        const [alpha, beta] = windows.get(parent);
        const own = kinds[parent] === "max" ? alpha : -beta;
        if (done.get(parent) && own > -Infinity) {
          const test = { parent, alpha, beta, returned: null };
          tests.set(row, test);
          pending.set(row, test);
        } else if (!untested.has(row)) {
          untested.set(row, done.get(parent) ? "open" : "first");
        }
      }
      again = false;
      windows.set(row, [num(event[3]), num(event[4])]);
      done.set(row, 0);
    } else if (kind === "update") {
      windows.set(row, [num(event[5]), num(event[6])]);
      done.set(row, done.get(row) + 1);
    } else if (kind === "exit" && pending.has(row)) {
      pending.get(row).returned = num(event[2]);
      pending.delete(row);
    }
  });

  function untestedReason(row) {
    const name = names[row];
    const parent = trace.parent[row];
    if (parent < 0) return `${name} is searched once: the root is never tested.`;
    const at = names[parent];
    if (!reached[row]) return `${name} is never reached: a cutoff above it skips it, so it is never tested.`;
    if (!untested.has(row)) return `${name} is a leaf: its value is exact, so it is never tested or searched again.`;
    if (untested.get(row) === "first") return `${name} is searched with ${at}'s full window: it is ${at}'s first child, never tested.`;
    const bound = kinds[parent] === "max" ? "α = −∞" : "β = ∞";
    return `${name} is searched with ${at}'s full window: ${at} has no bound yet (${bound}), so there is nothing to test.`;
  }

  function explain(row) {
    const name = names[row];
    const test = tests.get(row);
    if (!test) return untestedReason(row);
    const at = names[test.parent];
    const maximizing = kinds[test.parent] === "max";
    const mark = maximizing ? test.alpha : test.beta;
    const asks = `${name}'s null-window test asks: is ${name} better than ${fmt(mark)} for ${maximizing ? "MAX" : "MIN"} at ${at}?`;
    const value = test.returned;
    if (researched.has(row)) {
      const [low, high] = full.get(row);
      const fail = maximizing ? "a fail high" : "a fail low, better for MIN";
      return `${asks} It returned ${fmt(value)} ${maximizing ? ">" : "<"} ${fmt(mark)}, ${fail}, so ${name} is searched again with the full window (${fmt(low)}, ${fmt(high)}).`;
    }
    if (maximizing && value > test.alpha) {
      return `${asks} It returned ${fmt(value)} ≥ β = ${fmt(test.beta)}, a fail high at or above β, so ${at} cuts off and ${name} is not searched again.`;
    }
    if (!maximizing && value < test.beta) {
      return `${asks} It returned ${fmt(value)} ≤ α = ${fmt(test.alpha)}, at or below α, so ${at} cuts off and ${name} is not searched again.`;
    }
    const [relation, fail] = maximizing ? ["≤", "a fail low"] : ["≥", "a fail high"];
    return `${asks} It returned ${fmt(value)} ${relation} ${fmt(mark)}, ${fail}: ${name} is no better, so ${name} is not searched again.`;
  }

  return { truth: researched, explain };
}
