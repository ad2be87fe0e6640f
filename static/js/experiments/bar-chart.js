// bar-chart.js: one horizontal bar per category (a search method), each labelled above its
// bar and valued at its end: names as long as "alphabeta+ordering" then fit a phone as
// well as a projector. The scale is linear or logarithmic (minimax against the speed-ups
// spans three powers of ten).

import { formatCount } from "./numbers.js";
import { FONT_PX, freshSvg, logDomain, logTicks, observeWidth, plotArea } from "./chart-kit.js";

/* global d3 */
const LABEL_ROW = 22; // the category's name above its bar
const BAR = 26;
const GAP = 14;
const VALUE_ROOM = 84; // right of the longest bar: its value ("549,946")

/**
 * A bar chart in `container`. Returns {show(spec)}: spec = {label, xLabel, scale: "log" |
 * "linear", bars: [{key, label, value, className?}]}.
 */
export function barChart(container) {
  let spec = null;
  const redraw = observeWidth(container, (width) => spec && draw(container, spec, width));
  return {
    show(next) {
      spec = next;
      redraw();
    },
  };
}

function draw(container, spec, width) {
  if (spec.bars.length === 0) {
    container.replaceChildren();
    return;
  }
  const band = LABEL_ROW + BAR + GAP;
  const margin = { top: 8, right: VALUE_ROOM, bottom: 58, left: 12 };
  const plotHeight = spec.bars.length * band;
  const height = plotHeight + margin.top + margin.bottom;
  const innerWidth = width - margin.left - margin.right;
  const values = spec.bars.map((b) => b.value);
  const log = spec.scale === "log";
  const domain = log ? logDomain(d3.min(values), d3.max(values)) : [0, d3.max(values)];
  const x = (log ? d3.scaleLog() : d3.scaleLinear()).domain(domain).range([0, innerWidth]);
  if (!log) x.nice();
  const room = innerWidth / (FONT_PX * 5); // a tick label is about five characters wide
  const ticks = log ? logTicks(x.domain(), room) : x.ticks(Math.max(2, Math.floor(room)));

  const svg = freshSvg(container, { width, height, label: spec.label });
  const g = plotArea(svg, margin);

  const axis = d3.axisBottom(x).tickValues(ticks).tickFormat(formatCount).tickSizeOuter(0).tickPadding(6);
  const xg = g.append("g").attr("class", "axis axis-x").attr("transform", `translate(0,${plotHeight})`).call(axis);
  xg.selectAll(".tick line").attr("class", "grid").attr("y1", 0).attr("y2", -plotHeight);
  g.append("text")
    .attr("class", "axis-title")
    .attr("x", innerWidth / 2)
    .attr("y", plotHeight + 46)
    .attr("text-anchor", "middle")
    .text(spec.xLabel);

  const rows = g
    .append("g")
    .attr("class", "bars")
    .selectAll("g")
    .data(spec.bars)
    .join("g")
    .attr("class", "bar-row")
    .attr("data-key", (b) => b.key)
    .attr("transform", (b, i) => `translate(0,${i * band})`);
  rows
    .append("text")
    .attr("class", "bar-label")
    .attr("x", 0)
    .attr("y", LABEL_ROW - 6)
    .text((b) => b.label);
  rows
    .append("rect")
    .attr("class", (b) => `bar ${b.className || "s-bar"}`)
    .attr("x", 0)
    .attr("y", LABEL_ROW)
    .attr("height", BAR)
    .attr("width", (b) => Math.max(2, x(b.value) - x(domain[0])))
    .append("title")
    .text((b) => `${b.label}: ${formatCount(b.value)}`);
  rows
    .append("text")
    .attr("class", "bar-value")
    .attr("x", (b) => Math.max(2, x(b.value) - x(domain[0])) + 8)
    .attr("y", LABEL_ROW + BAR / 2)
    .attr("dominant-baseline", "central")
    .text((b) => formatCount(b.value));
}
