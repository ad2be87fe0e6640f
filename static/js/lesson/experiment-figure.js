// lesson/experiment-figure.js: an experiment slide's figure, from what the experiment's API
// sent. Pure (no DOM): `experimentFigure(name, rows, query, summary)` gives {name, title,
// kind, spec, tables}. `kind` names the chart that draws `spec` — "line"
// (experiments/line-chart.js), "bars" (bar-chart.js) or "histogram" (histogram.js) — and
// the spec is built by the functions /experiments draws with (experiments/chart-specs.js),
// so a slide shows the page's chart. `tables` (experiments/table.js models) hold the chart's
// numbers, its text alternative with the spec's label. lesson/figure-view.js draws a figure;
// `experimentSummary(name, query)` says in words what such a slide shows (editor, handouts).
//
// The experiments are the API's (docs/experiments.md): random-binary (one seed: minimax
// against alpha-beta as two bars; several: a histogram of alpha-beta's nodes, from the API's
// summary), ordering and rules (line charts by depth), the pruning family (a line chart by
// ordering quality), optimisations (bars for the first position of the query).

import {
  EMPTY_BOARD,
  byDepth,
  boardName,
  optimisationsChart,
  orderingChart,
  rulesChart,
  seedChart,
  spreadChart,
} from "../experiments/chart-specs.js";
import { _ } from "../lib/i18n.js";
import { byQuality, familyChart } from "../experiments/family-specs.js";
import { formatCount, formatNumber, formatRange } from "../experiments/numbers.js";

const N_ = (text) => text; // marks a string for the catalog; translated where it is shown
const MARK_NAMES = {
  p10: N_("10th percentile"),
  mean: N_("Mean"),
  median: N_("Median"),
  p90: N_("90th percentile"),
  article: N_("One article's count"),
};
const number = (v) => formatNumber(v, 2);

/** The chart's numbers by x: one row per x value, one column per series. */
function lineTable(spec, caption) {
  const byX = new Map();
  spec.series.forEach((serie, k) => {
    for (const point of serie.points) {
      if (!byX.has(point.x)) byX.set(point.x, { x: point.x });
      byX.get(point.x)[`s${k}`] = point.y;
    }
  });
  return {
    caption,
    columns: [
      { key: "x", label: spec.xLabel, numeric: true, rowHeader: true, format: String },
      ...spec.series.map((serie, k) => ({ key: `s${k}`, label: serie.label, numeric: true, format: number })),
    ],
    rows: [...byX.values()].sort((a, b) => a.x - b.x),
  };
}

/** The bars' values, one row per bar. */
function barsTable(spec, caption, category) {
  return {
    caption,
    columns: [
      { key: "label", label: category, rowHeader: true, format: String },
      { key: "value", label: spec.xLabel.replace(/ \(logarithmic scale\)$/, ""), numeric: true, format: formatCount },
    ],
    rows: spec.bars.map((bar) => ({ label: bar.label, value: bar.value })),
  };
}

/** The histogram's bins, then its marked values. */
function histogramTables(spec, caption) {
  return [
    {
      caption: _("{caption}: {what} per bin", { caption, what: spec.yLabel.toLowerCase() }),
      columns: [
        { key: "from", label: _("From"), numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "to", label: _("To"), numeric: true, format: (v) => formatNumber(v, 1) },
        { key: "count", label: spec.yLabel, numeric: true, format: formatCount },
      ],
      rows: spec.bins.map((bin) => ({ from: bin.x0, to: bin.x1, count: bin.count })),
    },
    {
      caption: _("{caption}: the marked values", { caption }),
      columns: [
        { key: "mark", label: _("Mark"), rowHeader: true, format: String },
        { key: "value", label: _("Nodes"), numeric: true, format: number },
      ],
      rows: spec.markers.map((m) => ({ mark: MARK_NAMES[m.key] ? _(MARK_NAMES[m.key]) : m.label, value: m.value })),
    },
  ];
}

