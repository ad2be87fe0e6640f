// lesson/experiment-figure.js: each experiment's rows, as the API streamed them (fixtures
// recorded from the engine: tests/js/fixtures/README.md), become the figure a slide draws.

import assert from "node:assert/strict";
import { test } from "node:test";

import { experimentFigure, experimentSummary, FIGURE_EXPERIMENTS } from "../../static/js/lesson/experiment-figure.js";
import { loadExperimentFixture } from "./fixtures.js";

const figureOf = (fixture, name, query) => {
  const { rows, summary } = loadExperimentFixture(fixture);
  return { rows, summary, figure: experimentFigure(name, rows, query, summary) };
};
const seriesY = (figure, key) => figure.spec.series.find((s) => s.key === key).points.map((p) => p.y);

test("the figures are made for the API's five experiments", () => {
  assert.deepEqual(FIGURE_EXPERIMENTS, ["random-binary", "ordering", "rules", "pruning-family", "optimisations"]);
});

test("one random tree: minimax's nodes against alpha-beta's, two bars", () => {
  const { rows, figure } = figureOf("random-binary-one", "random-binary", { depth: "10", seeds: "73" });
  const [row] = rows;
  assert.equal(figure.kind, "bars");
  assert.equal(figure.name, "random-binary");
  assert.match(figure.title, /^Seed 73:/);
  assert.equal(figure.spec.scale, "linear");
  assert.deepEqual(
    figure.spec.bars.map((b) => [b.label, b.value]),
    [
      ["Minimax", row.minimax_nodes],
      ["Alpha-beta", row.alphabeta_nodes],
    ]
  );
  assert.equal(row.alphabeta_nodes, 681, "seed 73 is the article's tree");
  assert.match(figure.spec.label, /minimax visits 2,047 nodes and alpha-beta 681/);
  const [table] = figure.tables;
  assert.deepEqual(table.rows, [
    { label: "Minimax", value: 2047 },
    { label: "Alpha-beta", value: 681 },
  ]);
  assert.equal(table.columns[0].label, "Search");
});

test("many random trees: a histogram of the API's bins with its statistics marked", () => {
  const { rows, summary, figure } = figureOf("random-binary-many", "random-binary", { seeds: "0-99", rule: "strict" });
  const spread = summary.alphabeta_nodes;
  assert.equal(figure.kind, "histogram");
  assert.match(figure.title, /100 random trees \(seeds 0–99, strict rule\)/);
  const counted = figure.spec.bins.reduce((sum, bin) => sum + bin.count, 0);
  assert.equal(counted, rows.length, "every tree is in one bin");
  for (const bin of figure.spec.bins) {
    const inside = rows.filter((r) => r.alphabeta_nodes >= bin.x0 && r.alphabeta_nodes <= bin.x1).length;
    assert.ok(inside >= bin.count, `the trees of bin ${bin.x0}–${bin.x1} are in it`);
  }
  const marks = Object.fromEntries(figure.spec.markers.map((m) => [m.key, m.value]));
  const mean = rows.reduce((sum, r) => sum + r.alphabeta_nodes, 0) / rows.length;
  assert.ok(Math.abs(marks.mean - mean) < 0.01, "the mean marked is the rows' mean");
  assert.equal(marks.median, spread.median);
  assert.ok(marks.p10 < marks.median && marks.median < marks.p90);
  assert.equal(marks.article, 681, "depth 10: the article's count is placed among them");
  assert.match(figure.spec.xLabel, /minimax: 2,047/);
  const [bins, statistics] = figure.tables;
  assert.equal(bins.rows.length, spread.histogram.counts.length);
  assert.deepEqual(
    statistics.rows.map((r) => r.mark),
    ["10th percentile", "Mean", "Median", "90th percentile", "One article's count"]
  );
});

test("many random trees without the API's summary is an error, not an empty chart", () => {
  const { rows } = loadExperimentFixture("random-binary-many");
  assert.throws(() => experimentFigure("random-binary", rows, {}, null), /no summary/);
});

