// tree/panel-size.js: noticing that a panel or the window changed size, without reacting to
// every frame of a drag or to sub-pixel jitter. The tree view refits through
// `watchPanelSize`; pages that only need to know a resize is over use `onResizeSettled`.

const RESIZE_SETTLE_MS = 150;

/** Calls `callback` once a burst of window resizes has settled, not on every frame of a drag. */
export function onResizeSettled(callback, wait = RESIZE_SETTLE_MS) {
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(callback, wait);
  });
}

/**
 * Calls `onResize` whenever `element` changes size (the window, the lecture bar, full screen,
 * presentation mode, the inputs hidden, an embed's narration growing by a line), not when it
 * is first observed. Sizes are compared rounded, so sub-pixel jitter never calls it; the first
 * change after a quiet spell calls it at once, and a burst (a window dragged) again once it
 * settles.
 */
export function watchPanelSize(element, onResize) {
  let size = null;
  let timer = null;
  let lastAt = -Infinity;
  const settled = () => {
    timer = null;
    onResize();
  };
  new ResizeObserver(([entry]) => {
    const { width, height } = entry.contentRect;
    const now = `${Math.round(width)}x${Math.round(height)}`;
    if (now === size) return;
    const first = size === null;
    size = now;
    if (first) return;
    const at = performance.now();
    const quiet = at - lastAt > RESIZE_SETTLE_MS;
    lastAt = at;
    clearTimeout(timer);
    if (quiet) settled();
    else timer = setTimeout(settled, RESIZE_SETTLE_MS);
  }).observe(element);
}
