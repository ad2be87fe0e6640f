// pacman-play.js: "play it yourself" on the Pacman page. The arrow keys, and the on-screen pad
// (↑ ← ■ → ↓ for touch, each button named "Move Pacman West" …), ask to move Pacman; the
// page (pacman.js) checks the move against the walls and asks the server for the ghosts'
// replies. Arrow keys belong to the game unless the focus is in the decision view (there they
// step the search: the player and the tree's nodes own them) or on a control that uses them
// (keys.js: a select, a text field, a slider). Listening in the capture phase and calling
// preventDefault() keeps the decision view's player, which listens on the document too,
// from also stepping the search.

import { ownsKey } from "../lib/keys.js";

const KEY_MOVES = { ArrowUp: "North", ArrowDown: "South", ArrowLeft: "West", ArrowRight: "East" };

/** The move a key press asks for ("North" …), or null when it is not the game's. */
export function keyMove(event, outside) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const move = KEY_MOVES[event.key];
  if (!move) return null;
  const target = event.target;
  if (target && target.closest && target.closest(outside)) return null;
  return ownsKey(target, event.key) ? null : move;
}

export class PlayPad {
  /**
   * `pad`: the element holding [data-move] buttons; `onMove(move)`: a move was asked for;
   * `outside`: a selector of the regions whose arrow keys are not the game's.
   */
  constructor(pad, { onMove, outside = "#decision" }) {
    this.pad = pad;
    for (const button of pad.querySelectorAll("[data-move]")) {
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") onMove(button.dataset.move);
      });
    }
    document.addEventListener(
      "keydown",
      (event) => {
        if (event.defaultPrevented) return;
        const move = keyMove(event, outside);
        if (!move) return;
        event.preventDefault();
        onMove(move);
      },
      true
    );
  }

  /** Which buttons are open: `legal`, the moves Pacman may make now (none while the game is
   * over or a move is on its way). The keys always ask: the page says why a move cannot be. */
  setLegal(legal) {
    for (const button of this.pad.querySelectorAll("[data-move]")) {
      const open = legal.includes(button.dataset.move);
      button.setAttribute("aria-disabled", open ? "false" : "true");
    }
  }
}
