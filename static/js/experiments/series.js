// series.js: the wiring the line-chart experiments share (ordering, rules): each run reads
// its form, and as rows arrive (and when a run is cancelled, with what came) the table, the
// finding, the CSV and the chart are redrawn from `draw(rows, asked)`.

import { csvName } from "./csv.js";
import { lineChart } from "./line-chart.js";
import { Results } from "./results.js";
import { Runner, formValues, parts } from "./runner.js";
import { wireAddToLesson } from "../lesson/add-to-lesson.js";

/** `draw(rows, asked)` → {table, finding, figure}: what the rows so far show. */
export function seriesExperiment(root, name, draw) {
  const els = parts(root);
  const chart = lineChart(els.chart, els.legend);
  let asked = {};
  const results = new Results(root, [() => csvName(name, asked)]);
  const show = (rows) => {
    const { table, finding, figure } = draw(rows, asked);
    results.show({ tables: [table], finding });
    chart.show(figure);
  };
  if (els["add-to-lesson"]) {
    // "Add to lesson": the chart of this run's parameters becomes an experiment slide.
    const title = root.querySelector(".chart-title").textContent.trim();
    const slide = () => ({ title, notes: "", view: { kind: "experiment", name, query: formValues(els.form) } });
    wireAddToLesson(els["add-to-lesson"], slide, els["lesson-status"]);
  }
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
