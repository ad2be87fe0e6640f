// address.js: the practice page's address, which always names the exact exercise.
//   /practice?difficulty=easy|medium|hard&seed=N[&rule=…]            a random practice tree
//   /practice?<the main page's query>                                  any tree it can show:
//       preset=NAME | tree=<JSON> | random=<params JSON> | z=<packed>, and its options
//       (algorithm, rule, players, depth, ordering, seed); a step is ignored.
//   /practice?game=tictactoe&board=XO.XO....[&rule=…]                a game decision, built
//   /practice?game=pacman&maze=small&decision=1[&seed&ghosts&depth&evaluation][&rule=…]
//       whole by /api/games/<game>/tree (small decisions only; docs/games.md)
// With difficulty=, seed= is the tree's seed (the ordering's seed otherwise, as on the main
// page); with game=pacman, seed= and depth= are the game's (its ghosts' seed, its rounds). The same query serves /embed/practice, and "Show me" turns it into the visualizer's
// (/?…&step=K), a difficulty's tree named by its random= parameters.
//   /practice?question=research|bounds|chance_prune&seed=N                a question's random
//       tree (GET /api/practice/question): PVS's re-searches, MTD(f)'s bounds, Star1's cuts

import { _ } from "../lib/i18n.js";
import { PACKED_PARAM } from "../lib/packed-view.js";
import { buildQuery, readUrl } from "../lib/url-state.js";
import { MAX_SEED, isDifficulty, practiceTree } from "./difficulty.js";
import { QUESTION_KINDS, QUESTIONS } from "./questions/index.js";

export const DEFAULT_DIFFICULTY = "easy";
// Per game, the query keys that name its decision (sent to /api/games/<game>/tree).
const GAME_KEYS = { tictactoe: ["board"], pacman: ["maze", "decision", "seed", "ghosts", "depth", "evaluation"] };
// Under the CS188 rules (rules=cs188) a Pacman decision is also named by its layout, the moves
// a person played and the search that played the game before it (which the search of the
// decision's tree uses too: those stay search options as well).
const COURSE_KEYS = ["rules", "layout", "pacman", "algorithm", "rule", "ordering"];

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
  const exercise = { difficulty: null, seed: null, source: null, packed: null, game: null, question: null, options };
  const difficulty = params.get("difficulty");
  const game = params.get("game");
  if (QUESTION_KINDS.includes(params.get("question"))) {
    exercise.question = questionExercise(params.get("question"), seedOf(params.get("seed")));
    exercise.options = {}; // the question's own (load.js)
  } else if (Object.hasOwn(GAME_KEYS, game)) {
    exercise.game = { kind: game, params: {} };
    for (const key of GAME_KEYS[game]) {
      if (params.has(key)) exercise.game.params[key] = params.get(key);
      if (key !== "board") delete options[key]; // the game's seed and depth, not the search's
    }
    if (game === "pacman" && params.get("rules") === "cs188") {
      for (const key of COURSE_KEYS) if (params.has(key)) exercise.game.params[key] = params.get(key);
    }
  } else if (isDifficulty(difficulty) || (!source && !params.get(PACKED_PARAM))) {
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

/** A question's exercise part: its kind and seed; load.js adds its tree and options. */
export function questionExercise(kind, seed) {
  return { kind, seed, source: null, options: null };
}

/** The query of an exercise, for /practice and /embed/practice. */
export function practiceQuery(exercise) {
  const { difficulty, seed, source, packed, game, options, question } = exercise;
  if (question)
    return new URLSearchParams([
      ["question", question.kind],
      ["seed", String(question.seed)],
    ]).toString();
  if (game) {
    const params = new URLSearchParams([["game", game.kind], ...Object.entries(game.params)]);
    for (const [key, value] of new URLSearchParams(buildQuery({ source: null, options }))) {
      params.set(key, value);
    }
    return params.toString();
  }
  if (!difficulty) return withPacked(packed, buildQuery({ source, options }));
  const params = new URLSearchParams([
    ["difficulty", difficulty],
    ["seed", String(seed)],
  ]);
  const rest = { ...options };
  delete rest.seed; // seed= is the tree's here
  for (const [key, value] of new URLSearchParams(buildQuery({ source: null, options: rest }))) {
    params.set(key, value);
  }
  return params.toString();
}

/** The address of a game exercise's tree document (docs/games.md). */
export function gameTreeUrl(game) {
  return `/api/games/${game.kind}/tree?${new URLSearchParams(game.params)}`;
}

/** The tree source and options the search runs with: {source, packed, options}; a game's
 * tree is packed once loaded (load.js), so that Show me can carry it to the visualizer. */
export function searchOf(exercise) {
  const { question } = exercise;
  if (question) return { source: question.source, packed: null, options: { ...question.options, ...exercise.options } };
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

/** Why `options` cannot be practised here, or "" when they can: the graders (app/practice and
 * practice/grader.js) grade minimax, alpha-beta and expectimax, each node searched once, and
 * ask PVS, MTD(f) and Star1 a question each (questions/). The others' passes and re-searches
 * (docs/algorithms.md) are stepped in the visualizer. */
export function ungradable(options = {}) {
  const algorithm = options.algorithm || "alphabeta";
  if (options.aspiration)
    return _("practice cannot grade an aspiration search (it searches nodes again): step through it in the visualizer");
  if (![...Object.keys(QUESTIONS), "minimax", "alphabeta", "expectimax"].includes(algorithm)) {
    return _(
      "practice grades minimax, alpha-beta and expectimax, and asks PVS, MTD(f) and Star1 a question each, not {algorithm}: step through it in the visualizer",
      {
        algorithm,
      }
    );
  }
  return "";
}
