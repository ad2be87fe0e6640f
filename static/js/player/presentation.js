// player/presentation.js: presentation mode for a projector, and the "Hide answers" switch.
//
// `Presentation` owns the mode: the "Present" button or the key P enters it; Escape, P again,
// the bar's "Exit" button or leaving browser full screen leaves it. P is a shortcut only where
// it cannot mean anything else (WCAG 2.1.4): with the focus on the page itself, the tree, the
// player or the Present and Exit buttons, never on another control, never while `keyOff()`
// says so (a lecture student's page), and not at all when the "Single-key shortcuts" setting
// is off (lib/single-keys.js; B and . too). Leaving gives the focus back to where it was
// before entering (presentation mode moves it to the stage). While on, the page store's
// `presenting` is true (lib/page-store.js; the page mirrors it on `body[data-present="on"]`)
// and `#layout.presenting` is set; presentation.css hides the
// header, the toolbar and the side panels and gives the tree the screen, the tree view draws
// values at least PRESENT_PX CSS px (TreeView.setReadablePx), and the narration becomes a
// caption of at most two lines (player/caption-fit.js). The player's controls fade after
// IDLE_MS without a pointer move or a key press (player/idle-controls.js); with
// prefers-reduced-motion the CSS hides them without a fade.
//
// Clickers (lib/keys.js clickerCommand): while presenting, PageDown/PageUp and → ← step and
// Space plays and pauses whatever control last had the focus (the player takes them,
// player.setPresenting), and B or . blanks the screen (player/blank-screen.js, playback
// paused). The same mode
// serves a game decision's search (games/decision-view.js): the elements it is given say
// which page's parts it hides and shows.
//
// `AnswerSwitch` owns the "Hide answers" checkbox: its default follows the mode (on while
// presenting or in a lecture; a change of mode puts the box back to its default), the user
// may change it at any time, and `onChange(on)` lets visualizer/page.js redraw what depends on it. It
// writes the setting to the page store's `hideAnswers` (mirrored on `body[data-hide-answers]`;
// lecture/questions.js subscribes).

import { _ } from "../lib/i18n.js";
import { ownsKey } from "../lib/keys.js";
import { pageStore } from "../lib/page-store.js";
import { singleKeysOn } from "../lib/single-keys.js";
import { BlankScreen } from "./blank-screen.js";
import { CaptionFit } from "./caption-fit.js";
import { IdleControls } from "./idle-controls.js";

export const PRESENT_PX = 24; // the smallest value text while presenting (CSS px)
export const NORMAL_PX = 12; // tree/camera-control.js READABLE_PX: the smallest value text otherwise

// What counts as a control: P typed there is the control's, never the shortcut.
const CONTROLS = "button, a[href], input, select, textarea, summary, [contenteditable], [role=button]";

/** `element`, or the element that stands for it now: a change of the tree's spacing rebuilds
 * every node, so a node's treeitem is found again by the node's path. */
function stillOnPage(element) {
  if (!element || element.isConnected) return element;
  const node = element.closest && element.closest("g.node[data-path]");
  if (!node) return null;
  const path = CSS.escape(node.getAttribute("data-path"));
  return document.querySelector(`g.node[data-path="${path}"] [role="treeitem"]`);
}

