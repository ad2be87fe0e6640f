// pacman-rules.js replays the server's games: every state of a whole game (one after each
// agent's move) follows from the one before by afterMove, under the CS188 rules (capsules,
// scared ghosts at half positions, ghosts eaten) and under Prune's first rules; and the
// decision view's miniature maze, replaying a node's path, scores every leaf as the search did.

import assert from "node:assert/strict";
import { test } from "node:test";

import { positionAt } from "../../static/js/games/pacman-position.js";
import { afterMove, nearestCell, pacmanActions } from "../../static/js/games/pacman-rules.js";
import { loadFixture, traceOf } from "./fixtures.js";

const sorted = (cells) => cells.map(([x, y]) => `${x},${y}`).sort();

function replay(name, rules) {
  const game = loadFixture(name);
  const states = game.states;
  for (let k = 1; k < states.length; k++) {
    const { agent, action } = states[k];
    const next = afterMove(game.maze, states[k - 1], agent, action, rules);
    const want = states[k];
    const where = `${name} state ${k} (agent ${agent} ${action})`;
    assert.deepEqual(next.pacman, want.pacman, where);
    assert.deepEqual(next.ghosts, want.ghosts, where);
    if (want.scared) assert.deepEqual(next.scared, want.scared, where);
    assert.deepEqual(sorted(next.food), sorted(want.food), where);
    assert.deepEqual(sorted(next.capsules), sorted(want.capsules || []), where);
    assert.equal(next.score, want.score, where);
    assert.equal(next.status, want.status, where);
  }
  return states;
}

test("a CS188 game replays state by state, scared ghosts and eaten ghosts included", () => {
  const states = replay("pacman-cs188-game", "cs188");
  const half = states.some((s) => s.ghosts.some(([x, y]) => !Number.isInteger(x) || !Number.isInteger(y)));
  const eaten = states.some((s, k) => k > 0 && s.score - states[k - 1].score >= 199);
  assert.ok(half && eaten, "the fixture has a ghost between cells and an eaten ghost");
});

test("a game by Prune's first rules replays state by state", () => {
  replay("pacman-prune-game", "prune");
});

test("halves round as the course rounds them, in screen coordinates", () => {
  assert.deepEqual(nearestCell([4.5, 5]), [5, 5]);
  assert.deepEqual(nearestCell([4, 3.5]), [4, 3]); // the course's y counts from the bottom
});

test("Pacman's moves leave out walls, in the course's order, and none once the game is over", () => {
  const maze = { rows: ["%%%%", "%  %", "% %%", "%%%%"] };
  assert.deepEqual(pacmanActions(maze, { pacman: [1, 1] }), ["Stop", "East", "South"]);
  assert.deepEqual(pacmanActions(maze, { pacman: [1, 1], status: "loss" }), []);
});

test("the miniature maze's position at every leaf of a search is worth the leaf's value", () => {
  const game = loadFixture("pacman-cs188-game");
  const trace = traceOf("pacman-cs188-decision");
  const root = game.states[game.decisions[17].state];
  assert.ok(
    root.scared.every((timer) => timer > 0),
    "the search starts with both ghosts scared"
  );
  const scores = new Set();
  trace.nodes.forEach((row, id) => {
    if (!Number.isFinite(row.value)) return;
    const { state } = positionAt(trace, id, root, { maze: game.maze, rules: "cs188" });
    assert.equal(state.score, row.value, `leaf ${trace.keys[id]}`);
    scores.add(state.score);
  });
  assert.ok(Math.max(...scores) - root.score > 150, "a leaf where Pacman has eaten a ghost");
});
