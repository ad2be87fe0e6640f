// lib/keys.js clickerCommand: while presenting, a clicker's keys act whatever has the focus,
// except in a text field or a panel that keeps its keys.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickerCommand, ownsKey } from "../../static/js/lib/keys.js";

/** A stand-in for a focused element: tag, attributes, and whether it is in [data-own-keys]. */
function element(tagName, attrs = {}, { ownKeys = false } = {}) {
  return {
    tagName,
    type: attrs.type,
    isContentEditable: false,
    getAttribute: (name) => (name in attrs ? attrs[name] : null),
    hasAttribute: (name) => name in attrs,
    closest: (selector) => (selector === "[data-own-keys]" && ownKeys ? {} : null),
  };
}

const press = (key, target, mods = {}) => ({ key, target, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

const CONTROLS = {
  slider: element("INPUT", { type: "range" }),
  "play button": element("BUTTON"),
  "speed menu": element("SELECT"),
  "tree node": element("g", { role: "treeitem" }),
  body: element("BODY"),
};

test("a clicker's keys mean the same whatever control has the focus", () => {
  const expected = {
    PageDown: "forward",
    ArrowRight: "forward",
    PageUp: "back",
    ArrowLeft: "back",
    " ": "togglePlay",
    b: "blank",
    B: "blank",
    ".": "blank",
  };
  for (const [name, target] of Object.entries(CONTROLS)) {
    for (const [key, command] of Object.entries(expected)) {
      assert.equal(clickerCommand(press(key, target)), command, `${name}: ${JSON.stringify(key)}`);
    }
  }
});

test("outside presentation mode the focused control keeps its keys", () => {
  assert.equal(ownsKey(CONTROLS.slider, "PageDown"), true);
  assert.equal(ownsKey(CONTROLS["play button"], " "), true);
  assert.equal(ownsKey(CONTROLS["speed menu"], "ArrowLeft"), true);
});

test("text fields and panels that keep their keys are left alone", () => {
  for (const target of [element("INPUT", { type: "text" }), element("TEXTAREA"), element("BUTTON", {}, { ownKeys: true })]) {
    for (const key of ["PageDown", " ", "b", "."]) assert.equal(clickerCommand(press(key, target)), null);
  }
});

test("modifiers and other keys are not a clicker's", () => {
  const body = CONTROLS.body;
  assert.equal(clickerCommand(press("ArrowRight", body, { shiftKey: true })), null); // next cutoff
  assert.equal(clickerCommand(press("PageDown", body, { ctrlKey: true })), null);
  assert.equal(clickerCommand(press("b", body, { metaKey: true })), null);
  assert.equal(clickerCommand(press("B", body, { shiftKey: true })), "blank");
  assert.equal(clickerCommand(press("Home", body)), null);
  assert.equal(clickerCommand(press("Enter", body)), null);
});
