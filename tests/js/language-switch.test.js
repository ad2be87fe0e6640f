// lib/language.js: the map a language switch in place turns the page's texts by. A template's
// message that spells <, > or & as HTML entities ("v &gt; β") is matched as the page shows it
// (decoded), so its text turns too; a whole message is turned with its blanks kept, a text
// that is no message is left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decoded, translationMap, turn } from "../../static/js/lib/language.js";

const ENGLISH = { locale: "en", messages: {} };
const GERMAN = {
  locale: "de",
  messages: {
    "Strict (CS188): prune when v &gt; β or v &lt; α": "Streng (CS188): abschneiden, wenn v &gt; β oder v &lt; α",
    Run: "Ausführen",
    "grade\u0004wrong": "falsch",
  },
};

test("a message with HTML entities turns as the page shows it", () => {
  const map = translationMap(ENGLISH, GERMAN);
  assert.equal(turn("Strict (CS188): prune when v > β or v < α", map), "Streng (CS188): abschneiden, wenn v > β oder v < α");
  assert.equal(map.has("Strict (CS188): prune when v &gt; β or v &lt; α"), false);
});

test("a whole message turns with its blanks; other texts and context keys as before", () => {
  const map = translationMap(ENGLISH, GERMAN);
  assert.equal(turn("  Run\n", map), "  Ausführen\n");
  assert.equal(turn("Run fast", map), null);
  assert.equal(turn("wrong", map), "falsch");
});

test("back from German to English turns the decoded German text", () => {
  const map = translationMap(GERMAN, ENGLISH);
  assert.equal(turn("Streng (CS188): abschneiden, wenn v > β oder v < α", map), "Strict (CS188): prune when v > β or v < α");
});

test("decoded spells the five entities as characters and leaves the rest", () => {
  assert.equal(decoded("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; &nbsp;"), "a <b> & \"c\" 'd' &nbsp;");
});
