// lesson/lesson-model.js: editing a lesson as data. Pure (no DOM): the editor
// (lesson/editor.js) calls these and redraws; the Node tests check them.

import { _ } from "../lib/i18n.js";
import { MAX_SLIDES } from "../lib/lesson-library.js";
import { experimentSummary } from "./experiment-figure.js";

export { MAX_SLIDES };

/** `slides` with the slide at `from` moved to `to` (both clamped); a new array. */
export function moveSlide(slides, from, to) {
  const out = slides.slice();
  if (from < 0 || from >= out.length) return out;
  const target = Math.min(Math.max(0, to), out.length - 1);
  const [slide] = out.splice(from, 1);
  out.splice(target, 0, slide);
  return out;
}

/** `slides` without the slide at `index`. */
export function removeSlide(slides, index) {
  return slides.filter((slide, k) => k !== index);
}

/** Whether a slide's view has steps (a range and a question make sense). */
export function hasSteps(slide) {
  const kind = slide && slide.view && slide.view.kind;
  return kind === "tree" || kind === "game";
}

/** The slide with its step range set: `from` a whole number ≥ 0, `to` one or "end". */
export function withRange(slide, from, to) {
  if (!hasSteps(slide)) return slide;
  const view = { ...slide.view };
  const start = Number.parseInt(from, 10);
  if (Number.isInteger(start) && start > 0) view.from = start;
  else delete view.from;
  const end = String(to).trim() === "" || String(to).trim() === "end" ? "end" : Number.parseInt(to, 10);
  if (end === "end" || !Number.isInteger(end)) delete view.to;
  else view.to = Math.max(end, view.from || 0);
  if (Number.isInteger(view.print)) view.print = Math.min(Math.max(view.print, view.from || 0), view.to ?? Infinity);
  return { ...slide, view };
}

/**
 * The slide with the step its handout prints: a whole number (kept within the slide's range),
 * "end" (the range's last step), or blank for the default (the range's first step).
 */
export function withPrintStep(slide, value) {
  if (!hasSteps(slide)) return slide;
  const view = { ...slide.view };
  const text = String(value ?? "").trim();
  const step = Number.parseInt(text, 10);
  if (text === "end") view.print = "end";
  else if (/^\d+$/.test(text)) view.print = Math.min(Math.max(step, view.from || 0), view.to ?? Infinity);
  else delete view.print;
  return { ...slide, view };
}

/** The slide marked as a question (a tree slide only), or unmarked. */
export function withQuestion(slide, on, prompt = "") {
  const out = { ...slide };
  if (on && slide.view && slide.view.kind === "tree") out.question = prompt.trim() ? { prompt: prompt.trim() } : {};
  else delete out.question;
  return out;
}

/**
 * A lesson read from a file: {lesson} or {error}. Only the shape is checked here (a title and
 * a list of slides with titles); the server checks the rest when the lesson is saved.
 */
export function readLessonFile(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: _("This file is not JSON.") };
  }
  if (!data || typeof data !== "object" || !Array.isArray(data.slides)) {
    return { error: _("This file holds no lesson: it needs a title and a list of slides.") };
  }
  if (data.slides.length > MAX_SLIDES)
    return { error: _("A lesson may have at most {most} slides; this one has {count}.", { most: MAX_SLIDES, count: data.slides.length }) };
  const slides = data.slides
    .filter((s) => s && typeof s === "object")
    .map((s) => ({ ...s, title: String(s.title || _("Untitled slide")), notes: String(s.notes || "") }));
  return { lesson: { title: String(data.title || ""), slides } };
}

/** The slide index and the field a server error names ("slides[3].notes" → {slide: 3, part: "notes"}). */
export function fieldPlace(field) {
  const match = /^slides\[(\d+)\](?:\.(\w+))?/.exec(field || "");
  if (!match) return { slide: null, part: field || null };
  return { slide: Number(match[1]), part: match[2] || null };
}

/** A short sentence saying what a slide's view is (for the handout and the editor). */
export function viewSummary(view) {
  if (!view) return _("Notes only");
  if (view.kind === "tree") {
    const options = view.options || {};
    const details = [options.algorithm, options.rule && _("{rule} rule", { rule: options.rule })].filter(Boolean);
    const more = details.map((text) => `, ${text}`).join("");
    return (view.preset ? _("Tree: preset “{preset}”", { preset: view.preset }) : _("Tree: a tree")) + more;
  }
  if (view.kind === "game") {
    const q = view.query || {};
    if (view.game === "tictactoe") return _("Tic-tac-toe decision on {board}", { board: q.board || "?" });
    return _("Pacman decision {n} on {maze}", { n: q.decision || 0, maze: q.maze || q.layout || "?" });
  }
  return experimentSummary(view.name, view.query);
}
