// pacman-readout.js: the Pacman page's words about the round shown: the status line (what the
// round did, pacman-rounds.js, and what comes next: the one line a screen reader says each
// round), the score, the move count, the scared ghosts' timers and the sentence about
// Pacman's next move (the server's reason and what the search cost, or the move a person
// played there).
//
// Contracts tests rely on: [data-score] (the number), [data-game-status] (playing | win |
// loss), #scared-readout (hidden when no ghost is scared). The words are the page's language's
// (lib/i18n.js).

import { _, formatNumber, ngettext, pgettext } from "../lib/i18n.js";
import { directionName } from "../lib/names.js";
import { roundSentence } from "./pacman-rounds.js";

const ALGORITHMS = { alphabeta: "alpha-beta", minimax: "minimax", expectimax: "expectimax" };
const count = (n) => formatNumber(Number(n));

/** The search the settings name ("alpha-beta"); prune's follows the ghosts. */
function algorithmOf(query) {
  if (query.rules === "prune") return query.ghosts === "random" ? "expectimax" : "alpha-beta";
  return ALGORITHMS[query.algorithm] || "alpha-beta";
}

/** The search the settings name, in words ("alpha-beta"). */
export function algorithmName(query) {
  const names = { "alpha-beta": _("alpha-beta"), minimax: _("minimax"), expectimax: _("expectimax") };
  return names[algorithmOf(query)];
}

/** "Ghost 1 is scared for 39 more moves; Ghost 2 for 12." or "" when none is. */
export function scaredSentence(scared = []) {
  const parts = [];
  scared.forEach((timer, i) => {
    if (timer > 0) parts.push([i + 1, timer]);
  });
  if (!parts.length) return "";
  const [first, ...rest] = parts;
  const text = [
    ngettext("Ghost {ghost} is scared for {n} more move", "Ghost {ghost} is scared for {n} more moves", first[1], { ghost: first[0] }),
    ...rest.map(([ghost, t]) => ngettext("Ghost {ghost} for {n} more move", "Ghost {ghost} for {n} more moves", t, { ghost })),
  ];
  const separator = pgettext("clause separator", "; ");
  return _("{clauses}.", { clauses: text.join(separator) });
}

/** The server's reason for a decision, in the page's language when it sent its parts. */
export function reasonOf(decision) {
  const parts = decision.reason_parts;
  if (!parts) return decision.reason;
  const moves = parts.moves.map(([action, value, atMost]) => {
    const direction = directionName(action);
    return atMost ? _("{direction} at most {value}", { direction, value }) : _("{direction} {value}", { direction, value });
  });
  const values = { best: directionName(decision.action), value: parts.value, moves: moves.join(pgettext("list separator", ", ")) };
  const message = parts.chance
    ? ngettext(
        "{best}: worth on average {value} after {n} round against random ghosts, the best of {moves}",
        "{best}: worth on average {value} after {n} rounds against random ghosts, the best of {moves}",
        parts.rounds,
        values
      )
    : ngettext(
        "{best}: worth {value} after {n} round against ghosts that minimise, the best of {moves}",
        "{best}: worth {value} after {n} rounds against ghosts that minimise, the best of {moves}",
        parts.rounds,
        values
      );
  return message;
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
    this.count.textContent = ngettext("{played} of {n} move played", "{played} of {n} moves played", total, {
      played: count(Math.min(round, total)),
    });
    const yourMove = state.status === "playing" && round >= total && more;
    const stopped = state.status === "playing" && round >= total && !more;
    let text;
    if (state.status === "win") text = _("Pacman wins: all the food is eaten.");
    else if (state.status === "loss") text = _("A ghost caught Pacman.");
    else if (yourMove) text = _("Your move: arrows, or Step to let the search play on.");
    else if (stopped) text = ngettext("Stopped after {n} move.", "Stopped after {n} moves.", total);
    else text = _("Playing");
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
    if (state.status !== "playing") return _("The game is over with score {score}.", { score: count(state.score) });
    const search = algorithmName(query);
    const move = count(round + 1);
    if (played) {
      return _("You played {direction} at move {move}. Show the search to see what {search} would have played.", {
        direction: directionName(played),
        move,
        search,
      });
    }
    if (!next) return _("Show the search to see what {search} would play here.", { search });
    const figures = { visited: count(next.nodes_visited), positions: count(next.minimax_nodes), states: count(next.states_explored) };
    const cost = Number.isFinite(next.states_explored)
      ? _("It searched {visited} of {positions} positions; the autograder would count {states} states.", figures)
      : _("It searched {visited} of {positions} positions.", figures);
    const reason = _("Pacman's move {move}: {reason}.", { move, reason: reasonOf(next) });
    return `${reason} ${cost}`;
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
