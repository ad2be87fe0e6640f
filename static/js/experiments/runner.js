// runner.js: the life of one run in one experiment's block (a `.run` element): the form's
// Run button, the progress bar with "k of n", Cancel, the status line, and the server's
// messages shown by the field they name. What the rows mean is the section's business:
// it gets them through hooks. The block's data-state (idle, running, done, cancelled,
// error) mirrors the run for CSS and tests. The status line and the count are written again
// when the page's language changes in place (the page store's `lang`).

import { _, ngettext } from "../lib/i18n.js";
import { pageStore } from "../lib/page-store.js";
import { formatCount, formatNumber } from "./numbers.js";
import { streamExperiment } from "./stream.js";

/** The parts of a run block, found by their data-part names (templates/experiments.html). */
export function parts(root) {
  const found = {};
  for (const el of root.querySelectorAll("[data-part]")) {
    if (!(el.dataset.part in found)) found[el.dataset.part] = el;
  }
  return found;
}

export class Runner {
  /**
   * root: the `.run` element (its data-experiment names the API's experiment).
   * hooks: params() → query object; start(); rows(rows, total) as they arrive (at most
   * once a frame); done(result); stopped(rows, total) after a Cancel or an error mid-run.
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.experiment = root.dataset.experiment;
    this.els = parts(root);
    this.controller = null;
    this.pending = false; // an animation frame is booked to show the latest rows
    this.els.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run();
    });
    this.els.cancel.addEventListener("click", () => this.cancel());
    // A changed field is a new question: its old message no longer applies.
    this.els.form.addEventListener("input", (event) => this.clearError(event.target));
    this.setState("idle");
    pageStore.subscribe((page, changed) => "lang" in changed && this.speakAgain());
  }

  setState(state) {
    this.root.dataset.state = state;
  }

  async run() {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.clearErrors();
    const moveFocus = this.root.contains(document.activeElement);
    this.showRunning(true);
    if (moveFocus) this.els.cancel.focus(); // Run is disabled now; Cancel is the next action
    this.say(() => _("Running…"));
    this.setState("running");
    this.hooks.start();
    const started = performance.now();
    let rows = [];
    let total = 0;
    try {
      const result = await streamExperiment(this.experiment, this.hooks.params(), {
        signal: controller.signal,
        onHeader: (header) => {
          total = header.total;
          this.progress(0, total);
        },
        onRow: (row, done) => {
          rows.push(row);
          this.later(rows, done, total);
        },
      });
      rows = result.rows;
      this.progress(rows.length, total);
      this.hooks.done(result);
      const seconds = (performance.now() - started) / 1000;
      this.say(() =>
        ngettext("Done: {count} row in {seconds} s.", "Done: {count} rows in {seconds} s.", rows.length, {
          count: formatCount(rows.length),
          seconds: formatNumber(seconds, seconds < 10 ? 2 : 1),
        })
      );
      this.setState("done");
    } catch (err) {
      if (err.name === "AbortError") {
        this.say(() =>
          ngettext("Cancelled after {done} of {total} row.", "Cancelled after {done} of {total} rows.", total, {
            done: formatCount(rows.length),
            total: formatCount(total),
          })
        );
        this.setState("cancelled");
      } else {
        this.showError(err);
        this.setState("error");
      }
      this.hooks.stopped(rows, total);
    } finally {
      this.controller = null;
      const hadFocus = document.activeElement === this.els.cancel;
      this.showRunning(false);
      if (hadFocus || document.activeElement === document.body) this.els.run.focus();
    }
  }

  cancel() {
    if (this.controller) this.controller.abort();
  }

  /** Show the rows so far at the next frame: a fast run sends hundreds between two paints. */
  later(rows, done, total) {
    this.latest = { rows, done, total };
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      if (!this.controller) return; // finished meanwhile: done() has drawn everything
      const { rows: now, done: count, total: all } = this.latest;
      this.progress(count, all);
      this.hooks.rows(now, all);
    });
  }

  progress(done, total) {
    this.counted = [done, total];
    this.els.progress.max = Math.max(total, 1);
    this.els.progress.value = done;
    this.els.count.textContent = _("{done} of {total}", { done: formatCount(done), total: formatCount(total) });
  }

  showRunning(running) {
    this.els.run.disabled = running;
    this.els.run.classList.toggle("busy", running);
    this.els.running.hidden = !running;
    this.root.setAttribute("aria-busy", String(running));
    if (running) this.progress(0, 0);
  }

  /** The status line: `words` is the text, or a function that writes it in the page's
   * language (written again when the language changes in place). */
  say(words) {
    this.words = typeof words === "function" ? words : null;
    this.els.message.textContent = this.words ? this.words() : words;
  }

  speakAgain() {
    if (this.words) this.els.message.textContent = this.words();
    if (this.counted) this.progress(...this.counted);
  }

  /** The server's message beside the field it names, or under the form. */
  showError(err) {
    const target = err.field && this.els.form.querySelector(`[data-error-for="${CSS.escape(err.field)}"]`);
    const box = target || this.els["form-error"];
    box.textContent = err.message;
    box.hidden = false;
    const input = err.field && this.els.form.querySelector(`[data-field="${CSS.escape(err.field)}"]`);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
    this.say(() => (target ? _("The run did not start: a field needs a change.") : _("The run failed.")));
  }

  clearError(input) {
    const field = input && input.dataset && input.dataset.field;
    if (!field) return;
    input.removeAttribute("aria-invalid");
    const box = this.els.form.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
    if (box) box.hidden = true;
  }

  clearErrors() {
    for (const box of this.root.querySelectorAll(".field-error")) {
      box.hidden = true;
      box.textContent = "";
    }
    for (const input of this.els.form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
    }
  }
}

/** The form's named fields as a query object (empty ones left out: the server's defaults). */
export function formValues(form) {
  const values = {};
  for (const el of form.elements) {
    if (el.name && el.value.trim() !== "") values[el.name] = el.value.trim();
  }
  return values;
}
