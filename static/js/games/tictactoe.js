// tictactoe.js: the entry module of /play/tictactoe. The student plays against a computer
// whose every move is an alpha-beta search on the server (GET /api/games/tictactoe/move); the
// page keeps the game (a list of boards) and, for each computer move, the board it searched
// from, so "Show the search" can fetch that decision's trace (/api/games/tictactoe/trace)
// and open it in the shared decision view with a miniature board of the node in focus.
//
// Contracts tests rely on: cells are button[data-cell="0".."8"] (disabled when filled, on the
// computer's turn and once the game is over), [data-game-status] holds playing | x-wins |
// o-wins | draw, and the buttons are [data-action="new-game" | "undo" | "show-search"].
//
// Screen readers: #last-move is the one live region (polite): each move, the computer's
// included, is said once, with the win or draw it makes; the status line above the board is
// not live (it flickers "thinking…" → "Your move"). The cell the focus goes to after the
// computer's move names that move too, until the focus leaves it. The board holds the focus
// while the computer thinks and once the game is over, with a visible ring (a11y.css).

import { _ } from "../lib/i18n.js";
import { MiniBoard, EMPTY, cellName, place, squareOf, statusOf, toMove, winningLine } from "./board.js";
import { DecisionView } from "./decision-view.js";
import { getJson, withQuery } from "./http.js";
import { setUpPage } from "../lib/page-setup.js";
import { pageStore } from "../lib/page-store.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (selector) => document.querySelector(selector);
const cells = [...document.querySelectorAll("[data-cell]")];
const statusEl = $("[data-game-status]");
const lastMoveEl = $("#last-move");
const newGameButton = $('[data-action="new-game"]');
const undoButton = $('[data-action="undo"]');
const showButton = $('[data-action="show-search"]');
const retryButton = $('[data-action="retry"]');
const ruleSelect = $("#ttt-rule");
const orderingSelect = $("#ttt-ordering");
const placeholder = $("#decision-placeholder");

// The texts in the page's language, looked up when shown (lib/i18n.js).
const RULE_TEXT = () => ({
  standard: _("The computer prunes by the standard rule: a node stops searching its moves as soon as α ≥ β."),
  strict: _("The computer prunes by the strict rule (CS188): MAX stops when v > β, MIN when v < α; never on a tie."),
});
const STATUS_TEXT = () => ({ "x-wins": _("X wins"), "o-wins": _("O wins"), draw: _("Draw") });

// The game: boards[0] is the empty board, boards[i] the board after move i; movers[i - 1]
// says who made move i. decisions.get(i): the search behind the computer's move i.
const game = {
  student: "X",
  boards: [EMPTY],
  movers: [],
  decisions: new Map(),
  thinking: false,
  error: null,
  ticket: 0, // bumped by New game and Undo: a reply to an older request is dropped
  said: null, // () → the last move's sentence in #last-move, in the page's language
};

const miniBoard = new MiniBoard($("[data-decision-position]"));
const decision = new DecisionView($("#decision"), {
  position: miniBoard,
  onClose: () => {
    placeholder.hidden = false;
    showButton.focus();
  },
});

const current = () => game.boards[game.boards.length - 1];
const computerMark = () => (game.student === "X" ? "O" : "X");
const options = () => ({ rule: ruleSelect.value, ordering: orderingSelect.value });

function studentsTurn() {
  const b = current();
  return statusOf(b) === "playing" && toMove(b) === game.student && !game.thinking && !game.error;
}

/** Draw the board, the status sentence and which buttons work, from `game`. */
function render() {
  const b = current();
  const status = statusOf(b);
  const won = winningLine(b);
  const open = studentsTurn();
  cells.forEach((button, cell) => {
    const mark = b[cell] === "." ? "" : b[cell];
    if (button.textContent !== mark) button.textContent = mark;
    button.dataset.mark = mark || "empty";
    button.setAttribute("aria-label", [cellName(cell), mark || _("empty")].join(", "));
    button.disabled = !open || mark !== "";
    button.classList.toggle("win", !!won && won.line.includes(cell));
  });
  statusEl.dataset.gameStatus = status;
  let text;
  if (status !== "playing") text = STATUS_TEXT()[status];
  else if (game.error) text = _("The computer could not move: {error}", { error: game.error });
  else if (game.thinking || toMove(b) !== game.student) text = _("The computer is thinking…");
  else text = _("Your move");
  if (statusEl.textContent !== text) statusEl.textContent = text;
  statusEl.classList.toggle("error", !!game.error);
  statusEl.dataset.outcome = status === "playing" ? "" : outcome(status);
  retryButton.hidden = !game.error;
  setEnabled(undoButton, game.movers.includes("student"));
  const last = lastDecision();
  setEnabled(showButton, !!last);
  showButton.textContent = last
    ? _("Show the search behind {move}", { move: `${last.mark}→${squareOf(last.move)}` })
    : _("Show the search");
}

/** aria-disabled, not disabled: a button that stops working keeps the keyboard focus. */
function setEnabled(button, on) {
  button.setAttribute("aria-disabled", on ? "false" : "true");
}

const enabled = (button) => button.getAttribute("aria-disabled") !== "true";

/** "you-win" | "computer-wins" | "draw", for the status's colour. */
function outcome(status) {
  if (status === "draw") return "draw";
  return status[0].toUpperCase() === game.student ? "you-win" : "computer-wins";
}

function lastDecision() {
  for (let i = game.boards.length - 1; i > 0; i--) if (game.decisions.has(i)) return game.decisions.get(i);
  return null;
}

