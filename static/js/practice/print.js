// practice/print.js: the exercise on paper. Printed, the practice page is a worksheet
// (print.css): the rules, the whole tree at step 0 (leaf values only, drawn by
// tree/picture.js into figure.print-tree when printing starts) and the answer sheet as boxes
// to fill. "Print answer key" prints the same worksheet followed by the engine's answers
// (body[data-print="key"]): the tree at the end of the search, each visited inner node's
// value (and α/β window), the pruned branches and the best move, read from truth.js. The key
// is written only while printing, so it is never on screen.

import { fmt, kindName } from "../lib/format.js";
import { _ } from "../lib/i18n.js";
import { moveName, nameOf } from "../lib/names.js";
import { printedTree, whilePrinting } from "../lib/printing.js";
import { treePicture } from "../tree/picture.js";

function el(tag, text = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  return node;
}

/** One line per visited inner node: "B (MIN) = 3, α=−∞ β=3", in the node table's order. */
export function keyValues(trace, truth) {
  const rows = [...truth.exits.keys()].sort((a, b) => a - b);
  return rows.map((row) => {
    const kind = row === 0 ? _("{kind}, root", { kind: kindName(trace.nodes[row].kind) }) : kindName(trace.nodes[row].kind);
    const window = truth.windows.get(row);
    const bounds = window ? `, α=${fmt(window.alpha)} β=${fmt(window.beta)}` : "";
    return `${nameOf(trace, row)} (${kind}) = ${fmt(truth.returned[row])}${bounds}`;
  });
}

/** The roots of the pruned branches, named, with the cutoff that pruned each. */
export function keyPruned(trace, truth) {
  const roots = [...truth.prunedBy.keys()].sort((a, b) => a - b);
  return roots.map((row) => {
    const cut = truth.prunedBy.get(row);
    const values = { node: nameOf(trace, row), at: nameOf(trace, cut.node) };
    return cut.kind === "alpha" ? _("{node} (α-cutoff at {at})", values) : _("{node} (β-cutoff at {at})", values);
  });
}

/** The root's best move, named ("B"; "—" when the root makes none). */
export function keyBestMove(trace, truth) {
  const child = truth.bestMove === null ? undefined : trace.children[0][truth.bestMove];
  return child === undefined ? "—" : moveName(trace, child);
}

export class PracticePrint {
  /**
   * els: {tree (the view's container), key (section.answer-key), sheetButton, keyButton
   * (absent in the embed)}; current(): {trace, truth, pictureOptions} of the exercise shown,
   * or null before one is loaded.
   */
  constructor(els, current) {
    this.els = els;
    this.current = current;
    printedTree(els.tree, (figure) => {
      const exercise = this.current();
      if (exercise) figure.replaceChildren(this.picture(exercise, 0, _("The tree (leaf values)")));
    });
    whilePrinting(
      () => this.fillKey(),
      () => {
        els.key.replaceChildren();
        delete document.body.dataset.print;
      }
    );
    if (els.sheetButton) els.sheetButton.addEventListener("click", () => this.print(false));
    if (els.keyButton) els.keyButton.addEventListener("click", () => this.print(true));
  }

  picture({ trace, pictureOptions }, step, title) {
    return treePicture(trace, step, { ...pictureOptions, title });
  }

  /** Print the worksheet, with the answer key after it when `withKey`. */
  print(withKey) {
    if (!this.current()) return;
    if (withKey) document.body.dataset.print = "key";
    else delete document.body.dataset.print;
    window.print();
  }

  /** Write the answer key (only when it is to be printed). */
  fillKey() {
    const exercise = this.current();
    if (!exercise || document.body.dataset.print !== "key") return;
    const { trace, truth } = exercise;
    const figure = el("figure");
    figure.className = "print-tree";
    figure.appendChild(this.picture(exercise, trace.length, _("The tree at the end of the search")));
    const list = (items, tag = "ol") => {
      const out = el(tag);
      for (const text of items.length ? items : [_("none")]) out.appendChild(el("li", text));
      return out;
    };
    this.els.key.replaceChildren(
      el("h2", _("Answer key")),
      figure,
      el("h3", _("Values returned")),
      list(keyValues(trace, truth)),
      el("h3", _("Pruned (never searched)")),
      list(keyPruned(trace, truth), "ul"),
      el("h3", _("Best move")),
      el("p", keyBestMove(trace, truth))
    );
  }
}
