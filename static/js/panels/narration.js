// panels/narration.js: the narration panel: the sentence of the step shown (trace/narration.js
// writes it), on screen and in a visually hidden ARIA live region paced for speech. Who must
// know when the sentence changes (a presenter's caption, player/caption-fit.js) subscribes
// with onText().

const SPEECH_MS = 2500; // while playing, a screen reader hears at most one sentence this often

/**
 * The sentence on screen, and the same sentence for screen readers paced for speech: the
 * visible text changes every step, while a visually hidden live region speaks it at once
 * when the player is paused and at most every SPEECH_MS while it plays (the latest
 * sentence), so announcements never pile up behind a fast player.
 */
export class Narration {
  constructor(element) {
    this.element = element;
    this.element.setAttribute("aria-live", "off");
    this.live = document.createElement("p");
    this.live.className = "visually-hidden";
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");
    this.live.id = `${element.id}-spoken`;
    element.after(this.live);
    this.text = "";
    this.playing = false;
    this.spokenAt = -Infinity;
    this.timer = null;
    this.listeners = new Set();
  }

  /** Call `listener()` whenever the sentence on screen changes; returns the unsubscriber. */
  onText(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Show `text`; `error`: it says why nothing can be shown (styled as an error). */
  say(text, { error = false } = {}) {
    this.element.classList.toggle("error", error);
    if (text === this.text) return;
    this.text = text;
    this.element.textContent = text;
    for (const listener of [...this.listeners]) listener();
    if (error || !this.playing) this.speak();
    else this.speakLater();
  }

  /** The player started or stopped: on a stop, speak where it stopped. */
  setPlaying(playing) {
    this.playing = playing;
    if (!playing) this.speak();
  }

  speak() {
    clearTimeout(this.timer);
    this.timer = null;
    this.spokenAt = performance.now();
    if (this.live.textContent !== this.text) this.live.textContent = this.text;
  }

  speakLater() {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.spokenAt + SPEECH_MS - performance.now());
    this.timer = setTimeout(() => this.speak(), wait);
  }
}
