// visualizer/editor.js: the visual tree editor. Click a node in the tree to select it; add a child,
// delete a subtree, set value / kind / label / action, reorder children; undo and redo.
// The pasted text (#tree-text) is the single source of truth: every edit rewrites it and
// re-runs, and a valid text edit refreshes the editor. Also imports and exports tree files
// (document JSON and the CS188 .test format). User text only ever goes through
// textContent / value, never innerHTML.
//
// Keyboard: Enter on a node in the tree opens it here with the focus in its first field;
// Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, except in a field that has its own undo
// (keys.js). Buttons that cannot act now (Undo with nothing to undo, ◀ on a first child,
// Delete on the root) are aria-disabled, not disabled, so a button pressed from the keyboard
// keeps the focus when it reaches its end.

import { ApiError, cs188Export, cs188Import } from "../lib/api.js";
import { KIND_NAMES, fmtPath } from "../lib/format.js";
import { ownsKey } from "../lib/keys.js";
import { nameOf } from "../lib/names.js";
import { lineColumn } from "../lib/json-locate.js";
import { download } from "./export.js";

const $ = (id) => document.getElementById(id);
const HISTORY_LIMIT = 200;
// The server refuses more than 10 runs per 10 s on a connection: edits in quick succession
// are coalesced into one run, and runs are spaced to stay under that budget.
const RUN_DEBOUNCE_MS = 250;
const RUN_BUDGET = 8;
const RUN_WINDOW_MS = 10_500;
const NODE_KEYS = ["label", "action", "type", "value", "p", "children"];

/** Any tree (shorthand or node objects) as node objects all the way down. */
export function normalizeTree(node) {
  if (typeof node === "number") return { value: node };
  if (Array.isArray(node)) return { children: node.map(normalizeTree) };
  if (node && typeof node === "object") {
    const out = {};
    for (const key of NODE_KEYS) if (node[key] !== undefined) out[key] = node[key];
    for (const key of Object.keys(node)) if (!(key in out)) out[key] = node[key]; // kept as is
    if (Array.isArray(node.children)) out.children = node.children.map(normalizeTree);
    return out;
  }
  return node;
}

