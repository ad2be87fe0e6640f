// tree/levels.js: who moves at each depth of the tree, for the level ruler and the node styles.
//
// Players take turns by level (`players`, e.g. ["max", "min", "min"]: Pacman, then two ghosts),
// so depth d belongs to player d mod players.length. A document may name them (`agents`,
// e.g. ["Pacman", "Ghost 1", "Ghost 2"]); otherwise a level is named by its kind, numbered
// when a kind moves more than once a round ("MIN 1", "MIN 2"). `variant` tells the second
// (third, …) player of one kind in a round apart: the view draws it differently, not only
// under another name.

import { KIND_NAMES } from "../lib/format.js";

/**
 * One entry per depth: `{depth, kind, agent, name, variant}`. kind: "max" | "min" | "chance"
 * for the inner nodes there, "mixed" when a custom tree mixes kinds, "leaves" when a level
 * holds only leaves; agent: index into `players` (-1 when unknown).
 */
export function levelsOf(trace, { players = null, agents = null } = {}) {
  const kinds = [];
  for (let i = 0; i < trace.size; i++) {
    const d = trace.depth[i];
    while (kinds.length <= d) kinds.push(new Set());
    if (!trace.nodes[i].terminal) kinds[d].add(trace.nodes[i].kind);
  }
  const round = Array.isArray(players) && players.length ? players : null;
  const named = round && Array.isArray(agents) && agents.length === round.length ? agents : null;
  return kinds.map((set, depth) => {
    const kind = set.size === 0 ? "leaves" : set.size === 1 ? [...set][0] : "mixed";
    const agent = round && round[depth % round.length] === kind ? depth % round.length : -1;
    const variant = agent > 0 ? round.slice(0, agent).filter((p) => p === kind).length : 0;
    const repeats = agent >= 0 && round.filter((p) => p === kind).length > 1;
    let name = kind === "leaves" ? "leaves" : kind === "mixed" ? "mixed" : KIND_NAMES[kind];
    if (kind === "chance") name = "chance";
    if (agent >= 0 && named) name = String(named[agent]);
    else if (repeats) name = `${name} ${variant + 1}`;
    return { depth, kind, agent, name, variant };
  });
}
