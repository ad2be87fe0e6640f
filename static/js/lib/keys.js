// lib/keys.js: who a key press belongs to. The page's shortcuts (the player's arrows, Space,
// Home/End, PageUp/PageDown; the editor's Ctrl+Z) listen on the whole document, so before
// acting they ask ownsKey(event.target, event.key): true when the focused element uses that
// key itself (a button is pressed by Space and Enter, a checkbox ticked by Space, a radio
// group moves with the arrows, a slider with the arrows, Home/End and PageUp/PageDown, and a
// select or a text field takes every key: typing, caret moves, type-ahead, Escape). Any
// control owns Space and Enter, so Space is a page shortcut only where nothing would be
// pressed. The tree's nodes (role=treeitem) own what tree/focus.js handles (arrows,
// Home/End, Enter, + and −) and leave Space and PageUp/PageDown to the page.

const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
const ENDS = ["Home", "End"];
const PAGES = ["PageUp", "PageDown"];
const PRESS = [" ", "Spacebar", "Enter"];
const EVERY_KEY = null; // text fields and lists: typing, caret moves, type-ahead

// The keys each kind of focused element uses (EVERY_KEY: all of them).
const KEYS = {
  text: EVERY_KEY,
  list: EVERY_KEY,
  slider: new Set([...ARROWS, ...ENDS, ...PAGES, ...PRESS]),
  radio: new Set([...ARROWS, ...PRESS]),
  item: new Set([...ARROWS, ...ENDS, ...PRESS]), // tab, menu item, option
  treeitem: new Set([...ARROWS, ...ENDS, "Enter", "+", "=", "-"]),
  button: new Set(PRESS),
};

const INPUT_KINDS = {
  range: "slider",
  radio: "radio",
  checkbox: "button",
  button: "button",
  submit: "button",
  reset: "button",
  image: "button",
  file: "button",
  color: "button",
};

const ROLE_KINDS = new Map([
  ["textbox", "text"],
  ["searchbox", "text"],
  ["combobox", "text"],
  ["spinbutton", "text"],
  ["listbox", "list"],
  ["slider", "slider"],
  ["radio", "radio"],
  ["tab", "item"],
  ["menuitem", "item"],
  ["menuitemcheckbox", "item"],
  ["menuitemradio", "item"],
  ["option", "item"],
  ["treeitem", "treeitem"],
  ["button", "button"],
  ["checkbox", "button"],
  ["switch", "button"],
  ["link", "button"],
]);

/** What kind of control `el` is (a key of KEYS), or null when it is not one. */
function kindOf(el) {
  if (el.isContentEditable) return "text";
  const role = (el.getAttribute("role") || "").trim().split(/\s+/)[0];
  if (ROLE_KINDS.has(role)) return ROLE_KINDS.get(role);
  switch (el.tagName) {
    case "TEXTAREA":
      return "text";
    case "SELECT":
      return "list";
    case "INPUT":
      return INPUT_KINDS[el.type] || "text";
    case "BUTTON":
    case "SUMMARY":
      return "button";
    case "A":
      return el.hasAttribute("href") ? "button" : null;
    default:
      return null;
  }
}

/**
 * Whether the focused element `target` (a keydown's target) uses `key` (KeyboardEvent.key)
 * itself, so that a page shortcut on that key must leave it alone.
 */
export function ownsKey(target, key) {
  if (!target || !target.getAttribute) return false; // the document, the window
  const kind = kindOf(target);
  if (kind === null) return false;
  const keys = KEYS[kind];
  return keys === EVERY_KEY || keys.has(key);
}
