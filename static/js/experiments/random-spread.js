// random-spread.js: experiment 1, many trees. Alpha-beta's nodes over a range of seeds as a
// histogram (the server's bins) with the mean, median, p10 and p90 marked, and one
// article's 681 placed among them: a single draw, not a constant of alpha-beta.

import { ARTICLE, spreadChart } from "./chart-specs.js";
import { histogram } from "./histogram.js";
import { _, ngettext } from "../lib/i18n.js";
import { formatCount, formatNumber, formatPercent, formatRange } from "./numbers.js";
import { DEPTH } from "./random-seed.js";
import { csvName } from "./csv.js";
import { wireExperimentSlide } from "./lesson-slide.js";
import { Results } from "./results.js";
import { Runner, formValues, parts } from "./runner.js";

const statistics = () => [
  ["count", _("Trees")],
  ["mean", _("Mean")],
  ["median", _("Median")],
  ["p10", _("10th percentile")],
  ["p90", _("90th percentile")],
  ["min", _("Fewest")],
  ["max", _("Most")],
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
      caption: _("Alpha-beta nodes visited: trees per bin (seeds {seeds})", { seeds }),
      columns: [
        { key: "bin_from", label: _("From"), numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "bin_to", label: _("To"), numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "trees", label: _("Trees"), numeric: true, format: formatCount },
      ],
      rows: spec.bins.map((b) => ({ bin_from: b.x0, bin_to: b.x1, trees: b.count })),
    };
    const statTable = {
      caption: _("Alpha-beta nodes visited: summary (seeds {seeds})", { seeds }),
      columns: [
        { key: "statistic", label: _("Statistic"), rowHeader: true, format: (v) => Object.fromEntries(statistics())[v] },
        {
          key: "alphabeta_nodes",
          label: _("Nodes"),
          numeric: true,
          format: (v) => formatNumber(v, 2),
        },
      ],
      rows: statistics().map(([key]) => ({ statistic: key, alphabeta_nodes: spread[key] })),
    };
    results.show({ tables: [binTable, statTable], finding: finding(rows, spread, seeds, rule), again: () => show(rows, spread, rule) });
    const note = _("The tables give the numbers.");
    chart.show({ ...spec, label: `${spec.label} ${note}` });
  }
}

/** Where the article's number falls among these trees, in words. */
function finding(rows, spread, seeds, rule) {
  const nodes = rows.map((r) => r.alphabeta_nodes);
  const fewer = nodes.filter((n) => n < ARTICLE).length;
  const exact = rows.filter((r) => r.alphabeta_nodes === ARTICLE).map((r) => r.seed);
  const listed = exact.slice(0, 5).map(formatCount).join(", ") + (exact.length > 5 ? ", …" : "");
  const where =
    exact.length === 0
      ? _("none of these trees gives exactly {article}", { article: ARTICLE })
      : ngettext("seed {seeds} gives exactly {article}", "seeds {seeds} give exactly {article}", exact.length, {
          seeds: listed,
          article: ARTICLE,
        });
  const values = {
    count: formatCount(spread.count),
    seeds,
    mean: formatNumber(spread.mean, 1),
    median: formatNumber(spread.median, 1),
    minimax: formatCount(2047),
    p10: formatNumber(spread.p10, 1),
    p90: formatNumber(spread.p90, 1),
    min: formatCount(spread.min),
    max: formatCount(spread.max),
    article: ARTICLE,
    fewer: formatCount(fewer),
    share: formatPercent((100 * fewer) / nodes.length),
    where,
  };
  return rule === "strict"
    ? _(
        "Over {count} trees (seeds {seeds}) under the strict rule, alpha-beta visits {mean} nodes on average (median {median}) of minimax's {minimax}; the middle 80% of trees need {p10} to {p90}, and the extremes are {min} and {max}. One article's {article} is a single draw: {fewer} of these trees ({share}) need fewer nodes, and {where}.",
        values
      )
    : _(
        "Over {count} trees (seeds {seeds}), alpha-beta visits {mean} nodes on average (median {median}) of minimax's {minimax}; the middle 80% of trees need {p10} to {p90}, and the extremes are {min} and {max}. One article's {article} is a single draw: {fewer} of these trees ({share}) need fewer nodes, and {where}.",
        values
      );
}