/** The shortest form of a node: a number for a bare leaf, a list for a bare inner node. */
export function compactTree(node) {
  if (!node || typeof node !== "object" || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  const children = Array.isArray(node.children) ? node.children.map(compactTree) : undefined;
  if (keys.length === 1 && keys[0] === "value" && typeof node.value === "number") return node.value;
  if (keys.length === 1 && keys[0] === "children" && children && children.length) return children;
  const out = {};
  for (const key of keys) out[key] = key === "children" ? children : node[key];
  return out;
}

/** A document as {tree (node objects), ...settings}. */
export function normalizeDocument(doc) {
  if (doc && typeof doc === "object" && !Array.isArray(doc) && "tree" in doc) {
    return { ...doc, tree: normalizeTree(doc.tree) };
  }
  return { tree: normalizeTree(doc) };
}

/** Document text as the textarea shows it: compact when short, else indented. */
export function documentText(model) {
  const tree = compactTree(model.tree);
  const settings = Object.keys(model).filter((k) => k !== "tree");
  const value = settings.length ? { ...model, tree } : tree;
  const compact = JSON.stringify(value);
  return compact.length <= 100 ? compact : JSON.stringify(value, null, 1);
}

function nodeAt(root, path) {
  let node = root;
  for (const i of path) {
    if (!node || !Array.isArray(node.children) || i >= node.children.length) return null;
    node = node.children[i];
  }
  return node;
}

/** Mark a button as unable to act now, keeping it focusable (see the header). */
function setUnavailable(button, off) {
  button.setAttribute("aria-disabled", off ? "true" : "false");
}

function parseNumber(text) {
  const t = String(text).trim().replace(/\u2212/g, "-");
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}

export class Editor {
  /**
   * shell: {input, run({fromStart}), doc (last run's document), options (form options),
   *         sourceKind(), treeContainer}
   */
  constructor(shell) {
    this.shell = shell;
    this.undoStack = [];
    this.redoStack = [];
    this.selected = null; // a path (array) or null
    this.runTimer = null;
    this.runFromStart = false;
    this.runTimes = [];
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
      saveJson: $("ed-save-json"),
      saveTest: $("ed-save-test"),
      saveSolution: $("ed-save-solution"),
      treeText: $("tree-text"),
    };
    const e = this.els;
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
    // Re-mark the selection whenever the tree is redrawn (a run starts or ends).
    new MutationObserver(() => this.markSelection()).observe(document.body, {
      attributes: true,
      attributeFilter: ["data-run-state"],
    });
    this.refresh();
  }

  // ----- the model -----

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
    for (const key of ["name", "description", "source"]) delete model[key];
    return { model, fromText: false };
  }

  currentText() {
    const { input } = this.shell;
    if (input.sourceKind() === "paste") return this.els.treeText.value;
    const { model } = this.current();
    return model ? documentText(model) : null;
  }

  /**
   * Apply `change(model)` (returns false to refuse), record undo, rewrite the text, run.
   * `fromStart`: the result is a new tree, so its run starts at step 0.
   */
  edit(change, { fromStart = false } = {}) {
    this.hideError();
    const { model } = this.current();
    if (!model) {
      this.showError("Fix the tree text first: it is not valid JSON.");
      return;
    }
    const before = this.currentText();
    if (change(model) === false) return;
    this.pushUndo(before);
    this.redoStack = [];
    this.apply(documentText(model), { fromStart });
  }

  pushUndo(text) {
    if (text === null || text === undefined) return;
    this.undoStack.push(text);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
  }

  apply(text, { fromStart = false } = {}) {
    this.shell.input.setSource({ kind: "paste", text });
    this.els.treeText.value = text; // exactly this text (setSource may re-indent)
    this.refresh();
    this.scheduleRun(fromStart);
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
    document.body.dataset.runState = "loading";
    this.runTimer = setTimeout(() => {
      this.runTimer = null;
      this.runTimes.push(performance.now());
      this.shell.run({ fromStart: this.runFromStart });
      this.runFromStart = false;
    }, wait);
  }

  undo() {
    if (!this.undoStack.length) return;
    this.redoStack.push(this.currentText());
    this.apply(this.undoStack.pop());
  }

  redo() {
    if (!this.redoStack.length) return;
    this.pushUndo(this.currentText());
    this.apply(this.redoStack.pop());
  }

  // ----- operations -----

  newTree() {
    this.selected = [];
    this.edit(
      (model) => {
        for (const key of Object.keys(model)) if (key !== "tree") delete model[key];
        model.tree = { value: 0 };
      },
      { fromStart: true }
    );
  }

  addChild() {
    const path = this.selected;
    if (!path) return;
    this.edit((model) => {
      const node = nodeAt(model.tree, path);
      if (!node) return false;
      if (!Array.isArray(node.children)) {
        // A leaf becomes an inner node; its value moves down to the new child.
        const value = typeof node.value === "number" ? node.value : 0;
        delete node.value;
        node.children = [{ value }];
        return true;
      }
      for (const child of node.children) delete child.p; // probabilities no longer add up
      node.children.push({ value: 0 });
      return true;
    });
  }

  deleteSubtree() {
    const path = this.selected;
    if (!path) return;
    if (path.length === 0) {
      this.showError("The root cannot be deleted: use New tree to start again.");
      return;
    }
    this.edit((model) => {
      const parent = nodeAt(model.tree, path.slice(0, -1));
      if (!parent || !parent.children) return false;
      parent.children.splice(path[path.length - 1], 1);
      for (const child of parent.children) delete child.p;
      if (parent.children.length === 0) {
        delete parent.children;
        if (typeof parent.value !== "number") parent.value = 0;
      }
      this.selected = path.slice(0, -1); // now, so that the fields (and their focus) stay
      return true;
    });
  }

  move(delta) {
    const path = this.selected;
    if (!path || path.length === 0) return;
    const index = path[path.length - 1];
    const target = index + delta;
    let moved = false;
    this.edit((model) => {
      const parent = nodeAt(model.tree, path.slice(0, -1));
      if (!parent || !parent.children || target < 0 || target >= parent.children.length) {
        return false;
      }
      const [node] = parent.children.splice(index, 1);
      parent.children.splice(target, 0, node);
      moved = true;
      return true;
    });
    if (moved) {
      this.selected = [...path.slice(0, -1), target];
      this.refresh();
    }
  }

  setText(field, text) {
    const path = this.selected;
    if (!path) return;
    const value = text.trim();
    if (value.length > 80) {
      this.showError(`A ${field} may be at most 80 characters.`);
      return;
    }
    this.edit((model) => {
      const node = nodeAt(model.tree, path);
      if (!node) return false;
      if ((node[field] || "") === value) return false;
      if (value) node[field] = value;
      else delete node[field];
      return true;
    });
  }

  setValue(text) {
    const path = this.selected;
    if (!path) return;
    const value = parseNumber(text);
    if (Number.isNaN(value)) {
      this.showError(`“${text}” is not a number.`);
      return;
    }
    this.edit((model) => {
      const node = nodeAt(model.tree, path);
      if (!node) return false;
      const leaf = !Array.isArray(node.children);
      if (value === null) {
        if (leaf) {
          this.showError("A leaf needs a value.");
          return false;
        }
        if (node.value === undefined) return false;
        delete node.value;
        return true;
      }
      if (node.value === value) return false;
      node.value = value;
      return true;
    });
  }

  setKind(kind) {
    const path = this.selected;
    if (!path) return;
    this.edit((model) => {
      const node = nodeAt(model.tree, path);
      if (!node) return false;
      if ((node.type || "") === kind) return false;
      if (kind) node.type = kind;
      else delete node.type;
      return true;
    });
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
    const field = this.els.value.disabled ? this.els.label : this.els.value;
    if (!this.els.node.hidden) field.focus();
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

  markSelection() {
    const container = this.shell.treeContainer;
    for (const g of container.querySelectorAll("g.node.selected")) g.classList.remove("selected");
    if (!this.selected) return;
    const key = this.selected.join(".");
    for (const g of container.querySelectorAll("g.node")) {
      if (g.getAttribute("data-path") === key) g.classList.add("selected");
    }
  }

  /** Show the selected node's fields (from the current text). */
  refresh() {
    const e = this.els;
    setUnavailable(e.undo, this.undoStack.length === 0);
    setUnavailable(e.redo, this.redoStack.length === 0);
    const { model } = this.current();
    if (!model && this.shell.input.sourceKind() === "paste") return; // text being typed: keep
    const node = model && this.selected ? nodeAt(model.tree, this.selected) : null;
    if (!node) {
      if (model && this.selected) this.selected = null;
      if (e.node.contains(document.activeElement)) e.undo.focus(); // the fields go away
      e.node.hidden = true;
      e.hint.hidden = false;
      this.markSelection();
      return;
    }
    e.node.hidden = false;
    e.hint.hidden = true;
    const path = this.selected;
    const leaf = !Array.isArray(node.children);
    const kind = node.type ? KIND_NAMES[node.type] || node.type : "";
    const what = leaf ? "Leaf" : `${kind ? `${kind} node` : "Inner node"}`;
    e.selectedText.textContent = `${what} ${this.nodeName(path)}${node.label ? ` “${node.label}”` : ""}`;
    e.label.value = node.label || "";
    e.action.value = node.action || "";
    e.action.disabled = path.length === 0;
    e.value.value = typeof node.value === "number" ? String(node.value) : "";
    e.value.placeholder = leaf ? "" : "none";
    e.valueLabel.textContent = leaf ? "Leaf value" : "Heuristic value";
    e.kind.value = node.type || "";
    setUnavailable(e.del, path.length === 0);
    const siblings = path.length ? nodeAt(model.tree, path.slice(0, -1)).children.length : 1;
    const index = path.length ? path[path.length - 1] : 0;
    setUnavailable(e.left, path.length === 0 || index === 0);
    setUnavailable(e.right, path.length === 0 || index >= siblings - 1);
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
    this.els.error.textContent = message;
    this.els.error.hidden = false;
  }

  hideError() {
    this.els.error.hidden = true;
    this.els.error.textContent = "";
  }

  // ----- files -----

  showFileError(message) {
    this.els.fileError.textContent = message;
    this.els.fileError.hidden = false;
  }

  async importFile() {
    const e = this.els;
    const file = e.file.files && e.file.files[0];
    e.fileError.hidden = true;
    e.fileError.textContent = "";
    if (!file) return;
    const text = await file.text();
    e.file.value = "";
    const name = file.name;
    const looksJson = /\.json$/i.test(name) || /^\s*[[{\d-]/.test(text);
    let doc;
    if (looksJson && !/\.test$/i.test(name)) {
      try {
        doc = JSON.parse(text);
      } catch (err) {
        const m = /position (\d+)/.exec(err.message);
        let where = "";
        if (m) {
          const { line, column } = lineColumn(text, Number(m[1]));
          where = `line ${line}, column ${column}: `;
        }
        this.showFileError(`${name}: ${where}${err.message}`);
        return;
      }
    } else {
      try {
        doc = await cs188Import(text);
      } catch (err) {
        const message = err instanceof ApiError ? err.message : String(err);
        this.showFileError(`${name}: ${message}`);
        return;
      }
    }
    this.pushUndo(this.currentText());
    this.redoStack = [];
    this.selected = null;
    const model = normalizeDocument(doc);
    if (!model.name) model.name = name.replace(/\.[^.]*$/, "").slice(0, 80);
    this.apply(documentText(model), { fromStart: true });
  }

  fileBase() {
    const doc = this.current().model;
    const name = (doc && doc.name) || (this.shell.doc && this.shell.doc.name) || "prune-tree";
    return String(name).replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "prune-tree";
  }

  downloadJson() {
    const { model } = this.current();
    if (!model) {
      this.showFileError("The tree text is not valid JSON.");
      return;
    }
    const text = JSON.stringify({ ...model, tree: compactTree(model.tree) }, null, 1);
    download(new Blob([`${text}\n`], { type: "application/json" }), `${this.fileBase()}.json`);
  }

  /** The CS188 export: the .test file, or the autograder's .solution for it (`kind`). */
  async downloadTest(kind) {
    const { model } = this.current();
    this.els.fileError.hidden = true;
    if (!model) {
      this.showFileError("The tree text is not valid JSON.");
      return;
    }
    try {
      const { text, solution } = await cs188Export(model, this.shell.options());
      const body = kind === "solution" ? solution : text;
      download(new Blob([body], { type: "text/plain" }), `${this.fileBase()}.${kind}`);
    } catch (err) {
      this.showFileError(`CS188 export: ${err.message}`);
    }
  }
}
