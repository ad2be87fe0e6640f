// pacman-position.js: the position of a node in a Pacman decision's search tree, drawn as a
// miniature maze beside the tree. A node's position is the decision's position (the root)
// after the moves along its path: each row's `action` ("North", …, "Stop") moves the agent
// whose level it is (depth mod 3 from the root: Pacman, Ghost 1, Ghost 2). Pacman eats the
// food where he arrives; a ghost on Pacman's cell catches him.

import { MazeView } from "./maze.js";
import { PRUNED } from "../trace/trace.js";

const STEP = { North: [0, -1], South: [0, 1], East: [1, 0], West: [-1, 0], Stop: [0, 0] };
const AGENTS = ["Pacman", "Ghost 1", "Ghost 2"];

/** {state, moves, facing} at node `id`: moves are [{agent, action}] from the root down. */
export function positionAt(trace, id, root) {
  const path = [];
  for (let i = id; i > 0; i = trace.parent[i]) path.push(i);
  path.reverse();
  let pacman = [...root.pacman];
  const ghosts = root.ghosts.map((cell) => [...cell]);
  const food = new Map(root.food.map(([x, y]) => [`${x},${y}`, [x, y]]));
  let facing = "East";
  let status = root.status || "playing";
  const moves = [];
  for (const node of path) {
    const action = String(trace.nodes[node].action);
    const agent = (trace.depth[node] - 1) % AGENTS.length;
    const [dx, dy] = STEP[action] || [0, 0];
    if (agent === 0) {
      pacman = [pacman[0] + dx, pacman[1] + dy];
      if (action !== "Stop") facing = action;
      food.delete(`${pacman[0]},${pacman[1]}`);
    } else {
      const ghost = ghosts[agent - 1];
      ghosts[agent - 1] = [ghost[0] + dx, ghost[1] + dy];
    }
    moves.push({ agent, action });
    if (ghosts.some(([x, y]) => x === pacman[0] && y === pacman[1])) status = "loss";
    else if (food.size === 0) status = "win";
  }
  return { state: { pacman, ghosts, food: [...food.values()], status }, moves, facing };
}

/** The decision view's position panel for Pacman: a miniature maze and a caption. */
export class MazePosition {
  constructor(element) {
    this.element = element;
    this.element.replaceChildren();
    this.view = new MazeView(element, { label: "Position at the node", className: "maze mini-maze" });
    this.caption = document.createElement("p");
    this.caption.className = "mini-caption";
    this.element.appendChild(this.caption);
    this.root = null;
  }

  /** A new decision: its maze and the position Pacman decided from. */
  setRoot(maze, state) {
    this.view.setMaze(maze);
    this.root = state;
  }

  show(trace, id, how) {
    if (!this.root) return;
    const { state, moves, facing } = positionAt(trace, id, this.root);
    this.view.show(state, { facing });
    this.view.svg.dataset.node = trace.keys[id];
    const who = { hovered: "Under the pointer", focused: "Focused node", current: "This step's node" }[how];
    const line = moves.map((m) => `${AGENTS[m.agent]} ${m.action}`).join(", ");
    let text = id === 0 ? `${who}: the position Pacman decides from.` : `${who}: ${line}.`;
    if (state.status === "loss") text += " A ghost catches Pacman here.";
    else if (state.status === "win") text += " Pacman has eaten all the food.";
    const row = trace.nodes[id];
    // Said once the search has pruned it (before, it would give the answer away).
    if (Number.isFinite(row.unexpanded) && trace.current.state[id] === PRUNED) {
      text += ` Pruned: the ${row.unexpanded.toLocaleString("en")} positions below it were never generated.`;
    }
    this.caption.textContent = text;
  }
}
