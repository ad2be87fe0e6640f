// numbers.js: numbers as people read them (thousands separators, a real minus sign, few
// decimals), the page's language's way (lib/i18n.js: "1,234.5" in English, "1.234,5" in
// German). The CSV and the tables' data-value attributes keep the raw numbers.

import { _, language } from "../lib/i18n.js";

const MINUS = "\u2212";
const formats = new Map();

function formatter(digits) {
  const key = `${language()} ${digits}`;
  if (!formats.has(key)) {
    formats.set(key, new Intl.NumberFormat(language(), { maximumFractionDigits: digits }));
  }
  return formats.get(key);
}

/** 1234.567 → "1,234.57" (at most `digits` decimals); "" for null or NaN. */
export function formatNumber(x, digits = 2) {
  if (x === null || x === undefined || Number.isNaN(x)) return "";
  return formatter(digits).format(x).replace("-", MINUS);
}

/** A whole count: 2047 → "2,047". */
export function formatCount(x) {
  return formatNumber(x, 0);
}

/** A share of a whole: 31.234 → "31.2%". */
export function formatPercent(x, digits = 1) {
  return `${formatNumber(x, digits)}%`;
}

/** Seconds as milliseconds for people: 0.017498 → "17.5 ms"; below 1 ms two decimals. */
export function formatMilliseconds(ms) {
  return _("{ms} ms", { ms: formatNumber(ms, ms < 1 ? 3 : ms < 100 ? 1 : 0) });
}

/** A range "first-last" as a person writes it: "0–999" (one number when they are equal). */
export function formatRange(first, last) {
  return first === last ? formatCount(first) : `${formatCount(first)}–${formatCount(last)}`;
}
