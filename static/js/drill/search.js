// drill/search.js: alpha-beta search of a small tree in the browser, so that a drill's tree,
// generated from a seed, is graded with no request (the page works offline once loaded).
// A port of app/engine/search.py for what drills use (no move ordering, no depth limit): the
// same node table (preorder rows {parent, kind, terminal, value?, p?}), the same events as
// wire arrays (infinities as "Infinity"/"-Infinity"), fail-soft values, both pruning rules,
// chance nodes (which never prune, and search their children with an open window), and a
// summary with the value and best move. tests/engine/test_drill_search.py compares it with
// the engine on random trees. Pure: it runs in Node too.

const OPEN = ["-Infinity", "Infinity"]; // the open window, as the wire writes it
const START = { max: -Infinity, min: Infinity, chance: 0 }; // v before any child returns

/** A number as the wire writes it: infinities as strings. */
function wire(x) {
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return x;
}

/**
 * The node table of `tree`: a nested tree of {children: […]} (an inner node; `type` may say
 * "max", "min" or "chance") or {value} (a leaf), either with `p` (its probability under a
 * chance node). Kinds come from the `players` cycle by depth unless a node gives its type.
 */
export function nodeTable(tree, players) {
  const rows = [];
  const walk = (node, parent, depth) => {
    const kind = node.type || players[depth % players.length];
    const kids = node.children || [];
    const row = { parent, kind, terminal: kids.length === 0 };
    if (!kids.length) row.value = node.value;
    if (node.p !== undefined) row.p = node.p;
    const id = rows.length;
    rows.push(row);
    for (const kid of kids) walk(kid, id, depth + 1);
  };
  walk(tree, null, 0);
  return rows;
}

/**
 * The whole trace of an alpha-beta search (`rule`: "standard" | "strict") over the node
 * table `nodes`: {nodes, options, events, summary: {value, best_move}}, as POST /api/trace
 * answers for the same tree.
 */
export function searchTable(nodes, { rule = "standard", players = ["max", "min"] } = {}) {
  const children = nodes.map(() => []);
  nodes.forEach((row, id) => {
    if (row.parent !== null) children[row.parent].push(id);
  });
  const strict = rule === "strict";
  const events = [];

  // Search inner node `node` in the window (alpha, beta), written on the wire as `out`.
  const visit = (node, alpha, beta, out) => {
    const kind = nodes[node].kind;
    const kids = children[node];
    let value = START[kind];
    let best = -1;
    let total = 0;
    let [alphaOut, betaOut] = out;
    events.push(["enter", node, kind, alphaOut, betaOut]);
    for (let position = 0; position < kids.length; position++) {
      const child = kids[position];
      let returned;
      if (children[child].length) {
        returned = kind === "chance" ? visit(child, -Infinity, Infinity, OPEN) : visit(child, alpha, beta, [alphaOut, betaOut]);
      } else {
        returned = nodes[child].value;
        const [a, b] = kind === "chance" ? OPEN : [alphaOut, betaOut];
        events.push(["leaf", child, returned, a, b]);
      }
      let cutoff = null;
      if (kind === "max") {
        if (returned > value) [value, best] = [returned, child];
        if (strict) {
          if (value > beta) cutoff = ["beta", ">", betaOut];
          else if (value > alpha) [alpha, alphaOut] = [value, wire(value)];
        } else {
          if (value > alpha) [alpha, alphaOut] = [value, wire(value)];
          if (alpha >= beta) cutoff = ["beta", ">=", betaOut];
        }
      } else if (kind === "min") {
        if (returned < value) [value, best] = [returned, child];
        if (strict) {
          if (value < alpha) cutoff = ["alpha", "<", alphaOut];
          else if (value < beta) [beta, betaOut] = [value, wire(value)];
        } else {
          if (value < beta) [beta, betaOut] = [value, wire(value)];
          if (alpha >= beta) cutoff = ["alpha", "<=", alphaOut];
        }
      } else {
        const weight = nodes[child].p;
        if (weight === undefined || weight === null) {
          total += returned;
          value = total / kids.length;
        } else {
          total += weight * returned;
          value = total;
        }
      }
      events.push(["update", node, child, returned, value, alphaOut, betaOut]);
      if (cutoff) {
        const [cutKind, relation, bound] = cutoff;
        events.push(["cutoff", node, cutKind, value, relation, bound, kids.slice(position + 1)]);
        break;
      }
    }
    events.push(["exit", node, value, best >= 0 ? best : null]);
    return value;
  };

  const value = visit(0, -Infinity, Infinity, OPEN);
  const bestChild = events[events.length - 1][3];
  const summary = { value: wire(value), best_move: bestChild === null ? null : children[0].indexOf(bestChild) };
  const options = { algorithm: "alphabeta", rule, players: [...players], depth: null, ordering: "given", seed: 0 };
  return { nodes, options, events, summary };
}

/** The ids a trace's cutoffs prune (the roots of the pruned subtrees). */
export function prunedRoots(events) {
  return events.filter((event) => event[0] === "cutoff").flatMap((event) => event[6]);
}
