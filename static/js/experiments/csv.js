// csv.js: a table model (table.js) as a CSV file: a header row of the column keys (the
// command line's names where they exist), then the raw numbers the table shows formatted.

import { download } from "../lib/export.js";

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A file name that says what was run: csvName("ordering", {depths: "1-10"}) →
 * "prune-ordering-depths-1-10.csv" (fields left empty are left out).
 */
export function csvName(experiment, params = {}) {
  const named = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => `${key}-${value}`);
  return `prune-${[experiment, ...named].join("-").replace(/[^\w.+-]+/g, "_")}.csv`;
}

/** The CSV text of a table model, lines ended by CRLF as RFC 4180 asks. */
export function toCsv(model) {
  const lines = [model.columns.map((column) => field(column.key)).join(",")];
  for (const row of model.rows) {
    lines.push(model.columns.map((column) => field(row[column.key])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Make `button` download whatever model `current()` returns then (nothing when null), as
 * `filename()`.
 */
export function bindCsvButton(button, current, filename) {
  button.addEventListener("click", () => {
    const model = current();
    if (!model) return;
    download(new Blob([toCsv(model)], { type: "text/csv;charset=utf-8" }), filename());
  });
}
