// drill/room.js: a drill the presenter started for a lecture room (docs/protocol.md, "Lecture
// drills"). The room's invitation opens the drill page in a new tab (?room=CODE&drill=ID,
// with the drill's level and seed), so everyone does the same seeded trees. This tab sends
// nothing over the network: after each Check it tells the lecture tab that opened it, over a
// BroadcastChannel (same browser, same origin), the trees right and done; the lecture tab
// sends them to the room under its anonymous token (lecture/drill-host.js). A new drill from
// the presenter comes back the same way and starts the sitting again.

import { normalizeCode } from "../lib/room-codes.js";

export const DRILL_CHANNEL = "prune.lecture.drill";

/**
 * Join room `code`'s drill `drillId`; null when the address names none. `start({id, level,
 * seed})`: the presenter started another drill. Returns {code, drill, report(clean)}.
 */
export function joinRoomDrill(code, drillId, { start }) {
  const room = normalizeCode(code);
  if (!room || !drillId || typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(DRILL_CHANNEL);
  const joined = { code: room, drill: drillId, right: 0, done: 0 };
  channel.addEventListener("message", ({ data }) => {
    if (!data || data.type !== "drill" || data.room !== room || !data.drill || data.drill.id === joined.drill) return;
    Object.assign(joined, { drill: data.drill.id, right: 0, done: 0 });
    start(data.drill);
  });
  joined.report = (clean) => {
    joined.done += 1;
    if (clean) joined.right += 1;
    const { drill, right, done } = joined;
    channel.postMessage({ type: "result", room, drill, right, done });
  };
  return joined;
}
