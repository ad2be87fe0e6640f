// lesson/slide-chart.js: an experiment slide's chart drawn from its data ({name, query, rows,
// summary?}: the rows the presenter's page had, as a lecture's lesson mark carries them, and
// the summary the server added), the same figure the lesson's stage draws for that slide
// (lesson/experiment-figure.js, drawn by lesson/figure-view.js). The students' page draws a
// slide's chart through this one call.

import { experimentFigure } from "./experiment-figure.js";
import { drawFigure } from "./figure-view.js";

/** Draw `chart` ({name, query, rows, summary?}) in `container`, emptied first. */
export function drawSlideChart(container, chart) {
  drawFigure(container, experimentFigure(chart.name, chart.rows, chart.query, chart.summary || null));
}
