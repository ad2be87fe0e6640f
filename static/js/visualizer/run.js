// visualizer/run.js: one run of the main page and the page's run state. A run loads the tree the
// input panel names (a preset, cached; a random tree; the pasted text), puts its document's
// defaults in the form when the source changed, runs it over the socket and streams the events
// into a Trace, then puts the player on the step asked for: the address's step, the end, or the
// node the reader was looking at (SameNode). A newer run makes an older run's replies stale. The
// page decides what a new trace means for its panels (hooks.onTrace) and tells lecture mode
// (hooks.onStarted). The trace (with its run: source, document, options) and the run state
// ("loading", "streaming", "done", "error") go to the page's run store (player/run-store.js),
// which the panels (panels/follow-run.js), lecture mode and the editor watch.

import { _ } from "../lib/i18n.js";
import { getPreset, importTree, randomTree } from "../lib/api.js";
import { SameNode, nodeAt } from "../trace/same-node.js";
import { Trace } from "../trace/trace.js";
import { FORMAT_NAMES } from "./editor-files.js";

/** Say under the pasted text which course format it was read as ("" clears it). */
function sayPasteFormat(text) {
  const line = document.getElementById("tree-format");
  if (line) line.textContent = text;
}

export class Runner {
  /**
   * @param {{input: InputPanel, client: RunClient, player: Player, store}} parts  store: the
   *   page's run store (the player's)
   * @param {{onTrace: Function, onStarted: Function}} hooks  onTrace({trace, source, doc,
   *   options, info}): a run's trace begins, empty (set in the store, the panels have it);
   *   onStarted({doc, options, urlView}): its step 0 is shown
   */
  constructor({ input, client, player, store }, hooks) {
    this.store = store;
    this.input = input;
    this.client = client;
    this.player = player;
    this.hooks = hooks;
    this.trace = null;
    this.source = null; // the source of the trace shown (for the URL)
    this.options = null; // its resolved options
    this.doc = null; // its tree document (for the editor, share links and exports)
    this.timings = {}; // of the last run, in ms (performance.now): for benchmarks
    this.seq = 0; // the latest run's number: replies to older runs are stale
    this.lastSourceKey = null; // the source whose document defaults are in the form
    this.pendingStep = null; // a step asked for (URL) before its events arrived
    this.presetCache = new Map();
  }

  /** Whether the step shown is the end of a finished search (the answers are reached). */
  atEnd() {
    return !!this.trace && this.trace.complete && this.player.k === this.trace.length;
  }

  async loadDocument(source) {
    if (source.kind === "preset") {
      if (!this.presetCache.has(source.name)) this.presetCache.set(source.name, await getPreset(source.name));
      return this.presetCache.get(source.name);
    }
    if (source.kind === "random") return randomTree(source.params);
    return this.pastedDocument();
  }