/** Each experiment: its figure from its rows (at least one), the query and the summary. */
const FIGURES = {
  "random-binary"(rows, query, summary) {
    const strict = query.rule === "strict";
    if (rows.length === 1) {
      const seed = { seed: rows[0].seed };
      const title = strict
        ? _("Seed {seed}: nodes visited by minimax and alpha-beta, strict rule", seed)
        : _("Seed {seed}: nodes visited by minimax and alpha-beta", seed);
      const spec = seedChart(rows[0]);
      return { kind: "bars", title, spec, tables: [barsTable(spec, title, _("Search"))] };
    }
    if (!summary || !summary.alphabeta_nodes) throw new Error("the experiment sent no summary");
    const seeds = formatRange(rows[0].seed, rows[rows.length - 1].seed);
    const trees = { count: formatCount(rows.length), seeds };
    const title = strict
      ? _("Alpha-beta's nodes on {count} random trees (seeds {seeds}, strict rule)", trees)
      : _("Alpha-beta's nodes on {count} random trees (seeds {seeds})", trees);
    const spec = spreadChart(rows, summary.alphabeta_nodes);
    return { kind: "histogram", title, spec, tables: histogramTables(spec, title) };
  },
  ordering(rows, query) {
    const b = Number(query.branching) || 2;
    const title = _("Move ordering: leaves evaluated, branching {b}", { b });
    const spec = orderingChart(byDepth(rows), b);
    return { kind: "line", title, spec, tables: [lineTable(spec, title)] };
  },
  rules(rows, query) {
    const b = Number(query.branching) || 2;
    const title = _("The pruning rule on ties: leaves evaluated, branching {b}", { b });
    const spec = rulesChart(rows, b);
    return { kind: "line", title, spec, tables: [lineTable(spec, title)] };
  },
  "pruning-family"(rows, query) {
    const b = Number(query.branching) || 3;
    const title = _("The pruning family: leaves evaluated as ordering worsens, branching {b}, depth {depth}", {
      b,
      depth: Number(query.depth) || 4,
    });
    const spec = familyChart(byQuality(rows), b);
    return { kind: "line", title, spec, tables: [lineTable(spec, title)] };
  },
  optimisations(rows) {
    const position = rows[0].position;
    const title =
      position === EMPTY_BOARD
        ? _("Tic-tac-toe speed-ups: nodes visited from the empty board")
        : _("Tic-tac-toe speed-ups: nodes visited from position {position}", { position });
    const spec = optimisationsChart(rows, position);
    return { kind: "bars", title, spec, tables: [barsTable(spec, title, _("Method"))] };
  },
};

/** The experiment names a figure can be made for (the API's). */
export const FIGURE_EXPERIMENTS = Object.keys(FIGURES);

/**
 * The figure of experiment `name` run with `query` (the API's parameters, as text): `rows`
 * and `summary` as its stream sent them. Throws an Error for an unknown name or no rows.
 */
export function experimentFigure(name, rows, query = {}, summary = null) {
  if (!Object.hasOwn(FIGURES, name)) throw new Error(`no chart for the experiment “${name}”`);
  if (!rows || rows.length === 0) throw new Error("the experiment sent no rows");
  const figure = FIGURES[name](rows, query || {}, summary);
  return { name, ...figure, spec: { ...figure.spec, label: figure.spec.label + " " + _("The numbers are in the table under the chart.") } };
}

/** What an experiment slide shows, in words: "Experiment: move ordering, branching 3, …". */
export function experimentSummary(name, query = {}) {
  const q = Object.fromEntries(Object.entries(query || {}).map(([key, value]) => [key, String(value)]));
  const depths = q.depths || "1-10";
  const b = q.branching || "2";
  if (name === "random-binary") {
    const seeds = q.seeds || "0-99";
    const [first, last = first] = seeds.split("-");
    const at = { first, seeds, depth: q.depth || "10" };
    if (first === last && q.rule === "strict")
      return _("Experiment: one random binary tree (seed {first}, depth {depth}, strict rule)", at);
    if (first === last) return _("Experiment: one random binary tree (seed {first}, depth {depth})", at);
    if (q.rule === "strict") return _("Experiment: random binary trees (seeds {seeds}, depth {depth}, strict rule)", at);
    return _("Experiment: random binary trees (seeds {seeds}, depth {depth})", at);
  }
  if (name === "ordering") return _("Experiment: move ordering (branching {b}, depths {depths})", { b, depths });
  if (name === "rules") {
    const values = Number(q.values || 3);
    return _("Experiment: the pruning rule on ties (branching {b}, depths {depths}, leaf values 0–{top})", { b, depths, top: values - 1 });
  }
  if (name === "pruning-family") {
    return _("Experiment: the pruning family as ordering worsens (branching {b}, depth {depth})", {
      b: q.branching || "3",
      depth: q.depth || "4",
    });
  }
  if (name === "optimisations") {
    const first = (q.positions || EMPTY_BOARD).split(",")[0];
    return _("Experiment: tic-tac-toe speed-ups from {board}", { board: boardName(first) });
  }
  return _("Experiment: {name}", { name });
}
