// pacman-rules.js: one agent's move applied to a Pacman position, in the page's screen
// coordinates (x the column from the left, y the row from the top), as the server's rules
// apply it (app/games/pacman_cs188.py for rules=cs188, pacman.py for rules=prune). Pure:
// the miniature maze of the decision view replays a node's path with it, and play-it-yourself
// asks it which of Pacman's moves a wall blocks. A state is the API's: {pacman, ghosts,
// scared, food, capsules, score, status}; `scared` and `capsules` may be missing (prune).
//
// CS188: a Pacman move costs 1, food is worth 10 and the last food 500 more (a win); a
// capsule scares every ghost for 40 of its moves; a scared ghost moves half a cell and is put
// on the nearest cell when its timer reaches 1. A ghost within 0.7 (Manhattan) of Pacman is
// eaten when scared (+200, back to its start) and otherwise costs 500, each, and the game.

export const PACMAN_ACTIONS = ["West", "Stop", "East", "North", "South"];
export const VECTORS = { West: [-1, 0], Stop: [0, 0], East: [1, 0], North: [0, -1], South: [0, 1] };
const STEP_COST = 1;
const FOOD = 10;
const LAST_FOOD = 500;
const CAUGHT = 500;
const EAT_GHOST = 200;
const SCARED_TIME = 40;
const COLLISION = 0.7;

const key = ([x, y]) => `${x},${y}`;

/** The course's nearestPoint in screen coordinates: x rounds halves up; y (counted from the
 * bottom by the course) rounds them towards the top. */
export function nearestCell([x, y]) {
  return [Math.floor(x + 0.5), Math.ceil(y - 0.5)];
}

export function isWall(maze, [x, y]) {
  const row = maze.rows[y];
  return row === undefined || x < 0 || x >= row.length || row[x] === "%";
}

/** Pacman's legal moves from `state` in the course's order (none once the game is over). */
export function pacmanActions(maze, state) {
  if (state.status && state.status !== "playing") return [];
  const [x, y] = state.pacman;
  return PACMAN_ACTIONS.filter((action) => {
    const [dx, dy] = VECTORS[action];
    return !isWall(maze, [x + dx, y + dy]);
  });
}

/** A copy of `state` deep enough to change. */
function copy(state, ghostCount) {
  return {
    pacman: [...state.pacman],
    ghosts: state.ghosts.map((cell) => [...cell]),
    scared: state.scared ? [...state.scared] : new Array(ghostCount).fill(0),
    food: new Map(state.food.map((cell) => [key(cell), cell])),
    capsules: new Map((state.capsules || []).map((cell) => [key(cell), cell])),
    score: Number(state.score) || 0,
    status: state.status || "playing",
  };
}

function finish(next) {
  return { ...next, food: [...next.food.values()], capsules: [...next.capsules.values()] };
}

/**
 * The position after agent `agent` (0 Pacman, i Ghost i) plays `action` from `state` on
 * `maze` ({rows, ghosts: start cells}) under `rules` ("cs188" | "prune").
 */
export function afterMove(maze, state, agent, action, rules = "cs188") {
  const next = copy(state, state.ghosts.length);
  const [dx, dy] = VECTORS[action] || [0, 0];
  if (rules === "prune") return finish(prunesMove(next, agent, dx, dy));
  if (agent === 0) {
    next.pacman = [next.pacman[0] + dx, next.pacman[1] + dy];
    next.score -= STEP_COST;
    const here = key(next.pacman);
    if (next.food.delete(here)) {
      next.score += FOOD;
      if (next.food.size === 0) {
        next.score += LAST_FOOD;
        next.status = "win";
      }
    }
    if (next.capsules.delete(here)) next.scared = next.scared.map(() => SCARED_TIME);
    next.ghosts.forEach((_, ghost) => collide(maze, next, ghost));
  } else {
    const ghost = agent - 1;
    const timer = next.scared[ghost];
    const speed = timer > 0 ? 0.5 : 1;
    const [x, y] = next.ghosts[ghost];
    let moved = [x + dx * speed, y + dy * speed];
    if (timer === 1) moved = nearestCell(moved);
    next.ghosts[ghost] = moved;
    next.scared[ghost] = Math.max(0, timer - 1);
    collide(maze, next, ghost);
  }
  return finish(next);
}

/** The course's checkDeath for one ghost. */
function collide(maze, next, ghost) {
  const [gx, gy] = next.ghosts[ghost];
  const distance = Math.abs(gx - next.pacman[0]) + Math.abs(gy - next.pacman[1]);
  if (distance > COLLISION) return;
  if (next.scared[ghost] > 0) {
    next.ghosts[ghost] = [...maze.ghosts[ghost]];
    next.scared[ghost] = 0;
    next.score += EAT_GHOST;
  } else if (next.status !== "win") {
    next.status = "loss";
    next.score -= CAUGHT;
  }
}

/** Prune's first rules: no capsules; a ghost on Pacman's cell loses the game (−500 once)
 * unless that move ate the last food. */
function prunesMove(next, agent, dx, dy) {
  if (next.status !== "playing") return next;
  if (agent === 0) {
    next.pacman = [next.pacman[0] + dx, next.pacman[1] + dy];
    next.score -= STEP_COST;
    if (next.food.delete(key(next.pacman))) next.score += next.food.size ? FOOD : FOOD + LAST_FOOD;
  } else {
    const [x, y] = next.ghosts[agent - 1];
    next.ghosts[agent - 1] = [x + dx, y + dy];
  }
  const [px, py] = next.pacman;
  if (next.food.size === 0) {
    next.status = "win"; // checked first, as the course does: the last food wins on a ghost's cell
  } else if (next.ghosts.some(([x, y]) => x === px && y === py)) {
    next.status = "loss";
    next.score -= CAUGHT;
  }
  return next;
}
