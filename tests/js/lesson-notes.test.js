// lesson/notes.js: the notes markup (paragraphs, lists, bold, italic, code), never HTML.

import assert from "node:assert/strict";
import { test } from "node:test";

import { notesText, parseInline, parseNotes } from "../../static/js/lesson/notes.js";

test("inline markup: bold, italic, code; the rest is text", () => {
  assert.deepEqual(parseInline("a **b** *c* `d` e"), [
    { text: "a ", style: "plain" },
    { text: "b", style: "strong" },
    { text: " ", style: "plain" },
    { text: "c", style: "em" },
    { text: " ", style: "plain" },
    { text: "d", style: "code" },
    { text: " e", style: "plain" },
  ]);
  assert.deepEqual(parseInline("2 * 3 * 4"), [{ text: "2 * 3 * 4", style: "plain" }]);
});

test("HTML is text", () => {
  const blocks = parseNotes('<img src=x onerror="alert(1)"> **<b>**');
  assert.equal(blocks.length, 1);
  assert.deepEqual(blocks[0].runs, [
    { text: '<img src=x onerror="alert(1)"> ', style: "plain" },
    { text: "<b>", style: "strong" },
  ]);
});

test("paragraphs split on blank lines; lines of one paragraph are joined", () => {
  const blocks = parseNotes("one\ntwo\n\nthree");
  assert.deepEqual(
    blocks.map((b) => b.runs.map((r) => r.text).join("")),
    ["one two", "three"]
  );
});

test("bulleted and numbered lists", () => {
  const blocks = parseNotes("Intro\n- a\n* **b**\n1. x\n2) y\nafter");
  assert.deepEqual(
    blocks.map((b) => b.type),
    ["p", "ul", "ol", "p"]
  );
  assert.equal(blocks[1].items.length, 2);
  assert.deepEqual(blocks[1].items[1], [{ text: "b", style: "strong" }]);
  assert.deepEqual(
    blocks[2].items.map((runs) => runs[0].text),
    ["x", "y"]
  );
});

test("empty notes have no blocks; notesText drops the marks", () => {
  assert.deepEqual(parseNotes(""), []);
  assert.deepEqual(parseNotes(undefined), []);
  assert.equal(notesText("**A** and *b*\n\n- `c`"), "A and b c");
});
