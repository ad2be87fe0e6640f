// pacman.js: the entry module of /play/pacman. "Start" fetches a whole game once
// (GET /api/games/pacman/game: every position, one after each agent's move, and Pacman's
// decisions) and the page replays it locally, a round at a time: Pacman's move, then every
// ghost's reply. At any round "Show the search" opens the trace of the decision Pacman makes
// from there (/api/games/pacman/trace?decision=I) in the shared decision view, with a
// miniature maze of the node in focus.
//
// Play it yourself (CS188 rules): an arrow key or the pad moves Pacman from the round shown.
// The page asks the server for the same game with `pacman=` the moves played so far plus the
// new one, and `moves=` one more: the server replays the person's moves, the ghosts reply by
// their own rules (directional and random ghosts draw from the seed as in any game), and
// Pacman's search then decides once from the position reached, so the reason for the next
// move, and "Show the search" there, come with the answer. Step plays that move; at the end
// of the answer, Step and Play fetch the rest of the game (the same moves, no `moves`).
// Settings, the moves played and the round shown are kept in the address (pacman-settings.js).
//
// Contracts tests rely on: [data-action="start" | "play" | "step" | "step-back" |
// "show-search"], [data-move] (the pad), [data-score], [data-game-status];
// main[data-game-load] is idle | loading | ready | error.

import { DecisionView, reducedMotion } from "./decision-view.js";
import { getJson, withQuery } from "./http.js";
import { MazeView } from "./maze.js";
import { PlayPad } from "./pacman-play.js";
import { MazePosition } from "./pacman-position.js";
import { directionName } from "../lib/names.js";
import { _, formatNumber } from "../lib/i18n.js";
import { pageStore } from "../lib/page-store.js";
import { algorithmName, Readout } from "./pacman-readout.js";
import { pacmanActions } from "./pacman-rules.js";
import { addressQuery, PacmanSettings, readAddress } from "./pacman-settings.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const $ = (selector) => document.querySelector(selector);
const N_ = (text) => text; // marks a string for the catalog; translated where it is shown
const MOVE_MS = 180; // one agent's move
const PAUSE_MS = 260; // between rounds while playing
const PRUNE_MOVES = 100; // Prune's first rules: games of at most 100 moves, as before
const MAX_MOVES = 1000; // the server's guard

const stage = $("#stage");
const playButton = $('[data-action="play"]');
const stepButton = $('[data-action="step"]');
const backButton = $('[data-action="step-back"]');
const showButton = $('[data-action="show-search"]');
const placeholder = $("#decision-placeholder");
const playHint = $("#play-hint");

const settings = new PacmanSettings($("#pacman-settings"));
const readout = new Readout(document);
const maze = new MazeView($("#maze"), { label: N_("Maze") });
const position = new MazePosition($("[data-decision-position]"));
const decision = new DecisionView($("#decision"), {
  position,
  onClose: () => {
    placeholder.hidden = false;
    showButton.focus();
  },
});
const pad = new PlayPad($("#move-pad"), { onMove: (move) => playMove(move) });

// The game replayed: `starts[r]` is the index in game.states where round r starts (the
// position Pacman decides from; the last entry may be the final position).
let game = null;
let query = null; // the game's settings (the API query, less pacman and moves)
let played = []; // the moves a person chose, from the first
let cut = false; // the answer stops before the game's end (a person's moves, then one more)
let starts = [];
let decisionAt = new Map(); // state index → the decision made there
let round = 0;
let playing = false;
let timers = [];
let ticket = 0;
let playTimer = null; // the next round while playing

/** Fetch the game `wanted.query` with the person's moves `wanted.played`; `whole`: to its
 * end. Shows round `wanted.round` (animated from `from`, the round shown before). */
