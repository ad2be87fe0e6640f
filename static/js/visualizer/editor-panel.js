// visualizer/editor-panel.js: the tree editor's panel in the page (the #ed-* elements and
// #tree-text): shows the selected node's fields, which buttons can act, and the editor's
// error lines. It only draws: the editor (editor.js) listens to these elements and decides.
// User text only ever goes through textContent / value, never innerHTML.
//
// Buttons that cannot act now (Undo with nothing to undo, ◀ on a first child, Delete on the
// root) are aria-disabled, not disabled, so a button pressed from the keyboard keeps the
// focus when it reaches its end.

import { _ } from "../lib/i18n.js";
import { KIND_NAMES } from "../lib/format.js";

const $ = (id) => document.getElementById(id);

/** Mark a button as unable to act now, keeping it focusable (see the header). */
function setUnavailable(button, off) {
  button.setAttribute("aria-disabled", off ? "true" : "false");
}

export class EditorPanel {
  constructor() {
    this.els = {
      hint: $("ed-hint"),
      node: $("ed-node"),
      selectedText: $("ed-selected"),
      label: $("ed-label"),
      action: $("ed-action"),
      value: $("ed-value"),
      valueLabel: $("ed-value-label"),
      kind: $("ed-kind"),
      add: $("ed-add"),
      left: $("ed-left"),
      right: $("ed-right"),
      del: $("ed-delete"),
      error: $("ed-error"),
      newTree: $("ed-new"),
      undo: $("ed-undo"),
      redo: $("ed-redo"),
      file: $("ed-file"),
      fileError: $("ed-file-error"),
      fileFormat: $("ed-file-format"),
      saveJson: $("ed-save-json"),
      saveTest: $("ed-save-test"),
      saveSolution: $("ed-save-solution"),
      treeText: $("tree-text"),
    };
  }

  showHistory({ canUndo, canRedo }) {
    setUnavailable(this.els.undo, !canUndo);
    setUnavailable(this.els.redo, !canRedo);
  }

  /** No node selected: the hint instead of the fields (their focus moves to Undo). */
  showNoNode() {
    const e = this.els;
    if (e.node.contains(document.activeElement)) e.undo.focus(); // the fields go away
    e.node.hidden = true;
    e.hint.hidden = false;
  }

  /** The fields of `node` (a node object) at `path`, named `name`, among `siblings`. */
  showNode(node, path, name, siblings) {
    const e = this.els;
    e.node.hidden = false;
    e.hint.hidden = true;
    const leaf = !Array.isArray(node.children);
    const kind = node.type ? KIND_NAMES[node.type] || node.type : "";
    const named = { kind, name, label: node.label };
    const what = leaf ? _("Leaf {name}", named) : kind ? _("{kind} node {name}", named) : _("Inner node {name}", named);
    e.selectedText.textContent = node.label ? _("{node} “{label}”", { node: what, label: node.label }) : what;
    e.label.value = node.label || "";
    e.action.value = node.action || "";
    e.action.disabled = path.length === 0;
    e.value.value = typeof node.value === "number" ? String(node.value) : "";
    e.value.placeholder = leaf ? "" : _("none");
    e.valueLabel.textContent = leaf ? _("Leaf value") : _("Heuristic value");
    e.kind.value = node.type || "";
    setUnavailable(e.del, path.length === 0);
    const index = path.length ? path[path.length - 1] : 0;
    setUnavailable(e.left, path.length === 0 || index === 0);
    setUnavailable(e.right, path.length === 0 || index >= siblings - 1);
  }

  /** Move the focus to the shown node's first field (its value, or its label if the value
   * cannot be edited); nothing when no node is shown. */
  focusFirstField() {
    const field = this.els.value.disabled ? this.els.label : this.els.value;
    if (!this.els.node.hidden) field.focus();
  }

  showError(message) {
    this.els.error.textContent = message;
    this.els.error.hidden = false;
  }

  hideError() {
    this.els.error.hidden = true;
    this.els.error.textContent = "";
  }

  showFileError(message) {
    this.els.fileError.textContent = message;
    this.els.fileError.hidden = false;
  }

  hideFileError() {
    this.els.fileError.hidden = true;
    this.els.fileError.textContent = "";
    this.els.fileFormat.hidden = true;
  }

  /** Say which format an opened file was read as. */
  showFileFormat(message) {
    this.els.fileFormat.textContent = message;
    this.els.fileFormat.hidden = false;
  }
}
