// lesson/card-preview.js: the small picture on each card of the lesson editor, so a teacher
// sees which tree a slide is without presenting it: a tree or game decision drawn whole at the
// slide's start step (tree/picture.js, the handout's picture code, inside a
// figure.card-preview), an experiment's chart (lesson/figure-view.js) when asked for with
// its "Show the chart" button (an experiment is a run on the server, one at a time per
// address: a lesson of five charts must not start five runs each time the editor opens),
// nothing for notes.
// Content comes from lesson/slides.js's SlideLoader with no lesson id (a draft is not saved:
// a preset's cacheable trace, POST /api/trace for a tree, the game's trace route, the
// experiment queue, one at a time). A preview is drawn when its card first comes into view
// (IntersectionObserver), and kept per view and start step: moving or retitling a slide never
// loads it again. A slide that cannot load says why in the preview, in words.

import { _ } from "../lib/i18n.js";
import { treePicture } from "../tree/picture.js";
import { stepRange } from "./deck.js";
import { drawFigure } from "./figure-view.js";
import { SlideLoader } from "./slides.js";

const drawn = new Map(); // key of a view and its start step → Promise of the preview's content

function keyOf(slide) {
  const view = slide.view || {};
  return JSON.stringify([view.kind, view.preset, view.tree, view.options, view.game, view.name, view.query, view.from || 0]);
}

function text(tag, className, words) {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = words;
  return el;
}

/** The content of `slide` (loaded once per view), by a loader of its own (no lesson id). */
function contentOf(slide) {
  const key = keyOf(slide);
  if (!drawn.has(key)) {
    const loaded = new SlideLoader(null, [slide], document.body.dataset.traceVersion || "").load(0);
    drawn.set(key, loaded);
    loaded.catch(() => drawn.delete(key));
  }
  return drawn.get(key);
}

/** Draw `slide`'s preview into `box` (a figure.card-preview). */
async function draw(box, slide) {
  box.dataset.state = "loading";
  try {
    const content = await contentOf(slide);
    if (content.kind === "experiment") {
      drawFigure(box, content.figure);
    } else {
      const { from } = stepRange(slide, content.trace.length);
      const picture = treePicture(content.trace, from, {
        title: _("{title}: the tree at step {step}", { title: slide.title, step: from }),
        cutByLimit: content.cutByLimit,
        agents: content.agents,
      });
      box.append(
        picture,
        text("figcaption", "card-preview-caption", _("Step {step} of {count}", { step: from, count: content.trace.length }))
      );
    }
    box.dataset.state = "done";
  } catch (err) {
    box.append(text("p", "card-preview-error", _("No preview: {reason}", { reason: err.message })));
    box.dataset.state = "error";
  }
}

const waiting = new WeakMap(); // box → its slide, until it comes into view
const observer =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting || !waiting.has(entry.target)) continue;
            const slide = waiting.get(entry.target);
            waiting.delete(entry.target);
            observer.unobserve(entry.target);
            draw(entry.target, slide);
          }
        },
        { rootMargin: "200px" }
      )
    : null;

/** A figure.card-preview for `slide` (null for a notes slide), drawn when it comes into view. */
export function cardPreview(slide) {
  if (!slide.view) return null;
  const box = document.createElement("figure");
  box.className = "card-preview";
  box.dataset.kind = slide.view.kind;
  if (slide.view.kind === "experiment") {
    const show = text("button", "secondary", _("Show the chart"));
    show.type = "button";
    show.dataset.part = "preview";
    show.setAttribute("aria-label", _("Show the chart of “{title}”", { title: slide.title }));
    show.addEventListener("click", () => {
      show.remove();
      draw(box, slide);
    });
    box.append(show);
  } else if (observer) {
    waiting.set(box, slide);
    observer.observe(box);
  } else {
    draw(box, slide);
  }
  return box;
}
