// player/idle-controls.js: a presenter's controls out of the way until the mouse moves. While
// started, the controls (the elements given) fade after IDLE_MS without a pointer move, a
// wheel, a press or a key (`body[data-controls="idle"]`; the page's CSS fades them), come
// back on the next one or when one of them gets the focus, and never fade while one of them
// has keyboard focus (the key that moves the focus away wakes them again). Keys pressed on a
// tree's nodes do not bring them back: they may float over the tree and hide the focused
// node. Presentation mode (player/presentation.js) and a presented lesson
// (lesson/present-mode.js) each own one.

export const IDLE_MS = 3000; // controls fade after this long without a pointer move or key

export class IdleControls {
  /** @param {HTMLElement[]} controls  the elements that fade (the first: the player) */
  constructor(controls) {
    this.controls = controls;
    this.idleMs = IDLE_MS;
    this.timer = null;
    this.running = false;
    const wake = () => this.wake();
    for (const type of ["pointermove", "pointerdown", "wheel"]) {
      document.addEventListener(type, wake, { passive: true });
    }
    document.addEventListener("keydown", (event) => {
      const inTree = event.target && event.target.closest && event.target.closest('[role="tree"]');
      if (!inTree) this.wake();
    });
    document.addEventListener("focusin", (event) => {
      if (this.contains(event.target)) this.wake();
    });
  }

  /** Start fading (shown now, faded IDLE_MS later). */
  start() {
    this.running = true;
    this.wake();
  }

  /** Stop fading: the controls are shown for good. */
  stop() {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = null;
    delete document.body.dataset.controls;
  }

  /** A pointer move, a key or the focus on a control: show the controls, fade them later. */
  wake() {
    if (!this.running) return;
    if (document.body.dataset.controls) delete document.body.dataset.controls;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.idle(), this.idleMs);
  }

  idle() {
    this.timer = null;
    if (!this.running || this.controlHasKeyboardFocus()) return;
    document.body.dataset.controls = "idle";
  }

  contains(el) {
    return !!el && this.controls.some((control) => control.contains(el));
  }

  controlHasKeyboardFocus() {
    const active = document.activeElement;
    if (!active || !active.matches || !active.matches(":focus-visible")) return false;
    return this.contains(active);
  }
}
