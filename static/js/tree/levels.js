// tree/levels.js: who moves at each depth of the tree, for the level ruler and the node styles.
//
// Players take turns by level (`players`, e.g. ["max", "min", "min"]: Pacman, then two ghosts),
// so depth d belongs to player d mod players.length. A document may name them (`agents`,
// e.g. ["Pacman", "Ghost 1", "Ghost 2"]: a game's own names in the page's language,
// lib/names.js agentName); otherwise a level is named by its kind, numbered when a kind
// moves twice in a row ("MIN 1", "MIN 2": two ghosts). `variant` tells the second (third, …)
// player of one kind apart: the view draws it differently, not only under another name. A
// kind that comes back after another's move (MAX, MIN, MAX: a three-ply exam tree) is the
// same player again, unless the document names them apart (`agents`). A level's `name` is
// written when it is read, so after a language switch in place it reads in the new language.

import { _, pgettext } from "../lib/i18n.js";
import { KIND_NAMES } from "../lib/format.js";
import { agentName } from "../lib/names.js";

/**
 * One entry per depth: `{depth, kind, agent, name, variant}`. kind: "max" | "min" | "chance"
 * for the inner nodes there, "mixed" when a custom tree mixes kinds, "leaves" when a level
 * holds only leaves; agent: index into `players` (-1 when unknown).
 */
/** How many players before `agent` in the round are of its kind. */
function earlierOfKind(round, agent) {
  return round.slice(0, agent).filter((p) => p === round[agent]).length;
}

/** How many players right before `agent` in the round are of its kind (a run: two ghosts). */
function runBefore(round, agent) {
  let n = 0;
  while (agent - n - 1 >= 0 && round[agent - n - 1] === round[agent]) n++;
  return n;
}

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
    const variant = agent > 0 ? (named ? earlierOfKind(round, agent) : runBefore(round, agent)) : 0;
    const repeats = agent >= 0 && round.some((p, a) => p === kind && a > 0 && round[a - 1] === kind);
    return {
      depth,
      kind,
      agent,
      variant,
      get name() {
        return levelName(kind, agent >= 0 && named ? named[agent] : null, repeats ? variant + 1 : 0);
      },
    };
  });
}

/** A level's name in the page's language: the document's agent, else its kind (numbered). */
function levelName(kind, agent, number) {
  if (agent) return agentName(agent);
  let name = kind === "leaves" ? _("leaves") : kind === "mixed" ? _("mixed") : KIND_NAMES[kind];
  if (kind === "chance") name = pgettext("level", "chance");
  return number ? `${name} ${number}` : name;
}
