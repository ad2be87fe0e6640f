// tree/cutoff-rows.js: how many rows of cutoff notes the whole tree can need under its leaves,
// as a pure function of the trace and a layout (tree/fit.js makes room for them). tree/marks.js
// draws each cutoff note centred under the subtrees it pruned and, where it would run into a
// note already drawn, one row lower (at most MAX_ROW rows lower); the rows depend on the order the
// notes appear (step by step: the events' order; a jump: the nodes' order), so both are tried
// with the same estimate of a note's width marks.js uses.

import { fmt, relationSymbol } from "../lib/format.js";

export const MAX_ROW = 7; // tree/marks.js freeRow: rows 0 to 7 (fit.js makes room for them)
const CHAR_EM = 0.62;

/** The note's width in characters, as tree/marks.js writes it. */
function noteChars(event, packed) {
  const symbol = event.kind === "alpha" ? "α" : "β";
  const value = fmt(event.value);
  const bound = fmt(event.bound);
  const relation = relationSymbol(event.relation);
  if (packed) return `${symbol}-cutoff: ${value} ${relation} ${bound}`.length;
  return Math.max(12, `v=${value} ${relation} ${symbol}=${bound}`.length);
}

/**
 * The deepest row (0 to MAX_ROW) a cutoff note takes under the whole tree laid out with `x(id)`
 * (tree units) in a spacing (`packed`: compact or stacked; their notes are one line at 15
 * units, roomy's two lines at 13). `R`: the node radius (notes stay over the tree).
 */
export function cutoffRows(trace, x, packed, R) {
  const notes = [];
  let x0 = Infinity;
  let x1 = -Infinity;
  for (let id = 0; id < trace.size; id++) {
    x0 = Math.min(x0, x(id));
    x1 = Math.max(x1, x(id));
  }
  for (const step of trace.cutoffSteps) {
    const k = step - 1;
    const event = trace.events[k];
    const node = trace.nodeOf[k];
    if (!event || node === undefined || node < 0) continue;
    const tops = trace.prunedIds[k] && trace.prunedIds[k].length ? trace.prunedIds[k] : [node];
    const half = (noteChars(event, packed) * CHAR_EM * (packed ? 15 : 13)) / 2;
    let centre = tops.reduce((sum, top) => sum + x(top), 0) / tops.length;
    centre = x1 - x0 < 2 * half ? (x0 + x1) / 2 : Math.min(Math.max(centre, x0 - R + half), x1 + R - half);
    notes.push({ node, x0: centre - half, x1: centre + half });
  }
  const deepest = (order) => {
    const placed = [];
    let worst = 0;
    for (const note of order) {
      let row = 0;
      const clash = (r) => placed.some((p) => p.row === r && p.x0 < note.x1 && note.x0 < p.x1);
      while (row < MAX_ROW && clash(row)) row++;
      placed.push({ ...note, row });
      worst = Math.max(worst, row);
    }
    return worst;
  };
  const byNode = [...notes].sort((a, b) => a.node - b.node);
  return Math.max(deepest(notes), deepest(byNode));
}
