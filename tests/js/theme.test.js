// lib/theme.js: which theme a page takes — theme= in its address first (an embed matching its
// course page), then the choice kept on this browser, then the system's; anything else is
// the system's.

import assert from "node:assert/strict";
import { test } from "node:test";

import { chosenTheme, THEMES } from "../../static/js/lib/theme.js";

const storage = (value) => ({ getItem: (key) => (key === "prune.theme" ? value : null) });

test("the address's theme wins, then the stored choice, then the system's", () => {
  assert.deepEqual(THEMES, ["system", "light", "dark", "projector"]);
  assert.equal(chosenTheme("?theme=projector", storage("dark")), "projector");
  assert.equal(chosenTheme("", storage("projector")), "projector");
  assert.equal(chosenTheme("?preset=textbook&theme=dark", storage("light")), "dark");
  assert.equal(chosenTheme("?theme=system", storage("dark")), "system");
  assert.equal(chosenTheme("?preset=textbook", storage("light")), "light");
  assert.equal(chosenTheme("", storage(null)), "system");
  assert.equal(chosenTheme("", null), "system", "storage blocked");
});

test("an unknown theme anywhere is the system's", () => {
  assert.equal(chosenTheme("?theme=sepia", storage("neon")), "system");
  assert.equal(chosenTheme("?theme=", storage("dark")), "dark");
});
