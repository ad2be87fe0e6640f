// address.js: the practice page's address, which always names the exact exercise.
//   /practice?difficulty=easy|medium|hard&seed=N[&rule=…]            a random practice tree
//   /practice?<the main page's query>                                  any tree it can show:
//       preset=NAME | tree=<JSON> | random=<params JSON> | z=<packed>, and its options
//       (algorithm, rule, players, depth, ordering, seed); a step is ignored.
// With difficulty=, seed= is the tree's seed (the ordering's seed otherwise, as on the main
// page). The same query serves /embed/practice, and "Show me" turns it into the visualizer's
// (/?…&step=K), a difficulty's tree named by its random= parameters.

import { PACKED_PARAM } from "../share.js";
import { buildQuery, readUrl } from "../url-state.js";
import { MAX_SEED, isDifficulty, practiceTree } from "./difficulty.js";

export const DEFAULT_DIFFICULTY = "easy";

function seedOf(text) {
  if (text === null || !/^\d{1,10}$/.test(text)) return 1;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : 1;
}

/**
 * The exercise a query names: {difficulty, seed, source, packed, options}. `source` is
 * url-state.js's ({kind: preset|paste|random}); `packed` a ?z= value; with neither, a
 * difficulty (the easy one, seed 1, when the query names nothing).
 */
export function readPractice(search = window.location.search) {
  const params = new URLSearchParams(search);
  const { source, options } = readUrl(search);
  const exercise = { difficulty: null, seed: null, source: null, packed: null, options };
  const difficulty = params.get("difficulty");
  if (isDifficulty(difficulty) || (!source && !params.get(PACKED_PARAM))) {
    delete options.seed; // the tree's seed, not the ordering's
    exercise.difficulty = isDifficulty(difficulty) ? difficulty : DEFAULT_DIFFICULTY;
    exercise.seed = seedOf(params.get("seed"));
  } else if (source) {
    exercise.source = source;
  } else {
    exercise.packed = params.get(PACKED_PARAM);
  }
  return exercise;
}

/** The query of an exercise, for /practice and /embed/practice. */
export function practiceQuery(exercise) {
  const { difficulty, seed, source, packed, options } = exercise;
  if (!difficulty) return withPacked(packed, buildQuery({ source, options }));
  const params = new URLSearchParams([
    ["difficulty", difficulty],
    ["seed", String(seed)],
  ]);
  const { seed: _ordering, ...rest } = options; // seed= is the tree's here
  for (const [key, value] of new URLSearchParams(buildQuery({ source: null, options: rest }))) {
    params.set(key, value);
  }
  return params.toString();
}

/** The tree source and options the search runs with: {source, packed, options}. */
export function searchOf(exercise) {
  if (!exercise.difficulty) return { source: exercise.source, packed: exercise.packed, options: exercise.options };
  const { params, options } = practiceTree(exercise.difficulty, exercise.seed);
  const source = { kind: "random", params };
  return { source, packed: null, options: { ...options, ...exercise.options } };
}

/** The visualizer's query for this exercise at step `step` ("Show me"). */
export function visualizerQuery(exercise, step) {
  const { source, packed, options } = searchOf(exercise);
  return withPacked(packed, buildQuery({ source, options, step }));
}

function withPacked(packed, query) {
  if (!packed) return query;
  const params = new URLSearchParams([[PACKED_PARAM, packed]]);
  for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
  return params.toString();
}
