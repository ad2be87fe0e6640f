// drill/room.js: a drill driven by a lecture room (placeholder until the room messages land).

/** Join room `code`'s drill; null when there is no room. */
export function joinRoomDrill(code) {
  if (!code) return null;
  return null;
}
