// narration-languages.test.js: the narration in German, Spanish and Simplified Chinese carries
// exactly the numbers and node names of the English, step by step, on the textbook trees of
// every search (alpha-beta, negamax, PVS with aspiration, MTD(f), SSS*, chance nodes with
// Star1/Star2, a depth limit, the strict rule): a translation may reorder a sentence but
// never drop, add or change a value or a name, and leaves no placeholder unfilled. The
// catalogs are the server's (app/i18n/catalogs.py's browser catalogs), written by
// tests/i18n/test_narration_languages.py, which runs this file with their path in
// PRUNE_CATALOGS (so it lives outside tests/js/*.test.js).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { useCatalog } from "../../../static/js/lib/i18n.js";
import { nodeNames } from "../../../static/js/lib/names.js";
import { narrate } from "../../../static/js/trace/narration.js";
import { traceOf } from "../fixtures.js";

const catalogsFile = process.env.PRUNE_CATALOGS;
if (!catalogsFile) throw new Error("PRUNE_CATALOGS must name the catalogs file (tests/i18n/test_narration_languages.py writes it)");
const catalogs = JSON.parse(readFileSync(catalogsFile, "utf8"));

const FIXTURES = [
  "textbook",
  "textbook-negamax",
  "textbook-pvs-aspiration",
  "pvs-research",
  "textbook-mtdf",
  "textbook-sssstar",
  "chance",
  "star1",
  "star2",
  "depth-limited",
  "tie-strict",
];
const NUMBER = /[+\u2212-]?(?:\d+(?:\.\d+)?|∞)/g;
const WORD = /[A-Za-z][A-Za-z0-9]*/g;

/** A fixture's trace, its nodes labelled QA, QB, … (names no language has as a word: the
 * letter names A and I are English words). */
function labelledTrace(fixture) {
  const trace = traceOf(fixture);
  trace.nodes.forEach((row, id) => {
    row.label = `Q${String.fromCharCode(65 + (id % 26))}${id >= 26 ? String.fromCharCode(65 + Math.floor(id / 26)) : ""}`;
  });
  return trace;
}

/** The numbers of a sentence, and the node names it mentions, each sorted (order may differ). */
function facts(text, names) {
  const numbers = (text.match(NUMBER) || []).sort();
  const mentioned = (text.match(WORD) || []).filter((word) => names.has(word)).sort();
  return { numbers, mentioned };
}

function sentences(trace, catalog) {
  useCatalog(catalog);
  try {
    return Array.from({ length: trace.length + 1 }, (_unused, k) => narrate(trace, k));
  } finally {
    useCatalog(null);
  }
}

for (const [locale, catalog] of Object.entries(catalogs)) {
  test(`${locale}: every step's sentence has the English one's numbers and node names`, () => {
    let steps = 0;
    for (const fixture of FIXTURES) {
      const trace = labelledTrace(fixture);
      const names = new Set(nodeNames(trace));
      assert.equal(names.size, trace.size, "every node named apart");
      const english = sentences(trace, null);
      const translated = sentences(trace, catalog);
      for (let k = 0; k < english.length; k++) {
        const where = `${fixture} step ${k}: ${english[k]} / ${translated[k]}`;
        assert.notEqual(translated[k], english[k], `${where}: not translated`);
        assert.doesNotMatch(translated[k], /\{\w+\}/, `${where}: a placeholder left`);
        assert.deepEqual(facts(translated[k], names), facts(english[k], names), where);
        steps++;
      }
    }
    assert.ok(steps > 300, `only ${steps} steps compared`);
  });
}
