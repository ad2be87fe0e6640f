// maze.js: a Pacman maze drawn as SVG, one unit per cell (x the column from the left, y the
// row from the top, as the server sends them): walls, food dots, Pacman and two ghosts. The
// ghosts differ by colour, by outline (Ghost 1 a wavy hem, Ghost 2 a zigzag hem) and by the
// number they carry, so colour is never the only cue. The <svg> is one role="img" whose
// name says where everyone is, in words; moves are D3 transitions of `duration` ms (the
// caller passes 0 under prefers-reduced-motion).

/* global d3 */

const SVG_NS = "http://www.w3.org/2000/svg";
const FACING = { East: 0, South: 90, West: 180, North: 270 };
// Pacman facing east, centred on (0, 0), radius 0.42, the mouth open 70°.
const PACMAN_PATH = "M0,0L0.344,-0.241A0.42,0.42 0 1,0 0.344,0.241Z";
const GHOST_HEAD = "M-0.38,0.4V-0.04A0.38,0.38 0 0,1 0.38,-0.04V0.4";
const GHOST_PATHS = [
  `${GHOST_HEAD}q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0q-0.095,-0.14 -0.19,0Z`,
  `${GHOST_HEAD}l-0.127,-0.14l-0.127,0.14l-0.127,-0.14l-0.127,0.14l-0.127,-0.14l-0.127,0.14Z`,
];

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

const at = ([x, y]) => `${x + 0.5},${y + 0.5}`;
const where = ([x, y]) => `column ${x + 1}, row ${y + 1}`;

export class MazeView {
  /** `container`: where the <svg> goes; `label`: what the picture is ("Maze", "Position"). */
  constructor(container, { label = "Maze", className = "maze" } = {}) {
    this.label = label;
    this.svg = el("svg", { class: className, role: "img", preserveAspectRatio: "xMidYMid meet" });
    container.appendChild(this.svg);
    this.maze = null;
  }

  /** Draw a new maze ({width, height, rows: ["%%%", "%.%", …]}): walls and empty floor. */
  setMaze(maze) {
    this.maze = maze;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${maze.width} ${maze.height}`);
    svg.dataset.maze = maze.name || "";
    el("rect", { class: "floor", x: 0, y: 0, width: maze.width, height: maze.height }, svg);
    const walls = el("g", { class: "walls" }, svg);
    maze.rows.forEach((row, y) => {
      [...row].forEach((c, x) => {
        if (c === "%") el("rect", { class: "wall", x, y, width: 1, height: 1 }, walls);
      });
    });
    this.foodLayer = el("g", { class: "food" }, svg);
    this.food = new Map(); // "x,y" → <circle>
    maze.rows.forEach((row, y) => {
      [...row].forEach((c, x) => {
        if (c !== "%") {
          const dot = el("circle", { class: "dot", cx: x + 0.5, cy: y + 0.5, r: 0.12 }, this.foodLayer);
          dot.dataset.cell = `${x},${y}`;
          this.food.set(`${x},${y}`, dot);
        }
      });
    });
    this.ghosts = [0, 1].map((i) => {
      const g = el("g", { class: "ghost", "data-ghost": i + 1 }, svg);
      el("path", { class: "ghost-body", d: GHOST_PATHS[i] }, g);
      const number = el("text", { class: "ghost-number", x: 0, y: 0.2 }, g);
      number.textContent = String(i + 1);
      return g;
    });
    this.pacman = el("g", { class: "pacman" }, svg);
    this.mouth = el("path", { class: "pacman-body", d: PACMAN_PATH }, this.pacman);
    this.shown = null;
  }

  /**
   * Show `state` ({pacman, ghosts, food, status}); `facing`: Pacman's last move ("West"…);
   * `duration`: ms the agents take to get there (0: at once).
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
    state.ghosts.forEach((cell, i) => move(this.ghosts[i], `translate(${at(cell)})`));
    const left = new Set(state.food.map(([x, y]) => `${x},${y}`));
    this.left = left;
    for (const [key, dot] of this.food) {
      const eaten = !left.has(key);
      if (eaten === dot.classList.contains("eaten")) continue;
      // A dot disappears as Pacman reaches it, not as he sets off (unless a later state
      // has put it back: stepping back).
      if (eaten && duration > 0) setTimeout(() => dot.classList.toggle("eaten", !this.left.has(key)), duration * 0.8);
      else dot.classList.toggle("eaten", eaten);
    }
    this.pacman.classList.toggle("caught", state.status === "loss");
    this.svg.dataset.status = state.status || "playing";
    this.shown = state;
    this.svg.setAttribute("aria-label", this.describe(state));
  }

  /** The picture in words, for the svg's accessible name. */
  describe(state) {
    const food = state.food.length;
    const ghosts = state.ghosts.map((cell, i) => `Ghost ${i + 1} at ${where(cell)}`).join("; ");
    const caught = state.status === "loss" ? " (caught)" : "";
    return (
      `${this.label}, ${this.maze.width} by ${this.maze.height}: Pacman${caught} at ${where(state.pacman)}; ` +
      `${ghosts}; ${food} food ${food === 1 ? "dot" : "dots"} left.`
    );
  }
}
