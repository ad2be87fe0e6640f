// spoken-names-languages.test.js: the words lib/names.js and lib/lti-score.js write for
// people, in German, Spanish and Simplified Chinese: a game's move names as spoken ("Ghost 1
// north", "O to square 6": the tree's accessible names), its players ("Ghost 1") and the
// status line about a score sent to the course. Each is the catalog's translation (not the English), with the same
// numbers and player letters. The catalogs are the server's browser catalogs, written by
// tests/i18n/test_spoken_names_languages.py, which runs this file with their path in
// PRUNE_CATALOGS (so it lives outside tests/js/*.test.js).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { useCatalog } from "../../../static/js/lib/i18n.js";
import { sentSentence } from "../../../static/js/lib/lti-score.js";
import { agentName, spokenName } from "../../../static/js/lib/names.js";

const catalogsFile = process.env.PRUNE_CATALOGS;
if (!catalogsFile) throw new Error("PRUNE_CATALOGS must name the catalogs file (tests/i18n/test_spoken_names_languages.py writes it)");
const catalogs = JSON.parse(readFileSync(catalogsFile, "utf8"));

const MOVES = ["G1↑", "G2↓", "G3→", "P←", "P■", "O→6", "X→1"];
const ANSWERS = [{ sent: true }, { queued: true }, { kept: "x" }, {}, { error: "503" }];
const GHOST = { de: "Geist 1", es: "Fantasma 1", zh_Hans: "幽灵 1" };

/** The numbers and capital letters (players) of a sentence, sorted. */
function facts(text) {
  return [(text.match(/\d+/g) || []).sort(), (text.match(/(?<!\p{L})\p{Lu}(?!\p{L})/gu) || []).sort()];
}

function said(catalog) {
  useCatalog(catalog);
  try {
    return {
      moves: MOVES.map(spokenName),
      agents: ["Pacman", "Ghost 2", "Ann"].map(agentName),
      scores: ANSWERS.map((answer) => sentSentence(answer, 1234, 2000)),
    };
  } finally {
    useCatalog(null);
  }
}

for (const [locale, catalog] of Object.entries(catalogs)) {
  test(`moves and score lines in ${locale}: translated, same numbers and players`, () => {
    const english = said(null);
    const other = said(catalog);
    assert.equal(english.moves[0], "Ghost 1 north");
    assert.equal(english.scores[0], "Score 1,234 of 2,000 sent to your course.");
    for (const [index, line] of other.moves.entries()) {
      assert.notEqual(line, english.moves[index], `${locale}: ${line}`);
      assert.deepEqual(facts(line.replace(/\u00a0/g, " ")), facts(english.moves[index]), `${locale}: ${line}`);
      assert.doesNotMatch(line, /[{}]/);
    }
    assert.ok(other.moves[0].startsWith(GHOST[locale]), other.moves[0]);
    assert.deepEqual(other.agents, ["Pacman", GHOST[locale].replace("1", "2"), "Ann"]);
    for (const [index, line] of other.scores.entries()) {
      assert.notEqual(line, english.scores[index], `${locale}: ${line}`);
      assert.doesNotMatch(line, /[{}]/);
      assert.match(line, /2[.,\u00a0\u202f ]?000/, line);
    }
    assert.match(other.scores[4], /503/);
  });
}
