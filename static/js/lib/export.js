// lib/export.js: downloads of pictures (a standalone SVG, a PNG) and of the trace. A
// picture is an <svg> with a viewBox (tree/picture.js's whole tree, an experiment's chart);
// the SVG file carries each element's computed style in a stylesheet of its own, so it
// renders anywhere, and the PNG is that file drawn on a canvas.

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
  if (!classes.has(rule)) classes.set(rule, `pic-s${classes.size}`);
  // The element's own classes stay (g.node, .cutoff-label: what the picture shows is findable).
  const own = source.getAttribute("class");
  copy.setAttribute("class", own ? `${own} ${classes.get(rule)}` : classes.get(rule));
  copy.removeAttribute("style");
  const a = source.children;
  const b = copy.children;
  for (let i = 0; i < a.length && i < b.length; i++) styleClasses(a[i], b[i], classes);
  return classes;
}

/**
 * Run `use(svg)` with `svg` in the document (computed styles and text extents need it): a
 * detached picture sits for that moment in an off-screen .picture-stage (print.css).
 */
function whileStaged(svgElement, use) {
  if (svgElement.isConnected) return use(svgElement);
  const stage = document.createElement("div");
  stage.className = "picture-stage";
  stage.setAttribute("aria-hidden", "true");
  stage.appendChild(svgElement);
  document.body.appendChild(stage);
  try {
    return use(svgElement);
  } finally {
    stage.remove();
  }
}

/** The part of `svgElement` to keep: its viewBox, else its drawing's bounds plus PAD. */
function frameOf(svgElement) {
  const box = svgElement.viewBox && svgElement.viewBox.baseVal;
  if (svgElement.hasAttribute("viewBox") && box && box.width > 0 && box.height > 0) {
    return { x: box.x, y: box.y, width: Math.ceil(box.width), height: Math.ceil(box.height) };
  }
  const drawn = svgElement.getBBox();
  return {
    x: Math.floor(drawn.x - PAD),
    y: Math.floor(drawn.y - PAD),
    width: Math.ceil(drawn.width + 2 * PAD),
    height: Math.ceil(drawn.height + 2 * PAD),
  };
}

/**
 * A picture (tree/picture.js's treePicture, a chart) as a standalone SVG document (text)
 * framed by its viewBox, on a `background`, with every element's computed style in a
 * stylesheet of its own. Returns {text, width, height}.
 */
export function svgText(svgElement, { title = "Prune", background = "#ffffff" } = {}) {
  return whileStaged(svgElement, (source) => {
    const { x, y, width, height } = frameOf(source);
    const copy = source.cloneNode(true);
    const classes = styleClasses(source, copy);
    copy.setAttribute("xmlns", SVG_NS);
    copy.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
    copy.setAttribute("width", String(width));
    copy.setAttribute("height", String(height));
    const bg = document.createElementNS(SVG_NS, "rect");
    bg.setAttribute("x", String(x));
    bg.setAttribute("y", String(y));
    bg.setAttribute("width", String(width));
    bg.setAttribute("height", String(height));
    bg.setAttribute("fill", background);
    const ownTitle = copy.querySelector(":scope > title");
    copy.insertBefore(bg, ownTitle ? ownTitle.nextSibling : copy.firstChild);
    if (!ownTitle) {
      const titleEl = document.createElementNS(SVG_NS, "title");
      titleEl.textContent = title;
      copy.insertBefore(titleEl, copy.firstChild);
    }
    let css = "svg{font-family:sans-serif}";
    for (const [rule, name] of classes) css += `.${name}{${rule}}`;
    const markup = new XMLSerializer().serializeToString(copy);
    // The stylesheet goes in as text: a <style> element would be checked against the CSP.
    const cut = markup.indexOf(">") + 1;
    const style = `<style>${css.replace(/</g, "\\3c ")}</style>`;
    const text = markup.slice(0, cut) + style + markup.slice(cut);
    return { text, width, height };
  });
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
