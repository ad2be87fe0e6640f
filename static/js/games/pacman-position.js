// pacman-position.js: the position of a node in a Pacman decision's search tree, drawn as a
// miniature maze beside the tree. A node's position is the decision's position (the root)
// after the moves along its path: each row's `action` ("North", …, "Stop") is played by the
// agent whose level it is (depth mod the number of agents: Pacman, Ghost 1 … Ghost n), by
// the game's rules (pacman-rules.js: food, capsules, scared ghosts, collisions, the score).

import { MazeView } from "./maze.js";
import { PRUNED } from "../trace/trace.js";
import { afterMove } from "./pacman-rules.js";

const agentName = (agent) => (agent === 0 ? "Pacman" : `Ghost ${agent}`);

/** {state, moves, facing} at node `id`: moves are [{agent, action}] from the root down.
 * `maze` has the ghosts' start cells (an eaten ghost goes back there); `rules`: cs188 | prune. */
export function positionAt(trace, id, root, { maze, rules = "cs188", facing = "East" } = {}) {
  const path = [];
  for (let i = id; i > 0; i = trace.parent[i]) path.push(i);
  path.reverse();
  const agents = root.ghosts.length + 1;
  let state = root;
  const moves = [];
  for (const node of path) {
    const action = String(trace.nodes[node].action);
    const agent = (trace.depth[node] - 1) % agents;
    state = afterMove(maze, state, agent, action, rules);
    if (agent === 0 && action !== "Stop") facing = action;
    moves.push({ agent, action });
  }
  return { state, moves, facing };
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

  /** A new decision: its maze, the position Pacman decided from, the rules and his facing. */
  setRoot(maze, state, { rules = "cs188", facing = "East" } = {}) {
    this.view.setMaze(maze);
    this.maze = maze;
    this.root = state;
    this.rules = rules;
    this.facing = facing;
  }

  show(trace, id, how) {
    if (!this.root) return;
    const { state, moves, facing } = positionAt(trace, id, this.root, {
      maze: this.maze,
      rules: this.rules,
      facing: this.facing,
    });
    this.view.show(state, { facing });
    this.view.svg.dataset.node = trace.keys[id];
    const who = { hovered: "Under the pointer", focused: "Focused node", current: "This step's node" }[how];
    const line = moves.map((m) => `${agentName(m.agent)} ${m.action}`).join(", ");
    let text = id === 0 ? `${who}: the position Pacman decides from.` : `${who}: ${line}.`;
    text += ` Score ${state.score}.`;
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
