// series.js: the wiring the line-chart experiments share (ordering, rules): each run reads
// its form, and as rows arrive (and when a run is cancelled, with what came) the table, the
// finding, the CSV and the chart are redrawn from `draw(rows, asked)`.

import { _ } from "../lib/i18n.js";
import { csvName } from "./csv.js";
import { lineChart } from "./line-chart.js";
import { Results } from "./results.js";
import { wireExperimentSlide } from "./lesson-slide.js";
import { Runner, formValues, parts } from "./runner.js";

/** `draw(rows, asked)` → {table, finding, figure}: what the rows so far show. */
export function seriesExperiment(root, name, draw) {
  const els = parts(root);
  const chart = lineChart(els.chart, els.legend);
  let asked = {};
  const results = new Results(root, [() => csvName(name, asked)]);
  const show = (rows) => {
    const { table, finding, figure } = draw(rows, asked);
    results.show({ tables: [table], finding, again: () => show(rows) });
    const note = _("The table gives every number.");
    chart.show({ ...figure, label: `${figure.label} ${note}` });
  };
  wireExperimentSlide(root, name, () => formValues(els.form));
  new Runner(root, {
    params() {
      asked = formValues(els.form);
      return asked;
    },
    start: () => results.clear(),
    rows: show,
    done: ({ rows }) => show(rows),
    stopped: (rows) => (rows.length ? show(rows) : results.clear()),
  });
}
