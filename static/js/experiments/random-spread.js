// random-spread.js: experiment 1, many trees. Alpha-beta's nodes over a range of seeds as a
// histogram (the server's bins) with the mean, median, p10 and p90 marked, and one
// article's 681 placed among them: a single draw, not a constant of alpha-beta.

import { ARTICLE, spreadChart } from "./chart-specs.js";
import { histogram } from "./histogram.js";
import { formatCount, formatNumber, formatPercent, formatRange } from "./numbers.js";
import { DEPTH } from "./random-seed.js";
import { csvName } from "./csv.js";
import { wireExperimentSlide } from "./lesson-slide.js";
import { Results } from "./results.js";
import { Runner, formValues, parts } from "./runner.js";

const STATISTICS = [
  ["count", "Trees"],
  ["mean", "Mean"],
  ["median", "Median"],
  ["p10", "10th percentile"],
  ["p90", "90th percentile"],
  ["min", "Fewest"],
  ["max", "Most"],
];

export function setupRandomSpread(root) {
  const els = parts(root);
  const chart = histogram(els.chart, els.legend);
  let asked = {};
  const name = (what) => () => csvName(`random-binary-${what}`, { depth: DEPTH, ...asked });
  const results = new Results(root, [name("histogram"), name("summary")]);
  const query = (values) => ({ depth: DEPTH, seeds: values.seeds ?? "", rule: values.rule });
  wireExperimentSlide(root, "random-binary", () => query(formValues(els.form)));

  new Runner(root, {
    params() {
      asked = formValues(els.form);
      return query(asked);
    },
    start: () => results.clear(),
    rows() {}, // the distribution is the server's summary, sent at the end
    done({ rows, summary }) {
      if (summary) show(rows, summary.alphabeta_nodes, asked.rule);
    },
    stopped() {},
  });

  function show(rows, spread, rule) {
    const spec = spreadChart(rows, spread);
    const first = rows[0].seed;
    const last = rows[rows.length - 1].seed;
    const seeds = formatRange(first, last);
    const binTable = {
      caption: `Alpha-beta nodes visited: trees per bin (seeds ${seeds})`,
      columns: [
        { key: "bin_from", label: "From", numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "bin_to", label: "To", numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "trees", label: "Trees", numeric: true, format: formatCount },
      ],
      rows: spec.bins.map((b) => ({ bin_from: b.x0, bin_to: b.x1, trees: b.count })),
    };
    const statTable = {
      caption: `Alpha-beta nodes visited: summary (seeds ${seeds})`,
      columns: [
        { key: "statistic", label: "Statistic", rowHeader: true, format: (v) => STAT_NAMES[v] },
        {
          key: "alphabeta_nodes",
          label: "Nodes",
          numeric: true,
          format: (v) => formatNumber(v, 2),
        },
      ],
      rows: STATISTICS.map(([key]) => ({ statistic: key, alphabeta_nodes: spread[key] })),
    };
    results.show({ tables: [binTable, statTable], finding: finding(rows, spread, seeds, rule) });
    chart.show({ ...spec, label: `${spec.label} The tables give the numbers.` });
  }
}

const STAT_NAMES = Object.fromEntries(STATISTICS);

/** Where the article's number falls among these trees, in words. */
function finding(rows, spread, seeds, rule) {
  const nodes = rows.map((r) => r.alphabeta_nodes);
  const fewer = nodes.filter((n) => n < ARTICLE).length;
  const exact = rows.filter((r) => r.alphabeta_nodes === ARTICLE).map((r) => r.seed);
  const ruleNote = rule === "strict" ? " under the strict rule" : "";
  const where =
    exact.length === 0
      ? `none of these trees gives exactly ${ARTICLE}`
      : `${exact.length === 1 ? "seed" : "seeds"} ${exact.slice(0, 5).map(formatCount).join(", ")}` +
        `${exact.length > 5 ? ", …" : ""} ${exact.length === 1 ? "gives" : "give"} exactly ${ARTICLE}`;
  return (
    `Over ${formatCount(spread.count)} trees (seeds ${seeds})${ruleNote}, alpha-beta visits ` +
    `${formatNumber(spread.mean, 1)} nodes on average (median ${formatNumber(spread.median, 1)}) ` +
    `of minimax's 2,047; the middle 80% of trees need ${formatNumber(spread.p10, 1)} to ` +
    `${formatNumber(spread.p90, 1)}, and the extremes are ${formatCount(spread.min)} and ` +
    `${formatCount(spread.max)}. One article's ${ARTICLE} is a single draw: ` +
    `${formatCount(fewer)} of these trees (${formatPercent((100 * fewer) / nodes.length)}) need fewer ` +
    `nodes, and ${where}.`
  );
}
