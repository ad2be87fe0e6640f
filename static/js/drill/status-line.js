// drill/status-line.js: the drill's status line (#drill-status, a live region): one sentence,
// and data-clean saying whether the tree just checked was right (absent otherwise). A sentence
// given as a function is written again by again(), when the page's language changes.

export class StatusLine {
  constructor(element) {
    this.element = element;
    this.last = null; // {words, clean} of the last sentence given as a function
  }

  /** Say `text` (a string, or a function returning it in the page's language). */
  say(text, clean = null) {
    this.last = typeof text === "function" ? { words: text, clean } : null;
    this.element.textContent = this.last ? text() : text;
    if (clean === null) delete this.element.dataset.clean;
    else this.element.dataset.clean = String(clean);
  }

  /** The last sentence again, in the page's language now (a string said is left as it is). */
  again() {
    if (this.last) this.say(this.last.words, this.last.clean);
  }
}
