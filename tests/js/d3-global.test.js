// script/d3-global.mjs: the d3 that the bundle injects where a module uses the global `d3`
// names only the functions the modules use (the rest of d3 stays out of the bundle). Every
// `d3.name` in static/js must be one of them, and the npm package's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import * as npmD3 from "d3";
import { d3 } from "../../script/d3-global.mjs";

const JS = new URL("../../static/js/", import.meta.url).pathname;

function usedNames() {
  const names = new Map();
  for (const file of readdirSync(JS, { recursive: true })) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(join(JS, file), "utf8");
    for (const match of text.matchAll(/\bd3\s*\.\s*([A-Za-z]\w*)/g)) {
      names.set(match[1], file);
    }
  }
  return names;
}

test("every d3 function a module uses is in the bundle's d3", () => {
  const used = usedNames();
  assert.ok(used.size > 10, "the modules use d3");
  for (const [name, file] of used) {
    assert.ok(name in d3, `${file} uses d3.${name}: add it to script/d3-global.mjs`);
  }
});

test("the bundle's d3 is the npm package's, function for function", () => {
  for (const [name, value] of Object.entries(d3)) {
    assert.equal(value, npmD3[name], name);
  }
});
