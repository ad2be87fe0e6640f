// lesson/experiment-queue.js: a page's experiments run one at a time (the server allows one
// per address), the same one is run once, and a 429 is tried again after Retry-After, then
// refused with a message. fetch is replaced by a server that answers as the real one does.

import assert from "node:assert/strict";
import { test } from "node:test";

import { loadExperiment } from "../../static/js/lesson/experiment-queue.js";
import { loadExperimentFixture } from "./fixtures.js";

const BUSY = "an experiment from your address is still running; wait for it to finish or cancel it";

/** The fixture's stream as an NDJSON body, one line at a time, a tick apart. */
function streamOf(name) {
  const { columns, total, rows, summary } = loadExperimentFixture(name);
  const lines = [{ columns, total }, ...rows.map((row, k) => ({ row, done: k + 1 })), { summary }];
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      const line = lines.shift();
      if (line) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      else controller.close();
    },
  });
}

/** A server that runs one experiment per address (429 otherwise), or always refuses. */
function fakeServer({ busyFor = 0 } = {}) {
  const server = { asked: [], running: 0, most: 0, refusals: busyFor };
  globalThis.fetch = async (url) => {
    server.asked.push(url);
    if (server.refusals > 0 || server.running > 0) {
      server.refusals -= 1;
      return new Response(JSON.stringify({ error: BUSY }), { status: 429, headers: { "Retry-After": "5" } });
    }
    server.running += 1;
    server.most = Math.max(server.most, server.running);
    const body = streamOf("rules").pipeThrough(new TransformStream({ flush: () => void (server.running -= 1) }));
    return new Response(body, { status: 200 });
  };
  return server;
}

test("a page's experiments run one after the other, and the same one once", async () => {
  const server = fakeServer();
  const queries = [{ depths: "1-3" }, { depths: "1-4" }, { depths: "1-5" }];
  const loads = queries.map((query) => loadExperiment("rules", query));
  const again = loadExperiment("rules", { depths: "1-3" });
  const results = await Promise.all([...loads, again]);
  assert.equal(server.most, 1, "never two at once: no 429");
  assert.deepEqual(
    server.asked,
    queries.map((q) => `/api/experiments/rules?depths=${q.depths}`)
  );
  assert.equal(results[3], results[0], "asked twice, run once");
  assert.equal(results[0].rows.length, loadExperimentFixture("rules").rows.length);
  assert.ok(results[0].summary === null, "the stream's summary came");
});

test("a 429 is tried again after the server's Retry-After", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer({ busyFor: 1 });
  const waits = [];
  const onWait = (seconds, reason) => waits.push([seconds, reason]);
  const load = loadExperiment("rules", { seed: "1" }, { onWait });
  while (server.asked.length < 2) {
    await new Promise((resolve) => setImmediate(resolve));
    t.mock.timers.tick(5000);
  }
  const { rows } = await load;
  assert.deepEqual(waits, [[5, BUSY]]);
  assert.equal(server.asked.length, 2);
  assert.equal(rows.length, loadExperimentFixture("rules").rows.length);
});

test("a server that stays busy: the load fails saying why, and may be asked again", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer({ busyFor: 99 });
  const load = loadExperiment("rules", { seed: "2" });
  let failure = null;
  load.catch((err) => (failure = err));
  while (!failure) {
    await new Promise((resolve) => setImmediate(resolve));
    t.mock.timers.tick(5000);
  }
  assert.match(failure.message, /could not run this chart's experiment after 3 tries/);
  assert.match(failure.message, /an experiment from your address is still running.*another tab/);
  assert.equal(server.asked.length, 3, "three tries");
  server.refusals = 0;
  const again = await loadExperiment("rules", { seed: "2" });
  assert.equal(server.asked.length, 4, "a failed load is forgotten");
  assert.ok(again.rows.length > 0);
});
