// tree/picture.js's pictureCut: every node up to the limit, never a "… N more" window; above
// the limit, the cut around the current node, still without windows.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pictureCut } from "../../static/js/tree/picture.js";

/** A uniform tree of branching `b` and depth `d`, as the Trace fields fold.js reads. */
function uniformTree(b, d) {
  const children = [[]];
  const parent = [-1];
  const depth = [0];
  const grow = (id) => {
    if (depth[id] === d) return;
    for (let k = 0; k < b; k++) {
      const child = children.length;
      children.push([]);
      parent.push(id);
      depth.push(depth[id] + 1);
      children[id].push(child);
      grow(child);
    }
  };
  grow(0);
  const size = children.length;
  return { size, children, parent, principalVariation: () => [] };
}

const stateAt = (trace, current) => ({
  current,
  state: new Uint8Array(trace.size),
  done: new Uint8Array(trace.size),
});

test("a tree within the limit is drawn whole, every child of a wide node included", () => {
  const trace = uniformTree(20, 2); // 421 nodes, 20 children each: the view would window them
  const cut = pictureCut(trace, stateAt(trace, 5), { limit: 500 });
  assert.equal(cut.ids.length, trace.size);
  assert.deepEqual(cut.placeholders, []);
});

test("above the limit the cut keeps the path to the current node and has no windows", () => {
  const trace = uniformTree(3, 6); // 1,093 nodes
  const current = trace.children[trace.children[trace.children[0][2]][1]][0];
  const cut = pictureCut(trace, stateAt(trace, current), { limit: 500, slots: 30 });
  assert.ok(cut.ids.length < trace.size);
  assert.deepEqual(cut.placeholders, []);
  for (let id = current; id >= 0; id = trace.parent[id]) assert.ok(cut.ids.includes(id));
});
