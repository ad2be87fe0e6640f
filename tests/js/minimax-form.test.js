// trace/minimax-form.js: negamax's trace in minimax form reads, step by step, as alpha-beta's
// trace of the same tree (engine traces saved in tests/js/fixtures: textbook-negamax.json and
// textbook.json), and in mover form it is left as the engine sent it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cutoffInForm, hasTwoForms, inForm } from "../../static/js/trace/minimax-form.js";
import { traceOf } from "./fixtures.js";

const numbers = (s) => ({ value: Array.from(s.value), alpha: Array.from(s.alpha), beta: Array.from(s.beta) });

test("negamax in minimax form shows alpha-beta's values and windows at every step", () => {
  const negamax = traceOf("textbook-negamax");
  const alphabeta = traceOf("textbook");
  assert.equal(negamax.length, alphabeta.length); // the same pruning, event for event
  for (let k = 0; k <= negamax.length; k++) {
    assert.deepEqual(numbers(inForm(negamax, negamax.seek(k), "minimax")), numbers(alphabeta.seek(k)), `step ${k}`);
  }
});

test("mover form shows a MIN node's value and window from MIN's side, as the engine sent them", () => {
  const trace = traceOf("textbook-negamax");
  const s = trace.seek(trace.length);
  assert.equal(inForm(trace, s, "mover"), s);
  assert.equal(s.value[1], -3); // B, MIN: 3 in minimax form
  const shown = inForm(trace, s, "minimax");
  assert.equal(shown.value[1], 3);
  assert.equal(shown.value[0], 3); // the root (MAX) is the same in both forms
  assert.equal(trace.seek(trace.length).value[1], -3); // the trace's own state is untouched
});

test("only a negamax trace has two forms", () => {
  assert.equal(hasTwoForms(traceOf("textbook-negamax")), true);
  const alphabeta = traceOf("textbook");
  assert.equal(hasTwoForms(alphabeta), false);
  const s = alphabeta.seek(5);
  assert.equal(inForm(alphabeta, s, "minimax"), s);
});

test("a negamax MIN node's cutoff reads in minimax form as alpha-beta's", () => {
  const negamax = traceOf("textbook-negamax");
  const alphabeta = traceOf("textbook");
  const cutoffs = negamax.cutoffSteps.map((step) => [negamax.nodeOf[step - 1], negamax.events[step - 1]]);
  assert.equal(cutoffs.length, 2);
  for (const [i, event] of cutoffs) {
    assert.equal(cutoffInForm(negamax, i, event, "mover"), event);
    const shown = cutoffInForm(negamax, i, event, "minimax");
    const same = alphabeta.events[alphabeta.seek(alphabeta.length).cut[i]];
    for (const key of ["kind", "value", "relation", "bound"]) assert.equal(shown[key], same[key], `node ${i}: ${key}`);
  }
});
