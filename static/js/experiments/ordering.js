// ordering.js: experiment 2, move ordering. Mean leaves evaluated by depth for perfect,
// random and worst-first ordering, against the curves b^d (minimax) and b^⌈d/2⌉ + b^⌊d/2⌋ − 1
// (Knuth–Moore), on a log scale. The server's rows (one per depth and ordering) become one
// table row per depth, drawn as the rows arrive.

import { formatCount, formatNumber } from "./numbers.js";
import { seriesExperiment } from "./series.js";

const ORDERINGS = [
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

export function setupOrdering(root) {
  seriesExperiment(root, "ordering", (rows, asked) => {
    const b = Number(asked.branching) || 2;
    const table = tableOf(byDepth(rows), b);
    return { table, finding: finding(table.rows, b), figure: chartOf(table.rows, b) };
  });
}

function tableOf(rows, b) {
  const count = (v) => formatNumber(v, 2);
  return {
    caption: `Leaves evaluated by alpha-beta (mean over the trials), branching ${b}`,
    columns: [
      { key: "depth", label: "Depth", numeric: true, rowHeader: true, format: String },
      ...ORDERINGS.map((o) => ({
        key: `${o.key}_leaves_mean`,
        label: o.label.replace(" ordering", ""),
        numeric: true,
        format: count,
      })),
      { key: "knuth_moore_leaves", label: "Knuth–Moore", numeric: true, format: formatCount },
      { key: "minimax_leaves", label: `${b}ᵈ (minimax)`, numeric: true, format: formatCount },
    ],
    rows,
  };
}

export function chartOf(rows, b) {
  const points = (key) =>
    rows.filter((r) => r[key] !== null).map((r) => ({ x: r.depth, y: r[key] }));
  const last = rows[rows.length - 1];
  return {
    label:
      `Line chart, logarithmic scale: leaves evaluated by depth for perfect, random and worst-first ` +
      `ordering, with the curves ${b}ᵈ and Knuth–Moore. At depth ${last.depth}: ` +
      ORDERINGS.map((o) => `${o.key} ${formatNumber(last[`${o.key}_leaves_mean`], 1)}`).join(", ") +
      `, of ${formatCount(last.minimax_leaves)}. The table gives every number.`,
    xLabel: "Depth",
    yLabel: "Leaves evaluated (mean)",
    series: [
      {
        key: "minimax",
        label: `Minimax: ${b}ᵈ`,
        className: "s-bd",
        marker: "times",
        reference: true,
        points: points("minimax_leaves"),
      },
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

/** What the deepest depth says, in words. */
function finding(rows, b) {
  const last = rows[rows.length - 1];
  if (!last || last.worst_leaves_mean === null) return "";
  const exact = last.perfect_leaves_mean === last.knuth_moore_leaves;
  return (
    `At depth ${last.depth} (branching ${b}), perfect ordering evaluates ` +
    `${formatNumber(last.perfect_leaves_mean, 2)} leaves${exact ? ", exactly the Knuth–Moore figure" : ` (Knuth–Moore: ${formatCount(last.knuth_moore_leaves)})`}; ` +
    `random ordering ${formatNumber(last.random_leaves_mean, 2)}; worst first ` +
    `${formatNumber(last.worst_leaves_mean, 2)} of minimax's ${formatCount(last.minimax_leaves)}.`
  );
}
