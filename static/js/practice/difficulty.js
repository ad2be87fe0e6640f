// difficulty.js: random practice trees by difficulty. A difficulty and a seed name one tree:
// the parameters of POST /api/random (whose generator is seeded, so the same seed gives the
// same tree) and the players, also chosen by the seed. Harder means deeper, with fewer
// distinct leaf values (more ties, where the two pruning rules differ) and, now and then,
// two MIN players per round.

export const DIFFICULTIES = ["easy", "medium", "hard"];
export const MAX_SEED = 2 ** 32 - 1; // the random tree route's limit

const LEVELS = {
  // 9 leaves from 21 values: few ties.
  easy: { depth: 2, branching: 3, low: 0, high: 20 },
  // Values 0..9 over up to 27 leaves: some ties.
  medium: { depth: 3, branching: [2, 3], low: 0, high: 9 },
  // Values 0..5 over up to 81 leaves: many ties.
  hard: { depth: 4, branching: [2, 3], low: 0, high: 5 },
};
const TWO_MIN_EVERY = 3; // hard: one seed in three plays MAX, MIN, MIN

export function isDifficulty(name) {
  return typeof name === "string" && Object.hasOwn(LEVELS, name);
}

/**
 * The tree of `difficulty` and `seed`: {params} for POST /api/random and the search
 * {options} it implies (players). The same arguments always give the same answer.
 */
export function practiceTree(difficulty, seed) {
  const level = LEVELS[difficulty];
  if (!level) throw new Error(`no difficulty ${JSON.stringify(difficulty)} (easy, medium or hard)`);
  const { depth, branching, low, high } = level;
  const params = { seed, depth, branching, low, high };
  const options = {};
  if (difficulty === "hard" && seed % TWO_MIN_EVERY === TWO_MIN_EVERY - 1) options.players = "max,min,min";
  return { params, options };
}
