// maze.js: a Pacman maze drawn as SVG, one unit per cell (x the column from the left, y the
// row from the top, as the server sends them): walls, food dots, capsules, Pacman and one to
// four ghosts. The ghosts differ by colour, by the hem of their outline and by the number
// they carry, so colour is never the only cue; a scared ghost turns blue with a white frown
// and may stand between two cells (a half position), its timer in the picture's name and in
// `data-scared`. The <svg> is one role="img" whose name says where everyone is, in words;
// moves are D3 transitions of `duration` ms (the caller passes 0 under reduced motion). The
// words are the page's language's (lib/i18n.js).

/* global d3 */

import { _, ngettext, pgettext } from "../lib/i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FACING = { East: 0, South: 90, West: 180, North: 270 };
// Pacman facing east, centred on (0, 0), radius 0.42, the mouth open 70°.
const PACMAN_PATH = "M0,0L0.344,-0.241A0.42,0.42 0 1,0 0.344,0.241Z";
const GHOST_HEAD = "M-0.38,0.4V-0.04A0.38,0.38 0 0,1 0.38,-0.04V0.4";
// One hem per ghost: wavy, zigzag, square notches, scallops.
const GHOST_PATHS = [
  `${GHOST_HEAD}q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0Z`,
  `${GHOST_HEAD}l-0.127,-0.14l-0.127,0.14l-0.127,-0.14l-0.127,0.14l-0.127,-0.14l-0.127,0.14Z`,
  `${GHOST_HEAD}h-0.19v-0.12h-0.19v0.12h-0.19v-0.12h-0.19Z`,
  `${GHOST_HEAD}a0.095,0.095 0 0,0 -0.19,0a0.095,0.095 0 0,0 -0.19,0a0.095,0.095 0 0,0 -0.19,0a0.095,0.095 0 0,0 -0.19,0Z`,
];
const FROWN = "M-0.2,0.2l0.1,-0.07l0.1,0.07l0.1,-0.07l0.1,0.07";

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

const at = ([x, y]) => `${x + 0.5},${y + 0.5}`;
const cellKey = ([x, y]) => `${x},${y}`;

/** Where a position is, in words: "at column 5, row 2", "between columns 5 and 6, row 2". */
export function where([x, y]) {
  const values = { column: x + 1, row: y + 1, columnFrom: Math.floor(x) + 1, columnTo: Math.ceil(x) + 1 };
  Object.assign(values, { rowFrom: Math.floor(y) + 1, rowTo: Math.ceil(y) + 1 });
  if (Number.isInteger(x)) {
    return Number.isInteger(y)
      ? _("at column {column}, row {row}", values)
      : _("at column {column}, between rows {rowFrom} and {rowTo}", values);
  }
  return Number.isInteger(y)
    ? _("between columns {columnFrom} and {columnTo}, row {row}", values)
    : _("between columns {columnFrom} and {columnTo}, between rows {rowFrom} and {rowTo}", values);
}

export class MazeView {
  /** `container`: where the <svg> goes; `label`: what the picture is ("Maze", "Position"),
   * marked for the catalog and said in the page's language when the picture is described. */
  constructor(container, { label = "Maze", className = "maze" } = {}) {
    this.label = label;
    this.svg = el("svg", { class: className, role: "img", preserveAspectRatio: "xMidYMid meet" });
    container.appendChild(this.svg);
    this.maze = null;
  }

