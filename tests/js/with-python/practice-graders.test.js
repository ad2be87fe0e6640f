// practice-graders.test.js: the practice page's graders (static/js/practice/*.js, and
// questions/ for PVS, MTD(f) and Star1) grade each
// case exactly as the server's (app/practice) did: the same score, items, steps and
// sentences. The cases (a trace in the wire format, an answer, and app.practice's grading
// of it) are written by tests/engine/test_grading_agreement.py, which runs this file with
// their path in PRUNE_GRADER_CASES (so it lives outside tests/js/*.test.js); with
// PRUNE_GRADER_CATALOG (a browser catalog, app/i18n/catalogs.py) the page grades in that
// language (tests/i18n/test_question_explanations_language.py). Run alone:
//   PRUNE_GRADER_CASES=cases.json node --test tests/js/with-python/practice-graders.test.js

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { useCatalog } from "../../../static/js/lib/i18n.js";
import { grade } from "../../../static/js/practice/grader.js";
import { gradeQuestion, questionOf } from "../../../static/js/practice/questions/index.js";
import { Trace } from "../../../static/js/trace/trace.js";

const casesFile = process.env.PRUNE_GRADER_CASES;
if (!casesFile) {
  throw new Error("PRUNE_GRADER_CASES must name the cases file (tests/engine/test_grading_agreement.py writes it)");
}
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const catalogFile = process.env.PRUNE_GRADER_CATALOG;
useCatalog(catalogFile ? JSON.parse(readFileSync(catalogFile, "utf8")) : null);

/** A complete Trace of a trace in the wire format, built as the pages build it. */
function traceOf({ nodes, options, events, summary }) {
  const trace = new Trace(nodes, options);
  trace.append(events);
  trace.finish(summary);
  return trace;
}

for (const { name, trace, answer, expected } of cases) {
  test(name, () => {
    const graded = questionOf(trace.options) ? gradeQuestion(traceOf(trace), answer) : grade(traceOf(trace), answer);
    assert.deepEqual(graded, expected, JSON.stringify(answer));
  });
}
