// lesson/figure-view.js: an experiment's figure (lesson/experiment-figure.js) drawn in a
// container — the one call the lesson stage, the handouts and a student's page in a lecture
// make: `drawFigure(container, figure)`. The container gets a figure.chart-figure with the
// title as its caption, the chart /experiments draws (experiments/line-chart.js,
// bar-chart.js or histogram.js: an svg role="img" named by the spec's label, redrawn when
// the container's width changes), its legend (an HTML list, line charts and histograms) and
// the chart's numbers as tables under a "The numbers" disclosure. D3 is the page's global.

import { _ } from "../lib/i18n.js";
import { barChart } from "../experiments/bar-chart.js";
import { histogram } from "../experiments/histogram.js";
import { lineChart } from "../experiments/line-chart.js";
import { renderTable } from "../experiments/table.js";

const CHARTS = {
  line: (plot, legend) => lineChart(plot, legend),
  bars: (plot) => barChart(plot),
  histogram: (plot, legend) => histogram(plot, legend),
};
let drawn = 0; // figures drawn on this page: unique ids for captions

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Fill `container` with `figure` ({name, title, kind, spec, tables}); returns the <figure>. */
export function drawFigure(container, figure) {
  const id = `experiment-figure-${++drawn}`;
  const box = element("figure", "chart-figure experiment-figure");
  box.dataset.figureKind = figure.kind;
  box.dataset.experiment = figure.name;
  const caption = element("figcaption", "chart-title", figure.title);
  caption.id = `${id}-title`;
  const plot = element("div", "chart");
  const legend = element("ul", "chart-legend");
  legend.setAttribute("aria-label", _("Legend"));
  legend.hidden = true;
  const numbers = element("details", "figure-numbers");
  numbers.append(element("summary", "", _("The numbers")));
  figure.tables.forEach((table, k) => {
    const wrap = element("div", "table-wrap");
    wrap.setAttribute("role", "region");
    wrap.tabIndex = 0;
    wrap.setAttribute("aria-labelledby", `${id}-table-${k}`);
    renderTable(wrap, table);
    numbers.append(wrap);
  });
  box.append(caption, plot, legend, numbers);
  container.replaceChildren(box);
  CHARTS[figure.kind](plot, legend).show(figure.spec);
  return box;
}
