// lib/help.js: the help dialog every page has (templates/_help.html): the page's keys, the
// clicker's, and what the tree's marks mean. "?" opens it, as on most sites, when single-key
// shortcuts are on (lib/single-keys.js: "?" is one character key, WCAG 2.1.4); F1 and the
// page's Help buttons ([data-action="help"]) always do. It is a modal <dialog>: while it is
// open the rest of the page is inert, Tab cycles through its own controls, the page's keys rest,
// Escape and its Close button close it, and the focus goes back to where it was. A key typed in a text field
// is text (lib/keys.js ownsKey), and a key the page has taken already (defaultPrevented) is
// left alone.

import { ownsKey } from "./keys.js";
import { singleKeysOn } from "./single-keys.js";

/** Whether `event` asks for help: F1 always, "?" where it is a shortcut. */
export function asksForHelp(event, singleKeys) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  if (event.key === "F1") return true;
  return event.key === "?" && singleKeys && !ownsKey(event.target, event.key);
}

/** Tab from the dialog's last control goes to its first, Shift+Tab from the first to the
 * last: a modal dialog otherwise lets the focus out to the browser's own controls. */
function keepTabInside(dialog, event) {
  const stops = [...dialog.querySelectorAll("a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])")];
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const at = dialog.ownerDocument.activeElement;
  if (event.shiftKey ? at === first || !dialog.contains(at) : at === last || !dialog.contains(at)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** Wire the page's help dialog (#help) and its buttons; a page without one is left alone. */
export function wireHelp(doc = document) {
  const dialog = doc.getElementById("help");
  if (!dialog) return;
  let opener = null;
  const open = () => {
    if (dialog.open) return;
    opener = doc.activeElement;
    dialog.showModal();
    for (const button of doc.querySelectorAll('[data-action="help"]')) button.setAttribute("aria-expanded", "true");
  };
  dialog.addEventListener("close", () => {
    for (const button of doc.querySelectorAll('[data-action="help"]')) button.setAttribute("aria-expanded", "false");
    if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
    // Opened from the page itself (nothing focused): the focus leaves the closed dialog.
    if (dialog.contains(doc.activeElement)) doc.activeElement.blur();
    opener = null;
  });
  for (const button of doc.querySelectorAll('[data-action="help"]')) {
    button.setAttribute("aria-expanded", "false");
    button.addEventListener("click", open);
  }
  dialog.querySelector('[data-action="help-close"]').addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  // The window's capture phase, before any of the page's keys (the player's, a clicker's, a
  // blank screen's): "?" and F1 never also act on the page, and while the dialog is open the
  // page's keys rest (the browser still moves the focus with Tab, presses a button with Enter
  // or Space and closes the dialog with Escape: those are its own, not listeners').
  doc.defaultView.addEventListener(
    "keydown",
    (event) => {
      if (dialog.open) {
        event.stopImmediatePropagation();
        if (event.key === "Tab") keepTabInside(dialog, event);
        return;
      }
      if (event.key !== "?" && event.key !== "F1") return; // the setting is read for these only
      if (!asksForHelp(event, singleKeysOn())) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      open();
    },
    true
  );
}
