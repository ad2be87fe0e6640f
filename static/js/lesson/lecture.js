// lesson/lecture.js: "Start lecture" on /l/<id>. The presenter's lesson page opens a lecture
// room (docs/protocol.md, "Lecture mode") whose view is the slide's tree, marked with where in
// the lesson it is (view.lesson); students follow on the main page (/join/<code>) as in any
// lecture: each new slide is a lecture:view (their page runs its tree once), each step a
// lecture:cursor. What each slide's view holds — its tree, a game decision's tree, an
// experiment's chart, or only the mark — is lesson/lecture-views.js's; students show the
// slide (lesson/lecture-slide.js, lesson/lecture-line.js). A question slide asks its tree as
// a lecture question when it is reached (lecture:question) and reveals the answer when the
// presenter moves on (lecture:reveal). Moves are sent one after another, in order. "End
// lecture" ends the room.

import { io } from "../../vendor/socket.io.esm.min.js";
import { firstTree, slideTree, slideView } from "./lecture-views.js";

const ACK_MS = 8000;

function ask(socket, event, body) {
  return new Promise((resolve, reject) => {
    socket.timeout(ACK_MS).emit(event, body, (err, ack) => {
      if (err) reject(new Error("the server did not answer"));
      else if (!ack || ack.ok === false) reject(new Error((ack && ack.error) || "refused"));
      else resolve(ack);
    });
  });
}

/** The code as students type it: ABC-DEF. */
const shownCode = (code) => (code.length === 6 ? `${code.slice(0, 3)}-${code.slice(3)}` : code);

export class LessonLecture {
  /**
   * app: {lessonId, lesson, button, line, position(): {slide, step}, onMove(listener),
   * content(index): a Promise of slide `index`'s loaded content (lesson/slides.js)}.
   */
  constructor(app) {
    this.app = app;
    this.socket = null;
    this.room = null;
    this.key = null;
    this.seq = 0;
    this.tree = null; // the room's tree view {tree, options}: the last tree slide's
    this.shownSlide = -1;
    this.question = null; // {id, slide} of the open question
    this.audience = 0;
    this.sending = Promise.resolve(); // the moves sent so far: each is sent after them
    app.button.addEventListener("click", () => (this.room ? this.end() : this.start()));
    app.onMove((at) => (this.sending = this.sending.then(() => this.moved(at))));
  }

  say(text) {
    this.app.line.hidden = !text;
    this.app.line.textContent = text;
  }

  status() {
    const link = `${window.location.origin}/join/${this.room}`;
    const students = `${this.audience} student${this.audience === 1 ? "" : "s"}`;
    this.say(`Lecture ${shownCode(this.room)}: students open ${link} — ${students} following.`);
  }

  async start() {
    const at = this.app.position();
    this.app.button.disabled = true;
    try {
      const shown = await this.viewOf(at.slide);
      this.tree = shown.tree || (await firstTree(this.app.lesson.slides, at.slide));
      if (!this.tree) throw new Error("this lesson has no tree to follow");
      this.socket = this.socket || io({ reconnectionDelayMax: 4000 });
      this.socket.on("lecture:audience", (msg) => {
        if (msg && msg.room === this.room) {
          this.audience = msg.count;
          this.status();
        }
      });
      const view = { ...this.tree, lesson: shown.mark };
      const ack = await ask(this.socket, "lecture:start", { view, cursor: { step: at.step, playing: false, speed: 1 } });
      this.room = ack.room;
      this.key = ack.key;
      this.seq = ack.seq || 0;
      this.shownSlide = at.slide;
      document.body.dataset.lecture = "presenter";
      this.app.button.textContent = "End lecture";
      this.status();
      await this.askIfQuestion(at.slide);
    } catch (err) {
      this.say(`The lecture cannot start: ${err.message}`);
    } finally {
      this.app.button.disabled = false;
    }
  }

  async end() {
    try {
      await ask(this.socket, "lecture:end", { room: this.room, key: this.key });
    } catch {
      // ended anyway on this page; the room expires when idle
    }
    this.room = null;
    this.question = null;
    delete document.body.dataset.lecture;
    this.app.button.textContent = "Start lecture";
    this.say("The lecture has ended.");
  }

  /** Slide `index`'s {tree, mark} (lesson/lecture-views.js), from its loaded content. */
  async viewOf(index) {
    const content = await this.app.content(index).catch(() => null);
    return slideView(this.app.lessonId, this.app.lesson, index, content);
  }

  /** The presenter moved: a new slide is a view (and perhaps a question), a step a cursor. */
  async moved(at) {
    if (!this.room) return;
    const cursor = { step: at.step, playing: false, speed: 1 };
    try {
      if (at.slide !== this.shownSlide) {
        const leaving = this.shownSlide;
        this.shownSlide = at.slide;
        if (this.question && this.question.slide === leaving) await this.reveal();
        const shown = await this.viewOf(at.slide);
        this.tree = shown.tree || this.tree;
        const view = { ...this.tree, lesson: shown.mark };
        await ask(this.socket, "lecture:view", { room: this.room, key: this.key, seq: ++this.seq, view, cursor });
        await this.askIfQuestion(at.slide);
      } else {
        await ask(this.socket, "lecture:cursor", { room: this.room, key: this.key, seq: ++this.seq, cursor });
      }
    } catch (err) {
      this.say(`Lecture ${shownCode(this.room)}: ${err.message}`);
    }
  }

  async askIfQuestion(index) {
    const slide = this.app.lesson.slides[index];
    if (!slide.question) return;
    const tree = await slideTree(slide);
    const ack = await ask(this.socket, "lecture:question", { room: this.room, key: this.key, question: tree });
    this.question = { id: ack.question, slide: index };
  }

  async reveal() {
    const id = this.question.id;
    this.question = null;
    await ask(this.socket, "lecture:reveal", { room: this.room, key: this.key, question: id });
  }
}
