// ordering.js: experiment 2, move ordering. Mean leaves evaluated by depth for perfect,
// random and worst-first ordering, against the curves b^d (minimax) and b^⌈d/2⌉ + b^⌊d/2⌋ − 1
// (Knuth–Moore), on a log scale. The server's rows (one per depth and ordering) become one
// table row per depth, drawn as the rows arrive.

import { ORDERINGS, byDepth, orderingChart } from "./chart-specs.js";
import { formatCount, formatNumber } from "./numbers.js";
import { seriesExperiment } from "./series.js";

export function setupOrdering(root) {
  seriesExperiment(root, "ordering", (rows, asked) => {
    const b = Number(asked.branching) || 2;
    const table = tableOf(byDepth(rows), b);
    return { table, finding: finding(table.rows, b), figure: orderingChart(table.rows, b) };
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
