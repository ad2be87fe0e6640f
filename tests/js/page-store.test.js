// The page store (lib/page-store.js): its defaults say "no lecture bar, no Hide answers switch,
// not presenting, no choice of single keys made here", and its mirrors keep a data-* attribute
// equal to one field as CSS and the browser tests read it ("on"/"off", "on" or absent, the mode).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createPageStore, mirror, mirrorPageState, onOff, onOnly, pageStore } from "../../static/js/lib/page-store.js";
import { singleKeysOn } from "../../static/js/lib/single-keys.js";

/** An element as far as a mirror sees it: its dataset. */
const element = () => ({ dataset: {} });

test("a page starts with no lecture, no answer switch, not presenting, no theme set up, negamax from the mover's side", () => {
  assert.deepEqual(createPageStore().get(), {
    lecture: null,
    hideAnswers: null,
    presenting: false,
    singleKeys: null,
    theme: null,
    lang: null,
    form: "mover",
  });
});

test("the body mirrors Hide answers as on/off and presenting as data-present=on or nothing", () => {
  const store = createPageStore();
  const body = element();
  const stop = mirrorPageState(store, body);
  assert.deepEqual(body.dataset, {}, "a page without the switch has no data-hide-answers");
  store.set({ hideAnswers: true, presenting: true });
  assert.deepEqual(body.dataset, { hideAnswers: "on", present: "on" });
  store.set({ hideAnswers: false, presenting: false });
  assert.deepEqual(body.dataset, { hideAnswers: "off" });
  stop();
  store.set({ hideAnswers: true });
  assert.deepEqual(body.dataset, { hideAnswers: "off" }, "an unsubscribed mirror writes nothing");
});

test("the lecture bar's data-mode follows the mode and goes with the bar", () => {
  const store = createPageStore();
  const bar = element();
  mirror(store, "lecture", bar, "mode");
  store.set({ lecture: "presenter" });
  assert.equal(bar.dataset.mode, "presenter");
  store.set({ lecture: "detached" });
  assert.equal(bar.dataset.mode, "detached");
  store.set({ lecture: null });
  assert.equal("mode" in bar.dataset, false);
});

test("a mirror writes the state it finds, then only its own field's changes", () => {
  const store = createPageStore({ presenting: true });
  const stage = element();
  const writes = [];
  stage.dataset = new Proxy({}, { set: (target, key, value) => (writes.push(key), (target[key] = value), true) });
  mirror(store, "presenting", stage, "presenting", onOnly);
  store.set({ lecture: "student", hideAnswers: true });
  assert.deepEqual(writes, ["presenting"]);
  assert.equal(onOff(false), "off");
});

test("a single-key choice made on the page holds (storage here refuses it: Node has none)", () => {
  assert.equal(singleKeysOn(), true, "the default");
  pageStore.set({ singleKeys: false });
  assert.equal(singleKeysOn(), false);
  pageStore.set({ singleKeys: null });
});
