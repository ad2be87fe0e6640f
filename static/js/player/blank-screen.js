// player/blank-screen.js: the black sheet a presenter's clicker puts over the whole page. B or .
// blanks the screen (body[data-blank="on"], a .blank-screen sheet, present-mode.css) and
// shows it again; a click on the sheet, or a step key, only brings the page back (the class
// sees the step it left). B and . are single-key shortcuts: with the "Single-key shortcuts"
// setting off (lib/single-keys.js) they do nothing. Presentation mode (player/presentation.js)
// and a presented lesson (lesson/present-mode.js) own one each and pass it their keys.

import { _ } from "../lib/i18n.js";
import { clickerCommand } from "../lib/keys.js";
import { singleKeysOn } from "../lib/single-keys.js";

export class BlankScreen {
  /** @param {{onBlank?: Function}} hooks  onBlank(): the screen went black (pause playback) */
  constructor({ onBlank = () => {} } = {}) {
    this.on = false;
    this.sheet = null; // made on the first blank
    this.onBlank = onBlank;
  }

  /**
   * A keydown while presenting (the window's capture phase, before the page's own keys): B or
   * . blanks or unblanks; another clicker key on a blank screen only unblanks it. Returns
   * whether the key was taken (its default is then prevented).
   */
  onKey(event) {
    if (event.defaultPrevented) return false;
    const command = clickerCommand(event);
    if (command === "blank") {
      if (!singleKeysOn()) return false;
      event.preventDefault();
      this.set(!this.on);
      return true;
    }
    if (command && this.on) {
      event.preventDefault();
      this.set(false);
      return true;
    }
    return false;
  }

  /** Blank the screen (`on`) or show it again. */
  set(on) {
    if (on === this.on) return;
    this.on = on;
    if (on && !this.sheet) {
      this.sheet = document.createElement("div");
      this.sheet.className = "blank-screen";
      const hint = document.createElement("span");
      hint.className = "visually-hidden";
      hint.textContent = _("The screen is blank: press B to show it again.");
      this.sheet.append(hint);
      this.sheet.addEventListener("click", () => this.set(false));
      document.body.append(this.sheet);
    }
    if (this.sheet) this.sheet.hidden = !on;
    if (on) {
      document.body.dataset.blank = "on";
      this.onBlank();
    } else {
      delete document.body.dataset.blank;
    }
  }
}
