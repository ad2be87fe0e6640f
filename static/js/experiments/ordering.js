// ordering.js: experiment 2, move ordering. Mean leaves evaluated by depth for perfect,
// random and worst-first ordering, against the curves b^d (minimax) and b^⌈d/2⌉ + b^⌊d/2⌋ − 1
// (Knuth–Moore), on a log scale. The server's rows (one per depth and ordering) become one
// table row per depth, drawn as the rows arrive.

import { byDepth, orderingChart, orderings } from "./chart-specs.js";
import { _ } from "../lib/i18n.js";
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
    caption: _("Leaves evaluated by alpha-beta (mean over the trials), branching {b}", { b }),
    columns: [
      { key: "depth", label: _("Depth"), numeric: true, rowHeader: true, format: String },
      ...orderings().map((o) => ({
        key: `${o.key}_leaves_mean`,
        label: o.short,
        numeric: true,
        format: count,
      })),
      { key: "knuth_moore_leaves", label: "Knuth–Moore", numeric: true, format: formatCount },
      { key: "minimax_leaves", label: _("{bd} (minimax)", { bd: `${b}ᵈ` }), numeric: true, format: formatCount },
    ],
    rows,
  };
}

/** What the deepest depth says, in words. */
function finding(rows, b) {
  const last = rows[rows.length - 1];
  if (!last || last.worst_leaves_mean === null) return "";
  const values = {
    depth: last.depth,
    b,
    perfect: formatNumber(last.perfect_leaves_mean, 2),
    knuthMoore: formatCount(last.knuth_moore_leaves),
    random: formatNumber(last.random_leaves_mean, 2),
    worst: formatNumber(last.worst_leaves_mean, 2),
    minimax: formatCount(last.minimax_leaves),
  };
  return last.perfect_leaves_mean === last.knuth_moore_leaves
    ? _(
        "At depth {depth} (branching {b}), perfect ordering evaluates {perfect} leaves, exactly the Knuth–Moore figure; random ordering {random}; worst first {worst} of minimax's {minimax}.",
        values
      )
    : _(
        "At depth {depth} (branching {b}), perfect ordering evaluates {perfect} leaves (Knuth–Moore: {knuthMoore}); random ordering {random}; worst first {worst} of minimax's {minimax}.",
        values
      );
}
