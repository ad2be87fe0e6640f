// rules.js: experiment 3, the pruning rule on ties. Mean leaves evaluated by depth under the
// standard rule (prune when α ≥ β) and the strict one (only when α > β), with b^d for scale,
// on a log scale, drawn as the rows arrive (one per depth).

import { rulesChart } from "./chart-specs.js";
import { formatCount, formatNumber } from "./numbers.js";
import { seriesExperiment } from "./series.js";

export function setupRules(root) {
  seriesExperiment(root, "rules", (rows, asked) => {
    const b = Number(asked.branching) || 2;
    const table = tableOf(rows, b);
    return { table, finding: finding(table.rows, asked.values), figure: rulesChart(table.rows, b) };
  });
}

function tableOf(rows, b) {
  const mean = (v) => formatNumber(v, 2);
  return {
    caption: `Leaves evaluated by alpha-beta (mean over the trials), standard against strict, branching ${b}`,
    columns: [
      { key: "depth", label: "Depth", numeric: true, rowHeader: true, format: String },
      { key: "standard_leaves_mean", label: "Standard (α ≥ β)", numeric: true, format: mean },
      { key: "strict_leaves_mean", label: "Strict (α > β)", numeric: true, format: mean },
      { key: "minimax_leaves", label: `${b}ᵈ (minimax)`, numeric: true, format: formatCount },
    ],
    rows: rows.map((r) => ({
      depth: r.depth,
      standard_leaves_mean: r.standard_leaves_mean,
      strict_leaves_mean: r.strict_leaves_mean,
      minimax_leaves: r.minimax_leaves,
    })),
  };
}

function finding(rows, values) {
  const last = rows[rows.length - 1];
  if (!last) return "";
  const ratio = last.standard_leaves_mean > 0 ? last.strict_leaves_mean / last.standard_leaves_mean : 0;
  return (
    `At depth ${last.depth}, with leaf values 0 to ${Number(values || 3) - 1}, the strict rule evaluates ` +
    `${formatNumber(last.strict_leaves_mean, 2)} leaves on average, ${formatNumber(ratio, 1)} times the ` +
    `standard rule's ${formatNumber(last.standard_leaves_mean, 2)} (minimax: ${formatCount(last.minimax_leaves)}).`
  );
}
