// lecture/payloads.js: lecture messages carry a room's view and its question by reference
// ({version, href} / {id, revealed, href}): the server keeps one copy however many students
// follow (docs/protocol.md, "Lecture mode"); a small view, and its trace when that fits too,
// also ride in a lecture:view message. withView() fetches a view once per version (unless
// carried) and puts {tree, options} in its place, so room.js sees what it always saw, with
// `trace`: the carried trace, or the address of the view's trace, which the server searches
// once for the whole class (<href>/trace); questionBody() does the same for a question
// (question-data.js). Inbox keeps the room's messages in the order they came while a view is
// being fetched.

import { getJson } from "../lib/api.js";

const KEPT = 4; // versions kept: a room's few recent views (a re-join needs no new fetch)
const fetched = new Map(); // href → Promise of the JSON body

function keep(href, body) {
  fetched.set(href, body);
  while (fetched.size > KEPT) fetched.delete(fetched.keys().next().value);
}

function load(href) {
  if (!fetched.has(href)) {
    const body = getJson(href);
    body.catch(() => fetched.delete(href)); // a failed fetch is tried again next time
    keep(href, body);
  }
  return fetched.get(href);
}

/** `msg` with its view in place of the view's reference. Throws an ApiError. A small view
 * rides in the reference itself (`view.view`, and `view.trace` when it fits too): then
 * nothing is fetched, and `trace` is the trace itself rather than its address. */
export async function withView(msg) {
  const ref = msg && msg.view;
  if (ref && typeof ref.href === "string" && !("tree" in ref)) {
    if (ref.view && !fetched.has(ref.href)) keep(ref.href, Promise.resolve(ref.view));
    msg.view = { ...(await load(ref.href)), trace: ref.trace || `${ref.href}/trace` };
  }
  return msg;
}

/** A question's {tree, options}: carried by it, or fetched from its href. */
export async function questionBody(question) {
  if ("tree" in question) return question;
  return load(question.href);
}

/** Handles messages one after another, each once its view is in place. */
export class Inbox {
  constructor(onError) {
    this.turn = Promise.resolve();
    this.onError = onError;
  }

  /** handle(msg), after every message taken before it. */
  take(msg, handle) {
    const next = this.turn.then(() => withView(msg)).then(handle, (err) => this.onError(err));
    this.turn = next.catch(() => {});
    return next;
  }
}

/** Emit `event` and resolve with its ack (its view fetched), or {ok: false, error}. */
export function requestWithAck(socket, event, body, timeoutMs) {
  return new Promise((resolve) => {
    socket.timeout(timeoutMs).emit(event, body, (err, ack) => {
      if (err) resolve({ ok: false, error: "the server did not answer", timeout: true });
      else if (!ack || typeof ack !== "object") resolve({ ok: false, error: "bad answer" });
      else withView(ack).then(resolve, (error) => resolve({ ok: false, error: error.message }));
    });
  });
}
