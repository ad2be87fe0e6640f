// histogram.js: how many trees fall in each bin (the server's equal-width bins), with
// vertical rules marking statistics (mean, median, p10, p90) and a value to place among
// them (one article's 681). Rule labels sit above the plot in as many rows as it takes for
// none to overlap (the mean and the median are often a node apart), over the rules, haloed.

import { _ } from "../lib/i18n.js";
import { formatCount } from "./numbers.js";
import {
  FONT_PX,
  SYMBOLS,
  chartHeight,
  drawAxes,
  freshSvg,
  leftMargin,
  observeWidth,
  plotArea,
  renderLegend,
  Y_TITLE_PX,
} from "./chart-kit.js";

/* global d3 */
const LABEL_CHAR_PX = 8.6; // a rule label's width per character (FONT_PX, bold)
const ROW_PX = 21; // one row of rule labels
const LABEL_GAP = 8;

/**
 * A histogram in `container`, its legend in `legend`. Returns {show(spec)}: spec = {label,
 * xLabel, yLabel, bins: [{x0, x1, count}], markers: [{key, label, value, className,
 * marker?, legend?}]}; a marker's label is drawn above the plot, its rule across it; its
 * legend entry says `legend` (else its label; none when legend is null).
 */
export function histogram(container, legend) {
  let spec = null;
  const redraw = observeWidth(container, (width) => spec && draw(container, spec, width));
  return {
    show(next) {
      spec = next;
      renderLegend(legend, [
        { label: spec.yLabel, className: "s-bin", kind: "bar" },
        ...spec.markers
          .filter((m) => m.legend !== null) // null: shares another marker's legend entry
          .map((m) => ({
            label: m.legend || m.label,
            className: m.className,
            marker: m.marker,
            kind: "line",
          })),
      ]);
      redraw();
    },
  };
}

/** Rows for labels centred at x (sorted), each row's labels apart: [{...label, row, left}]. */
export function placeLabels(labels, width) {
  const rightEdges = []; // per row: where its last label ends
  return [...labels]
    .sort((a, b) => a.x - b.x)
    .map((label) => {
      const w = label.text.length * LABEL_CHAR_PX;
      const left = Math.min(Math.max(0, label.x - w / 2), Math.max(0, width - w));
      let row = rightEdges.findIndex((right) => right + LABEL_GAP <= left);
      if (row < 0) row = rightEdges.push(0) - 1;
      rightEdges[row] = left + w;
      return { ...label, row, left, width: w };
    });
}

function draw(container, spec, width) {
  if (spec.bins.length === 0) {
    container.replaceChildren();
    return;
  }
  const counts = spec.bins.map((b) => b.count);
  const y = d3
    .scaleLinear()
    .domain([0, d3.max(counts)])
    .nice();
  const yTicks = y.ticks(5).filter(Number.isInteger);
  const margin = { top: 0, right: 18, bottom: 60, left: leftMargin(yTicks.map(formatCount)) };
  const innerWidth = width - margin.left - margin.right;

  const lows = [spec.bins[0].x0, ...spec.markers.map((m) => m.value)];
  const highs = [spec.bins[spec.bins.length - 1].x1, ...spec.markers.map((m) => m.value)];
  const x = d3
    .scaleLinear()
    .domain([d3.min(lows), d3.max(highs)])
    .nice()
    .range([0, innerWidth]);

  const placed = placeLabels(
    spec.markers.map((m) => ({ ...m, x: x(m.value), text: m.label })),
    innerWidth
  );
  const rows = d3.max(placed, (p) => p.row + 1) || 0;
  margin.top = Y_TITLE_PX + 8 + rows * ROW_PX;
  const height = chartHeight(width) + rows * ROW_PX + Y_TITLE_PX;
  const plotHeight = height - margin.top - margin.bottom;
  y.range([plotHeight, 0]);

  const svg = freshSvg(container, { width, height, label: spec.label });
  const g = plotArea(svg, margin);
  drawAxes(g, {
    x,
    y,
    width: innerWidth,
    height: plotHeight,
    xLabel: spec.xLabel,
    yLabel: spec.yLabel,
    xTicks: Math.max(2, Math.floor(innerWidth / (FONT_PX * 5))),
    yTicks,
    xFormat: formatCount,
    yFormat: formatCount,
  });

  g.append("g")
    .attr("class", "bins")
    .selectAll("rect")
    .data(spec.bins)
    .join("rect")
    .attr("class", "bar s-bin")
    .attr("x", (b) => x(b.x0) + 0.5)
    .attr("width", (b) => Math.max(1, x(b.x1) - x(b.x0) - 1))
    .attr("y", (b) => y(b.count))
    .attr("height", (b) => plotHeight - y(b.count))
    .append("title")
    .text((b) => _("{from} to {to}: {count}", { from: formatCount(b.x0), to: formatCount(b.x1), count: formatCount(b.count) }));

  // Rules first, labels over them with a halo: a rule may cross a label of a lower row.
  const baseline = (p) => -8 - p.row * ROW_PX; // row 0 sits just above the plot
  const rules = g
    .append("g")
    .attr("class", "rules")
    .selectAll("g")
    .data(placed)
    .join("g")
    .attr("class", (p) => `rule ${p.className}`)
    .attr("data-marker", (p) => p.key);
  rules
    .append("line")
    .attr("class", (p) => `line ${p.className}`)
    .attr("x1", (p) => p.x)
    .attr("x2", (p) => p.x)
    .attr("y1", (p) => baseline(p) + 4)
    .attr("y2", plotHeight);
  rules
    .filter((p) => p.marker)
    .append("path")
    .attr("class", (p) => `marker ${p.className}`)
    .attr("transform", (p) => `translate(${p.x},${plotHeight - 6})`)
    .attr("d", (p) => d3.symbol(SYMBOLS[p.marker], 90)());
  g.append("g")
    .attr("class", "rule-labels")
    .selectAll("text")
    .data(placed)
    .join("text")
    .attr("class", "rule-label")
    .attr("x", (p) => p.left)
    .attr("y", baseline)
    .text((p) => p.text);
}
