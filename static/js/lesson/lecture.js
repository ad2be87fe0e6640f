// lesson/lecture.js: "Start lecture" on /l/<id>. The presenter's lesson page opens a lecture
// room (docs/protocol.md, "Lecture mode") whose view is the slide's tree, marked with where in
// the lesson it is (view.lesson); students follow on the main page (/join/<code>) as in any
// lecture: each new slide is a lecture:view (their page runs its tree once), each step a
// lecture:cursor. What each slide's view holds — its tree, a game decision's tree, an
// experiment's chart, or only the mark — is lesson/lecture-views.js's; students show the
// slide (lesson/lecture-slide.js, lesson/lecture-line.js). A question slide asks its tree as
// a lecture question when it is reached (lecture:question), with the deck held at the slide's
// first step: the presenter sees the answered count, tallies and heat
// (lesson/lecture-question.js) and reveals with Reveal or PageDown (lecture:reveal); leaving
// the slide reveals it if it was not, then closes it (lecture:close-question), so every
// student's page shows the next slide. How to join (QR code, link, code, audience) is
// lesson/lecture-bar.js's. "End lecture" asks first (as the visualizer's), then ends the room.
//
// The room outlives a reload and a lost connection, as the visualizer's lecture mode does: the
// key and the last seq stay in localStorage (lecture/storage.js) and the address says
// ?present=CODE beside ?slide and ?step. A reload resumes the room (lecture:resume) and puts
// the deck where the room is; a reconnect resumes it too, then sends where the presenter is
// now (lesson/lecture-sync.js decides what to send, one message at a time, in order).

import { io } from "../../vendor/socket.io.esm.min.js";
import { _ } from "../lib/i18n.js";
import { formatCode, normalizeCode } from "../lib/room-codes.js";
import { askBeforeEnding } from "../lecture/bar.js";
import { requestWithAck } from "../lecture/payloads.js";
import { forgetKey, loadKey, saveKey, setUrlParam } from "../lecture/storage.js";
import { LessonJoinBar } from "./lecture-bar.js";
import { LessonQuestionPanel } from "./lecture-question.js";
import { afterMessage, nextMessage, resumedRoom } from "./lecture-sync.js";
import { firstTree, slideTree, slideView } from "./lecture-views.js";

const ACK_MS = 8000;
const RETRY_MS = 1500; // after a message the server did not answer, or a "slow down"
const SEND_INTERVAL_MS = 50; // at most 20 messages a second (the server allows 30)
const EVENTS = { close: "lecture:close-question" }; // else lecture:<message>

