// visualizer/tree-notice.js: the message box over the tree view (#tree-notice): "this tree is too
// big for the address bar" (tone "info", polite) or "no tree is loaded" (tone "error", nothing
// could be shown). Its close button hides it; hiding it never leaves the focus on the page's body.

const $ = (id) => document.getElementById(id);

export class TreeNotice {
  constructor() {
    this.box = $("tree-notice");
    this.text = $("tree-notice-text");
    $("tree-notice-close").addEventListener("click", () => this.hide());
  }

  /** Whether the notice says that nothing could be shown (hidden or not). */
  get isError() {
    return this.box.dataset.tone === "error";
  }

  /** A message over the tree view; tone "info" (polite) or "error" (nothing could be shown). */
  show(text, tone) {
    this.text.textContent = text;
    this.box.dataset.tone = tone;
    this.box.hidden = false;
  }

  /** Hide the notice; if the focus was in it, give it to the tree's tab stop, or with no tree
   * to the source choice (never to the page's body). */
  hide() {
    const hadFocus = this.box.contains(document.activeElement);
    this.box.hidden = true;
    if (!hadFocus) return;
    const next = document.querySelector('#tree [role="treeitem"][tabindex="0"]') || document.querySelector('input[name="source"]:checked');
    if (next) next.focus();
  }
}
