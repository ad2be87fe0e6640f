// chart-specs.js: what each experiment's chart shows, from the API's rows: the spec that
// line-chart.js, bar-chart.js and histogram.js draw, with a label that describes the chart in
// words (its text alternative; where its numbers are in a table, the caller says so). Pure (no DOM, no d3): /experiments draws these specs beside its tables, and a
// lesson's experiment slides draw the same ones (lesson/experiment-figure.js).

import { formatCount, formatNumber } from "./numbers.js";

/** The three orderings of the ordering experiment, as the chart and the table name them. */
export const ORDERINGS = [
  { key: "perfect", label: "Perfect ordering", className: "s-perfect", marker: "circle" },
  { key: "random", label: "Random ordering", className: "s-random", marker: "square" },
  { key: "worst", label: "Worst first", className: "s-worst", marker: "triangle" },
];

/** One row per depth: {depth, perfect_leaves_mean, …, minimax_leaves, knuth_moore_leaves}. */
export function byDepth(rows) {
  const depths = new Map();
  for (const row of rows) {
    if (!depths.has(row.depth)) {
      depths.set(row.depth, {
        depth: row.depth,
        ...Object.fromEntries(ORDERINGS.map((o) => [`${o.key}_leaves_mean`, null])),
        minimax_leaves: row.minimax_leaves,
        knuth_moore_leaves: row.knuth_moore_leaves,
      });
    }
    depths.get(row.depth)[`${row.ordering}_leaves_mean`] = row.leaves_mean;
  }
  return [...depths.values()].sort((a, b) => a.depth - b.depth);
}

/** The reference curve b^d every line chart carries. */
function minimaxSeries(points, b) {
  return {
    key: "minimax",
    label: `Minimax: ${b}ᵈ`,
    className: "s-bd",
    marker: "times",
    reference: true,
    points,
  };
}

/** Ordering: a line chart (log scale) of `byDepth(rows)` for branching `b`. */
export function orderingChart(rows, b) {
  const points = (key) => rows.filter((r) => r[key] !== null).map((r) => ({ x: r.depth, y: r[key] }));
  const last = rows[rows.length - 1];
  return {
    label:
      `Line chart, logarithmic scale: leaves evaluated by depth for perfect, random and worst-first ` +
      `ordering, with the curves ${b}ᵈ and Knuth–Moore. At depth ${last.depth}: ` +
      ORDERINGS.map((o) => `${o.key} ${formatNumber(last[`${o.key}_leaves_mean`], 1)}`).join(", ") +
      `, of ${formatCount(last.minimax_leaves)}.`,
    xLabel: "Depth",
    yLabel: "Leaves evaluated (mean)",
    series: [
      minimaxSeries(points("minimax_leaves"), b),
      {
        key: "knuth-moore",
        label: `Knuth–Moore: ${b}^⌈d/2⌉ + ${b}^⌊d/2⌋ − 1`,
        className: "s-km",
        marker: "diamond",
        reference: true,
        points: points("knuth_moore_leaves"),
      },
      ...ORDERINGS.map((o) => ({ ...o, points: points(`${o.key}_leaves_mean`) })),
    ],
  };
}

/** The rule on ties: a line chart (log scale) of the rules experiment's rows, branching `b`. */
export function rulesChart(rows, b) {
  const points = (key) => rows.map((r) => ({ x: r.depth, y: r[key] }));
  const last = rows[rows.length - 1];
  return {
    label:
      `Line chart, logarithmic scale: leaves evaluated by depth under the standard and the strict ` +
      `pruning rule, with ${b}ᵈ. At depth ${last.depth}: standard ${formatNumber(last.standard_leaves_mean, 1)}, ` +
      `strict ${formatNumber(last.strict_leaves_mean, 1)}, of ${formatCount(last.minimax_leaves)}.`,
    xLabel: "Depth",
    yLabel: "Leaves evaluated (mean)",
    series: [
      minimaxSeries(points("minimax_leaves"), b),
      {
        key: "standard",
        label: "Standard rule: prune when α ≥ β",
        className: "s-standard",
        marker: "circle",
        points: points("standard_leaves_mean"),
      },
      {
        key: "strict",
        label: "Strict rule: prune when α > β",
        className: "s-strict",
        marker: "square",
        points: points("strict_leaves_mean"),
      },
    ],
  };
}

export const SEARCH_NAMES = { minimax: "Minimax", alphabeta: "Alpha-beta" };

