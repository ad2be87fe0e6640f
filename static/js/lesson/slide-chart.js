// lesson/slide-chart.js: an experiment slide's chart drawn from its data ({name, query,
// rows}: the rows the experiment gave, as a lecture's lesson mark carries them), the chart
// the lesson's stage draws for that slide (lesson/slides.js experimentChart, drawn by
// experiments/line-chart.js). The students' page draws a slide's chart through this one call
// only, so that another figure (another experiment's) is one change here.

import { lineChart } from "../experiments/line-chart.js";
import { experimentChart } from "./slides.js";

function element(tag, className) {
  const made = document.createElement(tag);
  made.className = className;
  return made;
}

/** Draw `chart` ({name, query, rows}) in `figure`, emptied first: its title, plot and legend. */
export function drawSlideChart(figure, chart) {
  const { title, spec } = experimentChart(chart.name, chart.rows, chart.query);
  const caption = element("figcaption", "chart-title");
  caption.textContent = title;
  const plot = element("div", "chart");
  const legend = element("ul", "chart-legend");
  legend.setAttribute("aria-label", "Legend");
  figure.replaceChildren(caption, plot, legend);
  lineChart(plot, legend).show(spec);
}
