// lib/share-text.js: the text people copy to share a view: the clipboard (with a fallback for
// frames that may not write to it) and the <iframe> snippet of an embed, escaped for an
// attribute. Used by the visualizer's Share panel and the practice page.

// The embed code's frame: as wide as the column it is put in (up to EMBED_MAX_WIDTH px), its
// height from EMBED_ASPECT, so it fits a phone (390 px wide: 260 px high) as well as a course
// page, never a fixed size that overflows a narrow column.
const EMBED_MAX_WIDTH = 720;
const EMBED_ASPECT = "3/2";
/** Copy text to the clipboard; falls back to selecting a read-only input and execCommand. */
export async function copyText(text, fallbackInput) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission denied (e.g. an iframe without clipboard-write): fall back
  }
  if (fallbackInput) {
    fallbackInput.focus();
    fallbackInput.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
  return false;
}

function attr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The <iframe> snippet for an embed URL: responsive (width 100%, an aspect ratio). */
export function embedCode(src, title, maxWidth = EMBED_MAX_WIDTH, aspect = EMBED_ASPECT) {
  const style = `width:100%;max-width:${maxWidth}px;aspect-ratio:${aspect};border:0`;
  return `<iframe src="${attr(src)}" title="${attr(title)}" loading="lazy" ` + `style="${style}"></iframe>`;
}
