// static/js/trace/ holds only DOM-free modules (docs/architecture.md): every one of them loads
// under Node, which has no DOM, and exports what it names. (ESLint gives trace/ no browser
// globals, so a `document` inside a function fails the lint as well.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";

const TRACE = new URL("../../static/js/trace/", import.meta.url);

test("every module of trace/ loads without a DOM", async () => {
  const files = readdirSync(TRACE).filter((file) => file.endsWith(".js"));
  assert.ok(files.length >= 5, "trace/ has its modules");
  assert.equal(typeof globalThis.document, "undefined", "this process has no DOM");
  for (const file of files) {
    const module = await import(new URL(file, TRACE));
    assert.ok(Object.keys(module).length > 0, `${file} exports something`);
  }
});
