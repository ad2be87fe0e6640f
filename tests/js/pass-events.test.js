// MTD(f), SSS* and Star1/Star2 traces (engine output, tests/js/fixtures/README.md) read by the
// page's Trace, narrated, and mapped to their pseudocode lines.

import assert from "node:assert/strict";
import { test } from "node:test";

import { narrate } from "../../static/js/trace/narration.js";
import { boundsText } from "../../static/js/trace/pass-narration.js";
import { linesFor, listing } from "../../static/js/trace/pseudocode.js";
import { traceOf } from "./fixtures.js";

const FIXTURES = ["textbook-mtdf", "textbook-sssstar", "star1", "star2"];

/** Step k whose event is the `n`-th (from 0) of `type` matching `where`. */
function stepOf(trace, type, where = () => true, n = 0) {
  let seen = 0;
  for (let k = 1; k <= trace.length; k++) {
    const e = trace.eventAt(k);
    if (e.type === type && where(e, trace.nodeOf[k - 1]) && seen++ === n) return k;
  }
  throw new Error(`no ${type} event`);
}

test("every step of these traces has a sentence and a lit pseudocode line", () => {
  for (const name of FIXTURES) {
    const trace = traceOf(name);
    const { lines: listed, aliases = {} } = listing(trace.options);
    const ids = new Set(listed.map(([id]) => id));
    for (let k = 1; k <= trace.length; k++) {
      const sentence = narrate(trace, k);
      assert.ok(sentence.length > 10, `${name} step ${k}: "${sentence}"`);
      const lines = linesFor(trace.eventAt(k), trace.kind(trace.nodeOf[k - 1]));
      assert.ok(ids.has(aliases[lines[0]] || lines[0]), `${name} step ${k}: ${trace.eventAt(k).type} lights ${lines[0]}`);
    }
    assert.equal(trace.seek(trace.length).step, trace.length);
  }
});

test("MTD(f): a pass is a null-window test, and the root's store gives the bounds after it", () => {
  const trace = traceOf("textbook-mtdf");
  assert.equal(
    narrate(trace, 1),
    "Pass 1 of MTD(f): a null-window test with (\u22121, 0): is the root A worth at least 0? " +
      "The table keeps every node's bounds from earlier passes."
  );
  const first = stepOf(trace, "tt", (e, id) => id === 0 && e.action === "store");
  assert.equal(narrate(trace, first), "After this pass the root A is [3, ∞) (at least 3).");
  const last = stepOf(trace, "tt", (e, id) => id === 0 && e.action === "store", 1);
  assert.equal(narrate(trace, last), "After this pass the root A is exactly 3: the bounds meet, so the root's value is 3.");
  const hit = stepOf(trace, "tt", (e) => e.action === "hit");
  assert.equal(narrate(trace, hit), "Table hit: E is already known to be exactly 3, which answers this test: E is not searched again.");
});

test("a node entered in a second pass counts its entries and keeps its table bounds", () => {
  const trace = traceOf("textbook-mtdf");
  const B = trace.ids.get("0");
  const secondEnter = stepOf(trace, "enter", (e, id) => id === B, 1);
  const before = trace.seek(secondEnter - 1);
  assert.equal(before.entries[B], 1);
  assert.deepEqual([before.lower[B], before.upper[B]], [3, Infinity]);
  const after = trace.seek(secondEnter);
  assert.equal(after.entries[B], 2);
  assert.equal(after.pass, 2);
  assert.equal(after.done[B], 0); // searched anew
  const end = trace.seek(trace.length);
  assert.deepEqual([end.lower[B], end.upper[B]], [3, 3]);
  assert.equal(end.done[0], 1);
});

test("SSS*'s first pass says what the infinite window does", () => {
  const trace = traceOf("textbook-sssstar");
  assert.match(narrate(trace, 1), /^Pass 1 of SSS\* \(run as MTD\(\+∞\)\).*upper bound on the root\.$/);
  assert.equal(listing(trace.options).title, "SSS* as MTD(+∞)");
});

test("Star1's chance cutoff shows the bound arithmetic and prunes the rest", () => {
  const trace = traceOf("star1");
  const k = stepOf(trace, "chance_cutoff");
  assert.equal(
    narrate(trace, k),
    "C: after F, 0.5·3 + 0.5·U = 6.5 ≤ α = 7 (leaves lie in [0, 10]): the rest of C's children (G) cannot matter."
  );
  const s = trace.seek(k);
  assert.equal(s.cutAlpha, 1);
  assert.equal(s.state[trace.ids.get("1.1")], 3); // PRUNED
});

test("Star2's probe cut prunes below the probed children", () => {
  const trace = traceOf("star2");
  const k = stepOf(trace, "chance_cutoff");
  assert.match(narrate(trace, k), /^C: probing its children .*3 ≥ β = 2, so the rest \(.+\) cannot matter\.$/);
  const s = trace.seek(k);
  for (const path of ["1.0.1", "1.0.2", "1.1.1", "1.1.2"]) assert.equal(s.state[trace.ids.get(path)], 3);
});

test("table bounds read as intervals", () => {
  assert.equal(boundsText(3, Infinity), "[3, ∞)");
  assert.equal(boundsText(-Infinity, 2), "(\u2212∞, 2]");
  assert.equal(boundsText(1, 4), "[1, 4]");
  assert.equal(boundsText(5, 5), "exactly 5");
});
