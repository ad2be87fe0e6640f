// lib/names.js: letter names in level order (A…Z, AA, …), labels win, moves and name lists.

import assert from "node:assert/strict";
import { test } from "node:test";

import { useCatalog } from "../../static/js/lib/i18n.js";
import { moveName, nameList, nameOf, nodeNames, spokenName } from "../../static/js/lib/names.js";
import { traceOf } from "./fixtures.js";

/** A minimal trace (what names.js reads) of a root with `count` leaf children. */
function fan(count, rows = {}) {
  const nodes = [{ parent: null, ...rows[0] }];
  for (let i = 1; i <= count; i++) nodes.push({ parent: 0, ...rows[i] });
  const children = nodes.map((_, id) => (id === 0 ? nodes.slice(1).map((__, j) => j + 1) : []));
  return { size: nodes.length, nodes, children };
}

test("nodes are named in level order, not in the node table's preorder", () => {
  const trace = traceOf("textbook"); // MAX over three MIN nodes of three leaves each
  const names = nodeNames(trace);
  assert.deepEqual(
    [0, 1, 5, 9].map((id) => names[id]),
    ["A", "B", "C", "D"],
    "the root, then its three children"
  );
  assert.deepEqual([2, 3, 4, 6, 7, 8, 10, 11, 12].map((id) => names[id]).join(""), "EFGHIJKLM");
});

test("after Z come AA, AB, … and after ZZ comes AAA, as spreadsheet columns", () => {
  const names = nodeNames(fan(702));
  assert.equal(names[25], "Z");
  assert.equal(names[26], "AA");
  assert.equal(names[27], "AB");
  assert.equal(names[701], "ZZ");
  assert.equal(names[702], "AAA");
});

test("a label wins and renames no other node", () => {
  const trace = fan(3, { 0: { label: "start" }, 2: { label: 0 }, 3: { label: "" } });
  assert.deepEqual(nodeNames(trace), ["start", "B", "0", "D"]);
  assert.equal(nameOf(trace, 1), "B");
});

test("moveName adds the move the edge names, unless the name says it already", () => {
  const trace = fan(3, { 1: { action: "West" }, 2: { label: "O→5", action: 4 }, 3: {} });
  assert.equal(moveName(trace, 1), "B (West)");
  assert.equal(moveName(trace, 2), "O→5");
  assert.equal(moveName(trace, 3), "D");
});

test("a Pacman move is named in the page's language; another action as the tree gives it", () => {
  const trace = fan(2, { 1: { action: "West" }, 2: { action: "hop" } });
  useCatalog({ locale: "de", messages: { West: "Westen" } });
  try {
    assert.equal(moveName(trace, 1), "B (Westen)");
    assert.equal(moveName(trace, 2), "C (hop)");
  } finally {
    useCatalog(null); // English again
  }
});

test("nameList joins names in plain English and caps long lists", () => {
  const trace = fan(9);
  assert.equal(nameList(trace, []), "");
  assert.equal(nameList(trace, [1]), "B");
  assert.equal(nameList(trace, [1, 2]), "B and C");
  assert.equal(nameList(trace, [1, 2, 3]), "B, C and D");
  assert.equal(nameList(trace, [1, 2, 3, 4, 5, 6, 7, 8]), "B, C, D, E, F, G and 2 more");
  assert.equal(nameList(trace, [1, 2, 3], 2), "B, C and 1 more");
});

test("spokenName reads a game's move symbols as words and leaves other names alone", () => {
  assert.equal(spokenName("O→6"), "O to square 6");
  assert.equal(spokenName("X→1"), "X to square 1");
  assert.equal(spokenName("P←"), "Pacman west");
  assert.equal(spokenName("P■"), "Pacman stop");
  assert.equal(spokenName("G1↑"), "Ghost 1 north");
  assert.equal(spokenName("G2→"), "Ghost 2 east");
  assert.equal(spokenName("B"), "B");
  assert.equal(spokenName("root"), "root");
  assert.equal(spokenName("X→10"), "X→10");
});
