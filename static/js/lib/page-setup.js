// lib/page-setup.js: what every page does first, whatever it is: its theme (lib/theme.js), its
// language (lib/i18n.js; the switch, lib/language.js) and its help (lib/help.js: ? and F1, the
// page's keys, the legend, the theme switch). Each page's entry module calls setUpPage() before anything else, so the first paint has the theme.

import { wireHelp } from "./help.js";
import { language } from "./i18n.js";
import { wireLanguageSwitch } from "./language.js";
import { pageStore } from "./page-store.js";
import { applyChosenTheme, wireThemeSwitch } from "./theme.js";

export function setUpPage() {
  applyChosenTheme();
  pageStore.set({ lang: language() });
  wireHelp();
  for (const select of document.querySelectorAll("[data-theme-switch]")) wireThemeSwitch(select);
  for (const select of document.querySelectorAll("[data-language-switch]")) wireLanguageSwitch(select);
}
