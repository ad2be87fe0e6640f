// player/presentation.js: presentation mode for a projector, and the "Hide answers" switch.
//
// `Presentation` owns the mode: the "Present" button or the key P enters it; Escape, P again,
// the bar's "Exit" button or leaving browser full screen leaves it. P is a shortcut only where
// it cannot mean anything else (WCAG 2.1.4): with the focus on the page itself, the tree, the
// player or the Present and Exit buttons, never on another control, never while `keyOff()`
// says so (a lecture student's page), and not at all when the "Single-key shortcuts" setting
// is off (lib/single-keys.js; B and . too). Leaving gives the focus back to where it was
// before entering (presentation mode moves it to the stage). While on, the page says
// so on `body[data-present="on"]` (and `#layout.presenting`); presentation.css hides the
// header, the toolbar and the side panels and gives the tree the screen, the tree view draws
// values at least PRESENT_PX CSS px (TreeView.setReadablePx), and the narration becomes a
// caption of at most two lines (its font shrinks, never below CAPTION_MIN_PX, until the
// sentence fits). The player's controls fade after IDLE_MS without a pointer move or a key
// press (`body[data-controls="idle"]`), come back on the next one (or when one of them gets
// the focus), and never fade while one of them has keyboard focus; keys pressed on the tree's
// nodes do not bring them back (they float over the tree and could hide the focused node).
// With prefers-reduced-motion the CSS hides them without a fade.
//
// Clickers (lib/keys.js clickerCommand): while presenting, PageDown/PageUp and → ← step and
// Space plays and pauses whatever control last had the focus (the player takes them,
// player.setPresenting), and B or . blanks the screen (body[data-blank="on"], a black sheet
// over everything, playback paused); B or . again, a click, or a step key brings the tree
// back (a step key only brings it back: the class sees the step it left). The same mode
// serves a game decision's search (games/decision-view.js): the elements it is given say
// which page's parts it hides and shows.
//
// `AnswerSwitch` owns the "Hide answers" checkbox: its default follows the mode (on while
// presenting or in a lecture; a change of mode puts the box back to its default), the user
// may change it at any time, and `onChange(on)` lets visualizer/page.js redraw what depends on it. It
// mirrors the setting on `body[data-hide-answers]`.

import { clickerCommand, ownsKey } from "../lib/keys.js";
import { singleKeysOn } from "../lib/single-keys.js";

