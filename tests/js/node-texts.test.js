// tree/nodes.js: an α/β window is written to suit the spacing tree/fit.js chose.
import assert from "node:assert/strict";
import { test } from "node:test";

import { windowText } from "../../static/js/tree/nodes.js";

test("roomy windows name α and β on one line", () => {
  assert.deepEqual(windowText(3, Infinity, "roomy"), ["α=3 β=∞"]);
});

test("compact windows are intervals, stacked ones two short lines", () => {
  assert.deepEqual(windowText(-Infinity, 3, "compact"), ["[−∞, 3]"]);
  assert.deepEqual(windowText(-14, -16, "stacked"), ["α=−14", "β=−16"]);
});
