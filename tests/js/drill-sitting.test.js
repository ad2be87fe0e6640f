// drill/sitting.js: the adaptive rule (three clean trees up, two with mistakes down, within
// the levels), the score, streak, mistakes by kind and the summary.
import assert from "node:assert/strict";
import test from "node:test";

import { adapt, adaptiveStart, newSitting, outcome, record, scoreText, summaryLines } from "../../static/js/drill/sitting.js";

const LEVELS = 7;
const run = (start, trees) => trees.reduce((state, clean) => adapt(state, clean, LEVELS), adaptiveStart(start));

test("three clean trees in a row move one level up", () => {
  assert.equal(run(0, [true, true]).level, 0);
  assert.deepEqual(run(0, [true, true, true]), { level: 1, clean: 0, missed: 0 });
  assert.equal(run(0, [true, true, true, true, true, true]).level, 2);
});

test("a mistake breaks the run of clean trees", () => {
  assert.equal(run(2, [true, true, false, true, true]).level, 2);
  assert.equal(run(2, [true, true, false, true, true, true]).level, 3);
});

test("two trees with mistakes in a row move one level down", () => {
  assert.equal(run(3, [false]).level, 3);
  assert.deepEqual(run(3, [false, false]), { level: 2, clean: 0, missed: 0 });
  assert.equal(run(3, [false, true, false]).level, 3); // not in a row
  assert.equal(run(3, [false, false, false, false]).level, 1);
});

test("the levels are never left", () => {
  assert.equal(run(0, [false, false, false, false]).level, 0);
  assert.equal(run(LEVELS - 1, Array(9).fill(true)).level, LEVELS - 1);
});

const graded = (...kinds) => ({ items: kinds.map((kind) => ({ kind })) });

test("a tree is clean when no drill mistake is in it", () => {
  assert.equal(outcome(graded("correct_prune", "correct_value")).clean, true);
  const bad = outcome(graded("correct_prune", "missed_prune", "over_prune", "over_prune"));
  assert.equal(bad.clean, false);
  assert.equal(bad.counts.missed_prune, 1);
  assert.equal(bad.counts.over_prune, 2);
  assert.equal(outcome(graded("wrong_move")).clean, false);
});

test("the sitting keeps score, streak, mistakes and times", () => {
  let sitting = newSitting();
  const trees = [graded("correct_prune"), graded("correct_prune"), graded("missed_prune"), graded("correct_prune")];
  trees.forEach((tree, i) => {
    sitting = record(sitting, outcome(tree), 1000 * (i + 1));
  });
  assert.equal(scoreText(sitting), "3/4");
  assert.equal(sitting.streak, 1);
  assert.equal(sitting.bestStreak, 2);
  assert.equal(sitting.mistakes.missed_prune, 1);
  assert.deepEqual(sitting.times, [1000, 2000, 3000, 4000]);
  assert.deepEqual(summaryLines(sitting), [
    "3 of 4 trees right; best streak 2.",
    "Time per tree: 2.5 s on average, 1.0 s the fastest.",
    "Mistakes: 1 missed prune.",
  ]);
  assert.deepEqual(summaryLines(newSitting()), ["No tree checked yet."]);
});
