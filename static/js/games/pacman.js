// pacman.js: the entry module of /play/pacman. "Start" fetches a whole game once
// (GET /api/games/pacman/game: every position, one after each agent's move, and Pacman's
// decisions) and the page replays it locally, a round at a time: Pacman's move, then both
// ghosts' replies. At any round "Show the search" opens the trace of the decision Pacman
// makes from there (/api/games/pacman/trace?decision=I) in the shared decision view, with a
// miniature maze of the node in focus.
//
// Contracts tests rely on: [data-action="start" | "play" | "step" | "step-back" |
// "show-search"], [data-score] (the number), [data-game-status] (playing | win | loss);
// main[data-game-load] is idle | loading | ready | error.

import { DecisionView, reducedMotion } from "./decision-view.js";
import { getJson, withQuery } from "./http.js";
import { MazeView } from "./maze.js";
import { MazePosition } from "./pacman-position.js";

const $ = (selector) => document.querySelector(selector);
const MOVE_MS = 180; // one agent's move; a round is three
const PAUSE_MS = 260; // between rounds while playing

const form = $("#pacman-settings");
const stage = $("#stage");
const scoreEl = $("[data-score]");
const statusEl = $("[data-game-status]");
const reasonEl = $("#reason");
const countEl = $("#move-count");
const playButton = $('[data-action="play"]');
const stepButton = $('[data-action="step"]');
const backButton = $('[data-action="step-back"]');
const showButton = $('[data-action="show-search"]');
const placeholder = $("#decision-placeholder");

const maze = new MazeView($("#maze"), { label: "Maze" });
const position = new MazePosition($("[data-decision-position]"));
const decision = new DecisionView($("#decision"), {
  position,
  onClose: () => {
    placeholder.hidden = false;
    showButton.focus();
  },
});

// The game replayed: `starts[r]` is the index in game.states where round r starts (the
// position Pacman decides from; the last entry may be the final position).
let game = null;
let settings = null;
let starts = [];
let round = 0;
let playing = false;
let timers = [];
let ticket = 0;
let playTimer = null; // the next round while playing

function readSettings() {
  const data = new FormData(form);
  return {
    maze: data.get("maze"),
    ghosts: data.get("ghosts"),
    seed: data.get("seed") || "0",
    evaluation: data.get("evaluation"),
    depth: data.get("depth"),
  };
}

async function start() {
  stop();
  const chosen = readSettings();
  const mine = ++ticket;
  stage.dataset.gameLoad = "loading";
  statusEl.textContent = "Loading the game…";
  setError("");
  let result;
  try {
    result = await getJson(withQuery("/api/games/pacman/game", { ...chosen, moves: 100 }));
  } catch (err) {
    if (mine !== ticket) return;
    stage.dataset.gameLoad = "error";
    setError(`The game cannot be played: ${err.message}`);
    if (game) readout(); // the game before stays on screen
    else statusEl.textContent = "No game to show.";
    return;
  }
  if (mine !== ticket) return;
  game = result;
  settings = chosen;
  starts = game.decisions.map((d) => d.state);
  const last = game.states.length - 1;
  if (!starts.length || starts[starts.length - 1] < last) starts.push(last);
  round = 0;
  maze.setMaze(game.maze);
  stage.dataset.gameLoad = "ready";
  show(0);
}

function setError(text) {
  const box = $("#pm-error");
  box.textContent = text;
  box.hidden = !text;
}

/** Pacman's facing at states[k]: his last move that went somewhere. */
function facingAt(k) {
  for (let i = k; i > 0; i--) {
    const s = game.states[i];
    if (s.agent === 0 && s.action && s.action !== "Stop") return s.action;
  }
  return "East";
}

/** Show round `r`: animated through the agents' moves from the round shown (one round
 * forward), else at once. */
