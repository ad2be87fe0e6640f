// chance-prune.js: Star1's question, "which chance children are pruned, given bounds
// [L, U]?", read from the trace as app/practice/questions/chance_prune.py reads it, with the
// same sentences word for word: a chance_cutoff event lists the children left once the
// chance node's value is at most α (Σ p·v seen + unseen mass·U) or at least β (… ·L).

import { fmt } from "../../lib/format.js";
import { _ } from "../../lib/i18n.js";
import { nameList, uniqueNames } from "../../lib/names.js";
import { num } from "../../trace/trace.js";

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
    const node = names[row];
    const parent = trace.parent[row];
    if (parent < 0 || nodes[parent].kind !== "chance") {
      return _("{node} is not a chance node's child: only chance nodes' children are asked about.", { node });
    }
    const at = names[parent];
    if (cut.has(row)) {
      const event = cut.get(row)[1];
      const values = seen.get(parent);
      const atMost = event[3] === "<=";
      const searched = values.map(([child]) => child);
      const after =
        searched.length === 1
          ? _("{node}'s first child {child}", { node: at, child: names[searched[0]] })
          : _("{node}'s children {children}", { node: at, children: nameList(trace, searched, 6, names) });
      const words = {
        node,
        parent: at,
        after,
        sum: written(parent, values, atMost ? high : low),
        value: fmt(num(event[2])),
        bound: fmt(num(event[4])),
      };
      if (atMost) {
        return _(
          "{node} is pruned: after {after}, {parent}'s value is at most {sum} = {value} ≤ α = {bound}, so the rest of {parent}'s children cannot matter.",
          words
        );
      }
      return _(
        "{node} is pruned: after {after}, {parent}'s value is at least {sum} = {value} ≥ β = {bound}, so the rest of {parent}'s children cannot matter.",
        words
      );
    }
    if (arrived.has(row)) {
      const [values, alpha, beta] = arrived.get(row);
      const least = fmt(total(parent, values, low));
      const most = fmt(total(parent, values, high));
      return _(
        "{node} is searched: when {parent} came to it, {parent}'s value could still be anything from {least} to {most}, neither at most α = {alpha} nor at least β = {beta}.",
        { node, parent: at, least, most, alpha: fmt(alpha), beta: fmt(beta) }
      );
    }
    let above = null;
    for (let i = trace.parent[row]; i >= 0; i = trace.parent[i]) if (prunedRoots.has(i)) above = i;
    const skipped = names[above === null ? row : above];
    return _("{node} is never reached: {skipped} is pruned above it, before {parent} could come to it.", { node, skipped, parent: at });
  }

  return { truth: new Map([...cut].map(([row, [step]]) => [row, step])), explain };
}
