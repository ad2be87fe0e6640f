// answering.js: a student's side of lecture questions. A `lecture:question` (or the question
// in a join ack: a late joiner, a reload, a reconnect) opens the "Question from the
// presenter" panel in place of the tree (body[data-question="student"]; the lecture bar
// stays), with practice mode for the question's tree (question-sheet.js). "Send answer" sends
// `lecture:answer`; sending again replaces it until the reveal. `lecture:reveal` grades the
// last answer sent, here (the server sends no grades), and closes answering;
// `lecture:question-closed` closes the panel, and the page shows the lecture again (it kept
// following meanwhile, hidden).
//
// The answer sent is kept in sessionStorage under the room and question: after a reload the
// form shows it and the reveal grades it, and it is not sent again. Answers go with this
// tab's anonymous `student` token (sessionStorage too), so one sent again after a reload
// replaces the first instead of counting twice (docs/protocol.md, "Anonymous"). A student
// launched from the LMS into the course's lecture also tells the course's roster that they
// joined, answered, and the score of the reveal (lib/lti-score.js, docs/lti.md).

import { _, formatNumber } from "../lib/i18n.js";
import { reportToCourse } from "../lib/lti-score.js";
import { QuestionSheet } from "./question-sheet.js";
import { fromWire, loadQuestion, toWire, visualizerBase } from "./question-data.js";
import { studentToken } from "./storage.js";

const $ = (id) => document.getElementById(id);
const STORE_PREFIX = "prune.lecture.answer.";

function changedWords() {
  return _("You changed your answer: send it again to replace the one sent.");
}

function storeKey(code, id) {
  return `${STORE_PREFIX}${code}.${id}`;
}