/** " You win." | " The computer wins." | " It is a draw." | "" while the game goes on. */
function ending() {
  const status = statusOf(current());
  if (status === "playing") return "";
  return { "you-win": _(" You win."), "computer-wins": _(" The computer wins."), draw: _(" It is a draw.") }[outcome(status)];
}

/** Say `words()` in #last-move; they are said again after a language switch in place. */
function say(words) {
  game.said = words;
  const text = words();
  if (lastMoveEl.textContent !== text) lastMoveEl.textContent = text;
}

/** Start again with the settings chosen; the computer moves first when it plays X. */
function newGame() {
  game.ticket++;
  game.student = document.querySelector('input[name="mark"]:checked').value;
  game.boards = [EMPTY];
  game.movers = [];
  game.decisions = new Map();
  game.thinking = false;
  game.error = null;
  say(() => (game.student === "X" ? _("You play X and move first.") : _("You play O: the computer (X) moves first.")));
  render();
  if (toMove(current()) !== game.student) computerMove();
}

function play(cell) {
  if (!studentsTurn() || current()[cell] !== ".") return;
  const hadFocus = document.activeElement === cells[cell];
  game.boards.push(place(current(), cell, game.student));
  game.movers.push("student");
  const mark = game.student;
  say(() => _("You played {mark} in {square}.", { mark, square: cellName(cell) }) + ending());
  if (hadFocus) $("#board").focus(); // the cell is disabled now: keep focus in the board
  render();
  if (statusOf(current()) === "playing") computerMove({ refocus: hadFocus });
}

/** Ask the server for the computer's move on the current board. */
async function computerMove({ refocus = false } = {}) {
  const before = current();
  const ticket = game.ticket;
  const chosen = options();
  game.thinking = true;
  game.error = null;
  render();
  let reply;
  try {
    reply = await getJson(withQuery("/api/games/tictactoe/move", { board: before, ...chosen }));
  } catch (err) {
    if (ticket !== game.ticket) return;
    game.thinking = false;
    const error = (game.error = err.message);
    say(() => _("The computer could not move: {error}", { error }));
    render();
    return;
  }
  if (ticket !== game.ticket) return;
  game.thinking = false;
  const mark = computerMark();
  game.boards.push(reply.board);
  game.movers.push("computer");
  game.decisions.set(game.boards.length - 1, {
    before,
    move: reply.move,
    mark,
    value: reply.value,
    options: chosen,
    index: game.boards.length - 1,
  });
  const played = () => _("The computer played {mark} in {square}.", { mark, square: cellName(reply.move) });
  say(() => played() + ending());
  render();
  if (refocus && document.activeElement === $("#board")) focusNear(reply.move, played());
}

/**
 * Focus the free cell nearest `cell` (reading order); its name ends with `note` (the move
 * just played) until the focus leaves it. None free (the game is over): the board keeps it.
 */
function focusNear(cell, note) {
  const free = cells.filter((button) => !button.disabled);
  if (!free.length) return;
  free.sort((a, b) => Math.abs(a.dataset.cell - cell) - Math.abs(b.dataset.cell - cell));
  const button = free[0];
  const name = button.getAttribute("aria-label");
  button.setAttribute("aria-label", `${name}. ${note}`);
  button.addEventListener(
    "blur",
    () => {
      if (button.getAttribute("aria-label") === `${name}. ${note}`) button.setAttribute("aria-label", name);
    },
    { once: true }
  );
  button.focus();
}

/** Take back the student's last move and the computer's reply to it. */
function undo() {
  if (!enabled(undoButton)) return;
  game.ticket++;
  game.thinking = false;
  game.error = null;
  while (game.movers.length && game.movers[game.movers.length - 1] === "computer") pop();
  pop(); // the student's move
  say(() => _("Your last move was taken back."));
  render();
}

function pop() {
  game.decisions.delete(game.boards.length - 1);
  game.boards.pop();
  game.movers.pop();
}

/** Open the search behind the computer's latest move. */
function showSearch() {
  const last = lastDecision();
  if (!last || !enabled(showButton)) return;
  miniBoard.setRoot(last.before);
  placeholder.hidden = true;
  const url = withQuery("/api/games/tictactoe/trace", { board: last.before, ...last.options });
  const practice = withQuery("/practice", { game: "tictactoe", board: last.before, ...last.options });
  decision.open(url, {
    title: () => _("The search behind {move} (move {index})", { move: `${last.mark}→${squareOf(last.move)}`, index: last.index }),
    practice,
  });
}

function showRule() {
  $("#rule-statement").textContent = RULE_TEXT()[ruleSelect.value] || "";
}

/** X always moves first: choosing a mark chooses who starts, and the other way round. */
function linkChoices(event) {
  const { name, value } = event.target;
  if (name === "mark") $(value === "X" ? "#first-student" : "#first-computer").checked = true;
  if (name === "first") $(value === "student" ? "#mark-x" : "#mark-o").checked = true;
  newGame();
}

cells.forEach((button, cell) => button.addEventListener("click", () => play(cell)));
newGameButton.addEventListener("click", newGame);
undoButton.addEventListener("click", undo);
showButton.addEventListener("click", showSearch);
retryButton.addEventListener("click", () => computerMove({ refocus: true }));
ruleSelect.addEventListener("change", showRule);
$("#ttt-settings").addEventListener("change", (event) => {
  if (event.target.name === "mark" || event.target.name === "first") linkChoices(event);
});
$("#ttt-settings").addEventListener("submit", (event) => event.preventDefault());
$("#board").tabIndex = -1;

// A language switch in place (lib/language.js): the board's names, the status, the last move
// said and the rule in the new language (the decision view writes its own again).
pageStore.subscribe((state, changed) => {
  if (!("lang" in changed)) return;
  render();
  showRule();
  if (game.said) say(game.said);
});

showRule();
newGame();
