// lesson/lecture-sync.js: what a lesson's presenter sends next to the lecture room, pure (no
// DOM, no socket; lesson/lecture.js sends). The room, as its acks said, is
// `{slide, step, question, unasked}`: the slide its view marks, its cursor's step, the
// question asked on a slide `{id, slide, revealed}` (or null) and a question slide reached but
// not yet asked (or null). The presenter's position is `{slide, step, reveal}`: `reveal` when
// they asked to reveal the question of the slide they are on (Reveal, or PageDown on it).
// Only the presenter's latest position is sent, one message at a time, so moves made while a
// message was on its way, or while the connection was lost, come out as one: on leaving a
// question's slide it is revealed (if it was not) and then closed, so every student's page
// shows the next slide; then the new slide's view goes, then its question, then the step.

/** The next message to send (`"reveal"`, `"close"`, `"view"`, `"question"`, `"cursor"`), or null. */
export function nextMessage(room, at) {
  const asked = room.question;
  if (asked && asked.slide !== at.slide) return asked.revealed ? "close" : "reveal";
  if (room.slide !== at.slide) return "view";
  if (room.unasked === at.slide) return "question";
  if (asked && at.reveal && !asked.revealed) return "reveal";
  if (room.step !== at.step) return "cursor";
  return null;
}

/** The room once `message` for position `at` is acknowledged (`asked`: the question's id). */
export function afterMessage(room, message, at, { slides, asked = null } = {}) {
  switch (message) {
    case "reveal":
      return { ...room, question: room.question && { ...room.question, revealed: true } };
    case "close":
      return { ...room, question: null };
    case "view":
      return { ...room, slide: at.slide, step: at.step, unasked: slides[at.slide].question ? at.slide : null };
    case "question": {
      const question = asked === null ? room.question : { id: asked, slide: at.slide, revealed: false };
      return { ...room, unasked: null, question };
    }
    default:
      return { ...room, step: at.step };
  }
}

/**
 * A resumed room (the lecture:resume ack, its view fetched) read for lesson `lessonId`:
 * `{position, room, tree}` — where the deck goes, what the room shows, its tree view — or
 * null when the room shows another lesson (or no lesson at all).
 */
export function resumedRoom(ack, lessonId, slides) {
  const view = ack.view || {};
  const mark = view.lesson;
  if (!mark || mark.id !== lessonId || !slides.length) return null;
  const slide = Math.min(Math.max(0, Number(mark.slide) || 0), slides.length - 1);
  const step = ack.cursor && Number.isInteger(ack.cursor.step) ? ack.cursor.step : 0;
  const asked = ack.question ? { id: ack.question.id, slide, revealed: Boolean(ack.question.revealed) } : null;
  const unasked = slides[slide].question && !ack.question ? slide : null;
  return {
    position: { slide, step },
    room: { slide, step, question: asked, unasked },
    tree: { tree: view.tree, options: view.options || {} },
  };
}