export const IDLE_MS = 3000; // controls fade after this long without a pointer move or key
export const PRESENT_PX = 24; // the smallest value text while presenting (CSS px)
export const NORMAL_PX = 12; // tree/camera-control.js READABLE_PX: the smallest value text otherwise
const CAPTION_MIN_PX = 18; // the caption's font never shrinks below this
const CAPTION_STEP_PX = 2;

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
   *   layout: #layout, stage: #stage (focused on entry), caption: the narration,
   *   controls: the elements that fade (the player, the exit button)}
   * @param {{view: TreeView, player?: Player, available?: Function, onChange?: Function}} hooks
   *   player: told when the mode changes (it takes a clicker's keys); available(): whether
   *   there is something to present now (a closed decision view has not); onChange(on): the
   *   mode changed; keyOff(): P is no shortcut now (a lecture student's page)
   */
  constructor(els, { view, player = null, available = () => true, onChange = null, keyOff = () => false }) {
    this.els = els;
    this.keyOff = keyOff;
    this.returnFocus = null; // what had the focus before entering
    this.view = view;
    this.player = player;
    this.available = available;
    this.onChange = onChange;
    this.on = false;
    this.blanked = false;
    this.blankSheet = null; // the black sheet (made on the first blank)
    this.idleMs = IDLE_MS;
    this.idleTimer = null;
    this.wantsFullscreen = false; // entered with the button: leaving full screen leaves the mode
    this.madeTabbable = false; // fitCaption gave the caption a tabindex (it scrolls)

    for (const button of els.buttons) {
      button.addEventListener("click", () => this.enter({ fullscreen: true }));
    }
    els.exit.addEventListener("click", () => this.leave());
    document.addEventListener("keydown", (event) => this.onKey(event));
    // The window's capture phase: before the player's (the document's) and the focused control.
    window.addEventListener("keydown", (event) => this.onClickerKey(event), true);
    const wake = () => this.wake();
    for (const type of ["pointermove", "pointerdown", "wheel"]) {
      document.addEventListener(type, wake, { passive: true });
    }
    document.addEventListener("focusin", (event) => {
      if (this.inControls(event.target)) this.wake();
    });
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.on && this.wantsFullscreen) this.leave();
    });
    new MutationObserver(() => this.fitCaption()).observe(els.caption, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    window.addEventListener("resize", () => this.fitCaption());
  }

  onKey(event) {
    // Keys moving between the tree's nodes leave the controls as they are: shown, they could
    // cover the node being focused.
    const inTree = event.target && event.target.closest && event.target.closest('[role="tree"]');
    if (this.on && !inTree) this.wake();
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

  /** B or . blanks or unblanks; a step key on a blank screen only unblanks it. */
  onClickerKey(event) {
    if (!this.on || event.defaultPrevented) return;
    const command = clickerCommand(event);
    if (command === "blank") {
      if (!singleKeysOn()) return;
      event.preventDefault();
      this.setBlank(!this.blanked);
    } else if (command && this.blanked) {
      event.preventDefault();
      this.setBlank(false);
    }
  }

  /** Blank the screen (black, playback paused) or show it again. */
  setBlank(on) {
    if (on === this.blanked) return;
    this.blanked = on;
    if (on && !this.blankSheet) {
      this.blankSheet = document.createElement("div");
      this.blankSheet.className = "blank-screen";
      const hint = document.createElement("span");
      hint.className = "visually-hidden";
      hint.textContent = "The screen is blank: press B to show the tree again.";
      this.blankSheet.append(hint);
      this.blankSheet.addEventListener("click", () => this.setBlank(false));
      document.body.append(this.blankSheet);
    }
    if (this.blankSheet) this.blankSheet.hidden = !on;
    if (on) {
      document.body.dataset.blank = "on";
      if (this.player) this.player.pause();
    } else {
      delete document.body.dataset.blank;
    }
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
    document.body.dataset.present = "on";
    this.els.layout.classList.add("presenting");
    if (this.els.heading) {
      const title = document.getElementById("doc-title");
      this.els.heading.textContent = `Presenting: ${title ? title.textContent : document.title}`;
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
    this.fitCaption();
    this.wake();
    // The controls float over the tree's bottom: the view keeps the nodes above them.
    requestAnimationFrame(() => {
      if (!this.on) return;
      const panel = this.view.container.getBoundingClientRect();
      const bar = this.els.controls[0].getBoundingClientRect();
      this.view.setBottomInset(Math.max(0, panel.bottom - bar.top));
    });
    if (this.onChange) this.onChange(true);
  }

  leave() {
    if (!this.on) return;
    this.on = false;
    const active = document.activeElement;
    delete document.body.dataset.present;
    delete document.body.dataset.controls;
    this.els.layout.classList.remove("presenting");
    if (this.els.heading) this.els.heading.hidden = true;
    this.els.exit.hidden = true;
    for (const button of this.els.buttons) button.setAttribute("aria-pressed", "false");
    clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.setBlank(false);
    if (this.player) this.player.setPresenting(false);
    this.fitCaption(); // back to the page's narration (font, tab order)
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
    if (this.onChange) this.onChange(false);
  }

  /** A pointer move, a key or the focus on a control: show the controls, fade them later. */
  wake() {
    if (!this.on) return;
    if (document.body.dataset.controls) delete document.body.dataset.controls;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.idle(), this.idleMs);
  }

  idle() {
    this.idleTimer = null;
    // Kept while a control has keyboard focus: the key that moves it away wakes them again.
    if (!this.on || this.controlHasKeyboardFocus()) return;
    document.body.dataset.controls = "idle";
  }

  inControls(el) {
    return !!el && this.els.controls.some((control) => control.contains(el));
  }

  controlHasKeyboardFocus() {
    const active = document.activeElement;
    if (!active || !active.matches || !active.matches(":focus-visible")) return false;
    return this.inControls(active);
  }

  /**
   * The caption in its lines (two; four on a phone): the largest font, from the CSS's down to
   * CAPTION_MIN_PX, that fits. A sentence that fits at none scrolls, and the caption takes
   * the keyboard focus so that it can be scrolled without a mouse.
   */
  fitCaption() {
    const el = this.els.caption;
    el.style.fontSize = "";
    let overflows = false;
    if (this.on) {
      let px = parseFloat(getComputedStyle(el).fontSize);
      const over = () => el.scrollHeight > el.clientHeight + 1;
      while (over() && px > CAPTION_MIN_PX) {
        px = Math.max(CAPTION_MIN_PX, px - CAPTION_STEP_PX);
        el.style.fontSize = `${px}px`;
      }
      overflows = over();
    }
    if (overflows && !el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "0");
      this.madeTabbable = true;
    } else if (!overflows && this.madeTabbable && el !== document.activeElement) {
      el.removeAttribute("tabindex");
      this.madeTabbable = false;
    }
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
    this.mirror();
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
    this.mirror();
    this.onChange(this.on);
  }

  mirror() {
    document.body.dataset.hideAnswers = this.on ? "on" : "off";
  }
}
