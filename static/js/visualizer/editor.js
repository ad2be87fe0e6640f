// visualizer/editor.js: the visual tree editor. Click a node in the tree to select it; add a child,
// delete a subtree, set value / kind / label / action, reorder children; undo and redo.
// The pasted text (#tree-text) is the single source of truth: every edit rewrites it and
// re-runs, and a valid text edit refreshes the editor. This module owns the selection, the
// wiring of the panel's controls and keys, and when edits run; the tree operations are pure
// (editor-model.js), as are undo and redo (editor-history.js); the panel draws the fields
// (editor-panel.js) and tree files are read and written by editor-files.js.
//
// Keyboard: Enter on a node in the tree opens it here with the focus in its first field;
// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, except in a field that has its own undo
// (keys.js). An edit keeps the focus where it was: on the same field, scrolled into view, or
// on the same node of the tree (tree/focus.js finds it again in the re-run).

import { _ } from "../lib/i18n.js";
import { fmtPath } from "../lib/format.js";
import { ownsKey } from "../lib/keys.js";
import { nameOf } from "../lib/names.js";
import { EditHistory } from "./editor-history.js";
import { EditorPanel } from "./editor-panel.js";
import { FORMAT_NAMES, TreeFileError, fileBase, importedDocument, readTreeFile, saveCs188, saveJson } from "./editor-files.js";
import {
  EditError,
  addChild,
  deleteSubtree,
  documentText,
  moveNode,
  newDocument,
  nodeAt,
  normalizeDocument,
  parseNumber,
  setNodeKind,
  setNodeText,
  setNodeValue,
  textError,
} from "./editor-model.js";

// The server refuses more than 10 runs per 10 s on a connection: edits in quick succession
// are coalesced into one run, and runs are spaced to stay under that budget.
const RUN_DEBOUNCE_MS = 250;
const RUN_BUDGET = 8;
const RUN_WINDOW_MS = 10_500;

export class Editor {
  /**
   * shell: {input, run({fromStart}), doc (last run's document), options (form options),
   *         sourceKind(), treeContainer}
   */
  constructor(shell) {
    this.shell = shell;
    this.history = new EditHistory();
    this.selected = null; // a path (array) or null
    this.runTimer = null;
    this.runFromStart = false;
    this.runTimes = [];
    this.panel = new EditorPanel();
    const e = this.panel.els;
    e.newTree.addEventListener("click", () => this.newTree());
    e.undo.addEventListener("click", () => this.undo());
    e.redo.addEventListener("click", () => this.redo());
    e.add.addEventListener("click", () => this.addChild());
    e.del.addEventListener("click", () => this.deleteSubtree());
    e.left.addEventListener("click", () => this.move(-1));
    e.right.addEventListener("click", () => this.move(1));
    e.label.addEventListener("change", () => this.setText("label", e.label.value));
    e.action.addEventListener("change", () => this.setText("action", e.action.value));
    e.value.addEventListener("change", () => this.setValue(e.value.value));
    e.kind.addEventListener("change", () => this.setKind(e.kind.value));
    e.file.addEventListener("change", () => this.importFile());
    e.saveJson.addEventListener("click", () => this.downloadJson());
    e.saveTest.addEventListener("click", () => this.downloadTest("test"));
    e.saveSolution.addEventListener("click", () => this.downloadTest("solution"));
    e.treeText.addEventListener("input", () => this.refresh());
    shell.treeContainer.addEventListener("click", (event) => this.onTreeClick(event));
    document.addEventListener("keydown", (event) => this.onKey(event));
    // Re-mark the selection whenever the tree is redrawn (a run starts or ends): after the
    // change, once the step it brings is drawn.
    shell.store.subscribe((state, changed) => {
      if ("runState" in changed) queueMicrotask(() => this.markSelection());
    });
    this.refresh();
  }

  // ----- the document being edited -----

  /** The document being edited: the pasted text if it is the source and valid, else the
   * document of the last run (a preset or random tree becomes an editable copy). */
  current() {
    const { input } = this.shell;
    if (input.sourceKind() === "paste") {
      try {
        return { model: normalizeDocument(input.pastedDocument()), fromText: true };
      } catch {
        return { model: null, fromText: true };
      }
    }
    const doc = this.shell.doc;
    if (doc === null || doc === undefined) return { model: null, fromText: false };
    const model = normalizeDocument(JSON.parse(JSON.stringify(doc)));
    for (const key of ["name", "description", "answer", "source"]) delete model[key];
    return { model, fromText: false };
  }

