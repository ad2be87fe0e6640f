// chart-kit.js: what the experiments' charts share: an SVG sized to its container (redrawn
// when the container's width changes), axes with large labels and grid lines, readable
// ticks on a log scale, marker shapes and the HTML legend. D3 v7 is the page's global `d3`.
// Colours and dash patterns live in experiments.css (classes s-*), so the legend and the
// marks cannot disagree.

/* global d3 */

export const FONT_PX = 15; // tick labels: readable from the back of a lecture room
const CHAR_PX = 9; // a tick label's width per character at FONT_PX, for the left margin
export const Y_TITLE_PX = 26; // the row above the plot that holds the y axis's title

/** Marker shapes by name: series differ by shape as well as by colour and dash. */
export const SYMBOLS = {
  circle: d3.symbolCircle,
  square: d3.symbolSquare,
  triangle: d3.symbolTriangle,
  diamond: d3.symbolDiamond,
  cross: d3.symbolCross,
  times: d3.symbolTimes,
  star: d3.symbolStar,
};

/** A chart's height for a width: wide on a projector, taller than wide never. */
export function chartHeight(width, { min = 290, max = 420, ratio = 0.58 } = {}) {
  return Math.round(Math.min(max, Math.max(min, width * ratio)));
}

/**
 * Call draw(width) now and whenever `container`'s width changes (rounded, at most once a
 * frame). Returns a function that redraws at the current width (for new data).
 */
export function observeWidth(container, draw) {
  let width = 0;
  let frame = 0;
  const measure = () => Math.floor(container.clientWidth);
  const redraw = () => {
    width = measure();
    if (width > 0) draw(width);
  };
  new ResizeObserver(() => {
    if (measure() === width || frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      redraw();
    });
  }).observe(container);
  return redraw;
}

/**
 * The container's one SVG, emptied and sized: role="img" with `label` as its name, since
 * the data table beside it is the accessible alternative to reading the marks.
 */
export function freshSvg(container, { width, height, label }) {
  const svg = d3
    .select(container)
    .selectAll("svg.chart-svg")
    .data([null])
    .join("svg")
    .attr("class", "chart-svg")
    .attr("width", width)
    .attr("height", height)
    .attr("viewBox", `0 0 ${width} ${height}`)
    .attr("role", "img")
    .attr("aria-label", label);
  svg.selectAll("*").remove();
  return svg;
}

/** The left margin that fits the widest of `labels` (the y title sits above the plot). */
export function leftMargin(labels) {
  const longest = Math.max(1, ...labels.map((text) => text.length));
  return Math.ceil(longest * CHAR_PX + 16);
}

/** The domain of a log scale covering [low, high], widened to whole powers of ten. */
export function logDomain(low, high) {
  const lo = Math.max(low, 1e-9);
  return [10 ** Math.floor(Math.log10(lo)), 10 ** Math.max(Math.ceil(Math.log10(high)), Math.floor(Math.log10(lo)) + 1)];
}

/**
 * Ticks of a log scale people can read: powers of ten, plus 2× and 5× when the domain
 * spans few decades (and `room` allows: the axis length over the space a label needs).
 */
export function logTicks([low, high], room = Infinity) {
  const decades = Math.round(Math.log10(high / low));
  const steps = decades <= 2 && room >= decades * 3 ? [1, 2, 5] : [1];
  const ticks = [];
  for (let e = Math.round(Math.log10(low)); e <= Math.log10(high) + 1e-9; e++) {
    for (const m of steps) {
      const t = m * 10 ** e;
      if (t >= low * (1 - 1e-9) && t <= high * (1 + 1e-9)) ticks.push(t);
    }
  }
  // Too many decades for the room: every other power of ten.
  if (ticks.length > room && steps.length === 1) return ticks.filter((_, i) => i % 2 === 0);
  return ticks;
}

/**
 * Axes in `g` (already translated to the plot's corner, its datum the margin): x along the
 * bottom, y on the left with horizontal grid lines, each with a title (y's in the top
 * Y_TITLE_PX of the margin). xTicks/yTicks: tick values (or a count).
 */
export function drawAxes(g, { x, y, width, height, xLabel, yLabel, xTicks, yTicks, xFormat, yFormat }) {
  const yAxis = d3.axisLeft(y).tickSizeOuter(0).tickPadding(8);
  if (Array.isArray(yTicks)) yAxis.tickValues(yTicks);
  else if (yTicks) yAxis.ticks(yTicks);
  if (yFormat) yAxis.tickFormat(yFormat);
  const yg = g.append("g").attr("class", "axis axis-y").call(yAxis);
  yg.selectAll(".tick line").attr("class", "grid").attr("x1", 0).attr("x2", width);

  const xAxis = d3.axisBottom(x).tickSizeOuter(0).tickPadding(6);
  if (Array.isArray(xTicks)) xAxis.tickValues(xTicks);
  else if (xTicks) xAxis.ticks(xTicks);
  if (xFormat) xAxis.tickFormat(xFormat);
  g.append("g").attr("class", "axis axis-x").attr("transform", `translate(0,${height})`).call(xAxis);

  g.append("text")
    .attr("class", "axis-title")
    .attr("x", width / 2)
    .attr("y", height + 46)
    .attr("text-anchor", "middle")
    .text(xLabel);
  // The y title reads horizontally above the axis: no rotated text, and room on a phone.
  g.append("text")
    .attr("class", "axis-title")
    .attr("x", -g.datum().left + 4)
    .attr("y", -g.datum().top + Y_TITLE_PX - 6)
    .text(`↑ ${yLabel}`);
}

/** The plot area: a <g> translated by the margin, with the margin as its datum. */
export function plotArea(svg, margin) {
  return svg.append("g").datum(margin).attr("transform", `translate(${margin.left},${margin.top})`);
}

/**
 * The legend (an HTML list under the chart: it wraps on a phone): one item per series with
 * a sample of its line (class, dash from CSS) and marker. items: [{label, className,
 * marker?, kind: "line" | "bar" | "rule"}].
 */
export function renderLegend(list, items) {
  list.replaceChildren();
  for (const item of items) {
    const li = document.createElement("li");
    const svg = d3.create("svg").attr("class", "legend-sample").attr("width", 44).attr("height", 20).attr("aria-hidden", "true");
    if (item.kind === "bar") {
      svg.append("rect").attr("class", `bar ${item.className}`).attr("x", 8).attr("y", 3).attr("width", 28).attr("height", 14);
    } else {
      svg.append("line").attr("class", `line ${item.className}`).attr("x1", 2).attr("x2", 42).attr("y1", 10).attr("y2", 10);
    }
    if (item.marker) {
      svg
        .append("path")
        .attr("class", `marker ${item.className}`)
        .attr("transform", "translate(22,10)")
        .attr("d", d3.symbol(SYMBOLS[item.marker], 64)());
    }
    const text = document.createElement("span");
    text.textContent = item.label;
    li.append(svg.node(), text);
    list.appendChild(li);
  }
  list.hidden = items.length === 0;
}
