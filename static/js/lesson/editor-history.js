// lesson/editor-history.js: the lesson editor's undo. Pure (no DOM). Before each change the
// editor records the lesson as it was, with a few words saying what the change is ("Delete
// slide 3"); `undo()` gives the last recorded lesson back (and the words, for the live
// region). Typing is one change per field: keystrokes in the same field (`group`, e.g.
// "2:notes") after the first record nothing, so Ctrl+Z undoes the whole edit of a field, not
// one letter. At most `limit` changes are kept (the oldest are dropped).

export const UNDO_LIMIT = 100;

export class EditorHistory {
  constructor(limit = UNDO_LIMIT) {
    this.limit = limit;
    this.entries = []; // {lesson (a deep copy), what, group}
  }

  get canUndo() {
    return this.entries.length > 0;
  }

  /** Record `lesson` before a change described by `what`; `group` merges a field's typing. */
  record(lesson, what, group = null) {
    const last = this.entries[this.entries.length - 1];
    if (group !== null && last && last.group === group) return;
    this.entries.push({ lesson: structuredClone(lesson), what, group });
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /** Ends a field's typing: its next keystroke records again (focus left the field). */
  seal() {
    const last = this.entries[this.entries.length - 1];
    if (last) last.group = null;
  }

  /** The lesson before the last change, and what that change was; null when none is left. */
  undo() {
    const entry = this.entries.pop();
    return entry ? { lesson: entry.lesson, what: entry.what } : null;
  }
}
