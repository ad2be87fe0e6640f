// chart-specs.js: what each experiment's chart shows, from the API's rows: the spec that
// line-chart.js, bar-chart.js and histogram.js draw, with a label that describes the chart in
// words (its text alternative; where its numbers are in a table, the caller says so). Pure (no DOM, no d3): /experiments draws these specs beside its tables, and a
// lesson's experiment slides draw the same ones (lesson/experiment-figure.js).

import { _, pgettext } from "../lib/i18n.js";
import { formatCount, formatNumber } from "./numbers.js";

/** The three orderings of the ordering experiment, as the chart (label) and the table (short)
 * name them, in the page's language (asked each time: the language can change in place). */
export const orderings = () => [
  { key: "perfect", label: _("Perfect ordering"), short: _("Perfect"), className: "s-perfect", marker: "circle" },
  { key: "random", label: _("Random ordering"), short: _("Random"), className: "s-random", marker: "square" },
  { key: "worst", label: _("Worst first"), short: _("Worst first"), className: "s-worst", marker: "triangle" },
];

/** One row per depth: {depth, perfect_leaves_mean, …, minimax_leaves, knuth_moore_leaves}. */
export function byDepth(rows) {
  const depths = new Map();
  for (const row of rows) {
    if (!depths.has(row.depth)) {
      depths.set(row.depth, {
        depth: row.depth,
        ...Object.fromEntries(orderings().map((o) => [`${o.key}_leaves_mean`, null])),
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
    label: _("Minimax: {bd}", { bd: `${b}ᵈ` }),
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
    label: _(
      "Line chart, logarithmic scale: leaves evaluated by depth for perfect, random and worst-first ordering, with the curves {bd} and Knuth–Moore. At depth {depth}: perfect {perfect}, random {random}, worst {worst}, of {minimax}.",
      {
        bd: `${b}ᵈ`,
        depth: last.depth,
        ...Object.fromEntries(orderings().map((o) => [o.key, formatNumber(last[`${o.key}_leaves_mean`], 1)])),
        minimax: formatCount(last.minimax_leaves),
      }
    ),
    xLabel: _("Depth"),
    yLabel: _("Leaves evaluated (mean)"),
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
      ...orderings().map((o) => ({ ...o, points: points(`${o.key}_leaves_mean`) })),
    ],
  };
}

/** The rule on ties: a line chart (log scale) of the rules experiment's rows, branching `b`. */
export function rulesChart(rows, b) {
  const points = (key) => rows.map((r) => ({ x: r.depth, y: r[key] }));
  const last = rows[rows.length - 1];
  return {
    label: _(
      "Line chart, logarithmic scale: leaves evaluated by depth under the standard and the strict pruning rule, with {bd}. At depth {depth}: standard {standard}, strict {strict}, of {minimax}.",
      {
        bd: `${b}ᵈ`,
        depth: last.depth,
        standard: formatNumber(last.standard_leaves_mean, 1),
        strict: formatNumber(last.strict_leaves_mean, 1),
        minimax: formatCount(last.minimax_leaves),
      }
    ),
    xLabel: _("Depth"),
    yLabel: _("Leaves evaluated (mean)"),
    series: [
      minimaxSeries(points("minimax_leaves"), b),
      {
        key: "standard",
        label: _("Standard rule: prune when α ≥ β"),
        className: "s-standard",
        marker: "circle",
        points: points("standard_leaves_mean"),
      },
      {
        key: "strict",
        label: _("Strict rule: prune when α > β"),
        className: "s-strict",
        marker: "square",
        points: points("strict_leaves_mean"),
      },
    ],
  };
}

export const searchNames = () => ({ minimax: _("Minimax"), alphabeta: _("Alpha-beta") });

/** One random tree (a random-binary row): minimax's nodes against alpha-beta's, two bars. */
export function seedChart(row) {
  return {
    label: _("Bar chart: on the tree of seed {seed}, minimax visits {minimax} nodes and alpha-beta {alphabeta}.", {
      seed: row.seed,
      minimax: formatCount(row.minimax_nodes),
      alphabeta: formatCount(row.alphabeta_nodes),
    }),
    xLabel: _("Nodes visited"),
    scale: "linear",
    bars: [
      { key: "minimax", label: searchNames().minimax, value: row.minimax_nodes, className: "s-minimax-bar" },
      { key: "alphabeta", label: searchNames().alphabeta, value: row.alphabeta_nodes, className: "s-alphabeta-bar" },
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
      label: _("p10 {value}", { value: formatNumber(spread.p10, 0) }),
      legend: _("10th and 90th percentiles"),
      value: spread.p10,
      className: "s-percentile",
    },
    {
      key: "mean",
      label: _("mean {value}", { value: formatNumber(spread.mean, 0) }),
      legend: _("Mean"),
      value: spread.mean,
      className: "s-mean",
    },
    {
      key: "median",
      label: _("median {value}", { value: formatNumber(spread.median, 0) }),
      legend: _("Median"),
      value: spread.median,
      className: "s-median",
    },
    {
      key: "p90",
      label: _("p90 {value}", { value: formatNumber(spread.p90, 0) }),
      legend: null,
      value: spread.p90,
      className: "s-percentile",
    },
  ];
  if (article) {
    markers.push({
      key: "article",
      label: _("{value} (article)", { value: ARTICLE }),
      legend: _("One article's {value}", { value: ARTICLE }),
      value: ARTICLE,
      className: "s-article",
      marker: "triangle",
    });
  }
  const depth = Math.round(Math.log2(minimax + 1)) - 1;
  const told = {
    count: formatCount(spread.count),
    depth,
    min: formatCount(spread.min),
    max: formatCount(spread.max),
    mean: formatNumber(spread.mean, 1),
    median: formatNumber(spread.median, 1),
    article: ARTICLE,
  };
  return {
    label: article
      ? _(
          "Histogram of the nodes alpha-beta visits on {count} random binary trees of depth {depth}: from {min} to {max}, mean {mean}, median {median}; the article's {article} is marked.",
          told
        )
      : _(
          "Histogram of the nodes alpha-beta visits on {count} random binary trees of depth {depth}: from {min} to {max}, mean {mean}, median {median}.",
          told
        ),
    xLabel: _("Alpha-beta's nodes (minimax: {minimax})", { minimax: formatCount(minimax) }),
    yLabel: _("Trees"),
    bins: counts.map((count, i) => ({ x0: edges[i], x1: edges[i + 1], count })),
    markers,
  };
}

export const METHOD_NAMES = {
  minimax: _("Minimax"),
  alphabeta: _("Alpha-beta"),
  "alphabeta+ordering": _("Alpha-beta + move ordering"),
  "alphabeta+id": _("Alpha-beta + iterative deepening"),
  "alphabeta+tt": _("Alpha-beta + transposition table"),
};
export const EMPTY_BOARD = ".........";

/** A board as people name it in a list: its cells, and "empty board" for the empty one. */
export function boardName(board) {
  return board === EMPTY_BOARD ? _("{board} (empty board)", { board }) : board;
}

/** Tic-tac-toe speed-ups: the nodes each method visits from `position`, bars on a log scale. */
export function optimisationsChart(rows, position) {
  const shown = rows.filter((r) => r.position === position);
  return {
    label: _("Bar chart, logarithmic scale: nodes visited from position {position} by {methods}.", {
      position: boardName(position),
      methods: shown.map((r) => `${METHOD_NAMES[r.method] || r.method} ${formatCount(r.nodes)}`).join(pgettext("list separator", ", ")),
    }),
    xLabel: _("Nodes visited (logarithmic scale)"),
    scale: "log",
    bars: shown.map((r) => ({
      key: r.method,
      label: METHOD_NAMES[r.method] || r.method,
      value: r.nodes,
      className: r.method === "minimax" ? "s-minimax-bar" : "s-alphabeta-bar",
    })),
  };
}
