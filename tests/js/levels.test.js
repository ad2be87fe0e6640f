// tree/levels.js: who moves at each depth, and what the level ruler calls them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { levelsOf } from "../../static/js/tree/levels.js";
import { Trace } from "../../static/js/trace/trace.js";
import { traceOf } from "./fixtures.js";

/** The 3-ply exam tree's Trace: MAX, MIN, MAX over its leaves. */
function examTrace() {
  const rows = [];
  const walk = (item, parent, depth) => {
    rows.push({ parent, kind: depth % 2 ? "min" : "max" });
    if (!Array.isArray(item)) return Object.assign(rows[rows.length - 1], { terminal: true, value: item });
    const id = rows.length - 1;
    for (const child of item) walk(child, id, depth + 1);
  };
  walk(
    [
      [
        [3, 5],
        [6, 9],
      ],
      [
        [1, 2],
        [0, -1],
      ],
    ],
    null,
    0
  );
  return new Trace(rows, {});
}

test("each depth is named by the kind of its inner nodes; the last holds leaves", () => {
  const levels = levelsOf(traceOf("textbook"), { players: ["max", "min"] });
  assert.deepEqual(levels, [
    { depth: 0, kind: "max", agent: 0, name: "MAX", variant: 0 },
    { depth: 1, kind: "min", agent: 1, name: "MIN", variant: 0 },
    { depth: 2, kind: "leaves", agent: -1, name: "leaves", variant: 0 },
  ]);
});

test("without players, no level belongs to an agent", () => {
  const levels = levelsOf(traceOf("textbook"));
  assert.deepEqual(
    levels.map((level) => level.agent),
    [-1, -1, -1]
  );
});

test("two ghosts: a kind that moves twice a round is numbered and drawn as a variant", () => {
  const levels = levelsOf(traceOf("pacman"), { players: ["max", "min", "min"] });
  assert.deepEqual(
    levels.map((level) => level.name),
    ["MAX", "MIN 1", "MIN 2", "MAX", "MIN 1", "MIN 2", "leaves"]
  );
  assert.deepEqual(
    levels.map((level) => level.variant),
    [0, 0, 1, 0, 0, 1, 0]
  );
  assert.deepEqual(
    levels.map((level) => level.agent),
    [0, 1, 2, 0, 1, 2, -1]
  );
});

test("a document's agent names replace the kinds", () => {
  const agents = ["Pacman", "Ghost 1", "Ghost 2"];
  const levels = levelsOf(traceOf("pacman"), { players: ["max", "min", "min"], agents });
  assert.deepEqual(
    levels.slice(0, 4).map((level) => level.name),
    ["Pacman", "Ghost 1", "Ghost 2", "Pacman"]
  );
});

test("chance levels read 'chance'", () => {
  const levels = levelsOf(traceOf("chance"), { players: ["max", "chance"] });
  assert.deepEqual(
    levels.map((level) => level.name),
    ["MAX", "chance", "leaves"]
  );
});

test("MAX, MIN, MAX: MAX moving again after MIN is the same player, drawn and named as one", () => {
  const levels = levelsOf(examTrace(), { players: ["max", "min", "max"] });
  assert.deepEqual(
    levels.slice(0, 3).map((level) => level.name),
    ["MAX", "MIN", "MAX"]
  );
  assert.deepEqual(
    levels.slice(0, 3).map((level) => level.variant),
    [0, 0, 0]
  );
});

test("players named apart stay apart, whatever their order", () => {
  const agents = ["You", "Ghost", "Ally"];
  const levels = levelsOf(examTrace(), { players: ["max", "min", "max"], agents });
  assert.deepEqual(
    levels.slice(0, 3).map((level) => level.variant),
    [0, 0, 1]
  );
});
