// lesson/lecture-sync.js: what a lesson's presenter sends next, and a resumed room read back.

import assert from "node:assert/strict";
import { test } from "node:test";

import { afterMessage, nextMessage, resumedRoom } from "../../static/js/lesson/lecture-sync.js";

const tree = (title) => ({ title, view: { kind: "tree", preset: "textbook" } });
const SLIDES = [tree("Textbook"), { title: "Words" }, { ...tree("Predict"), question: { prompt: "?" } }, tree("Tie")];

/** Send until the room is where the presenter is: the messages, in order. */
function sendAll(room, at) {
  const sent = [];
  for (let message = nextMessage(room, at); message; message = nextMessage(room, at)) {
    sent.push(message);
    room = afterMessage(room, message, at, { slides: SLIDES, asked: message === "question" ? "q1" : null });
  }
  return { sent, room };
}

test("a step on the same slide is one cursor; no move, nothing", () => {
  const room = { slide: 0, step: 2, question: null, unasked: null };
  assert.equal(nextMessage(room, { slide: 0, step: 2 }), null);
  assert.deepEqual(sendAll(room, { slide: 0, step: 5 }).sent, ["cursor"]);
});

test("a new slide is one view carrying its step", () => {
  const room = { slide: 0, step: 2, question: null, unasked: null };
  const { sent, room: after } = sendAll(room, { slide: 3, step: 4 });
  assert.deepEqual(sent, ["view"]);
  assert.deepEqual(after, { slide: 3, step: 4, question: null, unasked: null });
});

test("a question slide is asked once reached, then revealed and closed on leaving it", () => {
  const start = { slide: 1, step: 0, question: null, unasked: null };
  const asked = sendAll(start, { slide: 2, step: 1 });
  assert.deepEqual(asked.sent, ["view", "question"]);
  assert.deepEqual(asked.room.question, { id: "q1", slide: 2, revealed: false });
  assert.deepEqual(sendAll(asked.room, { slide: 2, step: 3 }).sent, ["cursor"]);
  const left = sendAll(asked.room, { slide: 3, step: 0 });
  assert.deepEqual(left.sent, ["reveal", "close", "view"], "every student's page leaves the question");
  assert.equal(left.room.question, null);
});

test("Reveal on the question's slide reveals it there; leaving then only closes it", () => {
  const room = { slide: 2, step: 0, question: { id: "q1", slide: 2, revealed: false }, unasked: null };
  const revealed = sendAll(room, { slide: 2, step: 1, reveal: true });
  assert.deepEqual(revealed.sent, ["reveal", "cursor"], "revealed before the step");
  assert.deepEqual(revealed.room.question, { id: "q1", slide: 2, revealed: true });
  assert.deepEqual(sendAll(revealed.room, { slide: 2, step: 1, reveal: true }).sent, []);
  assert.deepEqual(sendAll(revealed.room, { slide: 0, step: 0 }).sent, ["close", "view"]);
});

test("moves made while offline come out as the latest position only", () => {
  const room = { slide: 0, step: 0, question: null, unasked: null };
  assert.deepEqual(sendAll(room, { slide: 3, step: 2 }).sent, ["view"], "slide 2's question was passed by");
});

test("a question refused is not asked again", () => {
  const room = { slide: 2, step: 0, question: null, unasked: 2 };
  assert.equal(nextMessage(room, { slide: 2, step: 0 }), "question");
  const after = afterMessage(room, "question", { slide: 2, step: 0 }, { slides: SLIDES, asked: null });
  assert.equal(nextMessage(after, { slide: 2, step: 0 }), null);
});

test("a resumed room puts the deck where the room is, its open question included", () => {
  const ack = {
    view: { tree: [[1, 2]], options: { rule: "strict" }, lesson: { id: "abc", slide: 2, slides: 4, title: "Predict" } },
    cursor: { step: 3, playing: false, speed: 1 },
    question: { id: "q7", revealed: false, href: "/api/lecture/X/questions/q7" },
  };
  assert.deepEqual(resumedRoom(ack, "abc", SLIDES), {
    position: { slide: 2, step: 3 },
    room: { slide: 2, step: 3, question: { id: "q7", slide: 2, revealed: false }, unasked: null },
    tree: { tree: [[1, 2]], options: { rule: "strict" } },
  });
  const revealed = resumedRoom({ ...ack, question: { ...ack.question, revealed: true } }, "abc", SLIDES);
  assert.deepEqual(revealed.room.question, { id: "q7", slide: 2, revealed: true }, "closed when the deck leaves");
  const unasked = resumedRoom({ ...ack, question: undefined }, "abc", SLIDES);
  assert.equal(unasked.room.unasked, 2, "reached but not asked yet: asked now");
});

test("another lesson's room, or the visualizer's, is not resumed here", () => {
  const ack = { view: { tree: [[1, 2]], lesson: { id: "other", slide: 0, slides: 4, title: "T" } }, cursor: { step: 0 } };
  assert.equal(resumedRoom(ack, "abc", SLIDES), null);
  assert.equal(resumedRoom({ view: { tree: [[1, 2]] }, cursor: { step: 0 } }, "abc", SLIDES), null);
});
