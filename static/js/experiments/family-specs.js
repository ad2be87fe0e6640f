// family-specs.js: the pruning-family experiment's table and chart from the API's rows (one
// per ordering quality and algorithm): a row per quality with each algorithm's mean leaves,
// and a line chart (log scale) of leaves against the ordering quality in percent, with the
// Knuth–Moore minimal tree and b^d as reference curves. Pure (no DOM, no d3): /experiments
// and a lesson's experiment slide draw the same spec.

import { _, pgettext } from "../lib/i18n.js";
import { formatCount, formatNumber } from "./numbers.js";

/** The family's searches as the chart and the table name them (the server's row names). */
export const FAMILY = [
  { key: "alphabeta", label: _("Alpha-beta"), className: "s-fam-alphabeta", marker: "circle" },
  { key: "pvs", label: "PVS / NegaScout", className: "s-fam-pvs", marker: "square" },
  { key: "mtdf-good", label: _("MTD(f), good guess"), className: "s-fam-mtdf-good", marker: "triangle" },
  { key: "mtdf-bad", label: _("MTD(f), bad guess"), className: "s-fam-mtdf-bad", marker: "cross" },
  { key: "sssstar", label: "SSS*", className: "s-fam-sssstar", marker: "star" },
  { key: "aspiration", label: _("Aspiration search"), className: "s-fam-aspiration", marker: "times" },
];

/** One row per quality, best first: {quality, percent, <key>: mean leaves | null, …}. */
export function byQuality(rows) {
  const qualities = new Map();
  for (const row of rows) {
    if (!qualities.has(row.quality)) {
      qualities.set(row.quality, {
        quality: row.quality,
        percent: Math.round(row.quality * 100),
        ...Object.fromEntries(FAMILY.map((a) => [a.key, null])),
        minimax_leaves: row.minimax_leaves,
        knuth_moore_leaves: row.knuth_moore_leaves,
      });
    }
    qualities.get(row.quality)[row.algorithm] = row.leaves_mean;
  }
  return [...qualities.values()].sort((a, b) => b.quality - a.quality);
}

/** The table of `byQuality(rows)` for branching `b`. */
export function familyTable(rows, b) {
  const count = (v) => (v === null ? "…" : formatNumber(v, 2));
  return {
    caption: _("Leaves evaluated (mean over the trials), branching {b}, by ordering quality", { b }),
    columns: [
      { key: "percent", label: _("Best first"), numeric: true, rowHeader: true, format: (p) => `${p}%` },
      ...FAMILY.map((a) => ({ key: a.key, label: a.label, numeric: true, format: count })),
      { key: "knuth_moore_leaves", label: "Knuth–Moore", numeric: true, format: formatCount },
      { key: "minimax_leaves", label: _("{bd} (minimax)", { bd: `${b}ᵈ` }), numeric: true, format: formatCount },
    ],
    rows,
  };
}

/** The chart: leaves (log) against the quality in percent, every search and both bounds. */
export function familyChart(rows, b) {
  const points = (key) => rows.filter((r) => r[key] !== null).map((r) => ({ x: r.percent, y: r[key] }));
  const best = rows.find((r) => r.quality === 1);
  const worst = rows.find((r) => r.quality === 0);
  const separator = pgettext("list separator", ", ");
  const figures = (row) =>
    FAMILY.filter((a) => row[a.key] !== null)
      .map((a) => `${a.label} ${formatNumber(row[a.key], 1)}`)
      .join(separator);
  const said = [
    _(
      "Line chart, logarithmic scale: leaves evaluated against the share of nodes whose children come best first (0% worst first everywhere, 100% perfect), for {searches}, with Knuth–Moore and {bd}.",
      { searches: FAMILY.map((a) => a.label).join(separator), bd: `${b}ᵈ` }
    ),
  ];
  if (best) said.push(_("Perfect ordering: {figures}.", { figures: figures(best) }));
  if (worst) said.push(_("Worst first: {figures}.", { figures: figures(worst) }));
  return {
    label: said.join(" "),
    xLabel: _("Best first (%)"),
    xTicks: [...new Set(rows.map((r) => r.percent))].sort((a, b) => a - b),
    yLabel: _("Leaves evaluated (mean)"),
    series: [
      {
        key: "minimax",
        label: _("Minimax: {bd}", { bd: `${b}ᵈ` }),
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
      ...FAMILY.map((a) => ({ ...a, points: points(a.key) })),
    ],
  };
}

/** The shapes the papers predict, read off the rows, in a sentence (or "" before the ends). */
export function familyFinding(rows) {
  const best = rows.find((r) => r.quality === 1);
  const worst = rows.find((r) => r.quality === 0);
  if (!best || !worst || FAMILY.some((a) => best[a.key] === null || worst[a.key] === null)) return "";
  const n = (v) => formatNumber(v, 1);
  return _(
    "With perfect ordering PVS evaluates {pvs} leaves against alpha-beta's {alphabeta}, and MTD(f) with a good guess {mtdf} (the minimal tree: {minimal}); worst first, PVS needs {worstPvs} against {worstAlphabeta}, its tests failing and searched again. SSS* never evaluates more than alpha-beta (Stockman): {worstSss} against {worstAlphabeta} worst first.",
    {
      pvs: n(best.pvs),
      alphabeta: n(best.alphabeta),
      mtdf: n(best["mtdf-good"]),
      minimal: formatCount(best.knuth_moore_leaves),
      worstPvs: n(worst.pvs),
      worstAlphabeta: n(worst.alphabeta),
      worstSss: n(worst.sssstar),
    }
  );
}