function loadSent(code, id) {
  try {
    const raw = window.sessionStorage.getItem(storeKey(code, id));
    return raw ? fromWire(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function saveSent(code, id, answer) {
  try {
    window.sessionStorage.setItem(storeKey(code, id), JSON.stringify(toWire(answer)));
  } catch {
    // private mode: only a reload forgets the answer sent
  }
}

function forgetSent(code, id) {
  try {
    window.sessionStorage.removeItem(storeKey(code, id));
  } catch {
    // nothing kept
  }
}

export class QuestionAnswering {
  /** `lecture`: the page's Lecture. */
  constructor({ lecture }) {
    this.lecture = lecture;
    this.panel = $("question-student");
    this.sheet = null; // made with the first question (its tree view needs a visible panel)
    this.question = null; // {id, tree, options, revealed}
    this.code = null;
    this.ready = false; // the question's trace is loaded and shown
    this.sent = null; // the last answer the server took
    this.revealed = false; // graded on this page
    this.pending = 0;
    this.sending = false;
    this.loads = 0;
    lecture.listen((what, detail) => this.on(what, detail));
    $("qs-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    // Keys in the panel are the panel's: the page's shortcuts (the player's Space and arrows,
    // P for presentation) would act on the lecture hidden behind it.
    this.panel.addEventListener("keydown", (event) => event.stopPropagation());
  }

  on(what, detail) {
    if (what === "socket") {
      detail.on("lecture:question", (msg) => {
        if (this.mine(msg) && msg.question) this.open(msg.question);
      });
      detail.on("lecture:reveal", (msg) => {
        if (this.mine(msg) && this.question && msg.question === this.question.id) this.onReveal();
      });
      detail.on("lecture:question-closed", (msg) => {
        if (this.mine(msg) && this.question && msg.question === this.question.id) {
          this.close(_("The presenter closed the question."));
        }
      });
    } else if (what === "joined") {
      reportToCourse({}); // launched from the LMS: the course's roster names this student
      if (detail.question) this.open(detail.question);
      else if (this.question) this.close(_("The presenter closed the question."));
    } else if (what === "stopped") {
      if (this.question) this.close(null);
    } else if (what === "error") {
      return this.pending > 0;
    }
    return false;
  }

  mine(msg) {
    return !!msg && this.lecture.role === "student" && msg.room === this.lecture.code;
  }

  /** A question: a new one replaces the one shown; the same one again may now be revealed. */
  async open(question) {
    if (this.question && this.question.id === question.id && this.code === this.lecture.code) {
      if (question.revealed) this.onReveal();
      return;
    }
    if (this.question && this.code) forgetSent(this.code, this.question.id); // replaced
    const load = ++this.loads;
    this.question = { ...question };
    this.code = this.lecture.code;
    this.ready = false;
    this.revealed = false;
    this.sent = loadSent(this.code, question.id);
    this.showPanel();
    this.setState(
      question.revealed
        ? _("The presenter asked a question and has revealed the answer.")
        : _("The presenter asked a question: answer it below.")
    );
    let loaded;
    let base;
    try {
      loaded = await loadQuestion(question);
      base = await visualizerBase(question);
    } catch (err) {
      if (load !== this.loads) return;
      $("qs-loading").textContent = _("This question cannot be shown: {error}", { error: err.message });
      $("qs-loading").classList.add("is-error");
      return;
    }
    if (load !== this.loads) return;
    $("qs-loading").hidden = true;
    $("qs-body").hidden = false;
    if (!this.sheet) this.sheet = new QuestionSheet({ onChange: () => this.changed() });
    this.sheet.show(loaded, base);
    this.ready = true;
    if (this.sent) {
      this.sheet.fill(this.sent);
      this.setSent(_("Answer sent; you can change it until the presenter reveals."));
    } else {
      this.setSent("");
    }
    this.setAnswering(true);
    if (this.question.revealed) this.onReveal();
  }

  showPanel() {
    // The tree and the player go (CSS): a focus among them would drop to the page.
    const stage = $("stage");
    const lost =
      document.activeElement === document.body ||
      (stage.contains(document.activeElement) && !$("lecture-bar").contains(document.activeElement));
    this.panel.hidden = false;
    document.body.dataset.question = "student";
    $("qs-loading").hidden = false;
    $("qs-loading").textContent = _("Loading the tree…");
    $("qs-loading").classList.remove("is-error");
    $("qs-body").hidden = true;
    $("qs-errors").hidden = true;
    if (lost) $("qs-heading").focus();
  }

  setState(text) {
    $("qs-state").textContent = text;
  }

  setSent(text) {
    $("qs-sent").textContent = text;
  }

  /** Open for answers (Send shown) or closed by the reveal. */
  setAnswering(on) {
    $("qs-send").hidden = !on;
    $("qs-closed").hidden = on;
    this.panel.dataset.state = on ? "answering" : "revealed";
  }

  changed() {
    if (this.sent) this.setSent(changedWords());
  }

  async send() {
    if (!this.ready || this.revealed || this.sending) return;
    const answer = this.sheet.read();
    if (!answer) return;
    const { id } = this.question;
    const code = this.code;
    const button = $("qs-send");
    this.sending = true;
    button.setAttribute("aria-disabled", "true"); // not disabled: it keeps the focus
    this.setSent(_("Sending…"));
    this.pending += 1;
    const message = { room: code, question: id, answer: toWire(answer), student: studentToken() };
    const ack = await this.lecture.request("lecture:answer", message);
    this.pending -= 1;
    this.sending = false;
    button.removeAttribute("aria-disabled");
    if (!this.question || this.question.id !== id || this.code !== code) return;
    if (!ack.ok) {
      this.setSent(this.sent ? changedWords() : "");
      this.sheet.showError(_("Your answer was not taken: {error}", { error: ack.error }));
      return;
    }
    this.sent = answer;
    saveSent(code, id, answer);
    this.setSent(_("Answer sent; you can change it until the presenter reveals."));
    reportToCourse({ question: id });
  }

  /** The presenter revealed the answer: grade the answer sent, here. */
  onReveal() {
    if (!this.question) return;
    this.question.revealed = true; // graded as soon as the tree is shown, if it is not yet
    if (!this.ready || this.revealed) return;
    this.revealed = true;
    const hadFocus = $("qs-form").contains(document.activeElement);
    const result = this.sheet.reveal(this.sent);
    if (this.sent) reportToCourse({ question: this.question.id, given: result.score, maximum: result.max_score });
    this.setAnswering(false);
    this.setSent("");
    this.setState(
      this.sent
        ? _("The presenter revealed the answer. Your score: {score} of {max}.", {
            score: formatNumber(result.score),
            max: formatNumber(result.max_score),
          })
        : _("The presenter revealed the answer. You did not answer; the answer is shown.")
    );
    if (hadFocus) $("qs-results-heading").focus(); // the form is locked: its fields lose the focus
  }

  /** The panel goes (closed, replaced by nothing, or the lecture left); `message` is said. */
  close(message) {
    const hadFocus = this.panel.contains(document.activeElement);
    if (this.question && this.code) forgetSent(this.code, this.question.id);
    this.loads += 1; // a load still under way is dropped
    this.question = null;
    this.code = null;
    this.ready = false;
    this.sent = null;
    this.revealed = false;
    this.panel.hidden = true;
    delete this.panel.dataset.state;
    delete document.body.dataset.question;
    if (message && this.lecture.role) this.lecture.setStatus(message);
    if (!hadFocus) return;
    const next = document.querySelector("#lecture-bar:not([hidden]) button") || $("stage");
    next.focus();
  }

  get state() {
    return { question: this.question, sent: this.sent, revealed: this.revealed, ready: this.ready };
  }
}
