// experiments/family-specs.js turns the pruning-family experiment's rows (one per ordering
// quality and search) into a row per quality, the chart (every search and both reference
// curves, x the share of nodes ordered best first) and the sentence of what the rows show.
// The rows here are the API's for branching 2, depth 4, three trials, seed 2 (computed by
// app/experiments/pruning_family.py; tests/engine/test_pruning_family.py checks the engine's).

import assert from "node:assert/strict";
import { test } from "node:test";

import { FAMILY, byQuality, familyChart, familyFinding, familyTable } from "../../static/js/experiments/family-specs.js";
import { experimentFigure, experimentSummary } from "../../static/js/lesson/experiment-figure.js";

const SEARCHES = ["alphabeta", "pvs", "mtdf-good", "mtdf-bad", "sssstar", "aspiration"];
const LEAVES = [
  [1, [7, 7, 7, 7, 7, 7]],
  [0.5, [10, 13.67, 8.67, 9, 9, 9.33]],
  [0, [14, 28, 11.33, 11.67, 11.67, 12]],
]; // in the order the API streams them
const rows = LEAVES.flatMap(([quality, means]) =>
  means.map((leaves_mean, k) => ({
    quality,
    algorithm: SEARCHES[k],
    trials: 3,
    leaves_mean,
    nodes_mean: leaves_mean * 2,
    minimax_leaves: 16,
    knuth_moore_leaves: 7,
  }))
);

test("one row per quality, perfect first, with every search's mean", () => {
  const byQ = byQuality(rows);
  assert.deepEqual(
    byQ.map((r) => r.percent),
    [100, 50, 0]
  );
  assert.equal(byQ[2].pvs, 28);
  assert.equal(byQ[0].knuth_moore_leaves, 7);
  const table = familyTable(byQ, 2);
  assert.deepEqual(
    table.columns.map((c) => c.key),
    ["percent", ...SEARCHES, "knuth_moore_leaves", "minimax_leaves"]
  );
  assert.equal(table.columns[0].format(50), "50%");
});

test("a row not yet computed waits in the table and stays out of the chart", () => {
  const partial = byQuality(rows.slice(0, 8)); // quality 1 whole, 0.5 half-way
  assert.equal(partial[1].sssstar, null);
  const chart = familyChart(partial, 2);
  const sss = chart.series.find((s) => s.key === "sssstar");
  assert.deepEqual(sss.points, [{ x: 100, y: 7 }]);
  assert.equal(familyFinding(partial), "", "no sentence before both ends are in");
});

test("the chart has every search and both bounds, and says the ends in words", () => {
  const chart = familyChart(byQuality(rows), 2);
  assert.deepEqual(
    chart.series.map((s) => s.key),
    ["minimax", "knuth-moore", ...FAMILY.map((a) => a.key)]
  );
  assert.ok(chart.series.filter((s) => s.reference).length === 2);
  assert.deepEqual(
    chart.series.at(-1).points.map((p) => p.x),
    [100, 50, 0]
  );
  assert.match(chart.label, /Perfect ordering: Alpha-beta 7, PVS \/ NegaScout 7,/);
  assert.match(chart.label, /Worst first: Alpha-beta 14, PVS \/ NegaScout 28,/);
  assert.equal(new Set(chart.series.map((s) => s.className)).size, chart.series.length);
  assert.equal(new Set(FAMILY.map((a) => a.marker)).size, FAMILY.length);
});

test("the finding states the papers' shapes with the numbers", () => {
  const text = familyFinding(byQuality(rows));
  assert.match(text, /^With perfect ordering PVS evaluates 7 leaves against alpha-beta's 7/);
  assert.match(text, /MTD\(f\) with a good guess 7 \(the minimal tree: 7\)/);
  assert.match(text, /worst first, PVS needs 28 against 14/);
  assert.match(text, /SSS\* never evaluates more than alpha-beta \(Stockman\): 11\.7 against 14 worst first\./);
});

test("a lesson slide of the experiment draws the page's chart, its numbers in a table", () => {
  const figure = experimentFigure("pruning-family", rows, { branching: "2", depth: "4" });
  assert.equal(figure.kind, "line");
  assert.equal(figure.title, "The pruning family: leaves evaluated as ordering worsens, branching 2, depth 4");
  assert.deepEqual(
    figure.spec.series.map((s) => s.key),
    familyChart(byQuality(rows), 2).series.map((s) => s.key)
  );
  assert.equal(figure.tables[0].rows.length, 3);
  assert.equal(
    experimentSummary("pruning-family", { branching: 2, depth: 4 }),
    "Experiment: the pruning family as ordering worsens (branching 2, depth 4)"
  );
});
