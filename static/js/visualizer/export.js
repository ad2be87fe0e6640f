// visualizer/export.js: downloads of the current picture (a standalone SVG, a PNG) and of the trace.
// The SVG copy carries each element's computed style inline, so it renders anywhere.

const SVG_NS = "http://www.w3.org/2000/svg";
const STYLE_PROPS = [
  "display",
  "visibility",
  "opacity",
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "paint-order",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
];
const PAD = 24;

/** Save a Blob as a file (an <a download> click). */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Give the `copy` tree one class per distinct computed style of the parallel `source` tree
 * and return the rules (a stylesheet, not style attributes: the page's CSP forbids those).
 */
function styleClasses(source, copy, classes = new Map()) {
  const computed = getComputedStyle(source);
  const parts = [];
  for (const prop of STYLE_PROPS) {
    const value = computed.getPropertyValue(prop);
    if (value !== "") parts.push(`${prop}:${value}`);
  }
  const rule = parts.join(";");
  if (!classes.has(rule)) classes.set(rule, `s${classes.size}`);
  copy.setAttribute("class", classes.get(rule));
  copy.removeAttribute("style");
  const a = source.children;
  const b = copy.children;
  for (let i = 0; i < a.length && i < b.length; i++) styleClasses(a[i], b[i], classes);
  return classes;
}

/** The tree as a standalone SVG document (text), cropped to the drawing. */
export function svgText(svgElement, { title = "Prune", background = "#ffffff" } = {}) {
  const viewport = svgElement.querySelector("g.viewport");
  const box = viewport.getBBox();
  const x = Math.floor(box.x - PAD);
  const y = Math.floor(box.y - PAD);
  const width = Math.ceil(box.width + 2 * PAD);
  const height = Math.ceil(box.height + 2 * PAD);
  const copy = svgElement.cloneNode(true);
  const classes = styleClasses(svgElement, copy);
  copy.setAttribute("xmlns", SVG_NS);
  copy.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  copy.setAttribute("width", String(width));
  copy.setAttribute("height", String(height));
  copy.querySelector("g").removeAttribute("transform"); // the zoom: the viewBox frames it
  const titleEl = document.createElementNS(SVG_NS, "title");
  titleEl.textContent = title;
  const bg = document.createElementNS(SVG_NS, "rect");
  bg.setAttribute("x", String(x));
  bg.setAttribute("y", String(y));
  bg.setAttribute("width", String(width));
  bg.setAttribute("height", String(height));
  bg.setAttribute("fill", background);
  copy.insertBefore(bg, copy.firstChild);
  copy.insertBefore(titleEl, copy.firstChild);
  let css = "svg{font-family:sans-serif}";
  for (const [rule, name] of classes) css += `.${name}{${rule}}`;
  const markup = new XMLSerializer().serializeToString(copy);
  // The stylesheet goes in as text: a <style> element would be checked against the CSP.
  const cut = markup.indexOf(">") + 1;
  const style = `<style>${css.replace(/</g, "\\3c ")}</style>`;
  const text = markup.slice(0, cut) + style + markup.slice(cut);
  return { text, width, height };
}

/** The picture as a PNG Blob (the SVG drawn on a canvas at `scale`). */
export async function pngBlob(svgElement, options = {}, scale = 2) {
  const { text, width, height } = svgText(svgElement, options);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.decoding = "async";
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error("the picture could not be drawn"));
      img.src = url;
    });
    const limit = 16384 / Math.max(width, height); // canvas size limits
    const s = Math.max(0.1, Math.min(scale, limit));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * s);
    canvas.height = Math.round(height * s);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png")
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The trace as JSON text, as the CLI's `trace` writes it: {nodes, summary, events}, the node
 * table and the event arrays as received (events name nodes by row: the file stands alone). */
export function traceText(trace) {
  const { nodes, summary, wireEvents: events } = trace;
  return `${JSON.stringify({ nodes, summary, events })}\n`;
}
