// lesson/lecture.js: "Start lecture" on /l/<id>. The presenter's lesson page opens a lecture
// room (docs/protocol.md, "Lecture mode") whose view is the slide's tree, marked with where in
// the lesson it is (view.lesson: {id, slide, slides, title}); students follow on the main
// page (/join/<code>) as in any lecture: each new slide is a lecture:view (their page runs its
// tree once), each step a lecture:cursor. A slide without a tree of its own (notes, a chart, a
// game decision) keeps the last tree and moves only the mark, which the students' page shows
// (lesson/lecture-line.js). A question slide asks its tree as a lecture question when it is
// reached (lecture:question) and reveals the answer when the presenter moves on
// (lecture:reveal). "End lecture" ends the room.

import { io } from "../../vendor/socket.io.esm.min.js";
import { getPreset } from "../lib/api.js";

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
  /** app: {lessonId, lesson, button, line, position(): {slide, step}, onMove(listener)}. */
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
    app.button.addEventListener("click", () => (this.room ? this.end() : this.start()));
    app.onMove((at) => this.moved(at));
  }

  /** The tree document and options of slide `index`, or null (no tree of its own). */
  async treeOf(index) {
    const view = this.app.lesson.slides[index].view;
    if (!view || view.kind !== "tree") return null;
    const tree = view.preset ? await getPreset(view.preset) : view.tree;
    return { tree, options: view.options || {} };
  }

  /** The first tree of the lesson at or before `index` (else after it): what students see. */
  async treeFor(index) {
    const slides = this.app.lesson.slides;
    const order = [...Array(index + 1).keys()].reverse().concat([...Array(slides.length).keys()].slice(index + 1));
    for (const k of order) {
      const found = await this.treeOf(k);
      if (found) return found;
    }
    return null;
  }

  mark(index) {
    const slides = this.app.lesson.slides;
    return { id: this.app.lessonId, slide: index, slides: slides.length, title: slides[index].title.slice(0, 200) };
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
      this.tree = await this.treeFor(at.slide);
      if (!this.tree) throw new Error("this lesson has no tree to follow");
      this.socket = this.socket || io({ reconnectionDelayMax: 4000 });
      this.socket.on("lecture:audience", (msg) => {
        if (msg && msg.room === this.room) {
          this.audience = msg.count;
          this.status();
        }
      });
      const view = { ...this.tree, lesson: this.mark(at.slide) };
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

  /** The presenter moved: a new slide is a view (and perhaps a question), a step a cursor. */
  async moved(at) {
    if (!this.room) return;
    const cursor = { step: at.step, playing: false, speed: 1 };
    try {
      if (at.slide !== this.shownSlide) {
        const leaving = this.shownSlide;
        this.shownSlide = at.slide;
        if (this.question && this.question.slide === leaving) await this.reveal();
        this.tree = (await this.treeOf(at.slide)) || this.tree;
        const view = { ...this.tree, lesson: this.mark(at.slide) };
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
    const tree = await this.treeOf(index);
    const ack = await ask(this.socket, "lecture:question", { room: this.room, key: this.key, question: tree });
    this.question = { id: ack.question, slide: index };
  }

  async reveal() {
    const id = this.question.id;
    this.question = null;
    await ask(this.socket, "lecture:reveal", { room: this.room, key: this.key, question: id });
  }
}
