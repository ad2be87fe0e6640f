// line-chart.js: series against a whole-number x (depth) on a log y axis, for the ordering
// and rule experiments. Each series has its own colour, dash pattern and marker shape (from
// its class and `marker`), so the lines stay apart in greyscale and for colour-blind eyes.
// Reference curves (b^d, Knuth–Moore) are drawn first and wider: a measured series lying
// exactly on one (perfect ordering on Knuth–Moore) shows as a line inside a band.

import { formatCount, formatNumber } from "./numbers.js";
import {
  FONT_PX,
  SYMBOLS,
  chartHeight,
  drawAxes,
  freshSvg,
  leftMargin,
  logDomain,
  logTicks,
  observeWidth,
  plotArea,
  renderLegend,
  Y_TITLE_PX,
} from "./chart-kit.js";

/* global d3 */
const MARKER_AREA = 70; // px²: a marker about 9 px across

/**
 * A line chart in `container` with its legend in `legend` (a <ul>). Returns {show(spec)}:
 * spec = {label, xLabel, yLabel, xTicks?, series: [{key, label, className, marker,
 * reference?, points: [{x, y}]}]}. Drawn again at each width the container takes.
 */
export function lineChart(container, legend) {
  let spec = null;
  const redraw = observeWidth(container, (width) => spec && draw(container, spec, width));
  return {
    show(next) {
      spec = next;
      renderLegend(
        legend,
        spec.series.map((s) => ({
          label: s.label,
          className: s.className,
          marker: s.marker,
          kind: "line",
        }))
      );
      redraw();
    },
  };
}

function draw(container, spec, width) {
  const points = spec.series.flatMap((s) => s.points);
  if (points.length === 0) {
    container.replaceChildren();
    return;
  }
  const height = chartHeight(width);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y).filter((y) => y > 0);
  const yDomain = logDomain(d3.min(ys), d3.max(ys));
  const top = Y_TITLE_PX + 10;
  const plotHeight = height - top - 60;
  const yTicks = logTicks(yDomain, plotHeight / (FONT_PX * 2));
  const margin = { top, right: 18, bottom: 60, left: leftMargin(yTicks.map(formatCount)) };
  const innerWidth = width - margin.left - margin.right;

  let [x0, x1] = d3.extent(xs);
  if (x0 === x1) [x0, x1] = [x0 - 0.5, x1 + 0.5]; // one depth: still a visible x axis
  const x = d3.scaleLinear().domain([x0, x1]).range([0, innerWidth]);
  const y = d3.scaleLog().domain(yDomain).range([plotHeight, 0]);
  // Whole-number ticks only (depths), thinned to fit: a label needs ~3 characters of room;
  // a spec may name its own (`xTicks`: the x values it has, such as 0, 25, …, 100 percent).
  const every = Math.max(1, Math.ceil((x1 - x0 + 1) / Math.max(2, innerWidth / (FONT_PX * 2.6))));
  const xTicks = spec.xTicks || d3.range(Math.ceil(x0), Math.floor(x1) + 1).filter((v, i) => i % every === 0);

  const svg = freshSvg(container, { width, height, label: spec.label });
  const g = plotArea(svg, margin);
  drawAxes(g, {
    x,
    y,
    width: innerWidth,
    height: plotHeight,
    xLabel: spec.xLabel,
    yLabel: spec.yLabel,
    xTicks,
    yTicks,
    xFormat: d3.format("d"),
    yFormat: formatCount,
  });

  const line = d3
    .line()
    .defined((p) => p.y > 0)
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  const ordered = [...spec.series.filter((s) => s.reference), ...spec.series.filter((s) => !s.reference)];
  const groups = g
    .append("g")
    .attr("class", "series")
    .selectAll("g")
    .data(ordered)
    .join("g")
    .attr("class", (s) => `serie ${s.className}${s.reference ? " reference" : ""}`)
    .attr("data-series", (s) => s.key);
  groups
    .append("path")
    .attr("class", (s) => `line ${s.className}`)
    .attr("d", (s) => line(s.points));
  groups
    .selectAll("path.marker")
    .data((s) => s.points.filter((p) => p.y > 0).map((p) => ({ ...p, s })))
    .join("path")
    .attr("class", (p) => `marker ${p.s.className}`)
    .attr("transform", (p) => `translate(${x(p.x)},${y(p.y)})`)
    .attr("d", (p) => d3.symbol(SYMBOLS[p.s.marker] || d3.symbolCircle, MARKER_AREA)())
    .append("title")
    .text((p) => `${p.s.label}, ${spec.xLabel.toLowerCase()} ${p.x}: ${formatNumber(p.y)}`);
}
