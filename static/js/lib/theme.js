// lib/theme.js: light, dark, projector (light, with thicker lines and darker greys:
// projector.css), or the system's (the default). The colours are the style sheets'
// (app.css: every colour a light-dark() pair, picked by the root's color-scheme, which
// follows the system until a theme is chosen), so nothing is drawn again when the theme
// changes: no trace reloaded, no step lost. The choice comes from `theme=` in the address
// (an embed matching its course page; that page only), else the one made on this browser
// (localStorage, every page), else "system". It lives in the page store's `theme` (lib/page-store.js)
// and is mirrored on <html data-theme> (none for "system"). Prints are always light (print.css).

import { pageStore } from "./page-store.js";

export const THEMES = ["system", "light", "dark", "projector"];
const STORAGE_KEY = "prune.theme";

/** The theme asked for: `theme=` in `search`, else the stored choice, else "system". */
export function chosenTheme(search = window.location.search, storage = safeStorage()) {
  const asked = new URLSearchParams(search).get("theme");
  if (THEMES.includes(asked)) return asked;
  const stored = storage && storage.getItem(STORAGE_KEY);
  return THEMES.includes(stored) ? stored : "system";
}

function safeStorage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the system's theme, and a choice lasts as long as the page
  }
}

/** Set the page's theme from the address or the stored choice, and mirror it on <html>. */
export function applyChosenTheme(root = document.documentElement) {
  pageStore.set({ theme: chosenTheme() });
  const write = (theme) => {
    if (theme !== "system" && THEMES.includes(theme)) root.dataset.theme = theme;
    else delete root.dataset.theme;
  };
  write(pageStore.get().theme);
  pageStore.subscribe((state, changed) => {
    if ("theme" in changed) write(state.theme);
  });
}

/** Keep `select` (options system | light | dark | projector) and the chosen theme in step; a choice is
 * kept for every page of this browser. */
export function wireThemeSwitch(select) {
  if (!select) return;
  select.value = pageStore.get().theme || "system";
  select.addEventListener("change", () => {
    const theme = THEMES.includes(select.value) ? select.value : "system";
    pageStore.set({ theme });
    const storage = safeStorage();
    if (storage) storage.setItem(STORAGE_KEY, theme);
  });
  pageStore.subscribe((state, changed) => {
    if ("theme" in changed && select.value !== state.theme) select.value = state.theme;
  });
}