function show(r, { animate = false } = {}) {
  clearTimers();
  const from = starts[round];
  round = Math.max(0, Math.min(starts.length - 1, r));
  const to = starts[round];
  const motion = animate && !reducedMotion() && to > from;
  if (motion) {
    for (let k = from + 1; k <= to; k++) {
      later((k - from - 1) * MOVE_MS, () => maze.show(game.states[k], { facing: facingAt(k), duration: MOVE_MS }));
    }
  } else {
    maze.show(game.states[to], { facing: facingAt(to) });
  }
  readout();
}

function later(ms, action) {
  timers.push(setTimeout(action, ms));
}

function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
}

/** Score, status, the move count, the reason for the next move and what the buttons do. */
function readout() {
  const state = game.states[starts[round]];
  scoreEl.textContent = String(state.score);
  statusEl.dataset.gameStatus = state.status;
  const total = game.decisions.length;
  countEl.textContent = `Move ${Math.min(round, total)} of ${total}`;
  let text;
  if (state.status === "win") text = "Pacman wins: all the food is eaten.";
  else if (state.status === "loss") text = "A ghost caught Pacman.";
  else if (round >= total) text = `Stopped after ${total} moves.`;
  else text = "Playing";
  statusEl.textContent = text;
  const next = game.decisions[round];
  if (next) {
    const cost = `It searched ${next.nodes_visited.toLocaleString("en")} of ${next.minimax_nodes.toLocaleString("en")} positions.`;
    reasonEl.textContent = `Pacman's move ${round + 1}: ${next.reason}. ${cost}`;
  } else {
    reasonEl.textContent = `The game is over with score ${state.score}.`;
  }
  setEnabled(backButton, round > 0);
  setEnabled(stepButton, round < starts.length - 1);
  setEnabled(playButton, true);
  setEnabled(showButton, !!next);
  showButton.textContent = next ? `Show the search behind move ${round + 1} (${next.action})` : "Show the search";
}

/** aria-disabled, not disabled: a button that stops working keeps the keyboard focus. */
function setEnabled(button, on) {
  button.setAttribute("aria-disabled", on ? "false" : "true");
}

function step() {
  if (!game || round >= starts.length - 1) return false;
  show(round + 1, { animate: true });
  return true;
}

function stepBack() {
  if (!game || round === 0) return;
  stop();
  show(round - 1);
}

function play() {
  if (!game) return;
  if (round >= starts.length - 1) show(0);
  playing = true;
  setPlayButton();
  tick();
}

/** One round, then the next after the moves and a pause; stops at the end. */
function tick() {
  if (!playing) return;
  if (!step()) {
    stop();
    return;
  }
  const wait = reducedMotion() ? 700 : 3 * MOVE_MS + PAUSE_MS;
  playTimer = setTimeout(tick, wait);
}

function stop() {
  playing = false;
  clearTimeout(playTimer);
  setPlayButton();
}

function setPlayButton() {
  playButton.setAttribute("aria-pressed", playing ? "true" : "false");
  // While playing, a sentence a round would pile up in a screen reader: it reads the reason
  // where the replay stops.
  reasonEl.setAttribute("aria-live", playing ? "off" : "polite");
  playButton.textContent = playing ? "Pause" : "Play";
  if (game) readout();
}

/** Open the search behind the decision Pacman makes from the round shown. */
function showSearch() {
  const next = game && game.decisions[round];
  if (!next) return;
  stop();
  position.setRoot(game.maze, game.states[next.state]);
  placeholder.hidden = true;
  const url = withQuery("/api/games/pacman/trace", { ...settings, decision: round });
  const practice = withQuery("/practice", { game: "pacman", ...settings, decision: round });
  decision.open(url, { title: `The search behind Pacman's move ${round + 1}: ${next.action}`, practice });
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  start();
});
playButton.addEventListener("click", () => (playing ? stop() : play()));
stepButton.addEventListener("click", () => {
  stop();
  step();
});
backButton.addEventListener("click", stepBack);
showButton.addEventListener("click", showSearch);

start();
