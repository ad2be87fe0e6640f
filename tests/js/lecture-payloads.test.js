// lecture/payloads.js: a lecture message's view, carried in the message (a small one, with its
// trace when that fits too) or fetched once per version by reference. fetch is replaced by a
// server that answers the view's address as the real one does and counts what is asked.

import assert from "node:assert/strict";
import { test } from "node:test";

import { withView } from "../../static/js/lecture/payloads.js";

const TREE = [
  [3, 12, 8],
  [2, 4, 6],
  [14, 5, 2],
];
const TRACE = { nodes: [{ parent: null }], options: {}, events: [], summary: { value: 3 } };

/** A server holding one view per address; `asked` lists every URL fetched. */
function fakeServer(views) {
  const server = { asked: [] };
  globalThis.fetch = async (url) => {
    server.asked.push(url);
    const view = views[url];
    if (!view) return new Response(JSON.stringify({ error: "this lecture view is gone" }), { status: 404 });
    return new Response(JSON.stringify(view), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  return server;
}

const message = (href, carried = {}) => ({ room: "ABC234", seq: 3, view: { version: "v", href, ...carried } });

test("a carried view and trace are used as they came: nothing is fetched", async () => {
  const server = fakeServer({});
  const view = { tree: TREE, options: { rule: "strict" }, lesson: { id: "l", slide: 2, slides: 5, title: "T" } };
  const msg = await withView(message("/api/lecture/ABC234/views/one", { view, trace: TRACE }));
  assert.deepEqual(msg.view, { ...view, trace: TRACE });
  assert.deepEqual(server.asked, []);
});

test("a carried view without its trace gives the trace's address; a re-join's reference fetches nothing", async () => {
  const server = fakeServer({});
  const href = "/api/lecture/ABC234/views/two";
  const msg = await withView(message(href, { view: { tree: TREE, options: {} } }));
  assert.deepEqual(msg.view, { tree: TREE, options: {}, trace: `${href}/trace` });
  const ack = await withView(message(href)); // lecture:join's ack: the reference only
  assert.deepEqual(ack.view, { tree: TREE, options: {}, trace: `${href}/trace` });
  assert.deepEqual(server.asked, []);
});

test("a view by reference is fetched once per version, its trace left to fetch", async () => {
  const href = "/api/lecture/ABC234/views/three";
  const server = fakeServer({ [href]: { tree: TREE, options: {} } });
  const first = await withView(message(href));
  const again = await withView(message(href));
  assert.deepEqual(first.view, { tree: TREE, options: {}, trace: `${href}/trace` });
  assert.deepEqual(again.view, first.view);
  assert.deepEqual(server.asked, [href]);
});

test("a view gone by the time it is fetched is an error naming why", async () => {
  fakeServer({});
  await assert.rejects(withView(message("/api/lecture/ABC234/views/gone")), /gone/);
});
