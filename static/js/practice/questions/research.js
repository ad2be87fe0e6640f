// research.js: PVS's question, "which children are re-searched?", read from the trace as
// app/practice/questions/research.py reads it, with the same sentences word for word. A
// child is tested when its parent enters it after another child and the parent's own bound
// (α at MAX, β at MIN) is finite; a research event after the test's exit means it came back
// better than the bound and not past the window's other end, and it is searched again.

import { fmt } from "../../lib/format.js";
import { _ } from "../../lib/i18n.js";
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
    const node = names[row];
    const parent = trace.parent[row];
    if (parent < 0) return _("{node} is searched once: the root is never tested.", { node });
    const values = { node, parent: names[parent] };
    if (!reached[row]) return _("{node} is never reached: a cutoff above it skips it, so it is never tested.", values);
    if (!untested.has(row)) return _("{node} is a leaf: its value is exact, so it is never tested or searched again.", values);
    if (untested.get(row) === "first") {
      return _("{node} is searched with {parent}'s full window: it is {parent}'s first child, never tested.", values);
    }
    values.bound = kinds[parent] === "max" ? "α = −∞" : "β = ∞";
    return _("{node} is searched with {parent}'s full window: {parent} has no bound yet ({bound}), so there is nothing to test.", values);
  }

  function explain(row) {
    const test = tests.get(row);
    if (!test) return untestedReason(row);
    const maximizing = kinds[test.parent] === "max";
    const value = test.returned;
    const values = {
      node: names[row],
      parent: names[test.parent],
      bound: fmt(maximizing ? test.alpha : test.beta),
      value: fmt(value),
      alpha: fmt(test.alpha),
      beta: fmt(test.beta),
    };
    if (researched.has(row)) {
      const [low, high] = full.get(row);
      Object.assign(values, { low: fmt(low), high: fmt(high) });
      if (maximizing) {
        return _(
          "{node}'s null-window test asks: is {node} better than {bound} for MAX at {parent}? It returned {value} > {bound}, a fail high, so {node} is searched again with the full window ({low}, {high}).",
          values
        );
      }
      return _(
        "{node}'s null-window test asks: is {node} better than {bound} for MIN at {parent}? It returned {value} < {bound}, a fail low, better for MIN, so {node} is searched again with the full window ({low}, {high}).",
        values
      );
    }
    if (maximizing && value > test.alpha) {
      return _(
        "{node}'s null-window test asks: is {node} better than {bound} for MAX at {parent}? It returned {value} ≥ β = {beta}, a fail high at or above β, so {parent} cuts off and {node} is not searched again.",
        values
      );
    }
    if (!maximizing && value < test.beta) {
      return _(
        "{node}'s null-window test asks: is {node} better than {bound} for MIN at {parent}? It returned {value} ≤ α = {alpha}, at or below α, so {parent} cuts off and {node} is not searched again.",
        values
      );
    }
    if (maximizing) {
      return _(
        "{node}'s null-window test asks: is {node} better than {bound} for MAX at {parent}? It returned {value} ≤ {bound}, a fail low: {node} is no better, so {node} is not searched again.",
        values
      );
    }
    return _(
      "{node}'s null-window test asks: is {node} better than {bound} for MIN at {parent}? It returned {value} ≥ {bound}, a fail high: {node} is no better, so {node} is not searched again.",
      values
    );
  }

  return { truth: researched, explain };
}
