// lib/page-setup.js: what every page does first, whatever it is: its theme (lib/theme.js) and
// its help (lib/help.js: ? and F1, the page's keys, the legend, the theme switch). Each page's
// entry module calls setUpPage() before anything else, so the first paint has the theme.

import { wireHelp } from "./help.js";
import { applyChosenTheme, wireThemeSwitch } from "./theme.js";

export function setUpPage() {
  applyChosenTheme();
  wireHelp();
  for (const select of document.querySelectorAll("[data-theme-switch]")) wireThemeSwitch(select);
}
