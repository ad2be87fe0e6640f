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

export const MISTAKE_KINDS = ["missed_prune", "over_prune", "wrong_value", "wrong_move", "value_for_pruned", "missed_tap", "over_tap"];
const MISTAKE_WORDS = {
  missed_prune: ["missed prune", "missed prunes"],
  over_prune: ["over-pruned node", "over-pruned nodes"],
  wrong_value: ["wrong root value", "wrong root values"],
  wrong_move: ["wrong best move", "wrong best moves"],
  value_for_pruned: ["value for a pruned node", "values for pruned nodes"],
  missed_tap: ["node missed", "nodes missed"], // the question levels (PVS, Star1)
  over_tap: ["node tapped wrongly", "nodes tapped wrongly"],
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
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** The end-of-sitting summary as sentences. */
export function summaryLines(sitting) {
  if (!sitting.done) return ["No tree checked yet."];
  const total = sitting.times.reduce((a, b) => a + b, 0);
  const lines = [
    `${sitting.right} of ${sitting.done} ${sitting.done === 1 ? "tree" : "trees"} right; best streak ${sitting.bestStreak}.`,
    `Time per tree: ${seconds(total / sitting.done)} on average, ${seconds(Math.min(...sitting.times))} the fastest.`,
  ];
  const mistakes = MISTAKE_KINDS.filter((k) => sitting.mistakes[k] > 0).map((k) => {
    const n = sitting.mistakes[k];
    return `${n} ${MISTAKE_WORDS[k][n === 1 ? 0 : 1]}`;
  });
  lines.push(mistakes.length ? `Mistakes: ${mistakes.join(", ")}.` : "No mistakes.");
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
