// questions.js: the presenter's side of lecture questions. "Ask as a question" (in the
// lecture bar) sends the view on screen as `lecture:question`; the "Question" panel beside
// the tree then shows the counts the server sends (`lecture:answers`: tallies.js) and the
// heat overlay on the tree (heat.js); "Reveal the answer" and "Close the question" end it.
// A class that follows from the LMS may be named, once the teacher asks (class-names.js).
// The presenter's tree goes back to step 0 when asking, so the projector does not give the
// answer away. A reload or reconnect gets the open question and its counts back from the
// `lecture:resume` ack. The contract: docs/protocol.md, "Lecture questions".
//
// lecture/room.js tells this module what happens (Lecture.listen): "socket" (made), "bar" (the
// presenter's bar was built: the Ask button goes in it), "resumed" (the ack), "stopped", and
// "error" (a lecture_error: claimed while one of our requests waits, so the form below says
// it and the bar does not say it twice).

import { _ } from "../lib/i18n.js";
import { pageStore } from "../lib/page-store.js";
import { truthOf } from "../practice/truth.js";
import { ClassNames } from "./class-names.js";
import { HeatLayer } from "./heat.js";
import { loadQuestion } from "./question-data.js";
import { Tallies } from "./tallies.js";

const $ = (id) => document.getElementById(id);
const NOT_OPEN = /is not open/;
const EMPTY = { answered: 0, students: 0, pruned: {}, values: {}, moves: {} };

export class QuestionAsker {
  /** `lecture`: the page's Lecture; `view`: its TreeView; `player`: its Player. */
  constructor({ lecture, view, player }) {
    this.lecture = lecture;
    this.player = player;
    this.els = {
      ask: $("question-ask"),
      panel: $("question-presenter"),
      heading: $("qp-heading"),
      state: $("qp-state"),
      error: $("qp-error"),
      reveal: $("qp-reveal"),
      close: $("qp-close"),
    };
    this.heat = new HeatLayer(view);
    this.tallies = new Tallies({
      answered: $("qp-answered"),
      announce: $("qp-announce"),
      values: $("qp-values"),
      moves: $("qp-moves"),
      pruned: $("qp-pruned"),
    });
    const presenter = () => (lecture.role === "presenter" ? lecture : null); // its code and key
    this.names = new ClassNames({ presenter, after: this.els.state }); // a class from the LMS
    this.question = null; // {id, tree, options, revealed}
    this.counts = EMPTY;
    this.loaded = null; // {trace, truth} of the question's tree
    this.audience = 0;
    this.pending = 0; // our requests waiting for their ack
    this.busy = false;
    lecture.listen((what, detail) => this.on(what, detail));
    this.els.ask.addEventListener("click", () => this.ask());
    this.els.reveal.addEventListener("click", () => this.reveal());
    this.els.close.addEventListener("click", () => this.close());
    // "Hide answers" off shows the truth in the tallies before the reveal (the presenter's choice).
    pageStore.subscribe((state, changed) => {
      if ("hideAnswers" in changed) this.render();
    });
  }

  on(what, detail) {
    if (what === "socket") {
      detail.on("lecture:answers", (msg) => this.onAnswers(msg));
      detail.on("lecture:audience", (msg) => {
        if (this.mine(msg)) this.setAudience(msg.count);
      });
    } else if (what === "bar") {
      // The bar is rebuilt for each mode: the Ask button goes before "End lecture" each time.
      detail.insertBefore(this.els.ask, detail.querySelector(".lecture-end"));
      this.els.ask.hidden = !!this.question;
    } else if (what === "resumed") {
      this.setAudience(detail.audience);
      if (detail.question) this.open(detail.question, detail.answers || EMPTY);
      else if (this.question) this.closed(_("The question was closed."));
    } else if (what === "stopped") {
      if (this.question) this.closed(null);
    } else if (what === "error") {
      return this.pending > 0;
    }
    return false;
  }

  mine(msg) {
    return !!msg && this.lecture.role === "presenter" && msg.room === this.lecture.code;
  }

  setAudience(count) {
    this.audience = Number(count) || 0;
    if (this.question) this.render();
  }

  /** Send a presenter message about the room; resolves with its ack. */
  async send(event, body) {
    const { code, key } = this.lecture;
    this.pending += 1;
    try {
      return await this.lecture.request(event, { room: code, key, ...body });
    } finally {
      this.pending -= 1;
    }
  }

