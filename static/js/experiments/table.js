// table.js: a result as an HTML table, the charts' accessible alternative. A table model is
//   { caption, columns: [{ key, label, numeric?, rowHeader?, group?, format?(value, row),
//     render?(value, row) → Node }], rows }
// where rows are plain objects keyed by column key. csv.js writes the same model, so the
// file and the table always hold the same numbers.

/**
 * Fill `wrap` (a scrollable region labelled by its caption) with the table of `model`.
 * Every cell carries its raw value in data-value, as the CSV has it (tests read it).
 * highlight(row) → true marks a row (e.g. the one the chart shows).
 */
export function renderTable(wrap, model, { highlight = null } = {}) {
  const table = document.createElement("table");
  table.className = "data-table";
  const caption = table.createCaption();
  caption.textContent = model.caption;
  // The region around the table is named by this caption (aria-labelledby in the template).
  const captionId = wrap.getAttribute("aria-labelledby");
  if (captionId) caption.id = captionId;

  const head = table.createTHead().insertRow();
  for (const column of model.columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = column.label;
    if (column.numeric) th.className = "num";
    head.appendChild(th);
  }

  // A grouped column (e.g. the position of several methods' rows) is one header cell per
  // run of equal values, each run its own <tbody>: scope="rowgroup" then says what it covers.
  const grouped = model.columns.find((column) => column.group);
  for (const run of runs(model.rows, grouped)) {
    const body = table.createTBody();
    run.forEach((row, index) => {
      const tr = body.insertRow();
      if (highlight && highlight(row)) tr.className = "highlight";
      for (const column of model.columns) {
        if (column.group && index > 0) continue;
        tr.appendChild(cellFor(column, row, column.group ? run.length : 0));
      }
    });
  }
  wrap.replaceChildren(table);
}

/** The rows in runs of equal `column` values (one run of all rows when there is none). */
function runs(rows, column) {
  if (!column) return [rows];
  const out = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && last[0][column.key] === row[column.key]) last.push(row);
    else out.push([row]);
  }
  return out;
}

/** One cell: its text (or render()'s node), its raw value in data-value. */
function cellFor(column, row, span) {
  const header = column.rowHeader || column.group;
  const cell = document.createElement(header ? "th" : "td");
  if (header) cell.scope = column.group ? "rowgroup" : "row";
  if (span > 1) cell.rowSpan = span;
  const value = row[column.key];
  if (column.render) cell.append(column.render(value, row));
  else cell.textContent = column.format ? column.format(value, row) : String(value ?? "");
  cell.dataset.key = column.key;
  cell.dataset.value = value === null || value === undefined ? "" : String(value);
  if (column.numeric) cell.classList.add("num");
  return cell;
}
