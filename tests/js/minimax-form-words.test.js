// The "Minimax form" switch reaches the words too: a negamax trace's narration and pseudocode
// in minimax form (trace/minimax-form.js traceInForm; narration.js; pseudocode.js) read as
// alpha-beta's for the same tree, sentence for sentence and line for line, also for an
// aspiration search at a MIN root (whose passes' windows and reasons turn back); in mover form
// they keep negamax's own words. Engine traces saved in tests/js/fixtures (README there).

import assert from "node:assert/strict";
import { test } from "node:test";

import { traceInForm } from "../../static/js/trace/minimax-form.js";
import { narrate } from "../../static/js/trace/narration.js";
import { linesFor, listing } from "../../static/js/trace/pseudocode.js";
import { traceOf } from "./fixtures.js";

const PAIRS = [
  ["textbook-negamax", "textbook"],
  ["min-root-aspiration-negamax", "min-root-aspiration"],
];

test("negamax's narration in minimax form is alpha-beta's, step for step", () => {
  for (const [negamaxName, alphabetaName] of PAIRS) {
    const negamax = traceOf(negamaxName);
    const alphabeta = traceOf(alphabetaName);
    assert.equal(negamax.length, alphabeta.length);
    for (let k = 0; k <= negamax.length; k++) {
      assert.equal(narrate(negamax, k, "minimax"), narrate(alphabeta, k), `${negamaxName} step ${k}`);
    }
  }
});

test("in minimax form MIN's steps say min, β and the α-cutoff as the textbook writes them", () => {
  const trace = traceOf("textbook-negamax");
  const texts = Array.from({ length: trace.length }, (_, k) => narrate(trace, k + 1, "minimax"));
  assert.ok(texts.includes("MIN node B: E returns 3; v = min(∞, 3) = 3, so β drops to 3."), texts.join("\n"));
  assert.ok(texts.some((t) => /MIN node C: v = 2 ≤ α = 3, .*α-cutoff\./.test(t)));
  for (const text of texts) assert.doesNotMatch(text, /mover|from its side|−3/, text);
});

test("mover form keeps negamax's own words: every node maximises, MIN's numbers negated", () => {
  const trace = traceOf("textbook-negamax");
  const texts = Array.from({ length: trace.length }, (_, k) => narrate(trace, k + 1));
  assert.ok(
    texts.some((t) => /v = max\(−∞, −3\) = −3/.test(t)),
    texts.join("\n")
  );
  assert.ok(texts.every((t) => !/v = min\(/.test(t)));
  assert.deepEqual(
    texts,
    Array.from({ length: trace.length }, (_, k) => narrate(trace, k + 1, "mover"))
  );
});

test("the aspiration passes at a MIN root read in minimax form: windows turned, reasons swapped", () => {
  const trace = traceOf("min-root-aspiration-negamax");
  const passes = (t) => t.events.filter((e) => e.type === "pass");
  assert.deepEqual(
    passes(trace).map((e) => e.why),
    ["aspiration", "fail-low"]
  );
  const shown = passes(traceInForm(trace, "minimax"));
  assert.deepEqual(
    shown.map((e) => [e.alpha, e.beta, e.why]),
    [
      [1, 3, "aspiration"],
      [1, "Infinity", "fail-high"],
    ]
  );
  assert.equal(traceInForm(trace, "mover"), trace);
  const alphabeta = traceOf("textbook");
  assert.equal(traceInForm(alphabeta, "minimax"), alphabeta); // one form only: itself
});

test("negamax's pseudocode in minimax form is alpha-beta's listing, MIN's lines lit at MIN nodes", () => {
  const options = { algorithm: "negamax" };
  const minimax = listing(options, false, "minimax");
  assert.match(minimax.title, /^Negamax in minimax form: Alpha-beta/);
  const texts = minimax.lines.map(([, , text]) => text);
  for (const line of ["def max-value(state, α, β):", "def min-value(state, α, β):", "β = min(β, v)", "if α ≥ β: return v   # α-cutoff"]) {
    assert.ok(texts.includes(line), line);
  }
  assert.ok(!texts.some((t) => t.includes("negamax(")));
  assert.deepEqual(minimax.aliases, {}); // MIN's events light min-value's own lines
  const ids = new Set(minimax.lines.map(([id]) => id));
  const trace = traceInForm(traceOf("textbook-negamax"), "minimax");
  for (let k = 1; k <= trace.length; k++) {
    const [first] = linesFor(trace.eventAt(k), trace.kind(trace.nodeOf[k - 1]));
    assert.ok(ids.has(first), `step ${k}: ${first}`);
  }
  const mover = listing(options, false, "mover");
  assert.match(mover.title, /^Negamax \(alpha-beta from the mover's side\)/);
  assert.ok(mover.lines.some(([, , text]) => text.startsWith("def negamax(n, α, β)")));
  assert.deepEqual(listing(options), mover);
});

test("negamax in minimax form keeps its options in the listing: fail-hard, aspiration, strict", () => {
  assert.match(listing({ algorithm: "negamax", fail: "hard" }, false, "minimax").title, /, fail-hard$/);
  const aspiration = listing({ algorithm: "negamax", aspiration: { guess: 2, delta: 1 } }, false, "minimax");
  assert.equal(aspiration.lines[0][2], "v = search(root, g − δ, g + δ)");
  assert.match(listing({ algorithm: "negamax", rule: "strict" }, false, "minimax").title, /strict rule/);
});
