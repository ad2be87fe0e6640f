// pacman-rounds.js tells each round of a real game (the server's, a fixture) in one sentence:
// every agent's move in order, what Pacman ate, a scared ghost's timer, the score and the dots
// left after the round, and how the game ended.

import assert from "node:assert/strict";
import { test } from "node:test";

import { roundSentence } from "../../static/js/games/pacman-rounds.js";
import { loadFixture } from "./fixtures.js";

/** The game's rounds as the page cuts them: [states before and in round r] for r = 1, 2, … */
function rounds(game) {
  const starts = [];
  game.states.forEach((s, k) => {
    if (s.agent === 0) starts.push(k - 1);
  });
  starts.push(game.states.length - 1);
  return starts.slice(1).map((end, r) => game.states.slice(starts[r], end + 1));
}

for (const name of ["pacman-cs188-game", "pacman-prune-game"]) {
  test(`every round of ${name} is told in order, with the score and the dots after it`, () => {
    const game = loadFixture(name);
    const all = rounds(game);
    assert.ok(all.length >= 3);
    all.forEach((states, r) => {
      const text = roundSentence(states, r + 1);
      const end = states[states.length - 1];
      assert.ok(text.startsWith(`Move ${r + 1}: Pacman `), text);
      assert.ok(text.includes(`Score ${end.score.toLocaleString("en")}, `), text);
      assert.ok(text.includes(`${end.food.length} ${end.food.length === 1 ? "dot" : "dots"} left.`), text);
      // Every move of the round, in the order the agents made them.
      let at = 0;
      for (const state of states.slice(1)) {
        const who = state.agent === 0 ? "Pacman" : `Ghost ${state.agent}`;
        const where = state.action === "Stop" ? "stay" : `went ${state.action}`;
        const found = text.indexOf(who, at);
        assert.ok(found >= at, `${who} missing or out of order in: ${text}`);
        assert.ok(text.slice(found).includes(where), `${who} ${where} missing in: ${text}`);
        at = found + who.length;
      }
      const ate = states[1].food.length < states[0].food.length;
      assert.equal(text.includes("ate a dot"), ate, text);
      if (end.status === "loss") assert.ok(text.includes("A ghost caught Pacman."), text);
      if (end.status === "win") assert.ok(text.includes("wins"), text);
    });
  });
}

test("a scared ghost's timer is said with its move", () => {
  const before = { pacman: [1, 1], ghosts: [[3, 3]], scared: [0], food: [[2, 1]], capsules: [[1, 2]], score: 0 };
  const pacman = { ...before, agent: 0, action: "North", pacman: [1, 2], capsules: [], scared: [40], score: -1 };
  const ghost = { ...pacman, agent: 1, action: "West", ghosts: [[2.5, 3]], scared: [39], status: "playing" };
  assert.equal(
    roundSentence([before, pacman, ghost], 4),
    "Move 4: Pacman went North and ate a power capsule; Ghost 1, scared for 39 more moves, went West. Score -1, 1 dot left."
  );
});

test("no move, no sentence", () => {
  assert.equal(roundSentence([{ food: [], score: 0 }], 0), "");
});
