// lesson/lesson-model.js: reordering, deleting, step ranges, questions, files, error places.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  fieldPlace,
  moveSlide,
  readLessonFile,
  removeSlide,
  withPrintStep,
  withQuestion,
  withRange,
} from "../../static/js/lesson/lesson-model.js";

const tree = { title: "t", notes: "", view: { kind: "tree", preset: "textbook" } };
const chart = { title: "c", notes: "", view: { kind: "experiment", name: "ordering" } };

test("moveSlide moves and clamps; removeSlide removes", () => {
  assert.deepEqual(moveSlide(["a", "b", "c"], 0, 2), ["b", "c", "a"]);
  assert.deepEqual(moveSlide(["a", "b", "c"], 2, 0), ["c", "a", "b"]);
  assert.deepEqual(moveSlide(["a", "b", "c"], 1, -5), ["b", "a", "c"]);
  assert.deepEqual(moveSlide(["a", "b", "c"], 1, 99), ["a", "c", "b"]);
  assert.deepEqual(removeSlide(["a", "b", "c"], 1), ["a", "c"]);
});

test("withRange sets from and to, and clears them", () => {
  assert.deepEqual(withRange(tree, "3", "9").view, { kind: "tree", preset: "textbook", from: 3, to: 9 });
  assert.deepEqual(withRange(tree, "0", "end").view, { kind: "tree", preset: "textbook" });
  assert.deepEqual(withRange(tree, "5", "2").view.to, 5, "to never before from");
  assert.equal(withRange(chart, "3", "9"), chart, "a chart has no steps");
});

test("withQuestion marks tree slides only", () => {
  assert.deepEqual(withQuestion(tree, true, " Why? ").question, { prompt: "Why?" });
  assert.deepEqual(withQuestion(tree, true).question, {});
  assert.equal("question" in withQuestion({ ...tree, question: {} }, false), false);
  assert.equal("question" in withQuestion(chart, true), false);
});

test("readLessonFile reads a lesson or says what is wrong", () => {
  assert.ok(readLessonFile("{").error);
  assert.ok(readLessonFile('{"title": "x"}').error);
  const { lesson } = readLessonFile('{"title": "L", "slides": [{"title": "A"}, 3]}');
  assert.deepEqual(lesson, { title: "L", slides: [{ title: "A", notes: "" }] });
  const many = JSON.stringify({ title: "L", slides: Array(61).fill({ title: "s" }) });
  assert.match(readLessonFile(many).error, /at most 60/);
});

test("fieldPlace finds the slide a server error names", () => {
  assert.deepEqual(fieldPlace("slides[3].notes"), { slide: 3, part: "notes" });
  assert.deepEqual(fieldPlace("slides[0].view.tree"), { slide: 0, part: "view" });
  assert.deepEqual(fieldPlace("title"), { slide: null, part: "title" });
});

test("a slide's print step: a step of its range, end, or blank for the first step", () => {
  const slide = { title: "t", view: { kind: "tree", preset: "textbook", from: 2, to: 9 } };
  assert.equal(withPrintStep(slide, "5").view.print, 5);
  assert.equal(withPrintStep(slide, " end ").view.print, "end");
  assert.equal(withPrintStep(slide, "40").view.print, 9, "kept within the range");
  assert.equal(withPrintStep(slide, "0").view.print, 2);
  assert.equal("print" in withPrintStep({ ...slide, view: { ...slide.view, print: 5 } }, "").view, false);
  assert.equal("print" in withPrintStep(slide, "soon").view, false);
  assert.equal(withPrintStep({ title: "words", notes: "" }, "3").view, undefined, "no steps, no print step");
  // A narrower range takes the print step with it.
  const printed = withPrintStep(slide, "8");
  assert.equal(withRange(printed, "2", "6").view.print, 6);
  assert.equal(withRange(withPrintStep(slide, "end"), "2", "6").view.print, "end");
});
