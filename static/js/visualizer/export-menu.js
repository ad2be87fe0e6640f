// visualizer/export-menu.js: the editor's Export menu. Asks the server (POST /api/export,
// docs/formats.md) for the tree on screen, at the step shown, as LaTeX (TikZ forest), DOT,
// SVG or a course's format, then downloads it or copies it to the clipboard. A format that
// cannot hold the tree says why, in the file error line.

import { _ } from "../lib/i18n.js";
import { exportTree } from "../lib/api.js";
import { download } from "../lib/export.js";

const EXTENSIONS = { tikz: "tex", dot: "dot", svg: "svg", brackets: "txt", mit6034: "py", aima: "py" };

/** Wire the menu's controls to the page `shell` ({doc, runOptions, step}). */
export function wireExportMenu(shell) {
  const $ = (id) => document.getElementById(id);
  const format = $("ed-export-format");
  const status = $("ed-export-status");
  const fetchText = async () => {
    status.hidden = true;
    if (!shell.doc) return null;
    try {
      const { text } = await exportTree(shell.doc, shell.runOptions, shell.step, format.value);
      return text;
    } catch (err) {
      status.textContent = _("Export: {error}", { error: err.message });
      status.hidden = false;
      return null;
    }
  };
  $("ed-export").addEventListener("click", async () => {
    const text = await fetchText();
    if (text === null) return;
    const type = format.value === "svg" ? "image/svg+xml" : "text/plain";
    download(new Blob([text], { type }), `prune-tree.${EXTENSIONS[format.value]}`);
  });
  $("ed-export-copy").addEventListener("click", async () => {
    const text = await fetchText();
    if (text === null) return;
    await navigator.clipboard.writeText(text);
    status.textContent = _("Copied.");
    status.hidden = false;
  });
}
