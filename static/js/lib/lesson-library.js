// lib/lesson-library.js: what this browser remembers about lessons, in localStorage. The lessons
// it saved ("prune.lessons": [{id, title, slides, saved}], newest first, at most
// MAX_REMEMBERED) for the /lessons page, and the draft the editor and the "Add to lesson"
// buttons share ("prune.lesson-draft": a lesson document). Storage that is full, off or
// corrupt is treated as empty: nothing here throws.

/** The most slides a lesson may have (app/config.py PRUNE_MAX_LESSON_SLIDES). */
export const MAX_SLIDES = 60;

const SAVED_KEY = "prune.lessons";
const DRAFT_KEY = "prune.lesson-draft";
const MAX_REMEMBERED = 100;

function read(key, fallback) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key));
    return value === null ? fallback : value;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The lessons this browser saved: [{id, title, slides, saved}], newest first. */
export function rememberedLessons() {
  const list = read(SAVED_KEY, []);
  return Array.isArray(list) ? list.filter((item) => item && typeof item.id === "string") : [];
}

/** Remember a saved lesson (its id, title and slide count). */
export function rememberLesson(id, lesson) {
  const others = rememberedLessons().filter((item) => item.id !== id);
  const entry = { id, title: String(lesson.title), slides: lesson.slides.length, saved: new Date().toISOString() };
  write(SAVED_KEY, [entry, ...others].slice(0, MAX_REMEMBERED));
}

/** Forget a lesson in this browser's list (the saved lesson itself stays on the server). */
export function forgetLesson(id) {
  write(
    SAVED_KEY,
    rememberedLessons().filter((item) => item.id !== id)
  );
}

/** The draft lesson: {title, slides}, an empty one when there is none. */
export function readDraft() {
  const draft = read(DRAFT_KEY, null);
  if (draft && typeof draft.title === "string" && Array.isArray(draft.slides)) return draft;
  return { title: "", slides: [] };
}

export function writeDraft(lesson) {
  return write(DRAFT_KEY, lesson);
}

/** Append `slide` to the draft; the number of slides it then has (0 when storage failed). */
export function addToDraft(slide) {
  const draft = readDraft();
  draft.slides.push(slide);
  return writeDraft(draft) ? draft.slides.length : 0;
}
