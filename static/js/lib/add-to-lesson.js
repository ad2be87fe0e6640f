// lib/add-to-lesson.js: the "Add to lesson" buttons of the visualizer, the game pages and
// the experiments page. A click turns what is on screen into a slide (the page says how:
// `makeSlide()` returns {title, notes, view} or null when there is nothing to add) and appends
// it to this browser's draft lesson (lib/lesson-library.js), which /lessons/new opens. The status
// next to the button says so, with a link to the editor.

import { _ } from "./i18n.js";
import { MAX_SLIDES, addToDraft, readDraft } from "./lesson-library.js";

/** Wire `button`: on click, add `makeSlide()` to the draft and say so in `status`. */
export function wireAddToLesson(button, makeSlide, status) {
  button.addEventListener("click", () => {
    const slide = makeSlide();
    const say = (text, withLink) => {
      status.replaceChildren(text);
      if (withLink) {
        const link = document.createElement("a");
        link.href = "/lessons/new";
        link.textContent = _("Open the lesson editor");
        status.append(" ", link);
      }
    };
    if (!slide) return say(_("Nothing to add yet: load a tree first."), false);
    if (readDraft().slides.length >= MAX_SLIDES) return say(_("The draft lesson is full ({count} slides).", { count: MAX_SLIDES }), true);
    const count = addToDraft(slide);
    if (!count) return say(_("This browser would not keep the draft (storage is full or off)."), false);
    say(_("Added “{title}” as slide {count} of the draft lesson.", { title: slide.title, count }), true);
  });
}

/** A game slide from a decision's trace address (/api/games/<game>/trace?…), or null. */
export function gameSlide(url, title) {
  const parsed = new URL(url, window.location.origin);
  const match = /^\/api\/games\/(tictactoe|pacman)\/trace$/.exec(parsed.pathname);
  if (!match) return null;
  return {
    title: title || "A game decision",
    notes: "",
    view: { kind: "game", game: match[1], query: Object.fromEntries(parsed.searchParams) },
  };
}
