// pacman-position.js: the position of a node in a Pacman decision's search tree, drawn as a
// miniature maze beside the tree. A node's position is the decision's position (the root)
// after the moves along its path: each row's `action` ("North", …, "Stop") is played by the
// agent whose level it is (depth mod the number of agents: Pacman, Ghost 1 … Ghost n), by
// the game's rules (pacman-rules.js: food, capsules, scared ghosts, collisions, the score).

import { _, formatNumber, ngettext, pgettext } from "../lib/i18n.js";
import { MazeView } from "./maze.js";
import { directionName } from "../lib/names.js";
import { PRUNED } from "../trace/trace.js";
import { afterMove } from "./pacman-rules.js";

const N_ = (text) => text; // marks a string for the catalog; translated where it is shown

const agentMove = (agent, action) => {
  const direction = directionName(action);
  return agent === 0 ? _("Pacman {direction}", { direction }) : _("Ghost {ghost} {direction}", { ghost: agent, direction });
};
/** Which node the caption is about, in the page's language. */
export const WHO = () => ({ hovered: _("Under the pointer"), focused: _("Focused node"), current: _("This step's node") });

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
    this.view = new MazeView(element, { label: N_("Position at the node"), className: "maze mini-maze" });
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
    const who = WHO()[how];
    const line = moves.map((m) => agentMove(m.agent, m.action)).join(pgettext("list separator", ", "));
    let text = id === 0 ? _("{who}: the position Pacman decides from.", { who }) : _("{who}: {moves}.", { who, moves: line });
    text += " " + _("Score {score}.", { score: formatNumber(state.score) });
    if (state.status === "loss") text += " " + _("A ghost catches Pacman here.");
    else if (state.status === "win") text += " " + _("Pacman has eaten all the food.");
    const row = trace.nodes[id];
    // Said once the search has pruned it (before, it would give the answer away).
    if (Number.isFinite(row.unexpanded) && trace.current.state[id] === PRUNED) {
      text += " " + prunedSentence(row.unexpanded);
    }
    this.caption.textContent = text;
  }
}

/** "Pruned: the 120 positions below it were never generated." */
export function prunedSentence(unexpanded) {
  return ngettext(
    "Pruned: the {n} position below it was never generated.",
    "Pruned: the {n} positions below it were never generated.",
    unexpanded
  );
}
