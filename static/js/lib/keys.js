// lib/keys.js: who a key press belongs to. The page's shortcuts (the player's arrows, Space,
// Home/End, PageUp/PageDown; the editor's Ctrl+Z) listen on the whole document, so before
// acting they ask ownsKey(event.target, event.key): true when the focused element uses that
// key itself (a button is pressed by Space and Enter, a checkbox ticked by Space, a radio
// group moves with the arrows, a slider with the arrows, Home/End and PageUp/PageDown, and a
// select or a text field takes every key: typing, caret moves, type-ahead, Escape). Any
// control owns Space and Enter, so Space is a page shortcut only where nothing would be
// pressed. The tree's nodes (role=treeitem) own what tree/focus.js handles (arrows,
// Home/End, Enter, + and −) and leave Space and PageUp/PageDown to the page.
//
// Presentation mode has its own rule (clickerCommand): a presenter's remote (a "clicker")
// sends PageDown/PageUp or →/←, Space, and B or . to blank the screen, and those keys must do
// the same whatever control the presenter last clicked (the slider, a player button, the
// speed menu, a tree node). Only a text field (typing) and a panel that keeps its keys
// ([data-own-keys], the lecture question's) keep them.

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

// While presenting: KeyboardEvent.key → what a clicker means by it.
const CLICKER_COMMANDS = {
  PageDown: "forward",
  ArrowRight: "forward",
  PageUp: "back",
  ArrowLeft: "back",
  " ": "togglePlay",
  Spacebar: "togglePlay",
  b: "blank",
  B: "blank",
  ".": "blank",
};

/**
 * While presenting: the command a key press asks for, whatever control has the focus
 * ("forward", "back", "togglePlay" or "blank"), or null: not a clicker's key, a modifier held
 * (Shift+← → go to cutoffs, as outside the mode), or the focus in a text field or in a panel
 * that keeps its keys ([data-own-keys]).
 */
export function clickerCommand(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const command = CLICKER_COMMANDS[event.key];
  if (!command || (event.shiftKey && command !== "blank")) return null;
  const target = event.target;
  if (target && target.closest && target.closest("[data-own-keys]")) return null;
  if (target && target.getAttribute && kindOf(target) === "text") return null;
  return command;
}
