// format.js: how numbers, bounds and paths read on screen (∞ and −∞, real minus signs).

const MINUS = "\u2212";

/** A value for display: ∞/−∞, at most 3 decimals, a real minus sign; "" for none (NaN). */
export function fmt(x) {
  if (x === null || x === undefined) return "";
  if (typeof x === "string") x = Number(x);
  if (Number.isNaN(x)) return "";
  if (x === Infinity) return "∞";
  if (x === -Infinity) return `${MINUS}∞`;
  let text;
  if (Number.isInteger(x)) text = String(Math.abs(x));
  else if (Math.abs(x) >= 1e6 || Math.abs(x) < 1e-3) text = Math.abs(x).toPrecision(3);
  else text = String(Number(Math.abs(x).toFixed(3)));
  return x < 0 ? MINUS + text : text;
}

/** A value inside a node shape: at most 2 decimals (1 from 10 up), so it fits. */
export function fmtShort(x) {
  if (typeof x === "number" && Number.isFinite(x) && !Number.isInteger(x)) {
    const digits = Math.abs(x) >= 10 ? 1 : 2;
    return fmt(Number(x.toFixed(digits)));
  }
  return fmt(x);
}

/** A value as a machine-readable attribute (data-value): plain JS number text. */
export function attrValue(x) {
  return Number.isNaN(x) ? null : String(x);
}

/** A path as people read it: [1, 2]; the root is "the root" when `rootWords` is set. */
export function fmtPath(path, rootWords = false) {
  if (path.length === 0) return rootWords ? "the root" : "[ ]";
  return `[${path.join(",")}]`;
}

/**
 * Nodes by their paths: "[1,1] and [1,2]", "[1,1], [1,2] and [1,3]", capped for long lists
 * ("… and 40 more"). `pathOf(node)` is asked only for the nodes named.
 */
export function fmtPathList(nodes, pathOf, cap = 6) {
  const shown = nodes.slice(0, cap).map((node) => fmtPath(pathOf(node)));
  const more = nodes.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

export const RELATION_SYMBOLS = { ">=": "≥", ">": ">", "<=": "≤", "<": "<" };

export function relationSymbol(relation) {
  return RELATION_SYMBOLS[relation] || relation;
}

export const KIND_NAMES = { max: "MAX", min: "MIN", chance: "CHANCE" };
