// visualizer/editor-history.js: the tree editor's undo and redo, pure (no DOM; imports in
// plain Node). The history holds document texts (what #tree-text showed), not documents:
// the pasted text is the editor's single source of truth. It keeps at most `limit` texts
// to undo; a new edit forgets what could be redone.

const HISTORY_LIMIT = 200;

export class EditHistory {
  constructor(limit = HISTORY_LIMIT) {
    this.limit = limit;
    this.undoStack = [];
    this.redoStack = [];
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Before a new edit: `text` (the text it changes; null or undefined: none) can be
   * returned to by undo, and nothing can be redone. */
  record(text) {
    this.remember(text);
    this.redoStack = [];
  }

  /** The text to show instead of `currentText`, which redo returns to (only if canUndo). */
  undo(currentText) {
    this.redoStack.push(currentText);
    return this.undoStack.pop();
  }

  /** The text to show instead of `currentText`, which undo returns to (only if canRedo). */
  redo(currentText) {
    this.remember(currentText);
    return this.redoStack.pop();
  }

  remember(text) {
    if (text === null || text === undefined) return;
    this.undoStack.push(text);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
  }
}