  /** The pasted text's document: JSON as it is; any other course format (a bracket string,
   * an MIT 6.034 list, an AIMA game, leaves with a branching factor: docs/formats.md) read by
   * the server, which says which it recognised. */
  async pastedDocument() {
    const { input } = this;
    sayPasteFormat("");
    try {
      return input.pastedDocument();
    } catch (err) {
      const text = input.els.treeText.value;
      // JSON gone wrong stays JSON's error, found here without asking the server; a list in
      // Python's quotes (MIT 6.034) and anything not starting like JSON go to the server.
      const jsonLike = /^\s*[[{]/.test(text) && !text.includes("'");
      if (!(err instanceof SyntaxError) || !text.trim() || jsonLike) throw err;
      const { format, document } = await importTree(text); // its error names format, line, column
      if (format !== "json") sayPasteFormat(_("Read as {format}.", { format: FORMAT_NAMES[format] ? _(FORMAT_NAMES[format]) : format }));
      return document;
    }
  }

  /**
   * Run the current source with the current options. `urlView`: options and step from the
   * address bar (first load) or a lecture's view, whose trace (the address `urlView.trace`)
   * the server has. `keepEnd`: stay at the end if the player was there.
   */
  async run({ urlView = null, keepEnd = false } = {}) {
    const { input, player, timings } = this;
    const seq = ++this.seq;
    timings.start = performance.now();
    player.pause();
    input.clearErrors();
    const source = input.source();
    const wasAtEnd = keepEnd && this.atEnd();
    // New options, same tree: stay at the end, or with the node the reader was looking at.
    const stayWith = keepEnd && this.trace && !wasAtEnd ? nodeAt(this.trace, player.k) : null;
    this.pendingStep = urlView ? urlView.step : wasAtEnd ? "end" : stayWith !== null ? new SameNode(stayWith) : null;
    this.setRunState("loading");
    input.setBusy(true);
    let doc;
    try {
      doc = await this.loadDocument(source);
    } catch (err) {
      if (seq !== this.seq) return;
      input.setBusy(false);
      input.showRunError(err, source.kind);
      this.setRunState("error");
      return;
    }
    if (seq !== this.seq) return;
    const sourceKey = JSON.stringify(source);
    if (sourceKey !== this.lastSourceKey) {
      // A pasted shorthand tree keeps the form's options; a document brings its own.
      input.applyDocumentDefaults(doc, { resetTreeSpecific: source.kind !== "paste" });
      this.lastSourceKey = sourceKey;
    }
    if (urlView) input.setOptions(urlView.options);
    const options = input.options();

    // A lecture view's trace (urlView.trace) is the class's one copy, fetched; else a run.
    const handlers = {
      onStart: ({ nodes, options: resolved, document: info }) => {
        if (seq !== this.seq) return;
        timings.ack = performance.now();
        this.trace = new Trace(nodes, resolved || options);
        this.source = source;
        this.options = resolved || options;
        this.doc = doc;
        const run = { source, doc, options: this.options, info };
        // One change: the panels set the new trace and draw its step 0 once (player.reset
        // in hooks.onTrace then finds the store as it wants it).
        this.store.set({ trace: this.trace, run, step: 0, length: 0, complete: false });
        this.hooks.onTrace({ trace: this.trace, ...run });
        this.setRunState("streaming");
        this.hooks.onStarted({ doc, options: this.options, urlView }); // a presenter sends the new view
        timings.drawn = performance.now();
        timings.nodes = nodes.length;
        requestAnimationFrame(() =>
          setTimeout(() => {
            timings.painted = performance.now();
          }, 0)
        );
      },
      onEvents: (events) => {
        if (seq !== this.seq || !this.trace) return;
        this.trace.append(events);
        player.setLength(this.trace.length, false);
        this.showPendingStep();
      },
      onDone: (summary) => {
        if (seq !== this.seq || !this.trace) return;
        const { trace, pendingStep } = this;
        trace.finish(summary);
        player.setLength(trace.length, true);
        input.setBusy(false);
        if (pendingStep === "end") player.show(trace.length);
        else if (pendingStep instanceof SameNode) player.show(pendingStep.settle(trace));
        else if (typeof pendingStep === "number") player.show(Math.min(pendingStep, trace.length));
        // (else the panels redraw the step shown when `complete` changes: it may now be final)
        this.pendingStep = null;
        timings.done = performance.now();
        this.setRunState("done");
      },
      onError: (err) => {
        if (seq !== this.seq) return;
        input.setBusy(false);
        input.showRunError(err, source.kind);
        this.setRunState("error");
      },
    };
    if (urlView && urlView.trace) await this.client.fetchTrace(urlView.trace, handlers);
    else await this.client.run(doc, options, handlers);
  }

  /** The page's run state: idle | loading | streaming | done | error. */
  get runState() {
    return this.store.get().runState;
  }

  setRunState(runState) {
    this.store.set({ runState });
  }

  /** While events stream in: go to the step asked for once it has arrived. */
  showPendingStep() {
    const { pendingStep, player, trace } = this;
    if (typeof pendingStep === "number" && pendingStep <= trace.length) {
      player.show(pendingStep);
      this.pendingStep = null;
    } else if (pendingStep instanceof SameNode) {
      const step = pendingStep.scan(trace);
      if (step >= 0) {
        player.show(step);
        this.pendingStep = null;
      }
    }
  }
}
