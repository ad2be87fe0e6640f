// chart-picture.js: an experiment's chart as a picture to download: its title, the chart's
// SVG and its legend (an HTML list on the page, drawn here as SVG rows) in one detached
// <svg class="chart-svg chart-picture">, which lib/export.js writes as SVG or PNG with
// the page's styles inlined. bindChartDownloads wires a figure's "Chart (SVG)" and "Chart
// (PNG)" buttons.

import { download, pngBlob, svgText } from "../lib/export.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const TITLE_ROW = 34; // px above the chart for its title
const LEGEND_ROW = 28; // px per legend row
const SAMPLE_WIDTH = 44; // a legend sample's width (chart-kit.js renderLegend)
const LABEL_CHAR_PX = 8.5; // a legend label's width per character at 15 px, for wrapping
const ITEM_GAP = 24;

function svgEl(name, attrs = {}, text = "") {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text) el.textContent = text;
  return el;
}

/**
 * The chart in `figure` (figure.chart-figure: a .chart-title, an svg.chart-svg, a
 * .chart-legend) as a detached <svg> with a viewBox, or null before the chart is drawn.
 */
export function chartPicture(figure) {
  const chart = figure.querySelector("svg.chart-svg");
  if (!chart) return null;
  const width = Number(chart.getAttribute("width"));
  const height = Number(chart.getAttribute("height"));
  const title = figure.querySelector(".chart-title").textContent.trim();
  const svg = svgEl("svg", { class: "chart-svg chart-picture", role: "img", "aria-label": title });
  svg.append(svgEl("title", {}, title));
  svg.append(svgEl("text", { class: "axis-title", x: 4, y: 22 }, title));
  const plot = chart.cloneNode(true);
  plot.setAttribute("x", "0");
  plot.setAttribute("y", String(TITLE_ROW));
  plot.removeAttribute("role");
  plot.removeAttribute("aria-label");
  svg.append(plot);

  // The legend, item after item, wrapped at the chart's width.
  const legend = figure.querySelector(".chart-legend");
  let x = 4;
  let rows = 0;
  if (legend && !legend.hidden && legend.children.length) {
    rows = 1;
    for (const li of legend.children) {
      const label = li.textContent.trim();
      const itemWidth = SAMPLE_WIDTH + 6 + label.length * LABEL_CHAR_PX;
      if (x > 4 && x + itemWidth > width) {
        x = 4;
        rows += 1;
      }
      const y = TITLE_ROW + height + 12 + (rows - 1) * LEGEND_ROW;
      const sample = li.querySelector("svg").cloneNode(true);
      sample.setAttribute("x", String(x));
      sample.setAttribute("y", String(y));
      svg.append(sample, svgEl("text", { class: "legend-label", x: x + SAMPLE_WIDTH + 6, y: y + 15, "font-size": 15 }, label));
      x += itemWidth + ITEM_GAP;
    }
  }
  const total = TITLE_ROW + height + (rows ? 12 + rows * LEGEND_ROW : 0) + 8;
  svg.setAttribute("viewBox", `0 0 ${width} ${total}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(total));
  return svg;
}

/**
 * Make `svgButton` and `pngButton` download the chart in `figure` as `filename(ext)` (nothing
 * before it is drawn).
 */
export function bindChartDownloads(figure, { svgButton, pngButton }, filename) {
  svgButton.addEventListener("click", () => {
    const picture = chartPicture(figure);
    if (!picture) return;
    const { text } = svgText(picture, { title: picture.getAttribute("aria-label") });
    download(new Blob([text], { type: "image/svg+xml" }), filename("svg"));
  });
  pngButton.addEventListener("click", async () => {
    const picture = chartPicture(figure);
    if (!picture) return;
    download(await pngBlob(picture, { title: picture.getAttribute("aria-label") }), filename("png"));
  });
}