  currentText() {
    const { input } = this.shell;
    if (input.sourceKind() === "paste") return this.panel.els.treeText.value;
    const { model } = this.current();
    return model ? documentText(model) : null;
  }

  /**
   * Apply `operation(model)` (editor-model.js: the edited copy; null: nothing to change;
   * EditError: refused, and why), record undo, rewrite the text, run. `fromStart`: the
   * result is a new tree, so its run starts at step 0. `select`: the path to select once
   * the edit is made. True when the edit was made.
   */
  edit(operation, { fromStart = false, select = null } = {}) {
    this.hideError();
    const { model } = this.current();
    if (!model) {
      this.showError(_("Fix the tree text first: it is not valid JSON."));
      return false;
    }
    const before = this.currentText();
    let edited;
    try {
      edited = operation(model);
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      this.showError(err.message);
      return false;
    }
    if (!edited) return false;
    if (select) this.selected = select; // before the fields are redrawn, so their focus stays
    this.history.record(before);
    this.apply(documentText(edited), { fromStart });
    return true;
  }

  apply(text, { fromStart = false } = {}) {
    const active = document.activeElement;
    this.shell.input.setSource({ kind: "paste", text });
    this.panel.els.treeText.value = text; // exactly this text (setSource may re-indent)
    this.refresh();
    this.scheduleRun(fromStart);
    // The Paste panel may have just opened above the editor: the field being edited stays in
    // view (a node in the tree keeps its focus by itself: tree/focus.js).
    if (active && active !== document.body && document.getElementById("editor").contains(active)) {
      active.scrollIntoView({ block: "nearest" });
    }
  }

  /**
   * Run the edited tree soon: once for a burst of edits, within the server's run budget.
   * An edit keeps the step shown; a new tree in the burst (`fromStart`) starts at step 0.
   */
  scheduleRun(fromStart) {
    this.runFromStart = this.runFromStart || fromStart;
    if (this.runTimer !== null) clearTimeout(this.runTimer);
    const now = performance.now();
    this.runTimes = this.runTimes.filter((t) => now - t < RUN_WINDOW_MS);
    let wait = RUN_DEBOUNCE_MS;
    if (this.runTimes.length >= RUN_BUDGET) {
      wait = Math.max(wait, this.runTimes[this.runTimes.length - RUN_BUDGET] + RUN_WINDOW_MS - now);
    }
    this.shell.store.set({ runState: "loading" });
    this.runTimer = setTimeout(() => {
      this.runTimer = null;
      this.runTimes.push(performance.now());
      this.shell.run({ fromStart: this.runFromStart });
      this.runFromStart = false;
    }, wait);
  }

  undo() {
    if (!this.history.canUndo) return;
    this.apply(this.history.undo(this.currentText()));
  }

  redo() {
    if (!this.history.canRedo) return;
    this.apply(this.history.redo(this.currentText()));
  }

  // ----- operations on the selected node -----

  newTree() {
    this.selected = [];
    this.edit(() => newDocument(), { fromStart: true });
  }

  /** Add a child to the selected node and select it: a value typed next is the child's. */
  addChild() {
    const path = this.selected;
    if (!path) return;
    const { model } = this.current();
    const node = model ? nodeAt(model.tree, path) : null;
    const index = node && Array.isArray(node.children) ? node.children.length : 0;
    this.edit((edited) => addChild(edited, path), { select: [...path, index] });
  }

  deleteSubtree() {
    const path = this.selected;
    if (!path) return;
    if (path.length === 0) {
      this.showError(_("The root cannot be deleted: use New tree to start again."));
      return;
    }
    this.edit((model) => deleteSubtree(model, path), { select: path.slice(0, -1) });
  }

  move(delta) {
    const path = this.selected;
    if (!path || path.length === 0) return;
    if (this.edit((model) => moveNode(model, path, delta))) {
      this.selected = [...path.slice(0, -1), path[path.length - 1] + delta];
      this.refresh();
    }
  }

  setText(field, text) {
    const path = this.selected;
    if (!path) return;
    const error = textError(field, text);
    if (error) {
      this.showError(error);
      return;
    }
    this.edit((model) => setNodeText(model, path, field, text));
  }

  setValue(text) {
    const path = this.selected;
    if (!path) return;
    const value = parseNumber(text);
    if (Number.isNaN(value)) {
      this.showError(`“${text}” is not a number.`);
      return;
    }
    this.edit((model) => setNodeValue(model, path, value));
  }

