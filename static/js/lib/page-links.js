// lib/page-links.js: the header's "More" menu. "Practice this tree" and "Compare searches" open
// the tree on screen (its source and options, as the address names them) on those pages;
// the step stays behind (it means something else there), and so does a lecture code.

const KEEP_OUT = ["step", "lecture"];

/** `path` with the visualizer's current tree and options in the query. */
export function withCurrentTree(path, search = window.location.search) {
  const query = new URLSearchParams(search);
  for (const key of KEEP_OUT) query.delete(key);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Point every `a[data-tree-link]` at its page with the current tree (after each URL write). */
export function updateTreeLinks(root = document) {
  for (const link of root.querySelectorAll("a[data-tree-link]")) {
    link.href = withCurrentTree(link.dataset.treeLink);
  }
}
