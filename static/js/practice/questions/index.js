// questions/index.js: the practice questions of the searches beyond alpha-beta, graded in the
// browser as app/practice/questions grades them on the server (the same items, steps,
// scores and sentences; tests/engine/test_grading_agreement.py compares them under Node).
// The algorithm names the question: pvs → "research" (tap the children searched again),
// star1 → "chance_prune" (tap the chance children pruned), mtdf → "bounds" (the root's
// lower and upper bound after each pass). Pure: it runs in Node too.

import { gradeBounds } from "./bounds.js";
import { chancePruneOf } from "./chance-prune.js";
import { researchOf } from "./research.js";
import { num } from "../../trace/trace.js";
import { firstSteps, gradeTaps, tappedRows } from "./taps.js";

export const QUESTIONS = { pvs: "research", star1: "chance_prune", mtdf: "bounds" };
export const QUESTION_KINDS = Object.values(QUESTIONS);

/** The question `options` ask ("research", "chance_prune", "bounds"), or "" for the others
 * (graded by grader.js: prunes, values, windows, the move). */
export function questionOf(options = {}) {
  return (!options.aspiration && QUESTIONS[options.algorithm]) || "";
}

/** Grade `answer` against a complete trace of its question's search: {question, score,
 * max_score, items, rule}. */
export function gradeQuestion(trace, answer) {
  const question = questionOf(trace.options);
  let graded;
  if (question === "bounds") {
    graded = gradeBounds(trace, answer);
  } else {
    const reached = firstSteps(trace);
    const reading = question === "research" ? researchOf(trace, reached) : chancePruneOf(trace);
    graded = gradeTaps(trace, tappedRows(trace, answer), reading.truth, reading.explain, reached);
  }
  return { question, ...graded, rule: trace.options.rule };
}

/** The right answer (what the page's "show the answer" and tests use). */
export function questionAnswer(trace) {
  const question = questionOf(trace.options);
  if (question === "bounds") return { bounds: trace.summary.passes.map((done) => [num(done.lower), num(done.upper)]) };
  const reached = firstSteps(trace);
  const reading = question === "research" ? researchOf(trace, reached) : chancePruneOf(trace);
  return { tapped: [...reading.truth.keys()].map((row) => trace.keys[row]) };
}
