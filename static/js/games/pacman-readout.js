// pacman-readout.js: the Pacman page's words about the round shown: the status line (what the
// round did, pacman-rounds.js, and what comes next: the one line a screen reader says each
// round), the score, the move count, the scared ghosts' timers and the sentence about
// Pacman's next move (the server's reason and what the search cost, or the move a person
// played there).
//
// Contracts tests rely on: [data-score] (the number), [data-game-status] (playing | win |
// loss), #scared-readout (hidden when no ghost is scared).

import { roundSentence } from "./pacman-rounds.js";

const ALGORITHMS = { alphabeta: "alpha-beta", minimax: "minimax", expectimax: "expectimax" };
const count = (n) => Number(n).toLocaleString("en");

/** The search the settings name, in words ("alpha-beta"); prune's follows the ghosts. */
export function algorithmName(query) {
  if (query.rules === "prune") return query.ghosts === "random" ? "expectimax" : "alpha-beta";
  return ALGORITHMS[query.algorithm] || "alpha-beta";
}

/** "Ghost 1 is scared for 39 more moves; Ghost 2 for 12." or "" when none is. */
export function scaredSentence(scared = []) {
  const parts = [];
  scared.forEach((timer, i) => {
    if (timer > 0) parts.push([i + 1, timer]);
  });
  if (!parts.length) return "";
  const moves = (t) => `${t} more ${t === 1 ? "move" : "moves"}`;
  const [first, ...rest] = parts;
  const text = [`Ghost ${first[0]} is scared for ${moves(first[1])}`, ...rest.map(([g, t]) => `Ghost ${g} for ${moves(t)}`)];
  return `${text.join("; ")}.`;
}

export class Readout {
  constructor(root) {
    const $ = (selector) => root.querySelector(selector);
    this.score = $("[data-score]");
    this.status = $("[data-game-status]");
    this.count = $("#move-count");
    this.scared = $("#scared-readout");
    this.reason = $("#reason");
    this.playing = false;
    this.reasonSaid = true;
  }

  /**
   * Round `round` of `total`: `state` (the API's), `next` (the decision made from there, or
   * null), `played` (the move a person played from there, or null), `query` (the settings),
   * `more`: whether the server can play on (a game cut after a person's moves),
   * `roundStates`: the positions of the round that led here (pacman-rounds.js),
   * `afterYourMove`: that round began with a person's move.
   */
  show({ state, round, total, next, played, query, more, roundStates = [], afterYourMove = false }) {
    this.score.textContent = String(state.score);
    this.status.dataset.gameStatus = state.status;
    // Moves played so far; the reason below names the next one ("Pacman's move 13": 12 played).
    this.count.textContent = `${Math.min(round, total)} of ${total} ${total === 1 ? "move" : "moves"} played`;
    const yourMove = state.status === "playing" && round >= total && more;
    const stopped = state.status === "playing" && round >= total && !more;
    let text;
    if (state.status === "win") text = "Pacman wins: all the food is eaten.";
    else if (state.status === "loss") text = "A ghost caught Pacman.";
    else if (yourMove) text = "Your move: arrows, or Step to let the search play on.";
    else if (stopped) text = `Stopped after ${total} moves.`;
    else text = "Playing";
    // The status line is the one line said each round: the round that led here, then what
    // comes next (its own words for a won or lost game are in the round's sentence).
    const told = roundSentence(roundStates, round);
    if (told) text = [told, yourMove || stopped ? text : ""].filter(Boolean).join(" ");
    this.status.textContent = text;
    const scared = scaredSentence(state.scared);
    this.scared.textContent = scared;
    this.scared.hidden = !scared;
    this.reason.textContent = this.nextMove({ state, round, next, played, query });
    // The reason is said where it is news: a replay stopped on Pacman's own decision; not
    // after a person's move (the round's line is the one said), nor while the rounds play.
    this.reasonSaid = !played && !yourMove && !afterYourMove;
    this.setLive();
  }

  nextMove({ state, round, next, played, query }) {
    if (state.status !== "playing") return `The game is over with score ${state.score}.`;
    const search = algorithmName(query);
    if (played) {
      return `You played ${played} at move ${round + 1}. Show the search to see what ${search} would have played.`;
    }
    if (!next) return `Show the search to see what ${search} would play here.`;
    let cost = `It searched ${count(next.nodes_visited)} of ${count(next.minimax_nodes)} positions`;
    if (Number.isFinite(next.states_explored)) cost += `; the autograder would count ${count(next.states_explored)} states`;
    return `Pacman's move ${round + 1}: ${next.reason}. ${cost}.`;
  }

  /** While the rounds play, nothing is said a round at a time; where they stop, it is. */
  setPlaying(playing) {
    this.playing = playing;
    this.setLive();
  }

  setLive() {
    this.status.setAttribute("aria-live", this.playing ? "off" : "polite");
    this.reason.setAttribute("aria-live", this.playing || !this.reasonSaid ? "off" : "polite");
  }

  /** A message in the status line (a move refused, a failed request). */
  say(text) {
    this.status.textContent = text;
  }
}
