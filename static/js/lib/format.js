// lib/format.js: how numbers, bounds and paths read on screen (∞ and −∞, real minus signs).
// Node values read the same in every language (as the tree draws them); counts for reading
// go through lib/i18n.js's formatNumber.

import { pgettext } from "./i18n.js";

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

/**
 * A path as written in a tree document, [1,2] (the root: [ ]): for errors that point into
 * the document being edited. Nodes of a trace are named by names.js, never by path.
 */
export function fmtPath(path) {
  if (path.length === 0) return "[ ]";
  return `[${path.join(",")}]`;
}

export const RELATION_SYMBOLS = { ">=": "≥", ">": ">", "<=": "≤", "<": "<" };

export function relationSymbol(relation) {
  return RELATION_SYMBOLS[relation] || relation;
}

export const KIND_NAMES = { max: "MAX", min: "MIN", chance: "CHANCE" };

/** A node kind as sentences in the page's language name it: MAX and MIN as textbooks write
 * them in every language, CHANCE translated. */
export function kindName(kind) {
  if (kind === "chance") return pgettext("node kind", "CHANCE");
  return KIND_NAMES[kind] || kind;
}
