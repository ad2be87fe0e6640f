// drill/sitting.js: what a drill keeps over a sitting, and the adaptive level. Pure (plain
// objects in, new objects out), so that the rules are unit-tested in Node.
//
// - outcome(result): a graded tree (grader.js's result, drill items only) as
//   {clean, counts}: clean when no prune was missed or over-pruned and the optional root
//   value and best move, if given, are right; counts by mistake kind.
// - record(sitting, outcome, ms): the running score (right/done), streak of clean trees,
//   the best streak, mistakes by kind, and time per tree.
// - adapt(state, clean): the adaptive rule. Three clean trees in a row move one level up,
//   two trees with mistakes in a row one level down (never past the first or last level);
//   a move starts both counts again.
// The sentences are in the page's language (lib/i18n.js; English in Node).

import { _, formatNumber, language, ngettext } from "../lib/i18n.js";

export const MISTAKE_KINDS = ["missed_prune", "over_prune", "wrong_value", "wrong_move", "value_for_pruned", "missed_tap", "over_tap"];
const MISTAKE_WORDS = {
  missed_prune: (n) => ngettext("{n} missed prune", "{n} missed prunes", n),
  over_prune: (n) => ngettext("{n} over-pruned node", "{n} over-pruned nodes", n),
  wrong_value: (n) => ngettext("{n} wrong root value", "{n} wrong root values", n),
  wrong_move: (n) => ngettext("{n} wrong best move", "{n} wrong best moves", n),
  value_for_pruned: (n) => ngettext("{n} value for a pruned node", "{n} values for pruned nodes", n),
  missed_tap: (n) => ngettext("{n} node missed", "{n} nodes missed", n), // the question levels (PVS, Star1)
  over_tap: (n) => ngettext("{n} node tapped wrongly", "{n} nodes tapped wrongly", n),
};
export const UP_AFTER = 3; // clean trees in a row
export const DOWN_AFTER = 2; // trees with mistakes in a row

/** A new sitting: nothing done yet. */
export function newSitting() {
  return { done: 0, right: 0, streak: 0, bestStreak: 0, mistakes: Object.fromEntries(MISTAKE_KINDS.map((k) => [k, 0])), times: [] };
}

/** A graded tree's {clean, counts}: counts of each mistake kind among its items. */
export function outcome(result) {
  const counts = Object.fromEntries(MISTAKE_KINDS.map((k) => [k, 0]));
  for (const item of result.items) if (Object.hasOwn(counts, item.kind)) counts[item.kind]++;
  return { clean: MISTAKE_KINDS.every((k) => counts[k] === 0), counts };
}

/** The sitting after one more tree, checked after `ms` milliseconds. */
export function record(sitting, treeOutcome, ms) {
  const right = sitting.right + (treeOutcome.clean ? 1 : 0);
  const streak = treeOutcome.clean ? sitting.streak + 1 : 0;
  const mistakes = { ...sitting.mistakes };
  for (const kind of MISTAKE_KINDS) mistakes[kind] += treeOutcome.counts[kind];
  return {
    done: sitting.done + 1,
    right,
    streak,
    bestStreak: Math.max(sitting.bestStreak, streak),
    mistakes,
    times: [...sitting.times, ms],
  };
}

/** "right/done", as [data-score] shows it. */
export function scoreText(sitting) {
  return `${sitting.right}/${sitting.done}`;
}

/** A duration as people read it: "4.2 s", "1 min 5 s". */
export function seconds(ms) {
  const s = ms / 1000;
  if (s < 60) return _("{seconds} s", { seconds: formatNumber(s, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return _("{minutes} min {seconds} s", { minutes: formatNumber(Math.floor(s / 60)), seconds: formatNumber(Math.round(s % 60)) });
}

/** `parts` as one list the way the page's language writes it: "1 missed, 2 over-pruned"
 * (Chinese with its enumeration comma). */
export function listed(parts) {
  const chinese = language().startsWith("zh");
  const style = chinese ? { type: "conjunction", style: "narrow" } : { type: "unit", style: "long" };
  return new Intl.ListFormat(language(), style).format(parts);
}

/** The end-of-sitting summary as sentences. */
export function summaryLines(sitting) {
  if (!sitting.done) return [_("No tree checked yet.")];
  const total = sitting.times.reduce((a, b) => a + b, 0);
  const lines = [
    ngettext("{right} of {n} tree right; best streak {best}.", "{right} of {n} trees right; best streak {best}.", sitting.done, {
      right: formatNumber(sitting.right),
      best: formatNumber(sitting.bestStreak),
    }),
    _("Time per tree: {average} on average, {fastest} the fastest.", {
      average: seconds(total / sitting.done),
      fastest: seconds(Math.min(...sitting.times)),
    }),
  ];
  const mistakes = MISTAKE_KINDS.filter((k) => sitting.mistakes[k] > 0).map((k) => MISTAKE_WORDS[k](sitting.mistakes[k]));
  lines.push(mistakes.length ? _("Mistakes: {mistakes}.", { mistakes: listed(mistakes) }) : _("No mistakes."));
  return lines;
}

/** The adaptive state at the start: {level (an index into the levels), clean, missed}. */
export function adaptiveStart(level) {
  return { level, clean: 0, missed: 0 };
}

/** The adaptive state after a tree (`clean` or not), with `count` levels. */
export function adapt(state, clean, count) {
  if (clean) {
    const run = state.clean + 1;
    if (run >= UP_AFTER && state.level < count - 1) return { level: state.level + 1, clean: 0, missed: 0 };
    return { level: state.level, clean: run, missed: 0 };
  }
  const run = state.missed + 1;
  if (run >= DOWN_AFTER && state.level > 0) return { level: state.level - 1, clean: 0, missed: 0 };
  return { level: state.level, clean: 0, missed: run };
}
