// drill/question-levels.js: the drill levels that ask a question of a search beyond
// alpha-beta (trees.js's QUESTION_LEVELS): "pvs", tap the children PVS searches again, and
// "star1", cross out the chance children Star1 prunes. A level's tree for a seed is the
// practice question's (GET /api/practice/question, then its trace: practice/load.js), graded
// by practice's question grader (practice/questions/), so a drill says what practice says.

import { questionExercise } from "../practice/address.js";
import { loadExercise } from "../practice/load.js";
import { questionText } from "../practice/question-sheet.js";
import { gradeQuestion } from "../practice/questions/index.js";
import { _, ngettext } from "../lib/i18n.js";
import { MAX_SEED } from "./trees.js";

/** The finished Trace of a question level's tree for `seed` (a request to the server). */
export async function questionTrace(level, seed, { onRetry = null } = {}) {
  const exercise = { question: questionExercise(level.question, Math.min(Math.max(1, seed), MAX_SEED)), options: {} };
  return (await loadExercise(exercise, { onRetry })).trace;
}

/** The graded items of the nodes marked (a Set of ids) on a question level's tree. */
export function questionItems(trace, marked) {
  return gradeQuestion(trace, { tapped: [...marked].map((id) => trace.keys[id]) }).items;
}

/** The status line's sentence for a new tree of the level, named `name`. */
export function newTreeSentence(level, name) {
  return level.question === "research"
    ? _("A new tree ({level}): tap the children PVS searches again.", { level: name })
    : _("A new tree ({level}): cross out the chance children Star1 prunes.", { level: name });
}

/** The question in full, for the rules line. */
export function levelQuestion(level, trace) {
  return questionText(level.question, trace);
}

/** The verdict's mistakes in words: "1 missed, 2 not one of them". */
export function questionMistakes(counts) {
  const parts = [];
  if (counts.missed_tap) parts.push(ngettext("{n} missed", "{n} missed", counts.missed_tap));
  if (counts.over_tap) parts.push(ngettext("{n} not one of them", "{n} not one of them", counts.over_tap));
  return parts;
}
