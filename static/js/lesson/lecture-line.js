// lesson/lecture-line.js: on the main page, a student in a lecture given from a lesson sees
// where the teacher is — "Slide 3 of 10: The first cutoff" — from the mark the lesson's
// presenter puts on the room's view (view.lesson; lesson/lecture.js). It stays while the
// student explores on their own, with a link to the lesson at that slide.

import { _ } from "../lib/i18n.js";

/** Show the lesson mark of `lecture`'s room in `line` (a <p>), as views arrive. */
export function followLessonMark(lecture, line) {
  const show = (view) => {
    const mark = view && view.lesson;
    line.hidden = !mark;
    if (!mark) return;
    const link = document.createElement("a");
    link.href = `/l/${encodeURIComponent(mark.id)}?slide=${mark.slide}`;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = _("the lesson");
    const sentence = _("The teacher is on slide {n} of {count}: “{title}” ({lesson}).", {
      n: mark.slide + 1,
      count: mark.slides,
      title: mark.title,
    });
    const [before, after = ""] = sentence.split("{lesson}"); // the link stands where the sentence names it
    line.replaceChildren(before, link, after);
    line.dataset.slide = String(mark.slide);
  };
  lecture.listen((what, detail) => {
    if (what === "view") show(detail);
    else if (what === "joined") show(detail && detail.view);
    else if (what === "stopped") line.hidden = true;
    return false;
  });
}
