// lesson/lessons-page.js: the entry of /lessons. The built-in lessons are in the page; this
// adds the lessons this browser saved (lib/lesson-library.js), each with its links and a
// "Forget" button (the saved lesson stays on the server: its link keeps working).

import { _, ngettext } from "../lib/i18n.js";
import { forgetLesson, readDraft, rememberedLessons } from "../lib/lesson-library.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const list = document.getElementById("my-lessons");
const empty = document.getElementById("my-lessons-empty");

function link(href, text, className = "") {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (className) a.className = className;
  return a;
}

function render() {
  const lessons = rememberedLessons();
  list.replaceChildren(
    ...lessons.map((item) => {
      const li = document.createElement("li");
      li.dataset.lessonId = item.id;
      const meta = document.createElement("span");
      meta.className = "lesson-meta";
      meta.textContent = ngettext("{n} slide", "{n} slides", item.slides);
      const links = document.createElement("span");
      links.className = "lesson-links";
      const forget = document.createElement("button");
      forget.type = "button";
      forget.className = "secondary";
      forget.textContent = _("Forget");
      forget.setAttribute("aria-label", _("Forget “{title}” in this browser", { title: item.title }));
      forget.addEventListener("click", () => {
        forgetLesson(item.id);
        render();
        document.getElementById("lessons-title").focus();
      });
      const id = encodeURIComponent(item.id);
      links.append(link(`/l/${id}/print`, _("Handouts")), link(`/lessons/${id}/edit`, _("Edit a copy")), forget);
      li.append(link(`/l/${id}`, item.title, "lesson-link"), meta, links);
      return li;
    })
  );
  empty.hidden = lessons.length > 0;
  const draft = readDraft();
  const draftNote = document.getElementById("draft-note");
  draftNote.hidden = draft.slides.length === 0;
  draftNote.querySelector("[data-draft-count]").textContent = String(draft.slides.length);
}

render();
