// optimisations.js: experiment 4, speed-ups on tic-tac-toe. One table of every position and
// method (value, best move, nodes, time) and a bar chart of the nodes each method visits
// from the position chosen in "Position in the chart" (log scale: minimax is hundreds of
// times the rest). Rows are shown as they arrive.

import { barChart } from "./bar-chart.js";
import { EMPTY_BOARD, METHOD_NAMES, boardName, optimisationsChart } from "./chart-specs.js";
import { _, ngettext, pgettext } from "../lib/i18n.js";
import { formatCount, formatMilliseconds, formatNumber } from "./numbers.js";
import { csvName } from "./csv.js";
import { wireExperimentSlide } from "./lesson-slide.js";
import { Results } from "./results.js";
import { Runner, formValues, parts } from "./runner.js";

/** A board drawn as a small 3×3 grid (named for screen readers), its cells as typed below. */
export function boardGlyph(board) {
  const wrap = document.createElement("span");
  wrap.className = "board-cell";
  const grid = document.createElement("span");
  grid.className = "mini-board";
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", describeBoard(board));
  for (const mark of board) {
    const cell = document.createElement("span");
    cell.textContent = mark === "." ? "" : mark;
    grid.appendChild(cell);
  }
  const text = document.createElement("code");
  text.textContent = board;
  wrap.append(grid, text);
  return wrap;
}

function describeBoard(board) {
  const cells = (mark) => [...board].flatMap((m, i) => (m === mark ? [i] : []));
  const [xs, os] = [cells("X"), cells("O")];
  if (xs.length + os.length === 0) return _("Empty board");
  const part = (mark, list) => ngettext("{mark} in cell {cells}", "{mark} in cells {cells}", list.length, { mark, cells: list.join(", ") });
  const parts = [];
  if (xs.length) parts.push(part("X", xs));
  if (os.length) parts.push(part("O", os));
  return parts.join(pgettext("clause separator", "; "));
}

export function setupOptimisations(root) {
  const els = parts(root);
  const chart = barChart(els.chart);
  const results = new Results(root, [() => csvName("optimisations-tictactoe")]);
  let rows = [];
  // A slide shows one position: the one in the chart, else the first the form asks for.
  const slidePosition = () => els.shown.value || (formValues(els.form).positions || "").split(",")[0];
  wireExperimentSlide(root, "optimisations", () => ({ positions: slidePosition() }));

  new Runner(root, {
    params: () => formValues(els.form),
    start() {
      rows = [];
      results.clear();
      els.choice.hidden = true;
      els.shown.replaceChildren();
    },
    rows: (now) => show(now),
    done: ({ rows: all }) => show(all),
    stopped: (now) => (now.length ? show(now) : results.clear()),
  });
  els.shown.addEventListener("change", () => show(rows));

  function show(now) {
    rows = now;
    syncChoices(els.shown, rows);
    els.choice.hidden = false;
    const position = els.shown.value;
    const table = tableOf(rows);
    const shown = rows.filter((r) => r.position === position);
    results.show({
      tables: [table],
      finding: finding(shown, position),
      highlight: (r) => r.position === position,
      again: () => show(rows),
    });
    const spec = optimisationsChart(rows, position);
    const note = _("The table gives every position.");
    chart.show({ ...spec, label: `${spec.label} ${note}` });
  }
}

/** One option per position seen so far; the choice made stays chosen. */
function syncChoices(select, rows) {
  const positions = [...new Set(rows.map((r) => r.position))];
  const had = [...select.options].map((o) => o.value);
  if (had.length === positions.length && had.every((p, i) => p === positions[i])) return;
  const chosen = select.value;
  select.replaceChildren(
    ...positions.map((p, i) => {
      const option = document.createElement("option");
      option.value = p;
      option.textContent = `${i + 1}: ${boardName(p)}`;
      return option;
    })
  );
  select.value = positions.includes(chosen) ? chosen : positions[0];
}

function tableOf(rows) {
  return {
    caption: _("Tic-tac-toe: each position searched to the end of the game by each method"),
    columns: [
      { key: "position", label: _("Position"), group: true, render: boardGlyph },
      { key: "method", label: _("Method"), format: (v) => METHOD_NAMES[v] || v },
      { key: "value", label: _("Value"), numeric: true, format: (v) => formatNumber(v, 0) },
      { key: "best_move", label: _("Best move (cell)"), numeric: true, format: String },
      { key: "nodes", label: _("Nodes"), numeric: true, format: formatCount },
      { key: "milliseconds", label: _("Time"), numeric: true, format: formatMilliseconds },
    ],
    // The API's seconds (to the microsecond) as milliseconds: exact to three decimals.
    rows: rows.map((r) => ({ ...r, milliseconds: Number((r.seconds * 1000).toFixed(3)) })),
  };
}

/** The chosen position's result in words. */
function finding(shown, position) {
  const by = Object.fromEntries(shown.map((r) => [r.method, r]));
  const base = by.minimax;
  if (!base || shown.length < 2) return "";
  const values = new Set(shown.map((r) => r.value));
  const fewest = shown.reduce((a, r) => (r.nodes < a.nodes ? r : a));
  const share = (r) => `${formatNumber((100 * r.nodes) / base.nodes, 1)}%`;
  const nodes = formatCount(base.nodes);
  const methods = shown
    .filter((r) => r.method !== "minimax")
    .map((r) => `${METHOD_NAMES[r.method] || r.method}: ${formatCount(r.nodes)} (${share(r)})`)
    .join(pgettext("clause separator", "; "));
  const sentences = [
    position === EMPTY_BOARD
      ? _("From the empty board, minimax visits {nodes} nodes.", { nodes })
      : _("From position {position}, minimax visits {nodes} nodes.", { position, nodes }),
    _("{methods}.", { methods }),
    _("The fewest: {method}.", { method: METHOD_NAMES[fewest.method] || fewest.method }),
    values.size === 1
      ? _("Every method finds the value {value}.", { value: formatNumber([...values][0], 0) })
      : _("The methods disagree on the value: {values}.", { values: [...values].join(", ") }),
  ];
  return sentences.join(" ");
}
