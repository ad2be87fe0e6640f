// taps.js: grading the questions answered by tapping nodes (PVS's re-searched children,
// research.js; Star1's pruned chance children, chance-prune.js), as app/practice/questions/
// taps.py grades them. Each node of the truth is correct_tap when tapped, missed_tap when
// not; each other node tapped is over_tap (costs a point). max_score = the truth's nodes;
// score = correct − over, never below 0. Items in step order, then node. Pure: runs in Node.

/** The nodes an answer taps ({tapped: [dotted paths or index lists]}), once each, in order;
 * paths the tree does not have are left out (the page sends none; the server refuses them). */
export function tappedRows(trace, answer) {
  const rows = [];
  for (const path of (answer && answer.tapped) || []) {
    const id = trace.ids.get(Array.isArray(path) ? path.join(".") : String(path));
    if (id !== undefined && !rows.includes(id)) rows.push(id);
  }
  return rows;
}

/** {score, max_score, items}: `truth` maps each right node to its step; `explain(row)` says
 * why a node is (or is not) in it; `reached[row]` is a node's first step (0: never). */
export function gradeTaps(trace, tapped, truth, explain, reached) {
  const items = []; // [step, row, kind, explanation]
  for (const row of tapped) {
    if (truth.has(row)) items.push([truth.get(row), row, "correct_tap", explain(row)]);
    else items.push([reached[row] || trace.length, row, "over_tap", explain(row)]);
  }
  for (const [row, step] of truth) {
    if (!tapped.includes(row)) items.push([step, row, "missed_tap", explain(row)]);
  }
  items.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const correct = items.filter((item) => item[2] === "correct_tap").length;
  const over = items.filter((item) => item[2] === "over_tap").length;
  return {
    score: Math.max(0, correct - over),
    max_score: truth.size,
    items: items.map(([step, row, kind, explanation]) => ({ kind, path: trace.pathOf(row), explanation, step })),
  };
}

/** Each node's first step (its enter or leaf event), 0 if never reached. */
export function firstSteps(trace) {
  const reached = new Int32Array(trace.size);
  trace.wireEvents.forEach((event, index) => {
    if ((event[0] === "enter" || event[0] === "leaf") && !reached[event[1]]) reached[event[1]] = index + 1;
  });
  return reached;
}
