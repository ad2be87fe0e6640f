// lesson/self-answer.js: a lesson's question slides answered at the learner's own pace, in the
// lesson's embed (docs/lti.md, "A lesson's questions, graded"). On a question slide the panel
// (section#lesson-answer) holds the lecture's answer sheet (practice/answer-sheet.js: a value
// for each inner node, "pruned" ticks, the best move) for the slide's tree; Check sends it to
// POST /lti/lesson/answer, which grades it against the lesson as saved (the browser's score is
// never trusted) and answers practice's grade, shown as practice and the lecture show it
// (practice/results.js: the score, each mistake with its explanation, the correct ones
// folded). The verdict is said in a polite live region and the focus goes to the results'
// heading. Launched from an LMS (lib/lti-score.js's grant), the server keeps each question's
// score and sends the lesson's total once every question is answered: the panel says how many
// are and what became of the score. Without a grant it is practice: nothing is sent.
// On short or narrow screens (lesson.css) the panel folds behind the player's "Answer" button
// and, opened, takes the tree's place.

import { _, formatNumber, language, ngettext } from "../lib/i18n.js";
import { launchGrantToken, sentSentence } from "../lib/lti-score.js";
import { AnswerSheet } from "../practice/answer-sheet.js";
import { Results, gradeOf } from "../practice/results.js";

const $ = (id) => document.getElementById(id);

export class SelfAnswer {
  /** `lessonId`, `slides`: the lesson's; the panel's elements are found by id. */
  constructor({ lessonId, slides }) {
    this.lessonId = lessonId;
    this.slides = slides;
    this.grant = launchGrantToken();
    this.index = -1;
    this.graded = new Map(); // slide index → {answer, result}: shown again when the slide comes back
    this.panel = $("lesson-answer");
    this.toggle = $("btn-answer");
    this.sheet = new AnswerSheet(
      { rows: $("la-rows"), windowsToggle: $("la-windows"), bestMove: $("la-best-move") },
      { onChange: () => this.results.markStale() }
    );
    this.results = new Results(
      {
        section: $("la-results"),
        score: $("la-score"),
        summary: $("la-results-summary"),
        mistakes: $("la-mistakes"),
        correct: $("la-correct"),
        correctList: $("la-correct-list"),
        stale: $("la-results-stale"),
      },
      { showMeLink: (step) => `/l/${encodeURIComponent(lessonId)}?slide=${this.index}&step=${step}`, newTab: true }
    );
    $("la-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.check();
    });
    this.toggle.addEventListener("click", () => this.open(this.toggle.getAttribute("aria-expanded") !== "true"));
  }

  /** Slide `index` is on screen with its `trace` (null: none yet): its question's panel, or none. */
  show(index, trace) {
    const asks = Boolean(this.slides[index] && this.slides[index].question && trace);
    this.panel.hidden = !asks;
    this.toggle.hidden = !asks;
    $("slide").toggleAttribute("data-answering", asks);
    if (!asks) {
      this.index = -1;
      this.open(false);
      return;
    }
    if (index === this.index) return;
    this.index = index;
    this.sheet.build(trace, { windows: trace.options.algorithm === "alphabeta" });
    $("la-errors").hidden = true;
    $("la-verdict").textContent = "";
    const earlier = this.graded.get(index);
    if (earlier) {
      this.sheet.setAnswer(earlier.answer);
      this.showResult(earlier.result);
    } else {
      this.results.hide();
      this.sheet.showGrades([]);
    }
    this.sayProgress(earlier && earlier.result);
  }

  /** Open (or fold) the panel in the tree's place, on the screens where it folds. */
  open(on) {
    this.toggle.setAttribute("aria-expanded", String(on));
    this.toggle.textContent = on ? _("Tree") : _("Answer");
    $("slide").toggleAttribute("data-answer-open", on);
  }

  async check() {
    const { answer, errors } = this.sheet.read();
    const box = $("la-errors");
    if (errors.length) {
      box.replaceChildren(...errors.map(({ message }) => Object.assign(document.createElement("p"), { textContent: message })));
      box.hidden = false;
      errors[0].input.focus();
      return;
    }
    box.hidden = true;
    const index = this.index;
    const button = $("la-check");
    button.disabled = true;
    $("la-verdict").textContent = _("Checking your answer…");
    const result = await this.send({ lesson: this.lessonId, slide: index, answer });
    button.disabled = false;
    if (index !== this.index) return; // moved to another slide meanwhile
    if (result.error) {
      $("la-verdict").textContent = _("Your answer could not be checked: {error}", { error: result.error });
      return;
    }
    this.graded.set(index, { answer, result });
    this.showResult(result);
    $("la-verdict").textContent = this.verdict(result);
    this.sayProgress(result);
    $("la-results-heading").focus();
  }

  async send(body) {
    if (this.grant) body.grant = this.grant;
    try {
      // The verdict and explanations in the page's language (the address may name it alone).
      const response = await fetch(`/lti/lesson/answer?lang=${encodeURIComponent(language())}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => ({}));
      return response.ok ? answer : { error: answer.error || _("the server refused it") };
    } catch {
      return { error: _("the server could not be reached") };
    }
  }

  showResult(result) {
    this.results.show(result);
    this.sheet.showGrades(result.items.map((item) => [item, gradeOf(item.kind)]));
  }

  /** The sentence the live region says after a check. */
  verdict(result) {
    const score = { score: formatNumber(result.score), max: formatNumber(result.max_score) };
    const wrong = result.items.filter((item) => gradeOf(item.kind) !== "correct").length;
    if (!wrong) return _("Right: {score} of {max}.", score);
    return ngettext("{score} of {max}: {n} thing to look at again.", "{score} of {max}: {n} things to look at again.", wrong, score);
  }

  /** How many questions this launch has answered, and what became of the lesson's score. */
  sayProgress(result) {
    const line = $("la-progress");
    if (!this.grant || !result || result.answered === null || result.answered === undefined) {
      line.textContent = this.grant ? "" : _("Practice: your answers are checked, and nothing is sent anywhere.");
      return;
    }
    const counts = { answered: formatNumber(result.answered), questions: formatNumber(result.questions) };
    const done = ngettext(
      "{answered} of {questions} question answered.",
      "{answered} of {questions} questions answered.",
      result.questions,
      counts
    );
    const sent = "given" in result ? ` ${sentSentence(result, result.given, result.maximum)}` : "";
    line.textContent = done + sent;
  }
}
