// trace/window-events.js: decodes the events of the windowed searches (docs/protocol.md
// "Trace events"): a pass over the root (aspiration search) and PVS's re-search of a child
// whose null-window test failed high. trace.js decodes the classic kinds and asks here for
// these; DOM-free.

/** A wire array of one of these kinds as the object the panels read (named fields). */
export function decodeWindowEvent(wire) {
  const type = wire[0];
  switch (type) {
    case "pass": // names no node: its number, window and why (trace.js makes the root its node)
      return { type, number: wire[1], alpha: wire[2], beta: wire[3], why: wire[4] };
    case "research":
      return { type, alpha: wire[2], beta: wire[3] };
    default:
      throw new Error(`unknown event type ${type}`);
  }
}
