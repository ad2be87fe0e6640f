// visualizer/editor-files.js: the tree editor's files. Reads a tree file someone picked
// (document JSON, or any course format the server reads: brackets, MIT 6.034, AIMA, a list
// of leaves, CS188 .test; docs/formats.md) into a document and the format's name,
// and saves a document as either. Errors a person should read become TreeFileError, with
// the file's name and, for JSON, the line and column.

import { ApiError, cs188Export, importTree } from "../lib/api.js";
import { lineColumn } from "../lib/json-locate.js";
import { download } from "../lib/export.js";
import { compactTree, normalizeDocument } from "./editor-model.js";

/** A tree file that cannot be read or written, with the reason to show. */
export class TreeFileError extends Error {}

const N_ = (text) => text; // marks a string for the catalog; translated where it is shown

/** What people call each format the server recognises (catalog messages: `_(FORMAT_NAMES[format])`). */
export const FORMAT_NAMES = {
  brackets: N_("a bracket string"),
  mit6034: N_("an MIT 6.034 tree"),
  aima: N_("an AIMA succs/utils game"),
  leaves: N_("a list of leaves"),
  cs188: N_("a CS188 .test file"),
  json: N_("a Prune tree document"),
};

/** The document in a tree file (its `name` and `text`) and its format: a .json file as it
 * is, anything else read by the server, which recognises the format. */
export async function readTreeFile(name, text) {
  if (/\.json$/i.test(name)) {
    try {
      return { doc: JSON.parse(text), format: "json" };
    } catch (err) {
      const m = /position (\d+)/.exec(err.message);
      let where = "";
      if (m) {
        const { line, column } = lineColumn(text, Number(m[1]));
        where = `line ${line}, column ${column}: `;
      }
      throw new TreeFileError(`${name}: ${where}${err.message}`);
    }
  }
  try {
    const { format, document } = await importTree(text);
    return { doc: document, format };
  } catch (err) {
    const message = err instanceof ApiError ? err.message : String(err);
    throw new TreeFileError(`${name}: ${message}`);
  }
}

/** A file's document, ready to edit: normalized, named after the file if it has no name. */
export function importedDocument(doc, fileName) {
  const model = normalizeDocument(doc);
  if (!model.name) model.name = fileName.replace(/\.[^.]*$/, "").slice(0, 80);
  return model;
}

/** The name (without extension) to save `model` under: its name, else `fallbackName`. */
export function fileBase(model, fallbackName) {
  const name = (model && model.name) || fallbackName || "prune-tree";
  return (
    String(name)
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "prune-tree"
  );
}

/** Save `model` as document JSON (its tree in the short form). */
export function saveJson(model, base) {
  const text = JSON.stringify({ ...model, tree: compactTree(model.tree) }, null, 1);
  download(new Blob([`${text}\n`], { type: "application/json" }), `${base}.json`);
}

/** Save `model`, run with `options`, as a CS188 file (the server writes it): the .test file,
 * or the autograder's .solution for it (`kind`: "test" | "solution"); `baseName()` names the
 * file once the server has answered. */
export async function saveCs188(model, options, kind, baseName) {
  try {
    const { text, solution } = await cs188Export(model, options);
    const body = kind === "solution" ? solution : text;
    download(new Blob([body], { type: "text/plain" }), `${baseName()}.${kind}`);
  } catch (err) {
    throw new TreeFileError(`CS188 export: ${err.message}`);
  }
}
