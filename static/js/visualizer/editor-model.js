// visualizer/editor-model.js: the tree editor's model, pure (no DOM; imports in plain Node).
// A tree document is {tree, ...settings}; its tree is node objects all the way down
// ({label, action, type, value, p, children}), the form normalizeDocument gives. The text
// forms (numbers for bare leaves, lists for bare inner nodes) come back with documentText.
// Each edit takes a document and the path of a node (child indices from the root) and
// returns an edited copy, never changing its argument: null when there is nothing to
// change or the path names no node, an EditError when the edit is refused with a reason.

const NODE_KEYS = ["label", "action", "type", "value", "p", "children"];

const MAX_TEXT_LENGTH = 80; // of a label or an action

/** An edit refused for a reason the person editing should read. */
export class EditError extends Error {}

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
export function documentText(document) {
  const tree = compactTree(document.tree);
  const settings = Object.keys(document).filter((k) => k !== "tree");
  const value = settings.length ? { ...document, tree } : tree;
  const compact = JSON.stringify(value);
  return compact.length <= 100 ? compact : JSON.stringify(value, null, 1);
}

/** The node at `path` under `root`, or null when the path leads nowhere. */
export function nodeAt(root, path) {
  let node = root;
  for (const i of path) {
    if (!node || !Array.isArray(node.children) || i >= node.children.length) return null;
    node = node.children[i];
  }
  return node;
}

/** A number typed in a field (a typographic minus too): null when empty, NaN when not one. */
export function parseNumber(text) {
  const t = String(text)
    .trim()
    .replace(/\u2212/g, "-");
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}

/**
 * Run `change(copy, node)` on a copy of `document` and the copy's node at `path`; the
 * copy, or null when there is no such node or `change` returns false (nothing to change).
 */
function editNode(document, path, change) {
  const copy = structuredClone(document);
  const node = nodeAt(copy.tree, path);
  if (!node || change(node) === false) return null;
  return copy;
}

/** A new document: a single leaf of value 0, with no settings. */
export function newDocument() {
  return { tree: { value: 0 } };
}

/** Add a leaf of value 0 under the node at `path`. A leaf becomes an inner node and its
 * value moves down to its new (only) child; siblings lose their probabilities. */
export function addChild(document, path) {
  return editNode(document, path, (node) => {
    if (!Array.isArray(node.children)) {
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

/** Delete the subtree at `path` (not the root: null). A parent left without children
 * becomes a leaf, of value 0 unless it had one. */
export function deleteSubtree(document, path) {
  if (path.length === 0) return null;
  return editNode(document, path.slice(0, -1), (parent) => {
    if (!parent.children) return false;
    parent.children.splice(path[path.length - 1], 1);
    for (const child of parent.children) delete child.p;
    if (parent.children.length === 0) {
      delete parent.children;
      if (typeof parent.value !== "number") parent.value = 0;
    }
    return true;
  });
}

/** Move the node at `path` by `delta` places among its siblings (null past either end). */
export function moveNode(document, path, delta) {
  if (path.length === 0) return null;
  const index = path[path.length - 1];
  const target = index + delta;
  return editNode(document, path.slice(0, -1), (parent) => {
    if (!parent.children || target < 0 || target >= parent.children.length) return false;
    const [node] = parent.children.splice(index, 1);
    parent.children.splice(target, 0, node);
    return true;
  });
}

/** Why `text` cannot be the node's `field`, or null when it can. */
export function textError(field, text) {
  const tooLong = text.trim().length > MAX_TEXT_LENGTH;
  return tooLong ? `A ${field} may be at most ${MAX_TEXT_LENGTH} characters.` : null;
}

/** Set the node's `field` ("label" or "action") to trimmed `text`; empty text removes it. */
export function setNodeText(document, path, field, text) {
  const error = textError(field, text);
  if (error) throw new EditError(error);
  const value = text.trim();
  return editNode(document, path, (node) => {
    if ((node[field] || "") === value) return false;
    if (value) node[field] = value;
    else delete node[field];
    return true;
  });
}

/** Set the node's value (a number), or remove an inner node's heuristic value (null). */
export function setNodeValue(document, path, value) {
  return editNode(document, path, (node) => {
    if (value === null) {
      if (!Array.isArray(node.children)) throw new EditError("A leaf needs a value.");
      if (node.value === undefined) return false;
      delete node.value;
      return true;
    }
    if (node.value === value) return false;
    node.value = value;
    return true;
  });
}

/** Set the node's kind ("max", "min", "chance"); "" lets the players cycle decide. */
export function setNodeKind(document, path, kind) {
  return editNode(document, path, (node) => {
    if ((node.type || "") === kind) return false;
    if (kind) node.type = kind;
    else delete node.type;
    return true;
  });
}
