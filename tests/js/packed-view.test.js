// lib/packed-view.js: a view packed into a permalink's ?z= and back (Node has the same
// CompressionStream("deflate-raw") as the browser).

import assert from "node:assert/strict";
import { test } from "node:test";

import { packView, unpackView } from "../../static/js/lib/packed-view.js";
import { loadFixture } from "./fixtures.js";

test("a view comes back unchanged, from URL-safe text shorter than its JSON", async () => {
  const doc = loadFixture("depth-limited.doc");
  const view = { tree: doc.tree, options: { rule: "strict", depth: 2 }, step: 9 };
  const text = await packView(view);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.ok(text.length < JSON.stringify(view).length);
  assert.deepEqual(await unpackView(text), view);
});

test("a link cut short or mangled says it is damaged", async () => {
  const text = await packView({
    tree: [
      [3, 12, 8],
      [2, 4, 6],
    ],
    step: 0,
  });
  await assert.rejects(unpackView(text.slice(0, text.length / 2)), /This link is damaged/);
  await assert.rejects(unpackView("not a packed view!"), /This link is damaged/);
});

test("a packed value without a tree is refused", async () => {
  await assert.rejects(unpackView(await packView({ step: 3 })), /it holds no tree/);
});
