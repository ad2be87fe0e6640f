// lib/single-keys.js: the "Single-key shortcuts" setting (WCAG 2.1.4). The page's shortcuts
// made of one character key (P presents, F fits all, B and . blank the screen while presenting)
// can be turned off, for speech input and for anyone who presses keys by mistake; the choice
// is kept for every page of this browser (localStorage) and in the page store
// (lib/page-store.js). Keys that act only on a focused control (a node's + and −, X on a
// question's tree) and keys that are not characters (arrows, Space, PageDown) are not affected.

import { pageStore } from "./page-store.js";

const STORAGE_KEY = "prune.singleKeyShortcuts";

/** Whether single-key shortcuts are on (the default): the choice made on this page (the page
 * store's singleKeys, kept even if storage refuses it), else the stored one. */
export function singleKeysOn() {
  const chosen = pageStore.get().singleKeys;
  if (chosen !== null) return chosen;
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true; // storage blocked: the default
  }
}

/** Keep `checkbox` (checked: on) and the stored setting in step. */
export function wireSingleKeySwitch(checkbox) {
  if (!checkbox) return;
  checkbox.checked = singleKeysOn();
  checkbox.addEventListener("change", () => {
    const chosen = checkbox.checked;
    pageStore.set({ singleKeys: chosen });
    try {
      localStorage.setItem(STORAGE_KEY, chosen ? "on" : "off");
    } catch {
      // storage blocked: the choice lasts as long as the page
    }
  });
}
