// pacman-rounds.js: one sentence for one round of a Pacman game (Pacman's move, then every
// ghost's), for the page's status line, which a screen reader says once per round: who went
// where, what Pacman ate, which ghosts are scared, the score and the food left. Pure (no DOM):
// it reads the API's states ({agent, action, pacman, ghosts, scared, food, capsules, score,
// status}; the first is the position before the round).

const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** What Pacman's move did: "went North and ate a dot", "stayed where he was". */
function pacmanPart(before, after) {
  const went = after.action === "Stop" ? "stayed where he was" : `went ${after.action}`;
  const eaten = [];
  if (after.food.length < before.food.length) eaten.push("a dot");
  if ((after.capsules || []).length < (before.capsules || []).length) eaten.push("a power capsule");
  return eaten.length ? `${went} and ate ${eaten.join(" and ")}` : went;
}

/** "Ghost 2, scared for 12 more moves, went East" (its state after its own move). */
function ghostPart(state) {
  const ghost = state.agent;
  const timer = (state.scared || [])[ghost - 1] || 0;
  const scared = timer > 0 ? `, scared for ${plural(timer, "more move", "more moves")},` : "";
  const went = state.action === "Stop" ? "stayed" : `went ${state.action}`;
  return `Ghost ${ghost}${scared} ${went}`;
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
    parts.push(state.agent === 0 ? `Pacman ${pacmanPart(previous, state)}` : ghostPart(state));
  }
  const end = moves[moves.length - 1];
  let text = `Move ${round}: ${parts.join("; ")}.`;
  if (end.status === "loss") text += " A ghost caught Pacman.";
  else if (end.status === "win") text += " Pacman ate the last dot and wins.";
  text += ` Score ${end.score.toLocaleString("en")}, ${plural(end.food.length, "dot", "dots")} left.`;
  return text;
}
