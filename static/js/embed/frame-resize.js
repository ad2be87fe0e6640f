// embed/frame-resize.js: an embed that sizes itself. Framed (and only then), the page tells its
// parent how tall its content is, {subject: "lti.frameResize", height: <CSS px>}, the message
// Canvas and other LMSs act on by setting the iframe's height (docs/deployment.md shows the
// few lines a plain page needs). A ResizeObserver watches the page's elements; a change is
// posted once it has settled (DEBOUNCE_MS), and only when the height differs from the last one
// posted. The height is the content's, never the frame's: when the parent sets the frame to
// it, nothing in the page changes size, so no new message follows (no loop). Pages whose
// content follows the frame's height (the tree embed fills its frame) report the frame's
// height, once.
//
// Loaded as a module by embed.html and embed_practice.html; it starts by itself.

import { FRAME_RESIZE } from "../lib/frame-message.js";

const DEBOUNCE_MS = 100;

/** The content's height in CSS px: the lowest bottom edge of the body's elements. */
export function contentHeight(doc = document) {
  const scroll = doc.defaultView ? doc.defaultView.scrollY : 0;
  let bottom = 0;
  for (const el of doc.body.children) {
    if (el.tagName === "SCRIPT") continue;
    const box = el.getBoundingClientRect();
    if (box.height === 0 && box.width === 0) continue;
    const margin = parseFloat(getComputedStyle(el).marginBottom) || 0;
    bottom = Math.max(bottom, box.bottom + scroll + margin);
  }
  return Math.ceil(bottom);
}

/**
 * Post the content's height to `target` (the parent frame) now and whenever it changes.
 * Returns a function that stops watching; null when the page is not framed.
 */
export function postFrameHeight(target = window.parent, debounceMs = DEBOUNCE_MS) {
  if (!target || target === window) return null;
  let posted = -1;
  let timer = null;
  const post = () => {
    timer = null;
    const height = contentHeight();
    if (height <= 0 || height === posted) return;
    posted = height;
    target.postMessage({ subject: FRAME_RESIZE, height }, "*");
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(post, debounceMs);
  };
  const sizes = new ResizeObserver(later);
  sizes.observe(document.documentElement);
  for (const el of document.body.children) sizes.observe(el);
  // Elements the page adds to the body later (a dialog, a notice) count too.
  const added = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node.nodeType === 1) sizes.observe(node);
    }
    later();
  });
  added.observe(document.body, { childList: true });
  later();
  return () => {
    clearTimeout(timer);
    sizes.disconnect();
    added.disconnect();
  };
}

postFrameHeight();
