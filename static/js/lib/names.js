// lib/names.js: the short name people read for each node, instead of its index path.
//
// A node's name is its `label` when the document gives one. Otherwise it is a letter name
// counted in level order (breadth first, each level left to right in the node table's
// order): the root is A, then B, C, D for its children, and so on; after Z come AA, AB, …
// (as spreadsheet columns). Every node takes a place in that count, labelled or not, so
// labelling one node never renames another. Paths stay in the protocol and in data-path.
// Sentences that must name one node (practice explanations, answer sheets) use
// `uniqueNames`: where labels repeat (a game tree's "G1↓" at every ghost move), each
// repeated name is qualified by its parent and its letter name, "G1↓ under P→ (node K)", as
// app/practice/names.py's unique_names. `spokenName` reads a game's move symbols as words for
// accessible names ("O→6" → "O to square 6", "P←" → "Pacman west", "G1■" → "Ghost 1 stop"),
// `agentName` a game's players ("Ghost 1") and `directionName` Pacman's moves ("Westen"), in
// the page's language.

import { _, language, ngettext, pgettext } from "./i18n.js";

const NAMES = new WeakMap(); // trace → its names (computed once per trace)
const UNIQUE = new WeakMap(); // trace → its unique names, in the language they were made in

/** The n-th letter name (0 → "A", 25 → "Z", 26 → "AA", 701 → "ZZ", 702 → "AAA"). */
function letterName(n) {
  let name = "";
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) {
    name = String.fromCharCode(65 + ((k - 1) % 26)) + name;
  }
  return name;
}

/** Every node's name, indexed by node id (level order over the trace's node table). */
export function nodeNames(trace) {
  let names = NAMES.get(trace);
  if (names) return names;
  names = new Array(trace.size);
  if (trace.size > 0) {
    const queue = new Int32Array(trace.size);
    let head = 0;
    let tail = 0;
    queue[tail++] = 0;
    while (head < tail) {
      const id = queue[head];
      const label = trace.nodes[id].label;
      names[id] = label !== undefined && label !== null && label !== "" ? String(label) : letterName(head);
      head++;
      for (const child of trace.children[id]) queue[tail++] = child;
    }
  }
  NAMES.set(trace, names);
  return names;
}

/** Every node's name told apart from the others: a name more than one node has becomes
 * "name under parent (node K)", K its letter name (the root: "name (node A)"). */
export function uniqueNames(trace) {
  const cached = UNIQUE.get(trace);
  if (cached && cached.language === language()) return cached.names;
  const names = nodeNames(trace);
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  let unique = names;
  if ([...counts.values()].some((count) => count > 1)) {
    unique = [...names];
    const queue = [0];
    for (let place = 0; place < queue.length; place++) {
      const id = queue[place];
      if (counts.get(names[id]) > 1) {
        const parent = trace.nodes[id].parent;
        const values = { name: names[id], parent: names[parent], node: letterName(place) };
        unique[id] =
          parent === null || parent === undefined ? _("{name} (node {node})", values) : _("{name} under {parent} (node {node})", values);
      }
      queue.push(...trace.children[id]);
    }
  }
  UNIQUE.set(trace, { language: language(), names: unique });
  return unique;
}

/** Node `id`'s name. */
export function nameOf(trace, id) {
  return nodeNames(trace)[id];
}

const N_ = (msgid) => msgid; // marks a message for the catalogs; said with _() when shown
// Pacman's moves as CS188 names them (an edge's action), each a catalog message.
const DIRECTION_WORDS = { North: N_("North"), South: N_("South"), East: N_("East"), West: N_("West"), Stop: N_("Stop") };

/** A move's direction in the page's language ("West" → "Westen"): Pacman's moves as CS188
 * names them; any other action as it is (app/practice/names.py says the same). */
export function directionName(action) {
  return Object.hasOwn(DIRECTION_WORDS, action) ? _(DIRECTION_WORDS[action]) : action;
}

/** A child as a move: its name (from `names`) and, when the edge names the move, that too:
 * "B (West)"; not when the name says it already (a tic-tac-toe "O→5": square 5, cell 4). */
export function moveName(trace, id, names = nodeNames(trace)) {
  const action = trace.nodes[id].action;
  const name = names[id];
  if (action === undefined || action === null) return name;
  const move = String(action);
  return move === name || SQUARE_MOVE.test(name) ? name : `${name} (${directionName(move)})`;
}

/**
 * Nodes by name: "F", "F and G", "F, G and H", capped for long lists ("… and 40 more"), in
 * the page's language.
 * `names`: the names to use (uniqueNames' in sentences that must name one node).
 */
export function nameList(trace, ids, cap = 6, names = nodeNames(trace)) {
  const shown = ids.slice(0, cap).map((id) => names[id]);
  const more = ids.length - shown.length;
  if (more > 0) shown.push(ngettext("{n} more", "{n} more", more));
  return joinNames(shown);
}

/** Phrases joined as a list in the page's language: "F", "F and G", "F, G and H" (the
 * catalog's words, as app/practice/words.py joins them: the page and the API agree). */
export function joinNames(items) {
  if (items.length <= 1) return items.join("");
  const separator = pgettext("list separator", ", ");
  return _("{items} and {last}", { items: items.slice(0, -1).join(separator), last: items[items.length - 1] });
}

const SQUARE_MOVE = /^[XO]→\d$/; // a tic-tac-toe move's name: it names its square already

// A move's direction as spoken, in the page's language ("■", staying, is a phrase of its own).
const DIRECTIONS = {
  "↑": () => pgettext("spoken move", "north"),
  "↓": () => pgettext("spoken move", "south"),
  "→": () => pgettext("spoken move", "east"),
  "←": () => pgettext("spoken move", "west"),
};

/** A player's name as a document gives it (`agents`): a game's own names, "Pacman" and
 * "Ghost N", in the page's language; any other name as it is. */
export function agentName(name) {
  const text = String(name);
  const ghost = /^Ghost (\d+)$/.exec(text);
  return ghost ? _("Ghost {ghost}", { ghost: ghost[1] }) : text;
}

/** A node name as it is spoken: a game's move symbols in words (in the page's language); any
 * other name as it is. */
export function spokenName(name) {
  const text = String(name);
  let m = /^([XO])→(\d)$/.exec(text);
  if (m) return _("{player} to square {square}", { player: m[1], square: m[2] });
  m = /^(P|G(\d+))([↑↓→←■])$/.exec(text);
  if (!m) return text;
  const ghost = m[2];
  if (m[3] === "■") return ghost ? _("Ghost {ghost} stop", { ghost }) : _("Pacman stop");
  const direction = DIRECTIONS[m[3]]();
  return ghost ? _("Ghost {ghost} {direction}", { ghost, direction }) : _("Pacman {direction}", { direction });
}