  async ask() {
    const view = this.lecture.current;
    if (this.lecture.role !== "presenter" || this.busy || !view) return;
    this.busy = true;
    this.els.ask.setAttribute("aria-disabled", "true"); // not disabled: it keeps the focus
    const question = { tree: view.tree, options: view.options };
    const ack = await this.send("lecture:question", { question });
    this.busy = false;
    this.els.ask.removeAttribute("aria-disabled");
    if (this.lecture.role !== "presenter") return;
    if (!ack.ok) {
      this.lecture.setStatus(_("The question could not be asked: {error}", { error: ack.error }), true);
      return;
    }
    // Back to step 0: the projector shows the leaves only, as the students' trees do.
    this.player.pause();
    this.player.show(0);
    this.open({ id: ack.question, ...question, revealed: false }, EMPTY, { focus: true });
  }

  /** Show `question` with `counts` (a new one, or the same one after a resume). */
  open(question, counts, { focus = false } = {}) {
    const same = this.question && this.question.id === question.id;
    this.question = { ...question };
    this.counts = counts;
    if (!same) {
      this.loaded = null;
      this.tallies.reset();
      this.load(question);
    }
    const hadFocus = focus || this.els.ask.contains(document.activeElement);
    this.els.ask.hidden = true;
    this.els.panel.hidden = false;
    this.els.error.hidden = true;
    document.body.dataset.question = "presenter";
    this.showState();
    this.render();
    this.names.open(question.id);
    if (hadFocus) this.els.heading.focus();
  }

  async load(question) {
    try {
      const { trace } = await loadQuestion(question);
      if (!this.question || this.question.id !== question.id) return;
      this.loaded = { trace, truth: truthOf(trace) };
      this.render();
    } catch (err) {
      // Names and the truth stay out of the tallies; the counts still show, by path.
      if (this.question && this.question.id === question.id)
        this.showError(_("The question's tree could not be loaded: {error}", { error: err.message }));
    }
  }

  onAnswers(msg) {
    if (!this.mine(msg) || !this.question || msg.question !== this.question.id) return;
    this.counts = msg;
    if (Number.isInteger(msg.students)) this.audience = msg.students;
    this.render();
  }

  render() {
    if (!this.question) return;
    const { trace, truth } = this.loaded || { trace: null, truth: null };
    const truthShown = this.question.revealed || pageStore.get().hideAnswers === false;
    this.tallies.show(this.counts, { audience: this.audience, trace, truth, truthShown });
    this.heat.show(trace, this.counts.pruned, this.counts.answered || 0);
  }

  showState() {
    const revealed = this.question.revealed;
    this.els.state.textContent = revealed
      ? _("Answer revealed: each student sees their own answer graded.")
      : _("Students answer on their devices and may change their answer until you reveal it.");
    this.els.reveal.hidden = revealed;
    this.els.panel.dataset.state = revealed ? "revealed" : "open";
  }

  showError(message) {
    this.els.error.textContent = message;
    this.els.error.hidden = false;
  }

  async reveal() {
    if (!this.question || this.question.revealed || this.busy) return;
    this.busy = true;
    const id = this.question.id;
    const ack = await this.send("lecture:reveal", { question: id });
    this.busy = false;
    if (!this.question || this.question.id !== id) return;
    if (!ack.ok) return this.refused(ack.error);
    const hadFocus = this.els.reveal.contains(document.activeElement);
    this.question.revealed = true;
    this.els.error.hidden = true;
    this.showState();
    this.render();
    this.names.refresh();
    if (hadFocus) this.els.close.focus(); // Reveal is gone; Close comes next
  }

  async close() {
    if (!this.question || this.busy) return;
    this.busy = true;
    const ack = await this.send("lecture:close-question", { question: this.question.id });
    this.busy = false;
    if (!this.question) return;
    if (!ack.ok && !NOT_OPEN.test(ack.error || "")) return this.refused(ack.error);
    this.closed(null);
  }

  /** A refusal: a question the server no longer has is closed here too; else it is said. */
  refused(error) {
    if (NOT_OPEN.test(error || "")) this.closed(_("The question was closed: {error}.", { error }));
    else this.showError(error || _("The server did not answer."));
  }

  /** No question any more: the panel and the heat go; the focus (if it was there) to Ask. */
  closed(message) {
    const hadFocus = this.els.panel.contains(document.activeElement);
    this.question = null;
    this.loaded = null;
    this.counts = EMPTY;
    this.tallies.reset();
    this.heat.clear();
    this.names.close();
    this.els.panel.hidden = true;
    delete this.els.panel.dataset.state;
    delete document.body.dataset.question;
    const presenting = this.lecture.role === "presenter";
    this.els.ask.hidden = !presenting;
    if (message && presenting) this.lecture.setStatus(message, true);
    if (hadFocus) (presenting && this.els.ask.isConnected ? this.els.ask : $("stage")).focus();
  }

  get state() {
    return { question: this.question, counts: this.counts };
  }
}