  setKind(kind) {
    const path = this.selected;
    if (!path) return;
    this.edit((model) => setNodeKind(model, path, kind));
  }

  // ----- selection -----

  onTreeClick(event) {
    const target = event.target;
    if (!target || !target.closest) return;
    if (target.closest(".toggle, .fold-summary")) return; // folds, not a selection
    const g = target.closest("g.node");
    if (!g) return;
    const key = g.getAttribute("data-path");
    this.select(key === "" ? [] : key.split(".").map(Number));
  }

  select(path) {
    this.selected = path;
    this.hideError();
    this.refresh();
  }

  /** Select the node at `path` from the keyboard (Enter on it in the tree) and move the
   * focus to its first field, so it can be edited at once. */
  editNode(path) {
    this.select(path);
    this.panel.focusFirstField();
  }

  /** The selected node as people read it: its name in the tree shown (names.js); the
   * document's path only for a node the shown run does not have (edited, or past a depth
   * limit). */
  nodeName(path) {
    const trace = this.shell.trace;
    const id = trace ? trace.ids.get(path.join(".")) : undefined;
    const name = id !== undefined ? nameOf(trace, id) : path.length ? fmtPath(path) : "";
    return path.length === 0 ? `${name} (the root)`.trim() : name;
  }

  /** Mark the selected node's element in the tree (found by its data-path: digits and dots). */
  markSelection() {
    const container = this.shell.treeContainer;
    for (const g of container.querySelectorAll("g.node.selected")) g.classList.remove("selected");
    if (!this.selected) return;
    const key = this.selected.join(".");
    for (const g of container.querySelectorAll(`g.node[data-path="${key}"]`)) {
      g.classList.add("selected");
    }
  }

  /** Show the selected node's fields (from the current text). */
  refresh() {
    this.panel.showHistory(this.history);
    const { model } = this.current();
    if (!model && this.shell.input.sourceKind() === "paste") return; // text being typed: keep
    const node = model && this.selected ? nodeAt(model.tree, this.selected) : null;
    if (!node) {
      if (model && this.selected) this.selected = null;
      this.panel.showNoNode();
      this.markSelection();
      return;
    }
    const path = this.selected;
    const siblings = path.length ? nodeAt(model.tree, path.slice(0, -1)).children.length : 1;
    this.panel.showNode(node, path, this.nodeName(path), siblings);
    this.markSelection();
  }

  onKey(event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    if (ownsKey(event.target, event.key)) return; // a text field's own undo
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      this.undo();
    } else if ((key === "z" && event.shiftKey) || key === "y") {
      event.preventDefault();
      this.redo();
    }
  }

  showError(message) {
    this.panel.showError(message);
  }

  hideError() {
    this.panel.hideError();
  }

  // ----- files -----

  async importFile() {
    const input = this.panel.els.file;
    const file = input.files && input.files[0];
    this.panel.hideFileError();
    if (!file) return;
    const text = await file.text();
    input.value = "";
    let doc;
    let format;
    try {
      ({ doc, format } = await readTreeFile(file.name, text));
    } catch (err) {
      if (!(err instanceof TreeFileError)) throw err;
      this.panel.showFileError(err.message);
      return;
    }
    this.history.record(this.currentText());
    this.selected = null;
    this.apply(documentText(importedDocument(doc, file.name)), { fromStart: true });
    this.panel.showFileFormat(
      _("{file}: read as {format}.", { file: file.name, format: FORMAT_NAMES[format] ? _(FORMAT_NAMES[format]) : format })
    );
  }

  fileBase() {
    return fileBase(this.current().model, this.shell.doc && this.shell.doc.name);
  }

  downloadJson() {
    const { model } = this.current();
    if (!model) {
      this.panel.showFileError(_("The tree text is not valid JSON."));
      return;
    }
    saveJson(model, this.fileBase());
  }

  /** The CS188 export: the .test file, or the autograder's .solution for it (`kind`). */
  async downloadTest(kind) {
    const { model } = this.current();
    this.panel.els.fileError.hidden = true;
    if (!model) {
      this.panel.showFileError(_("The tree text is not valid JSON."));
      return;
    }
    try {
      await saveCs188(model, this.shell.options(), kind, () => this.fileBase());
    } catch (err) {
      if (!(err instanceof TreeFileError)) throw err;
      this.panel.showFileError(err.message);
    }
  }
}