  /** Draw a new maze ({width, height, rows: ["%%%", "%.%", …], ghosts, capsules?}): walls,
   * the floor's food dots and capsules (shown or not by each state), the agents. */
  setMaze(maze) {
    this.maze = maze;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${maze.width} ${maze.height}`);
    svg.dataset.maze = maze.name || "";
    el("rect", { class: "floor", x: 0, y: 0, width: maze.width, height: maze.height }, svg);
    const walls = el("g", { class: "walls" }, svg);
    const foodLayer = el("g", { class: "food" }, svg);
    const capsuleLayer = el("g", { class: "capsules" }, svg);
    this.food = new Map(); // "x,y" → <circle>
    this.capsules = new Map();
    maze.rows.forEach((row, y) => {
      [...row].forEach((c, x) => {
        if (c === "%") {
          el("rect", { class: "wall", x, y, width: 1, height: 1 }, walls);
        } else if (c === "o") {
          const capsule = el("circle", { class: "capsule", cx: x + 0.5, cy: y + 0.5, r: 0.27 }, capsuleLayer);
          capsule.dataset.cell = `${x},${y}`;
          this.capsules.set(`${x},${y}`, capsule);
        } else {
          const dot = el("circle", { class: "dot", cx: x + 0.5, cy: y + 0.5, r: 0.12 }, foodLayer);
          dot.dataset.cell = `${x},${y}`;
          this.food.set(`${x},${y}`, dot);
        }
      });
    });
    this.ghosts = maze.ghosts.map((_, i) => {
      const g = el("g", { class: "ghost", "data-ghost": i + 1 }, svg);
      el("path", { class: "ghost-body", d: GHOST_PATHS[i % GHOST_PATHS.length] }, g);
      const number = el("text", { class: "ghost-number", x: 0, y: 0.12 }, g);
      number.textContent = String(i + 1);
      el("path", { class: "ghost-frown", d: FROWN }, g);
      return g;
    });
    this.pacman = el("g", { class: "pacman" }, svg);
    this.mouth = el("path", { class: "pacman-body", d: PACMAN_PATH }, this.pacman);
    this.shown = null;
  }

  /**
   * Show `state` ({pacman, ghosts, scared?, food, capsules?, status}); `facing`: Pacman's
   * last move ("West"…); `duration`: ms the agents take to get there (0: at once).
   */
  show(state, { facing = "East", duration = 0 } = {}) {
    if (!this.maze) return;
    const move = (node, transform) => {
      const sel = d3.select(node).interrupt();
      if (duration > 0 && this.shown) sel.transition().duration(duration).ease(d3.easeLinear).attr("transform", transform);
      else sel.attr("transform", transform);
    };
    move(this.pacman, `translate(${at(state.pacman)})`);
    this.mouth.setAttribute("transform", `rotate(${FACING[facing] ?? 0})`);
    const scared = state.scared || [];
    state.ghosts.forEach((cell, i) => {
      const ghost = this.ghosts[i];
      move(ghost, `translate(${at(cell)})`);
      const timer = scared[i] || 0;
      ghost.classList.toggle("scared", timer > 0);
      if (timer > 0) ghost.dataset.scared = String(timer);
      else delete ghost.dataset.scared;
    });
    this.left = new Set(state.food.map(cellKey));
    this.leftCapsules = new Set((state.capsules || []).map(cellKey));
    this.hideEaten(this.food, () => this.left, duration);
    this.hideEaten(this.capsules, () => this.leftCapsules, duration);
    this.pacman.classList.toggle("caught", state.status === "loss");
    this.svg.dataset.status = state.status || "playing";
    this.shown = state;
    this.svg.setAttribute("aria-label", this.describe(state));
  }

  /** Describe the position shown again (a language switch in place, lib/language.js). */
  retell() {
    if (this.shown) this.svg.setAttribute("aria-label", this.describe(this.shown));
  }

  /** Hide what was eaten: as Pacman reaches it, not as he sets off (unless a later state has
   * put it back: stepping back). */
  hideEaten(items, left, duration) {
    for (const [key, item] of items) {
      const eaten = !left().has(key);
      if (eaten === item.classList.contains("eaten")) continue;
      if (eaten && duration > 0) setTimeout(() => item.classList.toggle("eaten", !left().has(key)), duration * 0.8);
      else item.classList.toggle("eaten", eaten);
    }
  }

  /** The picture in words, for the svg's accessible name. */
  describe(state) {
    const scared = state.scared || [];
    const pacman = where(state.pacman);
    const parts = [state.status === "loss" ? _("Pacman (caught) {where}", { where: pacman }) : _("Pacman {where}", { where: pacman })];
    state.ghosts.forEach((cell, i) => {
      const timer = scared[i] || 0;
      const values = { ghost: i + 1, where: where(cell) };
      parts.push(
        timer > 0
          ? ngettext("Ghost {ghost} (scared, {n} move left) {where}", "Ghost {ghost} (scared, {n} moves left) {where}", timer, values)
          : _("Ghost {ghost} {where}", values)
      );
    });
    parts.push(ngettext("{n} food dot left", "{n} food dots left", state.food.length));
    const capsules = (state.capsules || []).length;
    if (this.capsules.size) parts.push(ngettext("{n} capsule left", "{n} capsules left", capsules));
    const { width, height } = this.maze;
    const separator = pgettext("clause separator", "; ");
    return _("{label}, {width} by {height}: {parts}.", { label: _(this.label), width, height, parts: parts.join(separator) });
  }
}
