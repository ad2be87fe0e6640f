// board.js: tic-tac-toe positions as the page and the search share them, and the miniature
// board that shows the position of a node of the search tree.
//
// A board is 9 characters of "X", "O" and "." (row-major, cell 0 top left), as the server's
// routes take it; X moves first, so the side to move is X when the counts are equal. A node's
// position is the root's board plus the cells along its path (each node's `action` is the
// cell it marks), the marks alternating from the side to move at the root.

import { _, ngettext } from "../lib/i18n.js";
import { PRUNED } from "../trace/trace.js";

export const EMPTY = ".........";
export const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
]; // prettier-ignore

/** "X" or "O": whose move it is on `board`. */
export function toMove(board) {
  const xs = [...board].filter((c) => c === "X").length;
  const os = [...board].filter((c) => c === "O").length;
  return xs === os ? "X" : "O";
}

/** The winning line's cells and mark, or null. */
export function winningLine(board) {
  for (const line of LINES) {
    const [a, b, c] = line;
    if (board[a] !== "." && board[a] === board[b] && board[b] === board[c]) return { line, mark: board[a] };
  }
  return null;
}

/** "x-wins", "o-wins", "draw" or "playing" (as the server's status). */
export function statusOf(board) {
  const won = winningLine(board);
  if (won) return `${won.mark.toLowerCase()}-wins`;
  return board.includes(".") ? "playing" : "draw";
}

/** `board` with `mark` in `cell`. */
export function place(board, cell, mark) {
  return board.slice(0, cell) + mark + board.slice(cell + 1);
}

/** A cell (0 to 8) as people number it: squares 1 to 9, row by row ("X→5" is the centre). */
export function squareOf(cell) {
  return cell + 1;
}

/** "square 6 (row 2, column 3)". */
export function cellName(cell) {
  return _("square {square} (row {row}, column {column})", {
    square: squareOf(cell),
    row: Math.floor(cell / 3) + 1,
    column: (cell % 3) + 1,
  });
}

/**
 * The position at node `id` of a search from `rootBoard`: {board, moves}, moves being
 * [{cell, mark}] from the root down to the node.
 */
export function positionAt(trace, id, rootBoard) {
  const path = [];
  for (let i = id; i > 0; i = trace.parent[i]) path.push(i);
  path.reverse();
  let board = rootBoard;
  let mark = toMove(rootBoard);
  const moves = [];
  for (const node of path) {
    const cell = Number(trace.nodes[node].action);
    if (!Number.isInteger(cell) || cell < 0 || cell > 8) break;
    board = place(board, cell, mark);
    moves.push({ cell, mark });
    mark = mark === "X" ? "O" : "X";
  }
  return { board, moves };
}

/**
 * The miniature board (aria-hidden cells; its role="img" container is named by the position
 * in words) and a caption saying which node it shows and why.
 */
export class MiniBoard {
  /** `element`: a container for the grid and the caption. */
  constructor(element) {
    this.element = element;
    this.grid = document.createElement("div");
    this.grid.className = "mini-board";
    this.grid.setAttribute("role", "img");
    this.cells = [];
    for (let cell = 0; cell < 9; cell++) {
      const box = document.createElement("span");
      box.className = "mini-cell";
      box.dataset.miniCell = String(cell);
      const mark = document.createElement("span");
      mark.className = "mini-mark";
      const order = document.createElement("span");
      order.className = "mini-order";
      box.append(mark, order);
      this.grid.append(box);
      this.cells.push({ box, mark, order });
    }
    this.caption = document.createElement("p");
    this.caption.className = "mini-caption";
    this.element.replaceChildren(this.grid, this.caption);
    this.rootBoard = EMPTY;
  }

  /** The board the search started from. */
  setRoot(board) {
    this.rootBoard = board;
  }

  /** Draw node `id` of `trace` (how: "hovered" | "focused" | "current"). */
  show(trace, id, how) {
    const { board, moves } = positionAt(trace, id, this.rootBoard);
    const order = new Map(moves.map((m, i) => [m.cell, i + 1]));
    const won = winningLine(board);
    const inLine = new Set(won ? won.line : []);
    this.cells.forEach(({ box, mark, order: orderEl }, cell) => {
      const text = board[cell] === "." ? "" : board[cell];
      if (mark.textContent !== text) mark.textContent = text;
      box.dataset.mark = text || "empty";
      const n = order.get(cell);
      orderEl.textContent = n ? String(n) : "";
      box.classList.toggle("searched", n !== undefined);
      box.classList.toggle("last", n !== undefined && n === moves.length);
      box.classList.toggle("win", inLine.has(cell));
    });
    this.grid.dataset.board = board;
    this.grid.dataset.node = trace.keys[id];
    const rows = [0, 3, 6].map((r) => [0, 1, 2].map((c) => (board[r + c] === "." ? "empty" : board[r + c])).join(", "));
    this.grid.setAttribute("aria-label", `Position: row 1 ${rows[0]}; row 2 ${rows[1]}; row 3 ${rows[2]}.`);
    this.caption.textContent = describe(trace, id, moves, board, how);
  }
}

/** "The focused node X→5 → O→1: 2 moves after the position searched. X to move." */
function describe(trace, id, moves, board, how) {
  const line = moves.map((m) => `${m.mark}→${squareOf(m.cell)}`).join(" → ");
  const who = { hovered: _("Under the pointer"), focused: _("Focused node"), current: _("This step's node") }[how];
  let text = id === 0 ? _("{who}: the position searched (the root).", { who }) : _("{who}: {moves}.", { who, moves: line });
  const row = trace.nodes[id];
  const status = statusOf(board);
  if (status === "draw") text += " " + _("A draw.");
  else if (status !== "playing") text += " " + _("{mark} wins.", { mark: status[0].toUpperCase() });
  else text += " " + _("{mark} to move.", { mark: toMove(board) });
  // Said once the search has pruned it (before, it would give the answer away).
  if (Number.isFinite(row.unexpanded) && trace.current.state[id] === PRUNED) {
    text +=
      " " +
      ngettext(
        "Pruned: the {n} position below it was never generated.",
        "Pruned: the {n} positions below it were never generated.",
        row.unexpanded
      );
  }
  return text;
}
