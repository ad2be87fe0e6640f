// lesson/stage.js: one slide on screen. `SlideStage` owns the slide's section
// (section#slide[data-slide-index][data-kind]): its title and number, the notes as the
// caption (lesson/notes.js, elements only), and what the slide shows — a tree or a game
// decision in the one TreeView (presenting, a folded tree is fitted again whenever its drawn
// part changes), a tic-tac-toe position beside it (the step's node's), an experiment's figure
// (lesson/figure-view.js), or nothing but the notes. A question slide says so under the notes
// (lecture mode asks it; lesson/lecture.js). A slide that cannot be loaded says why in its
// place, with "Try again". The step is the deck's, in the page's run store (lesson/present.js):
// the stage is a panel that follows it (panels/follow-run.js: `setTrace(trace, content)`, then
// `show({ s, final })` at each step), so nothing calls it with a step.

import { _ } from "../lib/i18n.js";
import { Narration } from "../panels/narration.js";
import { narrate } from "../trace/narration.js";
import { TreeView } from "../tree/view.js";
import { MiniBoard } from "../games/board.js";
import { drawFigure } from "./figure-view.js";
import { renderNotes } from "./notes.js";

const $ = (id) => document.getElementById(id);

export class SlideStage {
  constructor() {
    this.section = $("slide");
    this.view = new TreeView($("tree"));
    this.narration = new Narration($("narration")); // said in a paced live region, as on /
    this.board = null;
    this.index = -1; // the slide shown (or loading)
    this.content = null; // the slide's loaded content (lesson/slides.js)
    this.treeOf = null; // the trace the view holds
    this.presenting = false; // on a projector (lesson/present-mode.js): a fold is refitted
  }

  /** Show slide `index` of `slides` (its title, number and notes) while it loads. */
  begin(index, slides) {
    this.index = index;
    this.section.dataset.slideIndex = String(index);
    this.section.dataset.kind = "loading";
    this.section.setAttribute("aria-busy", "true");
    this.words(index, slides);
    this.say("");
    this.content = null;
  }

  /** Write slide `index`'s words (title, number, notes, question) from `slides`: on `begin`,
   * and again in place when the page's language changes (the slide's content stays). */
  words(index, slides) {
    const slide = slides[index];
    $("slide-title").textContent = slide.title;
    $("slide-number").textContent = _("Slide {n} of {count}", { n: index + 1, count: slides.length });
    $("slide-notes").replaceChildren(renderNotes(slide.notes || ""));
    const question = $("slide-question");
    question.hidden = !slide.question;
    const prompt = slide.question && slide.question.prompt;
    question.textContent = slide.question
      ? prompt
        ? _("Question: {prompt}", { prompt })
        : _("Question: predict the values of this tree.")
      : "";
  }

  /** The slide's content has come: lay it out (its trace's steps follow the run store). */
  showContent(content) {
    this.content = content;
    this.say("");
    this.section.dataset.kind = content.kind;
    this.section.removeAttribute("aria-busy");
    const traced = content.kind === "tree" || content.kind === "game";
    $("tree").hidden = !traced;
    $("slide-chart").hidden = content.kind !== "experiment";
    $("slide-position").hidden = !(content.kind === "game" && content.game === "tictactoe");
    $("narration").hidden = !traced;
    if (traced) {
      if (content.kind === "game" && content.game === "tictactoe") this.showBoard(content);
    } else if (content.kind === "experiment") {
      drawFigure($("slide-chart"), content.figure);
    }
  }

  showBoard(content) {
    if (!this.board) this.board = new MiniBoard($("slide-position"));
    this.board.setRoot(content.board);
  }

  /** The run store's trace is the slide's `content.trace`: the view holds it. */
  setTrace(trace, content) {
    if (this.treeOf === trace) return;
    this.view.setTree(trace, { cutByLimit: content.cutByLimit, agents: content.agents });
    this.treeOf = trace;
  }

  /** Draw the store's step of the slide's trace: `s` its state, `final` the search's end. */
  show({ s, final }) {
    const { content, treeOf: trace } = this;
    const cut = this.view.signature;
    this.view.render(s, final);
    // A folded tree whose drawn part changed (another node unfolded): the class sees all of it,
    // never a row under the minimap or a ruler chip (a presenter does not pan).
    if (this.presenting && this.view.fitted && !this.view.fitted.whole && this.view.signature !== cut) {
      this.view.fit(false);
    }
    // The tic-tac-toe position beside the tree is the step's node's.
    if (this.board && content.game === "tictactoe") this.board.show(trace, Math.max(0, s.current), "current");
    this.narration.say(narrate(trace, s.step));
  }

  /** A message in place of the slide (it could not be loaded), with "Try again" → retry(). */
  say(text, retry = null) {
    this.message(text, "error");
    const button = $("slide-retry");
    button.hidden = !(text && retry);
    button.onclick = retry;
    if (text) {
      this.section.dataset.kind = "error";
      this.section.removeAttribute("aria-busy");
      $("tree").hidden = true;
      $("slide-chart").hidden = true;
    }
  }

  /** While the slide loads: its experiment waits `seconds` for a server busy for `reason`. */
  waiting(seconds, reason) {
    this.message(
      _("The server is busy: {reason}. Trying again in {seconds} s…", { reason: reason || _("too many requests"), seconds }),
      "wait"
    );
  }

  /** `text` in the slide's place ("" for none), as an error or while waiting (`tone`). */
  message(text, tone) {
    const box = $("slide-failure");
    box.hidden = !text;
    box.dataset.tone = tone;
    $("slide-message").textContent = text;
    $("slide-retry").hidden = true;
  }

  fit() {
    if (this.content && this.content.trace) this.view.fit(true);
  }
}