async function load(wanted, { round: shown = 0, from = null, whole = false } = {}) {
  stop();
  const mine = ++ticket;
  stage.dataset.gameLoad = "loading";
  settings.showError("");
  const params = { ...wanted.query };
  if (params.rules === "prune") params.moves = PRUNE_MOVES;
  else if (wanted.played.length) {
    params.pacman = wanted.played.join(",");
    if (!whole) params.moves = Math.min(wanted.played.length + 1, MAX_MOVES);
  }
  let result;
  try {
    result = await getJson(withQuery("/api/games/pacman/game", params));
  } catch (err) {
    if (mine !== ticket) return false;
    stage.dataset.gameLoad = "error";
    settings.showError(_("The game cannot be played: {error}", { error: err.message }), err.field);
    if (game)
      update(); // the game before stays on screen
    else readout.say(_("No game to show."));
    return false;
  }
  if (mine !== ticket) return false;
  const sameMaze = game && JSON.stringify(game.maze) === JSON.stringify(result.maze);
  game = result;
  ({ query, played } = wanted);
  cut = params.moves !== undefined && params.rules !== "prune" && game.status === "playing";
  starts = [];
  game.states.forEach((s, k) => {
    if (s.agent === 0) starts.push(k - 1);
  });
  const last = game.states.length - 1;
  if (!starts.length || starts[starts.length - 1] < last) starts.push(last);
  decisionAt = new Map(game.decisions.map((d) => [d.state, d]));
  if (!sameMaze) maze.setMaze(game.maze);
  stage.dataset.gameLoad = "ready";
  round = from === null || !sameMaze ? shown : from;
  show(shown, { animate: from !== null && sameMaze });
  return true;
}

function start() {
  load({ query: settings.read(), played: [] });
}

/** The moves Pacman made before round `r`, whoever chose them. */
function movesBefore(r) {
  return game.states
    .slice(1, starts[r] + 1)
    .filter((s) => s.agent === 0)
    .map((s) => s.action);
}

/** Pacman's facing at states[k]: his last move that went somewhere. */
function facingAt(k) {
  for (let i = k; i > 0; i--) {
    const s = game.states[i];
    if (s.agent === 0 && s.action && s.action !== "Stop") return s.action;
  }
  return "East";
}

/** Show round `r`: animated through the agents' moves from the round shown (forward), else
 * at once. */
function show(r, { animate = false } = {}) {
  clearTimers();
  const from = starts[round];
  round = Math.max(0, Math.min(starts.length - 1, r));
  const to = starts[round];
  if (animate && !reducedMotion() && to > from) {
    for (let k = from + 1; k <= to; k++) {
      later((k - from - 1) * MOVE_MS, () => maze.show(game.states[k], { facing: facingAt(k), duration: MOVE_MS }));
    }
  } else {
    maze.show(game.states[to], { facing: facingAt(to) });
  }
  update();
}

function later(ms, action) {
  timers.push(setTimeout(action, ms));
}

function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
}

/** The readout, the buttons and the address for the round shown. */
function update() {
  const state = game.states[starts[round]];
  const total = starts.length - 1;
  const next = decisionAt.get(starts[round]) || null;
  const playedHere = round < played.length && round < total ? played[round] : null;
  const roundStates = round > 0 ? game.states.slice(starts[round - 1], starts[round] + 1) : [];
  const afterYourMove = round > 0 && round <= played.length;
  readout.show({ state, round, total, next, played: playedHere, query, more: cut, roundStates, afterYourMove });
  const live = state.status === "playing";
  setEnabled(backButton, round > 0);
  setEnabled(stepButton, round < total || cut);
  setEnabled(playButton, true);
  setEnabled(showButton, live && (round < total || query.rules !== "prune"));
  const move = formatNumber(round + 1);
  const moveShown = next
    ? _("Show the search at move {move} ({direction})", { move, direction: directionName(next.action) })
    : _("Show the search at move {move}", { move });
  showButton.textContent = live ? moveShown : _("Show the search");
  pad.setLegal(live && query.rules !== "prune" ? pacmanActions(game.maze, state) : []);
  playHint.textContent =
    query.rules === "prune"
      ? _("Playing it yourself takes the CS188 rules: pick them above and Start.")
      : _("Arrow keys or these buttons move Pacman; the ghosts reply.");
  const address = addressQuery(query, { pacman: played, round });
  history.replaceState(history.state, "", `${location.pathname}${address ? `?${address}` : ""}`);
}

/** aria-disabled, not disabled: a button that stops working keeps the keyboard focus. */
function setEnabled(button, on) {
  button.setAttribute("aria-disabled", on ? "false" : "true");
}