/** The code as students type it: ABC-DEF. */
const shownCode = (code) => formatCode(code, "-");
const cursorAt = (at) => ({ step: at.step, playing: false, speed: 1 });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class LessonLecture {
  /**
   * app: {lessonId, lesson, button, line, bar (section#lesson-join), stage (SlideStage),
   * position(): {slide, step}, first(slide): its first step, goTo(position),
   * onMove(listener), content(index): a Promise of slide `index`'s loaded content
   * (lesson/slides.js)}.
   */
  constructor(app) {
    this.app = app;
    this.socket = null;
    this.room = null;
    this.key = null;
    this.seq = 0; // the last seq sent (kept with the key)
    this.ready = false; // started or resumed on the current connection
    this.socketId = null; // the connection the room was started or resumed on
    this.resuming = false;
    this.sender = null; // the sending loop at work (a resume starts a new one)
    this.lastSent = -Infinity;
    this.shown = null; // what the room shows, as its acks said (lesson/lecture-sync.js)
    this.tree = null; // the room's tree view {tree, options}: the last tree slide's
    this.audience = 0;
    this.revealSlide = null; // the slide whose question the presenter asked to reveal
    this.started = false; // just started: the join bar shows the QR code large
    this.bar = new LessonJoinBar(app.bar);
    const presenter = () => (this.room && this.key ? { code: this.room, key: this.key } : null);
    this.panel = new LessonQuestionPanel(app.stage, () => this.reveal(), presenter);
    app.button.addEventListener("click", () => (this.room ? askBeforeEnding(app.button, () => this.end()) : this.start()));
    app.onMove((at, from) => {
      if (from === "user") this.bar.shrink();
      if (this.revealSlide !== at.slide) this.revealSlide = null;
      if (this.room) this.panel.render(); // the heat and names once the slide's tree is drawn
      this.sync();
    });
  }

  connect() {
    if (this.socket) return this.socket;
    const socket = io({ reconnectionDelayMax: 4000 });
    socket.on("connect", () => {
      // A new connection is in no room: resume (a reload's first connection resumes already).
      if (this.room && socket.id !== this.socketId) this.resume();
    });
    socket.on("disconnect", () => {
      this.ready = false;
      this.socketId = null;
      if (this.room) this.say(_("Lecture {code}: the connection was lost, reconnecting…", { code: shownCode(this.room) }));
    });
    socket.on("lecture:audience", (msg) => {
      if (msg && msg.room === this.room) {
        this.audience = msg.count;
        this.panel.setAudience(msg.count);
        if (this.ready) this.status();
      }
    });
    socket.on("lecture:answers", (msg) => {
      if (msg && msg.room === this.room) this.panel.answers(msg);
    });
    this.socket = socket;
    return socket;
  }

  /** `event`'s ack, the view it names fetched: never throws ({ok: false, error[, timeout]}). */
  request(event, body) {
    return requestWithAck(this.connect(), event, body, ACK_MS);
  }

  /** Slide `index`'s {tree, mark} (lesson/lecture-views.js), from its loaded content. */
  async viewOf(index) {
    const content = await this.app.content(index).catch(() => null);
    return slideView(this.app.lessonId, this.app.lesson, index, content);
  }

  say(text) {
    this.app.line.hidden = !text;
    this.app.line.textContent = text;
  }

  /** The room runs: the join bar shows it (and the line any message goes). */
  status() {
    this.say("");
    this.bar.show(this.room, this.audience, { large: this.started });
    this.started = false;
  }

  /** What the room's question is now, on the presenter's panel. */
  showQuestion(counts = null) {
    const asked = this.shown && this.shown.question;
    if (asked) this.panel.open(asked, counts);
    else this.panel.close();
  }

  /** Where the deck may go when the presenter asks for `to` from `from`: a question slide is
   * held at its first step until revealed. PageDown there reveals (null: the deck stays). */
  hold(from, to) {
    const first = this.app.first(to.slide);
    if (!this.room || !this.app.lesson.slides[to.slide].question || this.revealSlide === to.slide) return to;
    if (to.step === first) return to;
    if (from.slide !== to.slide) return { slide: to.slide, step: first };
    this.reveal();
    return null;
  }

  /** Reveal the question of the slide the presenter is on (Reveal, or PageDown on it). */
  reveal() {
    this.bar.shrink();
    this.revealSlide = this.app.position().slide;
    this.sync();
  }

  // ----- the room's life: start, resume (reload, reconnect), end -----

  async start() {
    let at = this.app.position();
    this.app.button.disabled = true;
    try {
      if (this.app.lesson.slides[at.slide].question && at.step !== this.app.first(at.slide)) {
        await this.app.goTo({ slide: at.slide, step: this.app.first(at.slide) }); // not the answer
        at = this.app.position();
      }
      const shown = await this.viewOf(at.slide);
      this.tree = shown.tree || (await firstTree(this.app.lesson.slides, at.slide));
      if (!this.tree) throw new Error("this lesson has no tree to follow");
      const view = { ...this.tree, lesson: shown.mark };
      const ack = await this.request("lecture:start", { view, cursor: cursorAt(at) });
      if (!ack.ok) throw new Error(ack.error);
      this.present(ack.room, ack.key, ack.seq || 0);
      this.started = true; // the join bar opens with the QR code large
      this.shown = afterMessage({ question: null }, "view", at, { slides: this.app.lesson.slides });
      this.audience = 0;
      this.opened();
    } catch (err) {
      this.say(_("The lecture cannot start: {reason}", { reason: err.message }));
    } finally {
      this.app.button.disabled = false;
    }
  }

  /** This page presents room `code`: its key and seq kept, the address names it. */
  present(code, key, seq) {
    this.room = code;
    this.key = key;
    this.seq = seq;
    saveKey(code, key, seq);
    setUrlParam("present", code);
    document.body.dataset.lecture = "presenter";
    this.app.button.textContent = _("End lecture");
  }

  /** Started or resumed on this connection: show it, then send whatever moved meanwhile. */
  opened() {
    this.socketId = this.socket.id;
    this.ready = true;
    this.sender = null; // a message lost with the old connection is not waited for
    this.status();
    this.sync();
  }

  /** On load: resume the room the address names (?present=CODE) if this browser has its key. */
  resumeFromAddress() {
    const given = new URLSearchParams(window.location.search).get("present");
    if (given === null) return;
    const code = normalizeCode(given);
    const stored = code && loadKey(code);
    if (!stored) {
      setUrlParam(null, null);
      const named = code ? shownCode(code) : `“${given.slice(0, 20)}”`;
      this.say(
        _("Lecture {code} cannot be resumed: this browser does not hold its key. “Start lecture” opens a new one.", { code: named })
      );
      return;
    }
    this.present(code, stored.key, stored.seq);
    this.say(_("Lecture {code}: resuming…", { code: shownCode(code) }));
    this.resume({ reload: true });
  }

  /** lecture:resume: after a reload (`reload`: put the deck where the room is) or a reconnect. */
  async resume({ reload = false } = {}) {
    if (this.resuming) return;
    const code = this.room;
    this.ready = false;
    this.resuming = true;
    const ack = await this.request("lecture:resume", { room: code, key: this.key });
    this.resuming = false;
    if (this.room !== code) return; // ended meanwhile
    if (ack.timeout) {
      // No answer: try again in a moment, unless the connection is down (its return resumes).
      setTimeout(() => this.room === code && this.socket.connected && !this.ready && this.resume({ reload }), RETRY_MS);
      return;
    }
    if (!ack.ok)
      return this.stop(
        _("Lecture {code} cannot be resumed: {reason}. “Start lecture” opens a new one.", { code: shownCode(code), reason: ack.error })
      );
    const found = resumedRoom(ack, this.app.lessonId, this.app.lesson.slides);
    if (!found) {
      // Another lesson's room (its own page may still drive it): keep its key, leave it be.
      const text = _("Lecture {code} presents another lesson, so this page cannot drive it. “Start lecture” opens a new one.", {
        code: shownCode(code),
      });
      return this.stop(text, { forget: false });
    }
    this.seq = Math.max(this.seq, ack.seq || 0);
    saveKey(code, this.key, this.seq);
    this.shown = found.room;
    this.revealSlide = found.room.question && found.room.question.revealed ? found.position.slide : null;
    if (found.tree.tree) this.tree = found.tree;
    this.audience = ack.audience || 0;
    this.panel.setAudience(this.audience);
    if (reload) await this.app.goTo(found.position);
    if (this.room !== code) return;
    this.showQuestion(ack.question ? ack.answers || null : null);
    this.opened();
  }

  async end() {
    const [room, key] = [this.room, this.key];
    this.stop(_("The lecture has ended."));
    await this.request("lecture:end", { room, key }); // refused: the room had ended already
  }

  /** This page presents nothing any more: forget the key (unless `forget` is false). */
  stop(message, { forget = true } = {}) {
    if (forget && this.room) forgetKey(this.room);
    this.room = null;
    this.key = null;
    this.ready = false;
    this.shown = null;
    this.sender = null;
    this.revealSlide = null;
    this.panel.close();
    this.bar.hide();
    setUrlParam(null, null);
    delete document.body.dataset.lecture;
    this.app.button.textContent = _("Start lecture");
    this.say(message);
  }

  // ----- sending: the room follows the presenter's latest position -----

  /** Send what the room lacks of the presenter's position, one message at a time. */
  async sync() {
    if (this.sender) return;
    const sender = (this.sender = {});
    try {
      while (this.ready && this.sender === sender) {
        const at = { ...this.app.position(), reveal: this.revealSlide === this.app.position().slide };
        const message = nextMessage(this.shown, at);
        if (!message) return;
        const wait = this.lastSent + SEND_INTERVAL_MS - performance.now();
        if (wait > 0) await pause(wait);
        else if (!(await this.send(message, at, sender))) return;
      }
    } catch (err) {
      if (this.sender === sender) this.say(_("Lecture {code}: {reason}", { code: shownCode(this.room), reason: err.message }));
    } finally {
      if (this.sender === sender) this.sender = null;
    }
  }

  /** Send `message` for position `at`; true when the room took it and `sender` may go on. */
  async send(message, at, sender) {
    const code = this.room;
    const slides = this.app.lesson.slides;
    let body;
    if (message === "reveal" || message === "close") body = { question: this.shown.question.id };
    else if (message === "question") body = { question: await slideTree(slides[at.slide]) };
    else if (message === "cursor") body = { cursor: cursorAt(at) };
    else {
      const shown = await this.viewOf(at.slide);
      this.tree = shown.tree || this.tree;
      body = { view: { ...this.tree, lesson: shown.mark }, cursor: cursorAt(at) };
    }
    if (this.room !== code || this.sender !== sender) return false; // ended, or resumed since
    if ("cursor" in body) body.seq = this.nextSeq();
    this.lastSent = performance.now();
    const event = EVENTS[message] || `lecture:${message}`;
    const ack = await this.request(event, { room: code, key: this.key, ...body });
    if (this.room !== code || this.sender !== sender) return false; // ended, or resumed since
    if (ack.timeout || /slow down/.test(ack.error || "")) {
      setTimeout(() => this.sync(), RETRY_MS); // not lost: sent again, with a new seq
      return false;
    }
    if (ack.ok && ack.stale) {
      this.resume(); // the room has seen a higher seq (another tab?): learn it, then send
      return false;
    }
    if (!ack.ok && (message === "view" || message === "cursor")) {
      this.stop(_("Lecture {code}: {reason}. “Start lecture” opens a new one.", { code: shownCode(code), reason: ack.error }));
      return false;
    }
    // A question refused (or one the server no longer has): go on without it.
    if (!ack.ok && !/is not open/.test(ack.error || ""))
      this.say(_("Lecture {code}: {reason}", { code: shownCode(code), reason: ack.error }));
    this.shown = afterMessage(this.shown, message, at, { slides, asked: ack.ok ? ack.question || null : null });
    if (message === "reveal" || message === "close" || message === "question") this.showQuestion();
    return true;
  }

  nextSeq() {
    this.seq += 1;
    saveKey(this.room, this.key, this.seq);
    return this.seq;
  }
}