export class Presentation {
  /**
   * @param {Object} els  {buttons: the "Present" buttons (the header's; the toolbar's, shown
   *   on phones instead), exit: the bar's "Exit", heading (optional): an h1 shown while
   *   presenting, when the mode hides the page's own,
   *   layout: #layout, stage: #stage (focused on entry), caption: the narration panel
   *   (panels/narration.js),
   *   controls: the elements that fade (the player, the exit button)}
   * @param {{view: TreeView, player?: Player, available?: Function, keyOff?: Function}} hooks
   *   player: told when the mode changes (it takes a clicker's keys); available(): whether
   *   there is something to present now (a closed decision view has not); keyOff(): P is no
   *   shortcut now (a lecture student's page). Who must know of a change subscribes to the
   *   page store's `presenting`.
   */
  constructor(els, { view, player = null, available = () => true, keyOff = () => false }) {
    this.els = els;
    this.keyOff = keyOff;
    this.returnFocus = null; // what had the focus before entering
    this.view = view;
    this.player = player;
    this.available = available;
    this.on = false;
    this.blank = new BlankScreen({ onBlank: () => this.player && this.player.pause() });
    this.idle = new IdleControls(els.controls);
    this.caption = new CaptionFit(els.caption);
    this.wantsFullscreen = false; // entered with the button: leaving full screen leaves the mode

    for (const button of els.buttons) {
      button.addEventListener("click", () => this.enter({ fullscreen: true }));
    }
    els.exit.addEventListener("click", () => this.leave());
    document.addEventListener("keydown", (event) => this.onKey(event));
    // The window's capture phase: before the player's (the document's) and the focused control.
    window.addEventListener("keydown", (event) => this.on && this.blank.onKey(event), true);
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.on && this.wantsFullscreen) this.leave();
    });
  }

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (ownsKey(event.target, event.key)) return; // P typed in a field, Escape closing a list
    const isP = event.key === "p" || event.key === "P";
    if (isP && this.pBelongsTo(event.target) && (this.on || this.available())) {
      event.preventDefault();
      this.toggle();
    } else if (event.key === "Escape" && this.on) {
      event.preventDefault();
      this.leave();
    }
  }

  /** Whether P pressed on `target` is the shortcut: the page (or a part of the stage that is
   * no control), the tree, the player, the mode's buttons. */
  pBelongsTo(target) {
    if (!singleKeysOn() || this.keyOff()) return false;
    if (!target || !target.closest || target === document.body || target === document.documentElement) return true;
    const els = this.els;
    if (target === els.stage || target === els.exit || els.buttons.includes(target)) return true;
    if (target.closest('[role="tree"]') && els.stage.contains(target)) return true;
    // A heading or a panel the page focused (a decision view's title) is the page, not a control.
    if (els.stage.contains(target) && !target.closest(CONTROLS)) return true;
    return els.controls[0].contains(target); // the player (its select owns P: ownsKey)
  }

  toggle() {
    if (this.on) this.leave();
    else this.enter();
  }

  /** Present; `fullscreen`: also ask the browser for full screen (a refusal is ignored). */
  enter({ fullscreen = false } = {}) {
    if (this.on || !this.available()) return;
    this.on = true;
    const active = document.activeElement;
    this.returnFocus = active && active !== document.body && active !== this.els.stage ? active : null;
    pageStore.set({ presenting: true });
    this.els.layout.classList.add("presenting");
    if (this.els.heading) {
      const title = document.getElementById("doc-title");
      this.els.heading.textContent = _("Presenting: {title}", { title: title ? title.textContent : document.title });
      this.els.heading.hidden = false;
    }
    this.els.exit.hidden = false;
    for (const button of this.els.buttons) button.setAttribute("aria-pressed", "true");
    this.view.setReadablePx(PRESENT_PX);
    if (this.player) this.player.setPresenting(true);
    this.els.stage.focus({ preventScroll: true });
    this.wantsFullscreen = false;
    const root = document.documentElement;
    if (fullscreen && !document.fullscreenElement && root.requestFullscreen) {
      root
        .requestFullscreen()
        .then(() => {
          this.wantsFullscreen = this.on;
        })
        .catch(() => {}); // refused (no user gesture, a policy): present in the window
    }
    this.caption.set(true);
    this.idle.start();
    // The controls float over the tree's bottom: the view keeps the nodes above them.
    requestAnimationFrame(() => {
      if (!this.on) return;
      const panel = this.view.container.getBoundingClientRect();
      const bar = this.els.controls[0].getBoundingClientRect();
      this.view.setBottomInset(Math.max(0, panel.bottom - bar.top));
    });
  }

  leave() {
    if (!this.on) return;
    this.on = false;
    const active = document.activeElement;
    pageStore.set({ presenting: false });
    this.idle.stop();
    this.els.layout.classList.remove("presenting");
    if (this.els.heading) this.els.heading.hidden = true;
    this.els.exit.hidden = true;
    for (const button of this.els.buttons) button.setAttribute("aria-pressed", "false");
    this.blank.set(false);
    if (this.player) this.player.setPresenting(false);
    this.caption.set(false); // back to the page's narration (font, tab order)
    this.view.setBottomInset(0);
    this.view.setReadablePx(NORMAL_PX);
    if (this.wantsFullscreen && document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(() => {});
    }
    this.wantsFullscreen = false;
    // The focus was on something presentation mode showed (or on nothing): back to where it
    // was before (still on the page and shown), else to the button.
    if (!active || active === document.body || active === this.els.exit || active === this.els.stage) {
      const before = stillOnPage(this.returnFocus);
      const back = before && before.getClientRects().length > 0 ? before : null;
      const shown = back || this.els.buttons.find((button) => button.getClientRects().length > 0);
      if (shown) shown.focus({ preventScroll: true });
    }
    this.returnFocus = null;
  }
}

export class AnswerSwitch {
  /**
   * @param {HTMLInputElement} checkbox  the "Hide answers" box
   * @param {Function} onChange  onChange(on): the setting changed (redraw what depends on it)
   */
  constructor(checkbox, onChange) {
    this.checkbox = checkbox;
    this.onChange = onChange;
    this.defaultOn = checkbox.checked;
    checkbox.addEventListener("change", () => this.apply());
    this.tell();
  }

  get on() {
    return this.checkbox.checked;
  }

  /** The mode's default (on while presenting or in a lecture); a new default resets the box. */
  setDefault(on) {
    if (on === this.defaultOn) return;
    this.defaultOn = on;
    if (this.checkbox.checked === on) return;
    this.checkbox.checked = on;
    this.apply();
  }

  apply() {
    this.tell();
    this.onChange(this.on);
  }

  /** The page store's hideAnswers follows the box. */
  tell() {
    pageStore.set({ hideAnswers: this.on });
  }
}
