// trace/same-node.js: after a new search, the step that shows the node the reader was on.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SameNode, nodeAt } from "../../static/js/trace/same-node.js";
import { Trace } from "../../static/js/trace/trace.js";
import { loadFixture, traceOf } from "./fixtures.js";

test("nodeAt names the path of the node a step is about, and none at step 0", () => {
  const trace = traceOf("textbook");
  assert.equal(nodeAt(trace, 0), null);
  assert.equal(nodeAt(trace, 5), "0.1", "step 5 evaluates the second leaf of B");
  assert.equal(nodeAt(trace, 27), "", "the root");
});

test("a visited node is found at the step it is first reached", () => {
  const trace = traceOf("textbook");
  assert.equal(new SameNode("0.1").settle(trace), 5);
  assert.equal(new SameNode("2").settle(trace), 17, "D is entered at step 17");
  assert.equal(new SameNode("").settle(trace), 1);
});

test("a pruned node is found at the cutoff that pruned it", () => {
  const trace = traceOf("textbook");
  assert.equal(new SameNode("1.2").settle(trace), 14);
});

test("a node the depth limit dropped is stood in for by its nearest ancestor", () => {
  const trace = traceOf("depth-limited");
  assert.equal(trace.ids.has("0.0.1"), false);
  const ancestor = trace.ids.get("0.0");
  const reached = trace.events.findIndex((e, j) => e.type === "leaf" && trace.nodeOf[j] === ancestor);
  assert.equal(new SameNode("0.0.1").settle(trace), reached + 1);
});

test("scan reports -1 until the node's events stream in", () => {
  const { nodes, summary, events } = loadFixture("textbook");
  const trace = new Trace(nodes, summary.options);
  const search = new SameNode("0.1");
  trace.append(events.slice(0, 4));
  assert.equal(search.scan(trace), -1);
  trace.append(events.slice(4));
  assert.equal(search.scan(trace), 5);
});
