// decision-view.js: "the search behind this move". Given one game decision's trace (the JSON
// of /api/games/<game>/trace: nodes, events, summary, options, agents), it shows the search in
// the same tree view, player and narration as the rest of Prune, with a statistics panel
// (search-stats.js) and a position panel the page supplies (tic-tac-toe: a miniature board;
// Pacman: a miniature maze) that draws the position of the hovered node, else the focused
// one, else the node the step is about.
//
// The section it drives holds: [data-decision-title], #tree, #narration, the player's
// controls (_player_controls.html: #btn-play …, #scrub, #counter), [data-decision-stats],
// [data-decision-position], a [data-action="close-search"] button, "Present"
// ([data-action="present"], or the key P while the view is open) with its "Exit", and the
// "Open in the visualizer" link (visualizer-link.js). One per page (the player binds fixed
// ids). body[data-run-state] says loading | done | error, as on the other pages (tests wait
// on it).
//
// A decision opens at step 0, as the main page does: the answer (the position's value, the
// best move, what is pruned) comes with its step, never before (search-stats.js, and the
// pruned stubs' "+N" and "never generated" appear once they are pruned).
//
// The decision's run store (player/run-store.js) holds its trace and step: the tree, the
// narration, the statistics, the position panel and the visualizer link follow it
// (panels/follow-run.js); the player and `show` only write it.

import { followRun, followStep } from "../panels/follow-run.js";
import { Narration } from "../panels/narration.js";
import { narrate } from "../trace/narration.js";
import { standardPlayer } from "../player/player.js";
import { createRunStore, mirrorRunState } from "../player/run-store.js";
import { Trace } from "../trace/trace.js";
import { TreeOutline } from "../tree/outline-view.js";
import { TreeView } from "../tree/view.js";
import { Presentation } from "../player/presentation.js";
import { _ } from "../lib/i18n.js";
import { getJson } from "./http.js";
import { SearchStats } from "./search-stats.js";
import { VisualizerLink } from "./visualizer-link.js";
import { gameSlide, wireAddToLesson } from "../lib/add-to-lesson.js";
import { mirrorPageState, pageStore } from "../lib/page-store.js";

/** Ids of the leaves a depth limit scored by the game's evaluation (leaf events marked
 * heuristic): the view draws them apart from positions where the game ended. */
export function heuristicLeaves(trace) {
  const cut = new Set();
  trace.events.forEach((event, i) => {
    if (event.type === "leaf" && event.heuristic) cut.add(trace.nodeOf[i]);
  });
  return cut;
}

export class DecisionView {
  /**
   * `section`: the element described above; `position`: {show(trace, id, how)} or null,
   * how = "hovered" | "focused" | "current"; `onClose()`: the section was closed.
   */
  constructor(section, { position = null, onClose = null } = {}) {
    this.section = section;
    this.position = position;
    this.onClose = onClose;
    this.tree = section.querySelector("#tree");
    this.title = section.querySelector("[data-decision-title]");
    this.notice = section.querySelector("[data-decision-notice]");
    this.view = new TreeView(this.tree);
    // A narrow page reads the tree as an outline; the "Tree / Outline" switch is in the heading.
    this.outline = new TreeOutline(this.view, { toggleParent: section.querySelector(".decision-head") });
    this.narration = new Narration(section.querySelector("#narration"));
    this.stats = new SearchStats(section.querySelector("[data-decision-stats]"));
    this.hovered = -1; // the node under the pointer
    this.focused = -1; // the tree node with keyboard focus
    this.request = 0; // the latest open(): older answers are dropped
    this.store = createRunStore(); // the decision's run; body[data-run-state] mirrors it
    mirrorRunState(this.store, document.body);
    mirrorPageState(pageStore, document.body); // presentation mode: body[data-present]
    this.player = standardPlayer(() => this.trace, {
      onPlaying: (playing) => this.narration.setPlaying(playing),
      store: this.store,
    });
    this.visualizerLink = new VisualizerLink(section.querySelector("[data-visualizer-link]"));
    this.follow();
    this.openedUrl = null; // the trace's address and title, for "Add to lesson"
    const addButton = section.querySelector('[data-action="add-to-lesson"]');
    if (addButton) {
      const slide = () => (this.openedUrl ? gameSlide(this.openedUrl, this.title.textContent) : null);
      wireAddToLesson(addButton, slide, section.querySelector("[data-lesson-status]"));
    }
    this.presentation = this.presentationMode();
    this.listen();
    const close = section.querySelector('[data-action="close-search"]');
    if (close) close.addEventListener("click", () => this.close());
    window.prune = this.handle();
    // A language switch in place (lib/language.js): the title again (the panels follow the store).
    pageStore.subscribe((state, changed) => {
      if ("lang" in changed && this.titled && this.isOpen) this.title.textContent = this.titled();
    });
  }

  /** The decision shown (its Trace), or null: the store's. */
  get trace() {
    return this.store.get().trace;
  }

  /** Presentation mode on this section (the main page's, player/presentation.js). */
  presentationMode() {
    const $ = (selector) => this.section.querySelector(selector);
    const present = $('[data-action="present"]');
    if (!present) return null;
    return new Presentation(
      {
        buttons: [present],
        exit: $('[data-action="present-exit"]'),
        layout: this.section,
        stage: this.section,
        caption: this.narration,
        controls: [$("#player"), $('[data-action="present-exit"]')],
      },
      { view: this.view, player: this.player, available: () => this.isOpen && !!this.trace }
    );
  }

