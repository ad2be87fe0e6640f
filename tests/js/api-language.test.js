// lib/api.js: a refusal of what a person sent (a tree, a text, random-tree settings, an
// export) is asked in the page's language, so a page opened with ?lang=de shows the engine's
// error in German even when the browser asks for English; the cacheable GETs stay one address.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError, importTree, inPageLanguage, presetTrace, traceTree } from "../../static/js/lib/api.js";
import { useCatalog } from "../../static/js/lib/i18n.js";

/** fetch as the server answers a refused request; records the addresses asked. */
function refusingFetch(asked) {
  return async (url) => {
    asked.push(url);
    return new Response(JSON.stringify({ error: "window [5, 2] ist leer", field: "window" }), {
      status: 400,
      headers: { "Content-Type": "application/json" },
    });
  };
}

test("a POST asks in the page's language and its refusal keeps the field", async () => {
  useCatalog({ locale: "zh_Hans", messages: {} });
  const asked = [];
  globalThis.fetch = refusingFetch(asked);
  await assert.rejects(traceTree([1, 2], { window: [5, 2] }), (err) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.field, "window");
    assert.equal(err.message, "window [5, 2] ist leer");
    return true;
  });
  useCatalog({ locale: "de", messages: {} });
  await assert.rejects(importTree("((1 2)"));
  assert.deepEqual(asked, ["/api/trace?lang=zh-Hans", "/api/import?lang=de"]);
});

test("a cacheable GET keeps one address for every language", async () => {
  useCatalog({ locale: "es", messages: {} });
  const asked = [];
  globalThis.fetch = refusingFetch(asked);
  await assert.rejects(presetTrace("aima-5-2", { depth: 2 }));
  assert.ok(!asked[0].includes("lang="), asked[0]);
  assert.equal(inPageLanguage("/api/x?a=1", "POST"), "/api/x?a=1&lang=es");
  useCatalog(null);
});
