// lecture/player-link.js: where lecture mode meets this page's player (player/player.js) and
// run. The presenter's cursor is read from it and its changes are watched in the page's run
// store (player/run-store.js: step, playing, speed, runState); the teacher's cursor is shown
// on it, step by step (a following student's player has no clock of its own); and a following student's own
// use of the player or the input panel detaches them (lecture/room.js decides what follows).

import { keyCommand } from "../player/player.js";

/** The presenter's cursor: the player's step, whether it plays, and its speed (¼× to 16×). */
export function cursorNow(player) {
  const speed = Math.min(16, Math.max(0.25, Number(player.speed) || 1));
  return { step: player.k, playing: !!player.playing, speed };
}

/**
 * Steps, play/pause and speed are seen in the run store: `noteCursor()` on a change of any;
 * `onRunState(runState)` when the page's run state changes (a run finished: apply a cursor
 * that waited for its events).
 */
export function watchPlayer(store, noteCursor, onRunState) {
  store.subscribe((state, changed) => {
    if ("step" in changed || "playing" in changed || "speed" in changed) noteCursor();
    if ("runState" in changed) onRunState(state.runState);
  });
}

/** Show the teacher's cursor: step, speed, and play/pause (the teacher's messages step). */
export function applyCursor(app, cursor) {
  if (!cursor) return;
  const p = app.player;
  p.setSpeed(cursor.speed);
  if (app.store.get().runState !== "done") return; // applied when the run is done
  p.cancel(); // no clock of its own: each step comes from the teacher
  app.store.set({ playing: !!cursor.playing }); // shown as playing (narrated at a speaking pace)
  p.show(cursor.step);
}

/**
 * Manual stepping, scrubbing or input changes detach a following student; so does a key
 * the player acts on (player.js keyCommand), never one the focused control or the tree
 * uses (arrows move between the tree's nodes: the step stays the teacher's).
 * `isFollowing()`: a student follows the teacher now; `detach()` stops that; `isPresenting()`:
 * presentation mode is on (a clicker's keys then step whatever has the focus).
 */
export function watchStudentInput(isFollowing, detach, isPresenting = () => false) {
  const mine = (target) => target && target.closest && target.closest(".lecture-ui");
  const inPlayer = (target) => target && target.closest && target.closest("#player");
  const inInputs = (target) => target && target.closest && target.closest("#inputs");
  // A panel that keeps its keys (the question's: lecture/answering.js) never detaches.
  const ownKeys = (target) => target && target.closest && target.closest("[data-own-keys]");
  const following = (event) => event.isTrusted && isFollowing();
  const maybeDetach = (event, test) => {
    if (!following(event) || mine(event.target) || !test(event.target)) return;
    detach();
  };
  const control = (t) => inPlayer(t) || inInputs(t);
  const capture = true; // before the player's and the panel's own handlers
  document.addEventListener("click", (e) => maybeDetach(e, (t) => control(t) && t.closest("button")), capture);
  document.addEventListener("input", (e) => maybeDetach(e, control), capture);
  document.addEventListener("change", (e) => maybeDetach(e, control), capture);
  document.addEventListener(
    "keydown",
    (e) => {
      if (!following(e) || ownKeys(e.target)) return;
      if (keyCommand(e, { presenting: isPresenting() })) detach();
    },
    capture
  );
}
