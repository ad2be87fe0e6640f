// tree/cutoff-rows.js: the rows of cutoff notes under a whole tree — none extra when the notes
// are far apart, one more when two notes would run into each other — so tree/fit.js makes
// room for every note inside the box.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cutoffRows } from "../../static/js/tree/cutoff-rows.js";
import { traceOf } from "./fixtures.js";

const R = 22;
const textbook = traceOf("textbook");
// Leaves 60 units apart, inner nodes over the middle of their children (a tidy layout).
function tidyX(trace, gap) {
  const x = new Float64Array(trace.size);
  let next = 0;
  const place = (id) => {
    const kids = trace.children[id];
    if (!kids.length) return (x[id] = gap * next++);
    kids.forEach(place);
    return (x[id] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2);
  };
  place(0);
  return (id) => x[id];
}

test("the textbook's cutoff notes share one row when the leaves are far apart", () => {
  assert.ok(textbook.cutoffSteps.length >= 2);
  assert.equal(cutoffRows(textbook, tidyX(textbook, 200), false, R), 0);
});

test("notes that would run into each other need a second row", () => {
  assert.equal(cutoffRows(textbook, tidyX(textbook, 20), false, R), 1);
});

test("a tree with no cutoff needs no row", () => {
  const none = traceOf("textbook");
  none.cutoffSteps = [];
  assert.equal(cutoffRows(none, tidyX(none, 20), true, R), 0);
});