  /** What tests and the console read (as the embed exposes it). */
  handle() {
    const self = this;
    return {
      get trace() {
        return self.trace;
      },
      get step() {
        return self.player.k;
      },
      view: this.view,
      player: this.player,
      presentation: this.presentation,
      seek: (k) => self.player.show(k),
    };
  }

  /** The tree, narration and statistics draw the store's trace and step (the statistics again
   * in a new language: search-stats.js); the position panel and the visualizer link follow it. */
  follow() {
    followRun(this.store, [
      {
        setTrace: (trace, { agents }) => this.view.setTree(trace, { cutByLimit: heuristicLeaves(trace), agents }),
        show: ({ s, final }) => this.view.render(s, final),
      },
      { setTrace() {}, show: ({ step }) => this.narration.say(narrate(this.trace, step)) },
      { setTrace: (trace) => this.stats.show(trace.summary, trace), show: ({ s }) => this.stats.step(s, this.trace.length) },
    ]);
    followStep(this.store, ({ step }) => {
      this.visualizerLink.showStep(step);
      this.drawPosition();
    });
  }

  /** Hover and focus in the tree pick the node whose position is drawn. */
  listen() {
    const idOf = (target) => {
      const g = target && target.closest ? target.closest("g.node, li.outline-node") : null;
      if (!g || !this.trace) return -1;
      const id = this.trace.ids.get(g.getAttribute("data-path"));
      return id === undefined ? -1 : id;
    };
    this.tree.addEventListener("pointerover", (event) => {
      const id = idOf(event.target);
      if (id !== this.hovered) {
        this.hovered = id;
        this.drawPosition();
      }
    });
    this.tree.addEventListener("pointerleave", () => {
      this.hovered = -1;
      this.drawPosition();
    });
    this.tree.addEventListener("focusin", (event) => {
      this.focused = idOf(event.target);
      this.drawPosition();
    });
    this.tree.addEventListener("focusout", (event) => {
      if (this.tree.contains(event.relatedTarget)) return;
      this.focused = -1;
      this.drawPosition();
    });
  }

  get isOpen() {
    return !this.section.hidden;
  }

  /**
   * Fetch the trace at `url` and show it, titled `title` (a text, or a function giving it in
   * the page's language: it is called again after a language switch); resolves once it is drawn.
   * `focus`: move keyboard focus to the title (the user asked for it by a button).
   */
  async open(url, { title, focus = true, practice = null } = {}) {
    const ticket = ++this.request;
    this.practice = practice;
    this.openedUrl = url;
    this.section.hidden = false;
    this.player.pause();
    this.titled = typeof title === "function" ? title : () => title || _("The search behind this move");
    this.title.textContent = this.titled();
    this.say(_("Loading the search…"));
    this.store.set({ runState: "loading" });
    if (focus) {
      this.title.focus({ preventScroll: true });
      this.section.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    }
    let result;
    try {
      result = await getJson(url);
    } catch (err) {
      if (ticket !== this.request) return;
      this.say(_("The search cannot be shown: {error}", { error: err.message }), true);
      this.store.set({ runState: "error" });
      return;
    }
    if (ticket !== this.request) return;
    this.show(result);
  }

  /** Draw a trace already fetched, at step 0 (the answer comes with its step). */
  show(result) {
    this.say("");
    const trace = new Trace(result.nodes, result.options);
    trace.append(result.events);
    trace.finish(result.summary);
    this.hovered = -1;
    this.focused = -1;
    this.showPracticeLink(result.summary);
    this.player.pause();
    // One change: the panels set the whole trace and draw its step 0, once.
    const run = { agents: result.agents || null };
    this.store.set({ trace, run, step: 0, length: trace.length, complete: true });
    this.store.set({ runState: "done" });
    const small = result.summary && result.summary.minimax_nodes <= PRACTICE_MAX_NODES;
    this.visualizerLink.setDecision(small ? this.practice : null, trace.options || {});
  }

  /** "Practice this decision": offered when its whole tree is small enough to practise on
   * (the practice page builds it whole; docs/games.md). */
  showPracticeLink(summary) {
    const link = this.section.querySelector("[data-practice-link]");
    if (!link) return;
    const small = summary && summary.minimax_nodes <= PRACTICE_MAX_NODES;
    link.hidden = !(this.practice && small);
    if (!link.hidden) link.href = this.practice;
  }

  /** The position panel: the hovered node, else the focused one, else the step's node. */
  drawPosition() {
    if (!this.position || !this.trace) return;
    const s = this.trace.current;
    let id = this.hovered;
    let how = "hovered";
    if (id < 0 && this.focused >= 0) [id, how] = [this.focused, "focused"];
    if (id < 0) [id, how] = [s.current >= 0 ? s.current : 0, "current"];
    this.position.show(this.trace, id, how);
  }

  /** A message where the tree goes (loading, or why it cannot be shown). */
  say(text, error = false) {
    if (!this.notice) return;
    this.notice.hidden = !text;
    this.notice.textContent = text;
    this.notice.classList.toggle("error", error);
  }

  /** Hide the view; its player lets go of the keys (an empty player ignores them). */
  close() {
    if (this.presentation) this.presentation.leave();
    this.visualizerLink.clear();
    this.request++;
    this.store.set({ trace: null, run: null });
    this.player.reset(0, false);
    this.section.hidden = true;
    if (this.onClose) this.onClose();
  }
}

// As app/games/document.py's PRACTICE_MAX_NODES: the largest decision built whole to practise on.
const PRACTICE_MAX_NODES = 2000;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
