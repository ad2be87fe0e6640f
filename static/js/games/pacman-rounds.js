// pacman-rounds.js: one sentence for one round of a Pacman game (Pacman's move, then every
// ghost's), for the page's status line, which a screen reader says once per round: who went
// where, what Pacman ate, which ghosts are scared, the score and the food left, in the page's
// language (lib/i18n.js: each clause a whole message). Pure (no DOM): it reads the API's
// states ({agent, action, pacman, ghosts, scared, food, capsules, score, status}; the first is
// the position before the round).

import { _, formatNumber, ngettext, pgettext } from "../lib/i18n.js";
import { directionName } from "../lib/names.js";

/** What Pacman's move did: "Pacman went North and ate a dot", "Pacman stayed where he was". */
function pacmanPart(before, after) {
  if (after.action === "Stop") return _("Pacman stayed where he was");
  const direction = directionName(after.action);
  const dot = after.food.length < before.food.length;
  const capsule = (after.capsules || []).length < (before.capsules || []).length;
  if (dot && capsule) return _("Pacman went {direction} and ate a dot and a power capsule", { direction });
  if (dot) return _("Pacman went {direction} and ate a dot", { direction });
  if (capsule) return _("Pacman went {direction} and ate a power capsule", { direction });
  return _("Pacman went {direction}", { direction });
}

/** "Ghost 2, scared for 12 more moves, went East" (its state after its own move). */
function ghostPart(state) {
  const ghost = state.agent;
  const timer = (state.scared || [])[ghost - 1] || 0;
  const stayed = state.action === "Stop";
  const direction = directionName(state.action);
  if (timer > 0 && stayed)
    return ngettext("Ghost {ghost}, scared for {n} more move, stayed", "Ghost {ghost}, scared for {n} more moves, stayed", timer, {
      ghost,
    });
  if (timer > 0) {
    return ngettext(
      "Ghost {ghost}, scared for {n} more move, went {direction}",
      "Ghost {ghost}, scared for {n} more moves, went {direction}",
      timer,
      {
        ghost,
        direction,
      }
    );
  }
  return stayed ? _("Ghost {ghost} stayed", { ghost }) : _("Ghost {ghost} went {direction}", { ghost, direction });
}

/**
 * Round `round` (counted from 1) told in one sentence, from `states`: the position before the
 * round, then one state after each agent's move in it. "" when the round has no move.
 */
export function roundSentence(states, round) {
  if (states.length < 2) return "";
  const [before, ...moves] = states;
  const parts = [];
  for (const [k, state] of moves.entries()) {
    const previous = k === 0 ? before : moves[k - 1];
    parts.push(state.agent === 0 ? pacmanPart(previous, state) : ghostPart(state));
  }
  const end = moves[moves.length - 1];
  const separator = pgettext("clause separator", "; ");
  const sentences = [_("Move {round}: {moves}.", { round: formatNumber(round), moves: parts.join(separator) })];
  if (end.status === "loss") sentences.push(_("A ghost caught Pacman."));
  else if (end.status === "win") sentences.push(_("Pacman ate the last dot and wins."));
  sentences.push(
    ngettext("Score {score}, {n} dot left.", "Score {score}, {n} dots left.", end.food.length, { score: formatNumber(end.score) })
  );
  return sentences.join(" ");
}
