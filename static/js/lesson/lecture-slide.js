// lesson/lecture-slide.js: on the main page, a student following a lecture given from a lesson
// sees the teacher's slide, not only its tree (docs/lessons.md, "In a lecture"). The lesson
// mark on the room's view (view.lesson; lesson/lecture-views.js) says which slide it is,
// whether the room's tree is that slide's own (mark.tree) and, on an experiment slide, the
// chart's data (mark.chart). The slide's notes come from the lesson itself
// (GET /api/lessons/<id>, cacheable, fetched once per lesson), rendered as elements only
// (lesson/notes.js). A slide with a tree (a tree, a game decision) shows its notes beside the
// tree, never over it: at the top of the side panel where the page has one (over 1100 px
// wide, not presenting: the page store's `presenting`), else in a row of their own above the
// tree. A slide without one (notes, a chart, a decision not sent) shows its title, notes and
// chart in the tree's place, and the room's tree, which is the last slide's, is not shown. `body[data-lesson-slide]`
// ("tree" or "card") is the layout (static/css/lecture-lesson.css); on a card, `nameSlide`
// gives the page's header and tab title the slide's name (visualizer/doc-title.js). A student
// exploring on their own keeps the line saying where the teacher is (lesson/lecture-line.js),
// and their own tree. On a question slide the question panel (#question-student, which takes
// the tree's place) carries the slide's prompt and notes too (`parts.question`).

import { _ } from "../lib/i18n.js";
import { pageStore } from "../lib/page-store.js";
import { renderNotes } from "./notes.js";
import { drawSlideChart } from "./slide-chart.js";
import { getLesson } from "./slides.js";

const SIDE_PANEL = "(min-width: 1101px)"; // the side panel is a column beside the tree
const lessons = new Map(); // lesson id → Promise of the lesson, or of null (not had: tried again)

function lessonOf(id) {
  if (!lessons.has(id)) {
    lessons.set(
      id,
      getLesson(id).catch(() => (lessons.delete(id), null))
    );
  }
  return lessons.get(id);
}

/** What stands in for a slide's picture that students cannot be sent. */
function unsentText(kind) {
  if (kind === "experiment") return _("The chart is on the teacher's screen.");
  if (kind === "game") return _("This game decision is on the teacher's screen.");
  return "";
}

/** A question slide's prompt and notes in the question panel's `box` (#qs-slide); else none. */
function showQuestionSlide(box, slide) {
  if (!box) return;
  const asked = slide && slide.question;
  box.hidden = !asked;
  if (!asked) return box.replaceChildren();
  const prompt = document.createElement("p");
  prompt.className = "qs-prompt";
  prompt.id = "qs-prompt";
  prompt.textContent = (asked.prompt || "").trim() || _("Predict the values of this tree.");
  const notes = (slide.notes || "").trim() ? [renderNotes(slide.notes)] : [];
  box.replaceChildren(prompt, ...notes);
}

/**
 * Show the slide of `lecture`'s lesson mark in `parts` ({box: the wrapper of the line and the
 * card, card, title, notes, chart, message; stage and tree: where the box goes above the
 * tree; side: the side panel; question: the question panel's prompt box}), as views arrive. `nameSlide({index, count, title})` is called
 * when a slide takes the tree's place, `nameSlide(null)` when none does any longer.
 */
export function followLessonSlide(lecture, parts, nameSlide) {
  let mark = null;
  let ticket = 0;
  let slideLayout = null; // "tree" | "card" | null: what body[data-lesson-slide] mirrors
  const wide = window.matchMedia(SIDE_PANEL);

  /** The box at the top of the side panel, or in the stage right above the tree. */
  const place = () => {
    const beside = wide.matches && slideLayout === "tree" && !pageStore.get().presenting;
    const [parent, before] = beside ? [parts.side, parts.side.firstChild] : [parts.stage, parts.tree];
    if (parts.box.parentNode !== parent) parent.insertBefore(parts.box, before);
  };
  wide.addEventListener("change", place);
  pageStore.subscribe((state, changed) => {
    if ("presenting" in changed) place();
  });

  const layout = (kind) => {
    slideLayout = kind;
    if (kind) document.body.dataset.lessonSlide = kind;
    else delete document.body.dataset.lessonSlide;
    place();
  };

  const show = async () => {
    const drawn = ++ticket;
    parts.box.hidden = !mark;
    showQuestionSlide(parts.question, null);
    const following = Boolean(mark) && lecture.role === "student" && lecture.following;
    if (!mark) {
      nameSlide(null);
      return layout(null);
    }
    const ownTree = mark.tree !== false;
    const onCard = following && !ownTree;
    nameSlide(onCard ? { index: mark.slide, count: mark.slides, title: mark.title } : null);
    layout(onCard ? "card" : "tree");
    parts.title.textContent = mark.title;
    parts.notes.replaceChildren();
    parts.chart.hidden = !mark.chart;
    if (mark.chart) drawSlideChart(parts.chart, mark.chart);
    else parts.chart.replaceChildren();
    parts.message.hidden = true;
    parts.card.hidden = !following || ownTree; // a tree slide's card waits for its notes
    if (!following) return;
    const lesson = await lessonOf(mark.id);
    if (drawn !== ticket) return; // a newer slide came meanwhile
    const slide = lesson && lesson.slides.length === mark.slides ? lesson.slides[mark.slide] : null;
    const notes = slide ? slide.notes || "" : "";
    showQuestionSlide(parts.question, slide);
    if (notes.trim()) parts.notes.replaceChildren(renderNotes(notes));
    const unsent = !ownTree && !mark.chart && slide && slide.view ? unsentText(slide.view.kind) : "";
    parts.message.textContent = unsent;
    parts.message.hidden = !unsent;
    parts.card.hidden = ownTree && !notes.trim();
  };

  lecture.listen((what, detail) => {
    if (what === "view" || what === "joined") {
      const view = what === "view" ? detail : detail && detail.view;
      mark = (view && view.lesson) || null;
      show();
    } else if (what === "detached") {
      show();
    } else if (what === "stopped") {
      mark = null;
      show();
    }
    return false;
  });
}
