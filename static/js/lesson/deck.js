// lesson/deck.js: where a lesson is, and where the clicker goes next. Pure (no DOM).
//
// A position is {slide, step}. Each slide has a step range [from, to] within its trace (a
// slide without a trace — notes only, an experiment's chart — has the one step 0). Forward
// steps through the range, and at its last step goes to the next slide's first step; back
// steps back, and at a slide's first step goes to the previous slide's last step. A slide's
// range is known only once its trace is loaded: `lengths[k]` is its trace's length (or
// undefined while loading, when the range is taken as [from, from]). A handout prints each
// slide at `printStep`.

/** The steps slide `slide` shows: {from, to}, clamped to its trace's `length`. */
export function stepRange(slide, length) {
  const view = (slide && slide.view) || {};
  const traced = view.kind === "tree" || view.kind === "game";
  if (!traced || length === undefined || length === null) {
    const from = traced ? Number(view.from) || 0 : 0;
    return { from, to: from };
  }
  const from = Math.min(Math.max(0, Number(view.from) || 0), length);
  const to = view.to === undefined || view.to === "end" ? length : Math.min(Math.max(from, Number(view.to)), length);
  return { from, to };
}

/**
 * The step slide `slide`'s handout draws: its view's `print` (a step, or "end" for the last
 * of its range) put inside its range, else its range's first step (a question's blank tree;
 * never a solved end unless the teacher chose it).
 */
export function printStep(slide, length) {
  const { from, to } = stepRange(slide, length);
  const chosen = slide && slide.view ? slide.view.print : undefined;
  if (chosen === "end") return to;
  if (chosen === undefined || chosen === null || !Number.isFinite(Number(chosen))) return from;
  return Math.min(Math.max(from, Number(chosen)), to);
}

export class Deck {
  /** slides: the lesson's slides; lengths: slide index → trace length (filled as they load). */
  constructor(slides) {
    this.slides = slides;
    this.lengths = new Array(slides.length).fill(undefined);
  }

  get count() {
    return this.slides.length;
  }

  range(slide) {
    return stepRange(this.slides[slide], this.lengths[slide]);
  }

  /** The first position of slide `slide` (clamped to the deck). */
  start(slide) {
    const k = Math.min(Math.max(0, slide), this.count - 1);
    return { slide: k, step: this.range(k).from };
  }

  /** The last position of slide `slide`. */
  end(slide) {
    const k = Math.min(Math.max(0, slide), this.count - 1);
    return { slide: k, step: this.range(k).to };
  }

  /** One click forward: the next step, else the next slide's first; null at the very end. */
  forward({ slide, step }) {
    if (step < this.range(slide).to) return { slide, step: step + 1 };
    return slide + 1 < this.count ? this.start(slide + 1) : null;
  }

  /** One click back: the previous step, else the previous slide's last; null at the start. */
  back({ slide, step }) {
    if (step > this.range(slide).from) return { slide, step: step - 1 };
    return slide > 0 ? this.end(slide - 1) : null;
  }

  /** `position` with its step put inside its slide's range (after a trace loads). */
  clamp({ slide, step }) {
    const { from, to } = this.range(slide);
    return { slide, step: Math.min(Math.max(step, from), to) };
  }
}
