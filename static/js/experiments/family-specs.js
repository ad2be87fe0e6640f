// family-specs.js: the pruning-family experiment's table and chart from the API's rows (one
// per ordering quality and algorithm): a row per quality with each algorithm's mean leaves,
// and a line chart (log scale) of leaves against the ordering quality in percent, with the
// Knuth–Moore minimal tree and b^d as reference curves. Pure (no DOM, no d3): /experiments
// and a lesson's experiment slide draw the same spec.

import { formatCount, formatNumber } from "./numbers.js";

/** The family's searches as the chart and the table name them (the server's row names). */
export const FAMILY = [
  { key: "alphabeta", label: "Alpha-beta", className: "s-fam-alphabeta", marker: "circle" },
  { key: "pvs", label: "PVS / NegaScout", className: "s-fam-pvs", marker: "square" },
  { key: "mtdf-good", label: "MTD(f), good guess", className: "s-fam-mtdf-good", marker: "triangle" },
  { key: "mtdf-bad", label: "MTD(f), bad guess", className: "s-fam-mtdf-bad", marker: "cross" },
  { key: "sssstar", label: "SSS*", className: "s-fam-sssstar", marker: "star" },
  { key: "aspiration", label: "Aspiration search", className: "s-fam-aspiration", marker: "times" },
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
    caption: `Leaves evaluated (mean over the trials), branching ${b}, by ordering quality`,
    columns: [
      { key: "percent", label: "Best first", numeric: true, rowHeader: true, format: (p) => `${p}%` },
      ...FAMILY.map((a) => ({ key: a.key, label: a.label, numeric: true, format: count })),
      { key: "knuth_moore_leaves", label: "Knuth–Moore", numeric: true, format: formatCount },
      { key: "minimax_leaves", label: `${b}ᵈ (minimax)`, numeric: true, format: formatCount },
    ],
    rows,
  };
}

/** The chart: leaves (log) against the quality in percent, every search and both bounds. */
export function familyChart(rows, b) {
  const points = (key) => rows.filter((r) => r[key] !== null).map((r) => ({ x: r.percent, y: r[key] }));
  const best = rows.find((r) => r.quality === 1);
  const worst = rows.find((r) => r.quality === 0);
  const at = (row, where) =>
    row
      ? ` ${where}: ` +
        FAMILY.filter((a) => row[a.key] !== null)
          .map((a) => `${a.label} ${formatNumber(row[a.key], 1)}`)
          .join(", ") +
        "."
      : "";
  return {
    label:
      `Line chart, logarithmic scale: leaves evaluated against the share of nodes whose children come best first ` +
      `(0% worst first everywhere, 100% perfect), for ${FAMILY.map((a) => a.label).join(", ")}, ` +
      `with Knuth–Moore and ${b}ᵈ.${at(best, "Perfect ordering")}${at(worst, "Worst first")}`,
    xLabel: "Best first (%)",
    xTicks: [...new Set(rows.map((r) => r.percent))].sort((a, b) => a - b),
    yLabel: "Leaves evaluated (mean)",
    series: [
      { key: "minimax", label: `Minimax: ${b}ᵈ`, className: "s-bd", marker: "times", reference: true, points: points("minimax_leaves") },
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
  return (
    `With perfect ordering PVS evaluates ${n(best.pvs)} leaves against alpha-beta's ${n(best.alphabeta)}, ` +
    `and MTD(f) with a good guess ${n(best["mtdf-good"])} (the minimal tree: ${formatCount(best.knuth_moore_leaves)}); ` +
    `worst first, PVS needs ${n(worst.pvs)} against ${n(worst.alphabeta)}, its tests failing and searched again. ` +
    `SSS* never evaluates more than alpha-beta (Stockman): ${n(worst.sssstar)} against ${n(worst.alphabeta)} worst first.`
  );
}
