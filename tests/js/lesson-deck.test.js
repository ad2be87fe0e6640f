// lesson/deck.js: the clicker through a lesson — steps within a slide's range, then on.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Deck, printStep, stepRange } from "../../static/js/lesson/deck.js";

const tree = (from, to) => ({ title: "t", view: { kind: "tree", preset: "textbook", from, to } });
const words = { title: "words", notes: "just notes" };

test("a slide's range is clamped to its trace", () => {
  assert.deepEqual(stepRange(tree(2, 9), 27), { from: 2, to: 9 });
  assert.deepEqual(stepRange(tree(2, "end"), 27), { from: 2, to: 27 });
  assert.deepEqual(stepRange(tree(undefined, undefined), 27), { from: 0, to: 27 });
  assert.deepEqual(stepRange(tree(5, 99), 13), { from: 5, to: 13 });
  assert.deepEqual(stepRange(tree(40, 50), 13), { from: 13, to: 13 });
  assert.deepEqual(stepRange(words, undefined), { from: 0, to: 0 });
  assert.deepEqual(stepRange(tree(3, 9), undefined), { from: 3, to: 3 }, "while loading");
});

test("forward at a slide's last step goes to the next slide's first step", () => {
  const deck = new Deck([tree(2, 4), words, tree(1, "end")]);
  deck.lengths = [27, undefined, 3];
  const seen = [];
  for (let at = deck.start(0); at; at = deck.forward(at)) seen.push(`${at.slide}:${at.step}`);
  assert.deepEqual(seen, ["0:2", "0:3", "0:4", "1:0", "2:1", "2:2", "2:3"]);
});

test("back at a slide's first step goes to the previous slide's last step", () => {
  const deck = new Deck([tree(2, 4), words, tree(1, "end")]);
  deck.lengths = [27, undefined, 3];
  const seen = [];
  for (let at = deck.end(2); at; at = deck.back(at)) seen.push(`${at.slide}:${at.step}`);
  assert.deepEqual(seen, ["2:3", "2:2", "2:1", "1:0", "0:4", "0:3", "0:2"]);
});

test("clamp puts a step inside its slide's range", () => {
  const deck = new Deck([tree(2, 4)]);
  deck.lengths = [27];
  assert.deepEqual(deck.clamp({ slide: 0, step: 0 }), { slide: 0, step: 2 });
  assert.deepEqual(deck.clamp({ slide: 0, step: 9 }), { slide: 0, step: 4 });
  assert.deepEqual(deck.start(7), { slide: 0, step: 2 });
});

test("a handout prints a slide at its first step unless the lesson chose another", () => {
  const printed = (from, to, print) => ({ title: "t", view: { kind: "tree", preset: "textbook", from, to, print } });
  assert.equal(printStep(tree(2, 9), 27), 2, "not the solved end");
  assert.equal(printStep(tree(undefined, undefined), 27), 0);
  assert.equal(printStep({ ...tree(0, "end"), question: true }, 27), 0);
  assert.equal(printStep(printed(2, 9, 5), 27), 5);
  assert.equal(printStep(printed(2, "end", "end"), 27), 27);
  assert.equal(printStep(printed(2, 9, "end"), 27), 9);
  assert.equal(printStep(printed(2, 9, 40), 27), 9, "kept inside the range");
  assert.equal(printStep(words, undefined), 0);
});
