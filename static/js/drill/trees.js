// drill/trees.js: a drill's trees, generated in the browser from a level and a seed, so that
// any tree can be shared (/practice/drill?level=…&seed=…) and replayed, and a lecture room
// gets the same trees on every device. A small seeded PRNG (mulberry32) draws the shape and
// leaf values; a tree is kept only if the search prunes at least one node (there must be
// something to cross out), else the next draw from the same stream is tried, so a seed
// always names the same tree. Levels run from 2-ply binary trees to 4-ply trees with ties,
// the strict rule, players max,min,min and chance nodes. Pure: it runs in Node too.

import { nodeTable, prunedRoots, searchTable } from "./search.js";

// Marks a level's name for the catalogs; it is translated where it is shown (`_(level.name)`).
const N_ = (name) => name;

export const MAX_SEED = 2 ** 32 - 1;
const MAX_DRAWS = 500; // draws per seed before giving up (tests show a few suffice)

/** Each level: its name, the plies, children per node [min, max], leaf values [low, high],
 * the players cycle, the rule, the most leaves (the tree must fit a phone). One level a line,
 * as a table. */
// prettier-ignore
export const LEVELS = [
  { id: "binary", name: N_("2-ply, binary"), depth: 2, branching: [2, 2], values: [0, 9], players: ["max", "min"], rule: "standard", maxLeaves: 4 },
  { id: "two-ply", name: N_("2-ply, 2–3 children"), depth: 2, branching: [2, 3], values: [0, 20], players: ["max", "min"], rule: "standard", maxLeaves: 9 },
  { id: "three-ply", name: N_("3-ply"), depth: 3, branching: [2, 3], values: [0, 20], players: ["max", "min"], rule: "standard", maxLeaves: 14 },
  { id: "ties", name: N_("4-ply with ties"), depth: 4, branching: [2, 2], values: [0, 5], players: ["max", "min"], rule: "standard", maxLeaves: 16 },
  { id: "strict", name: N_("Strict rule (CS188), ties"), depth: 3, branching: [2, 3], values: [0, 5], players: ["max", "min"], rule: "strict", maxLeaves: 14 },
  { id: "ghosts", name: N_("Players max, min, min"), depth: 3, branching: [2, 3], values: [0, 20], players: ["max", "min", "min"], rule: "standard", maxLeaves: 14 },
  { id: "chance", name: N_("Chance nodes"), depth: 3, branching: [2, 2], values: [0, 9], players: ["max", "min", "chance"], rule: "standard", maxLeaves: 8 },
];
// The levels that ask one question of a search beyond alpha-beta (practice/questions/): tap
// the children PVS searches again, or cross out the chance children Star1 prunes. Their trees
// come from the server (GET /api/practice/question, then the trace: practice/load.js), not
// from search.js, so these two need the network; the adaptive rule stays among LEVELS.
export const QUESTION_LEVELS = [
  { id: "pvs", name: N_("PVS: children searched again"), question: "research" },
  { id: "star1", name: N_("Star1: chance children pruned"), question: "chance_prune" },
];
export const ALL_LEVELS = [...LEVELS, ...QUESTION_LEVELS];
const BY_ID = new Map(ALL_LEVELS.map((level) => [level.id, level]));

export function isLevel(id) {
  return BY_ID.has(id);
}

export function levelOf(id) {
  const level = BY_ID.get(id);
  if (!level) throw new Error(`no drill level ${JSON.stringify(id)} (${ALL_LEVELS.map((l) => l.id).join(", ")})`);
  return level;
}

/** mulberry32: a fast seeded PRNG; () → a float in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random, [low, high]) => low + Math.floor(random() * (high - low + 1));

/** One random tree of `level` drawn from `random`: nested {children} / {value}. */
function draw(level, random) {
  const grow = (depth) => {
    if (depth === level.depth) return { value: between(random, level.values) };
    const width = between(random, level.branching);
    return { children: Array.from({ length: width }, () => grow(depth + 1)) };
  };
  return grow(0);
}

function leafCount(tree) {
  return tree.children ? tree.children.reduce((sum, kid) => sum + leafCount(kid), 0) : 1;
}

/**
 * The drill tree of `levelId` and `seed`: {level, seed, tree, trace} where `trace` is the
 * search's whole trace (search.js) with at least one pruned node. The same arguments
 * always give the same tree.
 */
export function drillTree(levelId, seed) {
  const level = levelOf(levelId);
  if (level.question) throw new Error(`level ${levelId} asks a question: its trees come from the server`);
  const random = prng(seed);
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const tree = draw(level, random);
    if (leafCount(tree) > level.maxLeaves) continue;
    const trace = searchTable(nodeTable(tree, level.players), { rule: level.rule, players: level.players });
    if (prunedRoots(trace.events).length > 0) return { level, seed, tree, trace };
  }
  throw new Error(`no tree with a cutoff for level ${levelId} and seed ${seed}`);
}

/** The seed after `seed` (the next tree of a sitting): a different, reproducible seed. */
export function nextSeed(seed) {
  return (Math.imul(seed >>> 0, 1664525) + 1013904223) >>> 0 || 1;
}

/** A seed from a query's text, or null when it is not a whole number in range. */
export function readSeed(text) {
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}
