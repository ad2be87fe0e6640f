// rules.js: experiment 3, the pruning rule on ties. Mean leaves evaluated by depth under the
// standard rule (prune when α ≥ β) and the strict one (only when α > β), with b^d for scale,
// on a log scale, drawn as the rows arrive (one per depth).

import { rulesChart } from "./chart-specs.js";
import { _ } from "../lib/i18n.js";
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
    caption: _("Leaves evaluated by alpha-beta (mean over the trials), standard against strict, branching {b}", { b }),
    columns: [
      { key: "depth", label: _("Depth"), numeric: true, rowHeader: true, format: String },
      { key: "standard_leaves_mean", label: _("Standard (α ≥ β)"), numeric: true, format: mean },
      { key: "strict_leaves_mean", label: _("Strict (α > β)"), numeric: true, format: mean },
      { key: "minimax_leaves", label: _("{bd} (minimax)", { bd: `${b}ᵈ` }), numeric: true, format: formatCount },
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
  return _(
    "At depth {depth}, with leaf values 0 to {high}, the strict rule evaluates {strict} leaves on average, {ratio} times the standard rule's {standard} (minimax: {minimax}).",
    {
      depth: last.depth,
      high: Number(values || 3) - 1,
      strict: formatNumber(last.strict_leaves_mean, 2),
      ratio: formatNumber(ratio, 1),
      standard: formatNumber(last.standard_leaves_mean, 2),
      minimax: formatCount(last.minimax_leaves),
    }
  );
}
