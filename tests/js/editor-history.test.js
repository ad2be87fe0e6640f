// lesson/editor-history.js: the lesson editor's undo (Ctrl+Z, the Undo buttons).
import assert from "node:assert/strict";
import { test } from "node:test";

import { EditorHistory } from "../../static/js/lesson/editor-history.js";

const lesson = (...titles) => ({ title: "L", slides: titles.map((title) => ({ title, notes: "" })) });

test("undo gives back the lesson before each change, last first", () => {
  const history = new EditorHistory();
  let current = lesson("a", "b", "c");
  history.record(current, "Delete slide 2");
  current = lesson("a", "c");
  history.record(current, "Start over");
  current = lesson();
  assert.deepEqual(history.undo(), { lesson: lesson("a", "c"), what: "Start over" });
  assert.deepEqual(history.undo(), { lesson: lesson("a", "b", "c"), what: "Delete slide 2" });
  assert.equal(history.undo(), null);
  assert.equal(history.canUndo, false);
});

test("a record is a copy: later edits of the lesson do not change it", () => {
  const history = new EditorHistory();
  const current = lesson("a");
  history.record(current, "Edit");
  current.slides[0].title = "changed";
  assert.equal(history.undo().lesson.slides[0].title, "a");
});

test("typing in one field is one change; another field, or leaving it, starts another", () => {
  const history = new EditorHistory();
  history.record(lesson("a"), "Edit notes", "0:notes");
  history.record(lesson("ab"), "Edit notes", "0:notes");
  history.record(lesson("abc"), "Edit title", "0:title");
  history.seal();
  history.record(lesson("abcd"), "Edit title", "0:title");
  assert.equal(history.undo().lesson.slides[0].title, "abcd");
  assert.equal(history.undo().lesson.slides[0].title, "abc");
  assert.equal(history.undo().lesson.slides[0].title, "a");
  assert.equal(history.undo(), null);
});

test("only the last `limit` changes are kept", () => {
  const history = new EditorHistory(3);
  for (const title of ["1", "2", "3", "4", "5"]) history.record(lesson(title), title);
  assert.deepEqual(
    [history.undo(), history.undo(), history.undo()].map((e) => e.what),
    ["5", "4", "3"]
  );
  assert.equal(history.undo(), null);
});
