// lesson/lecture-views.js: what a lecture given from a lesson sends for each slide — a game
// decision as its whole tree when that replays it step for step, an experiment's chart when
// it is small enough, and a mark that says whether the room's tree is the slide's own.

import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_CHART_ROWS, chartOf, gameTreeRequest, slideView } from "../../static/js/lesson/lecture-views.js";

const given = { algorithm: "alphabeta", rule: "standard", players: ["max", "min"], depth: null, ordering: "given", seed: 0 };

test("a tic-tac-toe decision comes whole by its board, searched with the trace's options", () => {
  const view = { kind: "game", game: "tictactoe", query: { board: "XO.XO....", rule: "strict" } };
  assert.deepEqual(gameTreeRequest(view, { ...given, rule: "strict" }), {
    url: "/api/games/tictactoe/tree?board=XO.XO....&size=whole",
    options: { algorithm: "alphabeta", rule: "strict", ordering: "given" },
  });
});

test("a Pacman decision comes whole by its maze, decision and game settings", () => {
  const query = { maze: "open", decision: "2", ghosts: "random", seed: "4", depth: "2", rule: "strict", rules: "prune" };
  const request = gameTreeRequest(
    { kind: "game", game: "pacman", query },
    { ...given, algorithm: "expectimax", rule: "strict", ordering: "worst" }
  );
  assert.equal(request.url, "/api/games/pacman/tree?maze=open&decision=2&seed=4&ghosts=random&depth=2&size=whole");
  assert.deepEqual(request.options, { algorithm: "expectimax", rule: "strict", ordering: "worst" });
});

test("a CS188 Pacman decision comes whole by its layout, the moves played and the game's search", () => {
  const query = {
    rules: "cs188",
    layout: "smallClassic",
    decision: "2",
    pacman: "West,West",
    algorithm: "alphabeta",
    ghosts: "directional",
  };
  const request = gameTreeRequest({ kind: "game", game: "pacman", query }, { ...given, rule: "strict" });
  assert.equal(
    request.url,
    "/api/games/pacman/tree?rules=cs188&layout=smallClassic&decision=2&ghosts=directional&pacman=West%2CWest&algorithm=alphabeta&size=whole"
  );
  assert.deepEqual(request.options, { algorithm: "alphabeta", rule: "strict", ordering: "given" });
  const bare = gameTreeRequest({ kind: "game", game: "pacman", query: { layout: "trappedClassic", decision: "0" } }, given);
  assert.equal(bare.url, "/api/games/pacman/tree?layout=trappedClassic&decision=0&size=whole", "a layout: the CS188 rules");
});

test("decisions a tree document does not replay step for step send no tree", () => {
  const board = { kind: "game", game: "tictactoe", query: { board: "XO.XO...." } };
  assert.equal(gameTreeRequest(board, { ...given, ordering: "random" }), null, "the game orders at random");
  assert.equal(gameTreeRequest(board, { ...given, ordering: "heuristic" }), null, "the game's own heuristic");
  const cut = { ...board, query: { board: "XO.XO....", depth: "2" } };
  assert.equal(gameTreeRequest(cut, { ...given, depth: 2 }), null, "the whole tree has no evaluations");
  const course = { kind: "game", game: "pacman", query: { layout: "smallClassic", decision: "0" } };
  assert.equal(gameTreeRequest(course, { ...given, ordering: "random" }), null, "the CS188 rules, at random");
  assert.equal(gameTreeRequest({ kind: "game", game: "chess", query: {} }, given), null);
});

test("an experiment's chart carries its name, its query as text and its rows", () => {
  const view = { kind: "experiment", name: "ordering", query: { branching: 3, depths: "1-5" } };
  const rows = [{ depth: 1, ordering: "perfect", leaves_mean: 3 }];
  assert.deepEqual(chartOf(view, rows), { name: "ordering", query: { branching: "3", depths: "1-5" }, rows });
});

test("a chart over the server's limits is not sent", () => {
  const view = { kind: "experiment", name: "random-binary", query: {} };
  assert.equal(
    chartOf(
      view,
      Array.from({ length: MAX_CHART_ROWS + 1 }, (_, seed) => ({ seed }))
    ),
    null
  );
  const wide = Array.from({ length: 1500 }, (_, seed) => ({ seed, label: "x".repeat(190) }));
  assert.equal(chartOf(view, wide), null, "over 256 KiB as JSON");
  assert.equal(chartOf(view, undefined), null, "no rows loaded");
});

test("slides without a tree of their own say so in the mark", async () => {
  const lesson = {
    slides: [
      { title: "Words", notes: "just words" },
      { title: "Chart", notes: "", view: { kind: "experiment", name: "rules", query: { branching: "2" } } },
      { title: "Own tree", notes: "", view: { kind: "tree", tree: [[1, 2], [3]], options: { rule: "strict" } } },
    ],
  };
  const words = await slideView("abc", lesson, 0, { kind: "notes" });
  assert.deepEqual(words, { tree: null, mark: { id: "abc", slide: 0, slides: 3, title: "Words", tree: false } });
  const rows = [{ depth: 1, trials: 1, standard_leaves_mean: 2 }];
  const chart = await slideView("abc", lesson, 1, { kind: "experiment", rows });
  assert.equal(chart.tree, null);
  assert.deepEqual(chart.mark.chart, { name: "rules", query: { branching: "2" }, rows });
  assert.equal(chart.mark.tree, false);
  const own = await slideView("abc", lesson, 2, null);
  assert.deepEqual(own.tree, { tree: [[1, 2], [3]], options: { rule: "strict" } });
  assert.equal(own.mark.tree, true);
});