/** One random tree (a random-binary row): minimax's nodes against alpha-beta's, two bars. */
export function seedChart(row) {
  return {
    label:
      `Bar chart: on the tree of seed ${row.seed}, minimax visits ${formatCount(row.minimax_nodes)} ` +
      `nodes and alpha-beta ${formatCount(row.alphabeta_nodes)}.`,
    xLabel: "Nodes visited",
    scale: "linear",
    bars: [
      { key: "minimax", label: SEARCH_NAMES.minimax, value: row.minimax_nodes, className: "s-minimax-bar" },
      { key: "alphabeta", label: SEARCH_NAMES.alphabeta, value: row.alphabeta_nodes, className: "s-alphabeta-bar" },
    ],
  };
}

export const ARTICLE = 681; // one article's alpha-beta count on a random binary tree of depth 10
const DEPTH_10_NODES = 2047; // minimax's nodes on a binary tree of depth 10: the article's tree

/**
 * Many random trees: a histogram of alpha-beta's nodes from `spread` (the API's summary of
 * alphabeta_nodes: its bins and statistics), marked with the mean, median, p10 and p90 and,
 * on trees of depth 10, the article's 681.
 */
export function spreadChart(rows, spread) {
  const { edges, counts } = spread.histogram;
  const minimax = rows.length ? rows[0].minimax_nodes : 0;
  const article = minimax === DEPTH_10_NODES;
  const markers = [
    {
      key: "p10",
      label: `p10 ${formatNumber(spread.p10, 0)}`,
      legend: "10th and 90th percentiles",
      value: spread.p10,
      className: "s-percentile",
    },
    { key: "mean", label: `mean ${formatNumber(spread.mean, 0)}`, legend: "Mean", value: spread.mean, className: "s-mean" },
    { key: "median", label: `median ${formatNumber(spread.median, 0)}`, legend: "Median", value: spread.median, className: "s-median" },
    { key: "p90", label: `p90 ${formatNumber(spread.p90, 0)}`, legend: null, value: spread.p90, className: "s-percentile" },
  ];
  if (article) {
    markers.push({
      key: "article",
      label: `${ARTICLE} (article)`,
      legend: `One article's ${ARTICLE}`,
      value: ARTICLE,
      className: "s-article",
      marker: "triangle",
    });
  }
  const depth = Math.round(Math.log2(minimax + 1)) - 1;
  return {
    label:
      `Histogram of the nodes alpha-beta visits on ${formatCount(spread.count)} random binary ` +
      `trees of depth ${depth}: from ${formatCount(spread.min)} to ${formatCount(spread.max)}, ` +
      `mean ${formatNumber(spread.mean, 1)}, median ${formatNumber(spread.median, 1)}` +
      `${article ? `; the article's ${ARTICLE} is marked` : ""}.`,
    xLabel: `Alpha-beta's nodes (minimax: ${formatCount(minimax)})`,
    yLabel: "Trees",
    bins: counts.map((count, i) => ({ x0: edges[i], x1: edges[i + 1], count })),
    markers,
  };
}

export const METHOD_NAMES = {
  minimax: "Minimax",
  alphabeta: "Alpha-beta",
  "alphabeta+ordering": "Alpha-beta + move ordering",
  "alphabeta+id": "Alpha-beta + iterative deepening",
  "alphabeta+tt": "Alpha-beta + transposition table",
};
export const EMPTY_BOARD = ".........";

/** A board as people name it in a list: its cells, and "empty board" for the empty one. */
export function boardName(board) {
  return board === EMPTY_BOARD ? `${board} (empty board)` : board;
}

/** Tic-tac-toe speed-ups: the nodes each method visits from `position`, bars on a log scale. */
export function optimisationsChart(rows, position) {
  const shown = rows.filter((r) => r.position === position);
  return {
    label:
      `Bar chart, logarithmic scale: nodes visited from position ${boardName(position)} by ` +
      shown.map((r) => `${METHOD_NAMES[r.method] || r.method} ${formatCount(r.nodes)}`).join(", ") +
      ".",
    xLabel: "Nodes visited (logarithmic scale)",
    scale: "log",
    bars: shown.map((r) => ({
      key: r.method,
      label: METHOD_NAMES[r.method] || r.method,
      value: r.nodes,
      className: r.method === "minimax" ? "s-minimax-bar" : "s-alphabeta-bar",
    })),
  };
}