/** One round forward; at the end of a game cut after a person's moves, fetch the rest. */
async function step() {
  if (!game) return false;
  if (round < starts.length - 1) {
    show(round + 1, { animate: true });
    return true;
  }
  if (!cut) return false;
  const loaded = await load({ query, played }, { whole: true, round, from: round });
  return loaded && step();
}

function stepBack() {
  if (!game || round === 0) return;
  stop();
  show(round - 1);
}

function play() {
  if (!game) return;
  if (round >= starts.length - 1 && !cut) show(0);
  playing = true;
  setPlayButton();
  tick();
}

/** One round, then the next after the moves and a pause; stops at the end. */
async function tick() {
  if (!playing) return;
  if (!(await step())) {
    stop();
    return;
  }
  if (!playing) return;
  const ghosts = game.maze.ghosts.length;
  const wait = reducedMotion() ? 700 : (1 + ghosts) * MOVE_MS + PAUSE_MS;
  playTimer = setTimeout(tick, wait);
}

function stop() {
  playing = false;
  clearTimeout(playTimer);
  setPlayButton();
}

/** A toggle with one name, "Play", pressed while the rounds play (issue 26: not "Pause, pressed"). */
function setPlayButton() {
  playButton.setAttribute("aria-pressed", playing ? "true" : "false");
  readout.setPlaying(playing);
}

/** Play it yourself: Pacman makes `move` from the round shown, then the ghosts reply. */
function playMove(move) {
  if (!game || stage.dataset.gameLoad === "loading") return;
  const state = game.states[starts[round]];
  if (query.rules === "prune") {
    readout.say(_("Playing it yourself takes the CS188 rules: pick them above and Start."));
  } else if (state.status !== "playing") {
    readout.say(_("The game is over: step back, or Start a new one."));
  } else if (!pacmanActions(game.maze, state).includes(move)) {
    readout.say(_("Pacman cannot go {direction}: a wall is in the way.", { direction: directionName(move) }));
  } else {
    const moves = [...movesBefore(round), move];
    load({ query, played: moves }, { round: moves.length, from: round });
  }
}

/** Open the search Pacman makes (or would make) from the round shown. */
function showSearch() {
  if (!game || showButton.getAttribute("aria-disabled") === "true") return;
  stop();
  const k = starts[round];
  const next = decisionAt.get(k);
  position.setRoot(game.maze, game.states[k], { rules: query.rules, facing: facingAt(k) });
  placeholder.hidden = true;
  // The person's moves before this round (Pacman's own moves are searched again, as played).
  const before = { pacman: played.slice(0, round).join(",") };
  const url = withQuery("/api/games/pacman/trace", { ...query, ...before, decision: round });
  // Practice (and "Open in the visualizer", games/visualizer-link.js) take the decision's tree
  // document (/api/games/pacman/tree), under either rules.
  const practice =
    query.rules === "prune"
      ? withQuery("/practice", { game: "pacman", ...query, rules: "", decision: round })
      : withQuery("/practice", { game: "pacman", ...query, ...before, decision: round });
  const yours = round < played.length && round < starts.length - 1;
  const about = { round, search: { ...query }, next, yours, direction: played[round] };
  decision.open(url, { title: () => searchTitle(about), practice });
}

/** The decision's title, in the page's language (said again after a language switch). */
function searchTitle({ round, search, next, yours, direction }) {
  const move = formatNumber(round + 1);
  const name = algorithmName(search);
  if (next) return _("The search behind Pacman's move {move}: {direction}", { move, direction: directionName(next.action) });
  if (yours)
    return _("What {search} would play at move {move} (you played {direction})", {
      search: name,
      move,
      direction: directionName(direction),
    });
  return _("What {search} would play at move {move}", { search: name, move });
}

$("#pacman-settings").addEventListener("submit", (event) => {
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
// A language switch in place (lib/language.js): the round's words again, in the new language.
pageStore.subscribe((page, changed) => {
  if (!("lang" in changed) || !game) return;
  maze.retell();
  update();
});

// The address reproduces a game: its settings, the moves a person played, the round shown.
const asked = readAddress(location.search);
if (location.search) settings.write(asked.query);
load({ query: settings.read(), played: asked.query.rules === "prune" ? [] : asked.pacman }, { round: asked.round });
