// The windowed searches in the page's model (engine traces saved in tests/js/fixtures):
// trace.js counts a node searched again, narration.js tells PVS's tests and re-searches,
// aspiration passes and negamax's mover's side, pseudocode.js lights their lines.

import assert from "node:assert/strict";
import { test } from "node:test";

import { narrate } from "../../static/js/trace/narration.js";
import { linesFor, listing } from "../../static/js/trace/pseudocode.js";
import { traceOf } from "./fixtures.js";

const MINUS = "\u2212";

function stepOf(trace, type, from = 1) {
  for (let k = from; k <= trace.length; k++) if (trace.events[k - 1].type === type) return k;
  return -1;
}

test("a PVS re-search names the node, the test's result and the full window", () => {
  const trace = traceOf("pvs-research");
  const k = stepOf(trace, "research");
  assert.equal(
    narrate(trace, k),
    "Null-window test: is C better than 3? It fails high (6 > 3), so C is searched again with the full window (3, ∞) to find its value."
  );
  assert.deepEqual(linesFor(trace.events[k - 1], "min"), ["research", "pvs-fails"]);
});

test("a null-window test is told as a question, and a re-searched node counts its searches", () => {
  const trace = traceOf("pvs-research");
  const test1 = trace.nodeOf.findIndex((id, j) => id === 4 && trace.events[j].type === "enter") + 1;
  assert.equal(narrate(trace, test1), "Null-window test of C with (3, 4): is C better than 3 for MAX? A result ≤ 3 says no; ≥ 4 says yes.");
  const research = stepOf(trace, "research");
  assert.equal(trace.seek(research).entries[4], 1);
  assert.equal(trace.seek(research + 1).entries[4], 2);
  assert.equal(trace.seek(research + 2).entries[5], 2); // its leaf G, evaluated again
  assert.equal(trace.seek(research - 1).entries[4], 1); // and back again
});

test("aspiration passes: the first window, the fail low, and the second pass's window", () => {
  const trace = traceOf("textbook-pvs-aspiration");
  assert.equal(
    narrate(trace, 1),
    "Pass 1 of aspiration search: the root A is searched with the narrow window (9, 11) around the guess; a value outside it means a second pass."
  );
  const second = stepOf(trace, "pass", 2);
  assert.equal(narrate(trace, second - 1), "The root returns 5 ≤ α = 9: it failed low, so its value is at most 5. A new pass follows.");
  assert.equal(
    narrate(trace, second),
    `Pass 1 failed low (the root returned 5): the root's value is at most that. Pass 2 searches again with the window (${MINUS}∞, 11): the failed side is opened to infinity.`
  );
  assert.equal(trace.seek(second).pass, 2);
  assert.equal(trace.seek(second + 1).entries[0], 2);
  assert.match(narrate(trace, trace.length), /The root returns 3: the search is complete/);
  assert.deepEqual(linesFor(trace.events[second - 1], "max"), ["pass-fail-low"]);
  const { title, lines } = listing(trace.options);
  assert.match(title, /^Aspiration search: PVS/);
  assert.deepEqual(
    lines.slice(0, 3).map(([id]) => id),
    ["pass-aspiration", "pass-fail-low", "pass-fail-high"]
  );
});

test("negamax is told from the mover's side: negated values, every node maximises", () => {
  const trace = traceOf("textbook-negamax");
  assert.equal(
    narrate(trace, 4),
    `MIN node B: E returns 3, which B sees as ${MINUS}3; v = max(${MINUS}∞, ${MINUS}3) = ${MINUS}3, so α rises to ${MINUS}3.`
  );
  const cut = stepOf(trace, "cutoff");
  assert.equal(
    narrate(trace, cut),
    `MIN node C: v = ${MINUS}2 ≥ β = ${MINUS}3: the player above already has a better option, so the rest of C's children cannot matter: cutoff.`
  );
  assert.equal(narrate(trace, cut + 1), `MIN node C returns ${MINUS}2 from its side (2 in minimax form).`);
  assert.equal(trace.seek(2).value[1], -Infinity); // a MIN node starts at −∞ too
});

test("negamax and PVS are one function: a MIN node's events light its lines", () => {
  for (const algorithm of ["negamax", "pvs"]) {
    const { lines, aliases } = listing({ algorithm });
    const ids = new Set(lines.map(([id]) => id));
    for (const event of [{ type: "enter", kind: "min" }, { type: "cutoff" }, { type: "update" }]) {
      const [first] = linesFor(event, "min");
      assert.ok(ids.has(aliases[first] || first), `${algorithm}: ${first}`);
    }
  }
  assert.match(listing({ algorithm: "negamax", fail: "hard" }).lines[2][2], /v = α/);
  assert.equal(listing({ algorithm: "alphabeta" }).aliases, undefined);
});
