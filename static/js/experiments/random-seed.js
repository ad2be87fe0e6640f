// random-seed.js: experiment 1, one tree. The random binary tree of depth 10 for one seed:
// minimax's nodes against alpha-beta's as two bars, the numbers in a table, and a link
// that opens the very same tree in the visualizer (its random source: seed, depth 10,
// branching 2, leaves 0..100, as app/experiments/random_binary.py generates it).

import { barChart } from "./bar-chart.js";
import { searchNames, seedChart } from "./chart-specs.js";
import { _ } from "../lib/i18n.js";
import { formatCount, formatPercent } from "./numbers.js";
import { csvName } from "./csv.js";
import { wireExperimentSlide } from "./lesson-slide.js";
import { Results } from "./results.js";
import { Runner, formValues, parts } from "./runner.js";

export const DEPTH = 10;
// The visualizer's ?random= parameters for seed S (static/js/lib/url-state.js reads them).
const TREE = { depth: DEPTH, branching: 2, low: 0, high: 100 };

/** The visualizer's address for the tree of `seed`, searched by alpha-beta under `rule`. */
export function visualizerLink(seed, rule) {
  const params = new URLSearchParams({
    random: JSON.stringify({ seed, ...TREE }),
    algorithm: "alphabeta",
    rule,
    step: "end",
  });
  return `/?${params}`;
}

export function setupRandomSeed(root) {
  const els = parts(root);
  const chart = barChart(els.chart);
  let asked = {};
  const results = new Results(root, [() => csvName("random-binary", { depth: DEPTH, ...asked })]);
  // One seed is the range "S" (the API reads "A" alone as A-A).
  const query = (values) => ({ depth: DEPTH, seeds: values.seed ?? "", rule: values.rule });
  wireExperimentSlide(root, "random-binary", () => query(formValues(els.form)));

  new Runner(root, {
    params() {
      asked = formValues(els.form);
      return query(asked);
    },
    start() {
      results.clear();
      els["open-tree"].hidden = true;
    },
    rows() {},
    done({ rows }) {
      show(rows[0], asked.rule);
    },
    stopped() {},
  });

  function show(row, rule) {
    const table = {
      caption: _("Seed {seed}: nodes visited on the random binary tree of depth {depth}", { seed: row.seed, depth: DEPTH }),
      columns: [
        { key: "search", label: _("Search"), rowHeader: true, format: (v) => searchNames()[v] },
        { key: "nodes_visited", label: _("Nodes visited"), numeric: true, format: formatCount },
      ],
      rows: [
        { search: "minimax", nodes_visited: row.minimax_nodes },
        { search: "alphabeta", nodes_visited: row.alphabeta_nodes },
      ],
    };
    const values = {
      seed: row.seed,
      alphabeta: formatCount(row.alphabeta_nodes),
      minimax: formatCount(row.minimax_nodes),
      saved: formatPercent(row.percent_saved),
      leaves: formatCount(row.alphabeta_leaves),
      minimaxLeaves: formatCount(row.minimax_leaves),
      cutoffs: formatCount(row.cutoffs),
    };
    const finding =
      rule === "strict"
        ? _(
            "Seed {seed}: alpha-beta (strict rule) visits {alphabeta} of minimax's {minimax} nodes, saving {saved}; it evaluates {leaves} of {minimaxLeaves} leaves and cuts off {cutoffs} times.",
            values
          )
        : _(
            "Seed {seed}: alpha-beta (standard rule) visits {alphabeta} of minimax's {minimax} nodes, saving {saved}; it evaluates {leaves} of {minimaxLeaves} leaves and cuts off {cutoffs} times.",
            values
          );
    results.show({ tables: [table], finding, again: () => show(row, rule) });
    chart.show(seedChart(row));
    els["open-link"].href = visualizerLink(row.seed, rule);
    els["open-link"].textContent = _("Open the tree of seed {seed} in the visualizer", { seed: row.seed });
    els["open-tree"].hidden = false;
  }
}
