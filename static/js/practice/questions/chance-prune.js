// chance-prune.js: Star1's question, "which chance children are pruned, given bounds
// [L, U]?", read from the trace as app/practice/questions/chance_prune.py reads it, with the
// same sentences word for word: a chance_cutoff event lists the children left once the
// chance node's value is at most α (Σ p·v seen + unseen mass·U) or at least β (… ·L).

import { fmt } from "../../lib/format.js";
import { nameList, uniqueNames } from "../../lib/names.js";
import { num } from "../../trace/trace.js";

const RELATIONS = { "<=": "≤", ">=": "≥" };

/** The chance cutoffs of a complete Star1 trace: {truth: Map row → step, explain}. */
export function chancePruneOf(trace) {
  const [low, high] = trace.options.bounds.map(num);
  const nodes = trace.nodes;
  const names = uniqueNames(trace);
  const cut = new Map(); // pruned chance child → [step, event]
  const prunedRoots = new Set(); // every pruned subtree's root, any cutoff
  const seen = new Map(); // chance row → [[child, value], …]
  const arrived = new Map(); // a chance child → [seen before it, α, β] of its chance node
  const windows = new Map();
  trace.wireEvents.forEach((event, index) => {
    const [kind, row] = event;
    if (kind === "enter" || kind === "leaf") {
      const parent = trace.parent[row];
      if (parent >= 0 && nodes[parent].kind === "chance") arrived.set(row, [[...seen.get(parent)], ...windows.get(parent)]);
      if (kind === "enter") {
        windows.set(row, [num(event[3]), num(event[4])]);
        seen.set(row, []);
      }
    } else if (kind === "update" && seen.has(row)) {
      if (nodes[row].kind === "chance") seen.get(row).push([event[2], num(event[3])]);
    } else if (kind === "chance_cutoff") {
      for (const child of event[5]) cut.set(child, [index + 1, event]);
      for (const child of event[5]) prunedRoots.add(child);
    } else if (kind === "cutoff") {
      for (const child of event[6]) prunedRoots.add(child);
    }
  });

  const uniform = (parent) => nodes[trace.children[parent][0]].p === undefined || nodes[trace.children[parent][0]].p === null;
  const rest = (parent, values) => {
    const done = new Set(values.map(([child]) => child));
    return trace.children[parent].filter((child) => !done.has(child));
  };

  function total(parent, values, extreme) {
    const count = trace.children[parent].length;
    if (uniform(parent)) {
      const sum = values.reduce((acc, [, value]) => acc + value, 0) + (count - values.length) * extreme;
      return sum / count;
    }
    const sum = values.reduce((acc, [child, value]) => acc + nodes[child].p * value, 0);
    return sum + rest(parent, values).reduce((acc, child) => acc + nodes[child].p * extreme, 0);
  }

  function written(parent, values, extreme) {
    const count = trace.children[parent].length;
    if (uniform(parent)) {
      const unseen = count - values.length;
      const terms = values.map(([, value]) => fmt(value));
      terms.push(unseen === 1 ? fmt(extreme) : `${unseen} × ${fmt(extreme)}`);
      return `(${terms.join(" + ")}) / ${count}`;
    }
    const terms = values.map(([child, value]) => `${fmt(nodes[child].p)} × ${fmt(value)}`);
    for (const child of rest(parent, values)) terms.push(`${fmt(nodes[child].p)} × ${fmt(extreme)}`);
    return terms.join(" + ");
  }

  function explain(row) {
    const name = names[row];
    const parent = trace.parent[row];
    if (parent < 0 || nodes[parent].kind !== "chance") {
      return `${name} is not a chance node's child: only chance nodes' children are asked about.`;
    }
    const at = names[parent];
    if (cut.has(row)) {
      const event = cut.get(row)[1];
      const values = seen.get(parent);
      const atMost = event[3] === "<=";
      const searched = values.map(([child]) => child);
      const after =
        searched.length === 1 ? `${at}'s first child ${names[searched[0]]}` : `${at}'s children ${nameList(trace, searched, 6, names)}`;
      const sum = written(parent, values, atMost ? high : low);
      return `${name} is pruned: after ${after}, ${at}'s value is ${atMost ? "at most" : "at least"} ${sum} = ${fmt(num(event[2]))} ${RELATIONS[event[3]]} ${atMost ? "α" : "β"} = ${fmt(num(event[4]))}, so the rest of ${at}'s children cannot matter.`;
    }
    if (arrived.has(row)) {
      const [values, alpha, beta] = arrived.get(row);
      const least = total(parent, values, low);
      const most = total(parent, values, high);
      return `${name} is searched: when ${at} came to it, ${at}'s value could still be anything from ${fmt(least)} to ${fmt(most)}, neither at most α = ${fmt(alpha)} nor at least β = ${fmt(beta)}.`;
    }
    let above = null;
    for (let node = trace.parent[row]; node >= 0; node = trace.parent[node]) if (prunedRoots.has(node)) above = node;
    return `${name} is never reached: ${names[above === null ? row : above]} is pruned above it, before ${at} could come to it.`;
  }

  return { truth: new Map([...cut].map(([row, [step]]) => [row, step])), explain };
}