test("move ordering: a line per ordering by depth, perfect ordering on Knuth–Moore", () => {
  const { rows, figure } = figureOf("ordering", "ordering", { branching: "2", depths: "1-6" });
  assert.equal(figure.kind, "line");
  assert.equal(figure.title, "Move ordering: leaves evaluated, branching 2");
  assert.deepEqual(
    figure.spec.series.map((s) => s.key),
    ["minimax", "knuth-moore", "perfect", "random", "worst"]
  );
  const depths = [...new Set(rows.map((r) => r.depth))];
  assert.deepEqual(
    figure.spec.series[0].points.map((p) => p.x),
    depths
  );
  assert.deepEqual(
    seriesY(figure, "minimax"),
    depths.map((d) => 2 ** d)
  );
  assert.deepEqual(seriesY(figure, "perfect"), seriesY(figure, "knuth-moore"), "the Knuth–Moore figure, exactly");
  const random = rows.filter((r) => r.ordering === "random").map((r) => r.leaves_mean);
  assert.deepEqual(seriesY(figure, "random"), random);
  const [table] = figure.tables;
  assert.equal(table.rows.length, depths.length);
  assert.deepEqual(table.columns.map((c) => c.label).slice(0, 2), ["Depth", "Minimax: 2ᵈ"]);
  assert.equal(table.rows[5].s4, rows.find((r) => r.depth === 6 && r.ordering === "worst").leaves_mean);
});

test("the rule on ties: the strict rule's line never below the standard one's", () => {
  const { rows, figure } = figureOf("rules", "rules", { branching: "2", values: "3" });
  assert.equal(figure.kind, "line");
  assert.match(figure.title, /^The pruning rule on ties/);
  const standard = seriesY(figure, "standard");
  const strict = seriesY(figure, "strict");
  assert.deepEqual(
    standard,
    rows.map((r) => r.standard_leaves_mean)
  );
  assert.deepEqual(
    strict,
    rows.map((r) => r.strict_leaves_mean)
  );
  strict.forEach((y, k) => assert.ok(y >= standard[k], `depth ${k + 1}`));
  assert.ok(strict[strict.length - 1] > standard[standard.length - 1], "ties cost the strict rule leaves");
});

test("tic-tac-toe speed-ups: the first position's five methods, bars on a log scale", () => {
  const { rows, figure } = figureOf("optimisations", "optimisations", { positions: "X...O....,XO..X...." });
  assert.equal(figure.kind, "bars");
  assert.equal(figure.spec.scale, "log");
  assert.equal(figure.title, "Tic-tac-toe speed-ups: nodes visited from position X...O....");
  const first = rows.filter((r) => r.position === "X...O....");
  assert.equal(first.length, 5);
  assert.deepEqual(
    figure.spec.bars.map((b) => b.value),
    first.map((r) => r.nodes)
  );
  assert.deepEqual(
    figure.spec.bars.map((b) => b.key),
    ["minimax", "alphabeta", "alphabeta+ordering", "alphabeta+id", "alphabeta+tt"]
  );
  const minimax = figure.spec.bars[0].value;
  assert.ok(
    figure.spec.bars.slice(1).every((b) => b.value < minimax),
    "every speed-up visits fewer nodes"
  );
  assert.equal(figure.tables[0].columns[1].label, "Nodes visited");
});

test("every label names what a chart shows and points at its numbers", () => {
  for (const [fixture, name] of [
    ["random-binary-one", "random-binary"],
    ["ordering", "ordering"],
    ["optimisations", "optimisations"],
  ]) {
    const { figure } = figureOf(fixture, name, {});
    assert.match(figure.spec.label, /^(Bar|Line) chart/);
    assert.match(figure.spec.label, /table under the chart\.$/);
  }
});

test("an unknown experiment or no rows is an error", () => {
  assert.throws(() => experimentFigure("chess", [{}]), /no chart for the experiment/);
  assert.throws(() => experimentFigure("ordering", []), /no rows/);
});

test("a slide's summary says which experiment with which parameters", () => {
  assert.equal(experimentSummary("random-binary", { depth: "10", seeds: "73" }), "Experiment: one random binary tree (seed 73, depth 10)");
  assert.equal(
    experimentSummary("random-binary", { seeds: "0-999", rule: "strict" }),
    "Experiment: random binary trees (seeds 0-999, depth 10, strict rule)"
  );
  assert.equal(experimentSummary("ordering", { branching: 3, depths: "1-5" }), "Experiment: move ordering (branching 3, depths 1-5)");
  assert.equal(experimentSummary("rules", {}), "Experiment: the pruning rule on ties (branching 2, depths 1-10, leaf values 0–2)");
  assert.equal(
    experimentSummary("optimisations", { positions: "X...O....,XO..X...." }),
    "Experiment: tic-tac-toe speed-ups from X...O...."
  );
  assert.equal(experimentSummary("optimisations", {}), "Experiment: tic-tac-toe speed-ups from ......... (empty board)");
});
