// lesson/notes.js: a slide's notes, plain text with a small markup, turned into elements.
// Paragraphs are separated by a blank line; lines starting "- " or "* " make a bulleted
// list, "1. " a numbered one; inside a line **bold**, *italic* and `code`. Nothing else is
// markup: "<b>" is four characters. `parseNotes` is pure (blocks of runs, unit-tested in
// Node); `renderNotes` builds the elements with createElement and textContent only, never
// innerHTML, so no text a lesson's author wrote is ever read as HTML.

const BULLET = /^\s*[-*]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;
// One inline token: `code`, **bold** or *italic* (no nesting; a lone * or ` is text).
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;

/** The runs of one line: [{text, style: "plain" | "strong" | "em" | "code"}]. */
export function parseInline(line) {
  const runs = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) runs.push({ text: line.slice(last, match.index), style: "plain" });
    if (match[1] !== undefined) runs.push({ text: match[1], style: "code" });
    else if (match[2] !== undefined) runs.push({ text: match[2], style: "strong" });
    else runs.push({ text: match[3], style: "em" });
    last = match.index + match[0].length;
  }
  if (last < line.length) runs.push({ text: line.slice(last), style: "plain" });
  return runs;
}

/**
 * The blocks of `text`: [{type: "p", runs}, {type: "ul" | "ol", items: [runs, …]}]. Lines of
 * one paragraph are joined with a space; a list ends at a blank line or a line that is no item.
 */
export function parseNotes(text) {
  const blocks = [];
  let paragraph = null;
  let list = null;
  const close = () => {
    if (paragraph) blocks.push({ type: "p", runs: parseInline(paragraph.join(" ")) });
    if (list) blocks.push(list);
    paragraph = null;
    list = null;
  };
  for (const raw of String(text || "").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      close();
      continue;
    }
    const kind = BULLET.test(raw) ? "ul" : NUMBER.test(raw) ? "ol" : null;
    if (kind) {
      if (!list || list.type !== kind) {
        close();
        list = { type: kind, items: [] };
      }
      list.items.push(parseInline(raw.replace(kind === "ul" ? BULLET : NUMBER, "").trim()));
    } else {
      if (list) close();
      (paragraph ||= []).push(line);
    }
  }
  close();
  return blocks;
}

const TAGS = { strong: "strong", em: "em", code: "code" };

function appendRuns(parent, runs, doc) {
  for (const run of runs) {
    if (run.style === "plain") parent.append(doc.createTextNode(run.text));
    else {
      const el = doc.createElement(TAGS[run.style]);
      el.textContent = run.text;
      parent.append(el);
    }
  }
}

/** The notes as a DocumentFragment of <p>, <ul> and <ol> (text through text nodes only). */
export function renderNotes(text, doc = document) {
  const fragment = doc.createDocumentFragment();
  for (const block of parseNotes(text)) {
    if (block.type === "p") {
      const p = doc.createElement("p");
      appendRuns(p, block.runs, doc);
      fragment.append(p);
    } else {
      const list = doc.createElement(block.type);
      for (const runs of block.items) {
        const li = doc.createElement("li");
        appendRuns(li, runs, doc);
        list.append(li);
      }
      fragment.append(list);
    }
  }
  return fragment;
}

/** The notes as one line of plain text (markup marks removed), for names and summaries. */
export function notesText(text) {
  return parseNotes(text)
    .map((b) => (b.type === "p" ? [b.runs] : b.items).map((runs) => runs.map((r) => r.text).join("")).join(" "))
    .join(" ");
}
