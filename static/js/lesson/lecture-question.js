// lesson/lecture-question.js: the presenter's question panel on /l/<id> while a lecture asks a
// question slide (docs/lessons.md, "In a lecture"). It is the visualizer's lecture question
// panel in a lesson: the answered count and the tallies (lecture/tallies.js), the heat on the
// slide's tree (lecture/heat.js), and "Reveal the answer". The panel
// (section#lesson-question) says its state for tests and styles: data-question-state "open"
// or "revealed", data-answered the number of answers. Until the reveal the tree stays at the
// slide's first step (lesson/lecture.js holds the deck there) and the tallies hide the truth.
// What the room does is lesson/lecture.js's; this module only shows it. A class followed
// from the LMS may be named once the teacher asks (lecture/class-names.js, docs/lti.md).

import { truthOf } from "../practice/truth.js";
import { ClassNames } from "../lecture/class-names.js";
import { HeatLayer } from "../lecture/heat.js";
import { Tallies } from "../lecture/tallies.js";

const $ = (id) => document.getElementById(id);
const EMPTY = { answered: 0, students: 0, pruned: {}, values: {}, moves: {} };
const OPEN_TEXT = "Students answer on their devices and may change their answer until you reveal it (Reveal, or PageDown).";
const REVEALED_TEXT = "Answer revealed: each student sees their own answer graded. Moving on closes the question.";

export class LessonQuestionPanel {
  /** `stage`: the lesson's SlideStage (its TreeView gets the heat); `onReveal()`: Reveal
   * pressed; `presenter()`: the room presented ({code, key}), for a class from the LMS. */
  constructor(stage, onReveal, presenter) {
    this.stage = stage;
    this.panel = $("lesson-question");
    this.heat = new HeatLayer(stage.view);
    this.tallies = new Tallies({
      answered: $("lq-answered"),
      announce: $("lq-announce"),
      values: $("lq-values"),
      moves: $("lq-moves"),
      pruned: $("lq-pruned"),
    });
    this.question = null; // {id, slide, revealed}
    this.counts = EMPTY;
    this.audience = 0;
    this.truth = null; // the truth of the trace last shown (truthOf keeps its trace)
    $("lq-reveal").addEventListener("click", () => onReveal());
    this.names = new ClassNames({ presenter, after: $("lq-state") }); // "Show names" (LTI)
  }

  /** Show question `question` ({id, slide, revealed}) with `counts` (a resume's, else none). */
  open(question, counts = null) {
    const same = this.question && this.question.id === question.id;
    this.question = { ...question };
    if (!same) {
      this.tallies.reset();
      this.counts = EMPTY;
    }
    if (counts) this.counts = counts;
    this.panel.hidden = false;
    this.panel.dataset.questionState = question.revealed ? "revealed" : "open";
    $("lq-state").textContent = question.revealed ? REVEALED_TEXT : OPEN_TEXT;
    const reveal = $("lq-reveal");
    const hadFocus = reveal.contains(document.activeElement);
    reveal.hidden = question.revealed;
    if (hadFocus && question.revealed) $("lq-heading").focus();
    this.render();
    this.names.open(question.id);
  }

  /** The question was revealed (its ack came). */
  revealed(id) {
    if (this.question && this.question.id === id) this.open({ ...this.question, revealed: true });
  }

  /** `lecture:answers`: the counts of question `msg.question`. */
  answers(msg) {
    if (!this.question || msg.question !== this.question.id) return;
    this.counts = msg;
    if (Number.isInteger(msg.students)) this.audience = msg.students;
    this.render();
  }

  setAudience(count) {
    this.audience = Number(count) || 0;
    if (this.question) this.render();
  }

  /** The slide's trace, when the stage shows the question's slide (the tree asked). */
  trace() {
    const content = this.stage.content;
    const onSlide = this.stage.index === this.question.slide;
    return onSlide && content && content.trace ? content.trace : null;
  }

  render() {
    if (!this.question) return;
    const trace = this.trace();
    if (trace && (!this.truth || this.truth.trace !== trace)) this.truth = truthOf(trace);
    const truth = trace ? this.truth : null;
    const answered = this.counts.answered || 0;
    this.panel.dataset.answered = String(answered);
    const truthShown = this.question.revealed;
    this.tallies.show(this.counts, { audience: this.audience, trace, truth, truthShown });
    this.heat.show(trace, this.counts.pruned, answered);
  }

  /** No question any more (closed, or the lecture ended). */
  close() {
    if (!this.question) return;
    const hadFocus = this.panel.contains(document.activeElement);
    this.question = null;
    this.counts = EMPTY;
    this.tallies.reset();
    this.heat.clear();
    this.names.close();
    this.panel.hidden = true;
    delete this.panel.dataset.questionState;
    delete this.panel.dataset.answered;
    if (hadFocus) $("stage").focus();
  }
}
