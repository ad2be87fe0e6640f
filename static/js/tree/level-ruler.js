// tree/level-ruler.js: the column beside the tree that names each level's player (MAX, MIN,
// chance, or the document's agent names such as "Pacman", "Ghost 1", "Ghost 2"). It is
// HTML over the SVG's left edge, in a column the tree is fitted beside (tree/fit.js), and
// follows the zoom's vertical position and scale. When the tree is packed to fit, the column
// shrinks to the icons (the names stay the rows' accessible text).
//
// Reads: levels (levels.js), the zoom transform, the level gap and the deepest level drawn. A
// chip is shown only whole and above the minimap.

import { _, language } from "../lib/i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CHIP_HALF = 12; // half a chip's height (.level: 24 px, centred on its level)
const ICONS = {
  max: "M0,-8L9,6H-9Z",
  min: "M0,8L9,-6H-9Z",
  chance: "M-7.5,0a7.5,7.5 0 1,0 15,0a7.5,7.5 0 1,0 -15,0Z",
  leaves: "M-7,-7h14v14h-14Z",
  mixed: "M-7,-7h14v14h-14Z",
};
const INNER_MARK = { max: "M0,-2L4,4H-4Z", min: "M0,2L4,-4H-4Z" };

export class LevelRuler {
  constructor(container) {
    this.element = document.createElement("ol");
    this.element.className = "level-ruler";
    this.element.setAttribute("aria-label", _("Levels"));
    container.appendChild(this.element);
    this.rows = [];
    this.measured = null;
  }

  /** The levels of a new tree (levelsOf's entries). */
  setLevels(levels) {
    this.levels = levels;
    this.lang = language();
    this.element.replaceChildren();
    this.rows = levels.map((level) => {
      const row = document.createElement("li");
      row.className = "level";
      row.dataset.depth = String(level.depth);
      row.dataset.kind = level.kind;
      if (level.agent >= 0) row.dataset.agent = String(level.agent);
      if (level.variant) row.dataset.variant = String(level.variant);
      const icon = document.createElementNS(SVG_NS, "svg");
      icon.setAttribute("class", "level-icon");
      icon.setAttribute("viewBox", "-10 -10 20 20");
      icon.setAttribute("aria-hidden", "true");
      icon.setAttribute("focusable", "false");
      const shape = document.createElementNS(SVG_NS, "path");
      shape.setAttribute("d", ICONS[level.kind] || ICONS.mixed);
      icon.appendChild(shape);
      if (level.variant && INNER_MARK[level.kind]) {
        const mark = document.createElementNS(SVG_NS, "path");
        mark.setAttribute("class", "inner-mark");
        mark.setAttribute("d", INNER_MARK[level.kind]);
        icon.appendChild(mark);
      }
      const name = document.createElement("span");
      name.className = "level-name";
      name.textContent = level.name;
      row.append(icon, name);
      this.element.appendChild(row);
      return row;
    });
    this.measured = null;
  }

  get width() {
    return this.element.offsetWidth;
  }

  /** The column's width with the names and with icons only (measured once per size). */
  widths() {
    if (!this.measured) {
      const iconsOnly = this.element.classList.contains("icons-only");
      this.element.classList.remove("icons-only");
      const names = this.element.offsetWidth;
      this.element.classList.add("icons-only");
      const icons = this.element.offsetWidth;
      this.element.classList.toggle("icons-only", iconsOnly);
      this.measured = { names, icons };
    }
    return this.measured;
  }

  /** Write every level's name again, in the page's language now. */
  rename() {
    this.lang = language();
    this.rows.forEach((row, depth) => {
      row.querySelector(".level-name").textContent = this.levels[depth].name;
    });
    this.measured = null;
  }

  /** The page's size or fonts changed: measure the column again. */
  remeasure() {
    this.measured = null;
  }

  /** Names beside the icons, or (the tree packed to fit) the icons alone. */
  setIconsOnly(on) {
    if (this.element.classList.contains("icons-only") !== on) this.element.classList.toggle("icons-only", on);
  }

  /** Place each level's row beside its nodes; hide the levels not drawn or not wholly in the
   * panel's top `height` px (above the minimap): a chip is never cut, nor over the minimap. */
  update(transform, levelGap, deepest, height) {
    if (this.lang !== language()) this.rename(); // a language switch in place (lib/language.js)
    for (const row of this.rows) {
      const depth = Number(row.dataset.depth);
      const y = transform.applyY(depth * levelGap);
      const shown = depth <= deepest && y >= CHIP_HALF && y <= height - CHIP_HALF;
      row.hidden = !shown;
      if (shown) row.style.transform = `translateY(${Math.round(y)}px)`;
    }
  }
}
