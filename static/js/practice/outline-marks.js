// practice/outline-marks.js: the student's marks in the outline (tree/outline-view.js), for a
// tree a phone cannot draw whole: the same answer as practice/marks.js gives on the picture.
// A tap or click on a row, or X on the focused row (the outline's roving tabindex), asks to
// cross that node out; the page decides (onToggle) and hands back the marked ids. Each row
// gets data-practice="pruned" (the rows under it "covered") and, after Check,
// data-grade="correct|wrong|missing|over", and says both in words in a span.outline-practice
// that is part of the row's text (its accessible name): "✗ crossed out", "✓ checked, correct".
// After a check the first row a student got wrong (else the first graded) is scrolled into
// the outline's sight, so the marks are in view. Drawn again after every render of the view
// (the rows are built lazily, once per tree).

import { _ } from "../lib/i18n.js";
import { GRADE_ICONS, checkedWords } from "./marks.js";

/** What the student marked, as an outline row shows it. */
function stateText(state) {
  if (state === "pruned") return "✗ " + _("crossed out");
  if (state === "covered") return _("inside a crossed-out branch");
  return "◌ " + _("ticked");
}
const WORST_FIRST = ["wrong", "missing", "over", "correct"];

export class OutlineMarks {
  /** `outline`: a TreeOutline; `onToggle(id)`: the student asked to cross node `id` out. */
  constructor(outline, { onToggle }) {
    this.outline = outline;
    this.onToggle = onToggle;
    this.marked = new Set();
    this.tapping = false; // a question's ticks (PVS): nothing crossed out, nothing covered
    this.grades = new Map();
    this.spans = new Map(); // row element → its span.outline-practice
    this.reveal = false; // scroll the worst graded row into sight at the next draw
    const list = outline.list;
    list.addEventListener("click", (event) => {
      const id = outline.idOf(event.target);
      if (id >= 0) this.onToggle(id);
    });
    list.addEventListener("keydown", (event) => {
      if ((event.key !== "x" && event.key !== "X") || event.altKey || event.ctrlKey || event.metaKey) return;
      const id = outline.idOf(event.target);
      if (id < 0) return;
      event.preventDefault();
      this.onToggle(id);
    });
  }

  setMarked(ids) {
    this.marked = new Set(ids);
    this.draw();
  }

  /** Show these grades (a Map id → grade); the worst one is scrolled into sight. */
  setGrades(grades) {
    this.grades = new Map(grades);
    this.reveal = this.grades.size > 0;
    this.draw();
  }

  markAtOrAbove(id) {
    const t = this.outline.trace;
    for (let i = id; i >= 0; i = t.parent[i]) if (this.marked.has(i)) return i;
    return -1;
  }

  /** The words a row shows for its mark and grade. */
  static words(state, grade) {
    const parts = [];
    if (state) parts.push(stateText(state));
    if (grade) parts.push(`${GRADE_ICONS[grade]} ${checkedWords(grade)}`);
    return parts.join(" · ");
  }

  /** Write every row's mark and grade (when the outline shows its rows). */
  draw() {
    const { items, active } = this.outline;
    if (!items || !active) return;
    items.forEach((item, id) => {
      const mark = this.tapping ? (this.marked.has(id) ? id : -1) : this.markAtOrAbove(id);
      const state = this.tapping ? (mark === id ? "tapped" : null) : mark === id ? "pruned" : mark >= 0 ? "covered" : null;
      const grade = this.grades.get(id);
      if (state) item.dataset.practice = state;
      else delete item.dataset.practice;
      if (grade) item.dataset.grade = grade;
      else delete item.dataset.grade;
      let span = this.spans.get(item);
      if (!span) {
        span = document.createElement("span");
        span.className = "outline-practice";
        item.appendChild(span);
        this.spans.set(item, span);
      }
      const text = OutlineMarks.words(state, grade);
      if (span.textContent !== text) span.textContent = text;
    });
    if (this.reveal) {
      this.reveal = false;
      this.showWorst(items);
    }
  }

  /** Scroll the outline (not the page) to the worst graded row. */
  showWorst(items) {
    const graded = [...this.grades.entries()].sort((a, b) => WORST_FIRST.indexOf(a[1]) - WORST_FIRST.indexOf(b[1]));
    if (!graded.length) return;
    const row = items[graded[0][0]];
    const box = this.outline.element;
    const top = row.offsetTop;
    if (top < box.scrollTop || top + row.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }
}
