// drill/trees.js: seeded trees. The same level and seed give the same tree; every level's
// trees have at least one pruned node over many seeds, their shape and values within the
// level's; the PRNG is uniform enough and reproducible.
import assert from "node:assert/strict";
import test from "node:test";

import { prunedRoots } from "../../static/js/drill/search.js";
import { LEVELS, drillTree, isLevel, nextSeed, prng, readSeed } from "../../static/js/drill/trees.js";

const SEEDS = 1500;

test("the PRNG is reproducible and spreads its values", () => {
  const a = prng(42);
  const b = prng(42);
  const draws = Array.from({ length: 10000 }, () => a());
  assert.deepEqual(
    draws.slice(0, 50),
    Array.from({ length: 50 }, () => b())
  );
  assert.ok(draws.every((x) => x >= 0 && x < 1));
  const tenths = new Array(10).fill(0);
  for (const x of draws) tenths[Math.floor(x * 10)]++;
  for (const n of tenths) assert.ok(n > 850 && n < 1150, `${tenths}`);
  assert.notDeepEqual(Array.from({ length: 5 }, prng(1)), Array.from({ length: 5 }, prng(2)));
});

test("a level and a seed always name the same tree", () => {
  for (const level of LEVELS) {
    for (const seed of [0, 1, 7, 2 ** 32 - 1]) {
      assert.deepEqual(drillTree(level.id, seed).tree, drillTree(level.id, seed).tree);
    }
    assert.notDeepEqual(drillTree(level.id, 1).tree, drillTree(level.id, 2).tree);
  }
});

function height(node) {
  return node.children ? 1 + Math.max(...node.children.map(height)) : 0;
}

function leaves(node) {
  return node.children ? node.children.flatMap(leaves) : [node.value];
}

for (const level of LEVELS) {
  test(`every ${level.id} tree has a cutoff that prunes a node, over ${SEEDS} seeds`, () => {
    const shapes = new Set();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { tree, trace } = drillTree(level.id, seed);
      assert.ok(prunedRoots(trace.events).length >= 1, `seed ${seed}`);
      assert.equal(height(tree), level.depth);
      const values = leaves(tree);
      assert.ok(values.length <= level.maxLeaves);
      assert.ok(values.every((v) => Number.isInteger(v) && v >= level.values[0] && v <= level.values[1]));
      assert.equal(trace.options.rule, level.rule);
      assert.deepEqual(trace.options.players, level.players);
      shapes.add(JSON.stringify(tree));
    }
    assert.ok(shapes.size > SEEDS * 0.5, `only ${shapes.size} different trees`);
  });
}

test("the levels cover the issue's range", () => {
  const ids = LEVELS.map((level) => level.id);
  assert.deepEqual([LEVELS[0].depth, LEVELS[0].branching], [2, [2, 2]]);
  assert.ok(LEVELS.some((l) => l.depth === 4 && l.values[1] - l.values[0] < 8)); // ties
  assert.ok(LEVELS.some((l) => l.rule === "strict"));
  assert.ok(LEVELS.some((l) => l.players.join() === "max,min,min"));
  assert.ok(LEVELS.some((l) => l.players.includes("chance")));
  assert.ok(ids.every(isLevel) && !isLevel("nope"));
});

test("the ties level has ties", () => {
  const tie = drillTree("ties", 3);
  assert.ok(new Set(leaves(tie.tree)).size < leaves(tie.tree).length);
});

test("seeds are read and advanced within range", () => {
  assert.equal(readSeed("12"), 12);
  assert.equal(readSeed("4294967295"), 2 ** 32 - 1);
  for (const bad of ["", "-1", "1.5", "4294967296", "x", null]) assert.equal(readSeed(bad), null);
  let seed = 1;
  const seen = new Set();
  for (let i = 0; i < 1000; i++) {
    seed = nextSeed(seed);
    assert.ok(Number.isInteger(seed) && seed >= 1 && seed <= 2 ** 32 - 1);
    seen.add(seed);
  }
  assert.equal(seen.size, 1000);
});
