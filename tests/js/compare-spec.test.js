// compare/spec.js: the compare page's address for two searches of one tree — the pruning
// family's options per side (two-number values written "a;b" in a pair), the form's pairs
// recognised from an address, and how the two searches are named on screen.

import assert from "node:assert/strict";
import { test } from "node:test";

import { COMPARISONS, comparisonOf, describeSides, formatSide, parseSide, readSides, withSides } from "../../static/js/compare/spec.js";

test("a side's family options survive the address, two numbers as a;b", () => {
  const side = parseSide("algorithm:alphabeta,aspiration:3;1,fail:hard,window:2;5,bogus:1,guess");
  assert.deepEqual(side, { algorithm: "alphabeta", aspiration: "3,1", fail: "hard", window: "2,5" });
  assert.equal(formatSide(side), "algorithm:alphabeta,fail:hard,window:2;5,aspiration:3;1");
  assert.equal(formatSide({ algorithm: "star1", bounds: [0, 10] }), "algorithm:star1,bounds:0;10");
  assert.equal(formatSide({ aspiration: { guess: 3, delta: 1 } }), "aspiration:3;1");
  const query = withSides(new URLSearchParams("preset=textbook"), { algorithm: "mtdf", guess: 3 }, { algorithm: "sssstar" });
  assert.equal(query, "preset=textbook&left=algorithm:mtdf,guess:3&right=algorithm:sssstar");
  assert.deepEqual(readSides(`?${query}`), { left: { algorithm: "mtdf", guess: "3" }, right: { algorithm: "sssstar" } });
});

test("the form's pairs are recognised, any other two searches are 'searches'", () => {
  for (const kind of ["algorithm", "rule", "ordering", "pvs", "sssstar", "mtdf", "negamax"]) {
    const [left, right] = COMPARISONS[kind];
    assert.equal(comparisonOf(left, right), kind);
  }
  assert.equal(comparisonOf({ algorithm: "negamax" }, { algorithm: "mtdf" }), "searches");
  assert.equal(comparisonOf({ algorithm: "mtdf", guess: "3" }, { algorithm: "sssstar" }), null, "a guess: as in the link");
  assert.equal(comparisonOf({ algorithm: "alphabeta" }, { algorithm: "alphabeta", aspiration: "3,1" }), null);
});

test("two searches are named by what tells them apart", () => {
  const base = { rule: "standard", ordering: "given", seed: 0 };
  const pvs = describeSides({ ...base, algorithm: "alphabeta" }, { ...base, algorithm: "pvs" });
  assert.deepEqual(pvs.left, { heading: "Alpha-beta, standard rule", short: "alpha-beta" });
  assert.deepEqual(pvs.right, { heading: "PVS", short: "PVS" });
  const mtdf = describeSides({ ...base, algorithm: "mtdf", guess: 3 }, { ...base, algorithm: "mtdf", guess: 14 });
  assert.deepEqual(mtdf.left, { heading: "MTD(f), first guess 3", short: "the first guess 3" });
  assert.equal(mtdf.right.short, "the first guess 14");
  const aspiration = describeSides({ ...base, algorithm: "alphabeta" }, { ...base, algorithm: "alphabeta", aspiration: [3, 1] });
  assert.equal(aspiration.right.heading, "Alpha-beta, standard rule, aspiration 3 ± 1");
  assert.equal(aspiration.right.short, "the aspiration 3 ± 1");
  // An option only one side has names that side alone: no stray comma, no empty name.
  const mtdfSss = describeSides({ ...base, algorithm: "mtdf", guess: 0 }, { ...base, algorithm: "sssstar" });
  assert.equal(mtdfSss.left.short, "MTD(f), first guess 0");
  assert.equal(mtdfSss.right.short, "SSS*");
  assert.equal(aspiration.left.short, "the first search");
});
