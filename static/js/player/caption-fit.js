// player/caption-fit.js: a presenter's caption (the narration) in its lines. The page's CSS
// gives the caption its box (two lines of a large font; four on a phone); `CaptionFit` picks
// the largest font, from the CSS's down to CAPTION_MIN_PX, at which the sentence fits the box,
// again whenever the text or the window changes. A sentence that fits at none scrolls, and the
// caption then takes the keyboard focus so that it can be scrolled without a mouse. Off, the
// caption has the page's own font. Presentation mode (player/presentation.js) and a presented
// lesson (lesson/present-mode.js) each own one; it refits when the narration panel
// (panels/narration.js) says its sentence changed.

const CAPTION_MIN_PX = 18; // the caption's font never shrinks below this
const CAPTION_STEP_PX = 2;

export class CaptionFit {
  /** @param {Narration} narration  the narration panel (panels/narration.js): its element is the caption */
  constructor(narration) {
    this.caption = narration.element;
    this.on = false;
    this.madeTabbable = false; // fit() gave the caption a tabindex (it scrolls)
    narration.onText(() => this.fit());
    window.addEventListener("resize", () => this.fit());
  }

  /** Fit the caption while `on` (presenting); off, give it back the page's font. */
  set(on) {
    this.on = on;
    this.fit();
  }

  fit() {
    const el = this.caption;
    el.style.fontSize = "";
    let overflows = false;
    if (this.on && !el.hidden) {
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
