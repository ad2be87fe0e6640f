// lib/json-locate.js: find where a node (by path) sits in a tree document's JSON text, so an
// error from the server can be pointed at in the editor. Tolerant: returns null on failure.

/** Parse JSON text into spans: {start, end, items?, fields?}. Throws on bad JSON. */
function parseSpans(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = () => {
    throw new SyntaxError(`bad JSON at ${i}`);
  };
  const string = () => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return { start, end: i, key: JSON.parse(text.slice(start, i)) };
  };
  const value = () => {
    ws();
    const start = i;
    const c = text[i];
    if (c === "[") {
      i++;
      const items = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { start, end: i, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") {
          i++;
          return { start, end: i, items };
        } else fail();
      }
    }
    if (c === "{") {
      i++;
      const fields = {};
      ws();
      if (text[i] === "}") {
        i++;
        return { start, end: i, fields };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        const { key } = string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        fields[key] = value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return { start, end: i, fields };
        } else fail();
      }
    }
    if (c === '"') {
      const s = string();
      return { start: s.start, end: s.end };
    }
    const m = /^-?[0-9A-Za-z.+-]+/.exec(text.slice(i, i + 64));
    if (!m) fail();
    i += m[0].length;
    return { start, end: i };
  };
  const root = value();
  return root;
}

/** The [start, end) character span of the node at `path` in a document's text, or null. */
export function locateNode(text, path) {
  let span;
  try {
    span = parseSpans(text);
  } catch {
    return null;
  }
  if (span.fields && span.fields.tree) span = span.fields.tree;
  for (const index of path || []) {
    let items = span.items;
    if (!items && span.fields && span.fields.children) items = span.fields.children.items;
    if (!items || index < 0 || index >= items.length) return null;
    span = items[index];
  }
  return { start: span.start, end: span.end };
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return { line, column };
}
