// lesson/editor-reorder.js: moving a slide card of the lesson editor (lesson/editor.js) by its
// handle. With a mouse, drag it (HTML drag and drop) and drop it on another card. With the
// keyboard, the handle is a toggle button: Enter or Space picks the slide up (aria-pressed),
// ↑ and ↓ carry it, Enter or Space puts it down, Escape puts it back where it was, and leaving
// the handle puts it down where it is. Alt+↑ / Alt+↓ anywhere in a card stays a shortcut
// (editor.js). The editor redraws its list after every move, so what is being carried is kept
// here by position, and each new handle is told whether it is the one.

let dragFrom = null; // the card being dragged, by index
let carried = null; // {from, at}: the slide picked up with the keyboard (where it was, where it is)

/**
 * Wire card `li` (slide `index`) and its `handle`. `move(from, to, focusPart)` moves a slide
 * and focuses the moved card's handle; `announce(text)` says it in the editor's live region;
 * `titleOf(index)` names a slide; `count()` is how many slides there are.
 */
export function bindReorder(li, handle, index, { move, announce, titleOf, count }) {
  handle.setAttribute("aria-pressed", String(carried !== null && carried.at === index));
  handle.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const press = event.key === "Enter" || event.key === " ";
    if (carried === null) {
      if (!press) return;
      event.preventDefault();
      carried = { from: index, at: index };
      handle.setAttribute("aria-pressed", "true");
      announce(`“${titleOf(index)}” picked up: ↑ and ↓ move it, Enter or Space puts it down, Escape puts it back.`);
      return;
    }
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const to = index + (event.key === "ArrowUp" ? -1 : 1);
      if (to < 0 || to >= count()) return; // the first or the last slide already
      carried.at = to;
      move(index, to, "handle"); // redraws the list: the new handle reads `carried`
    } else if (press) {
      event.preventDefault();
      putDown(handle, index, announce, titleOf);
    } else if (event.key === "Escape") {
      event.preventDefault();
      const { from } = carried;
      carried = null;
      if (from !== index) move(index, from, "handle");
      announce(`“${titleOf(from)}” put back at position ${from + 1}.`);
    }
  });
  // Leaving the handle (Tab, a click elsewhere) puts the slide down where it is; a redraw
  // after a move replaces the handle, and the new one has the focus: that is not leaving.
  handle.addEventListener("blur", () => {
    setTimeout(() => {
      const active = document.activeElement;
      if (carried === null || (active && active.classList.contains("drag-handle"))) return;
      carried = null;
    }, 0);
  });
  handle.addEventListener("dragstart", (event) => {
    dragFrom = index;
    li.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(index));
  });
  handle.addEventListener("dragend", () => li.classList.remove("dragging"));
  li.addEventListener("dragover", (event) => {
    if (dragFrom === null) return;
    event.preventDefault();
    li.classList.add("drop-before");
  });
  li.addEventListener("dragleave", () => li.classList.remove("drop-before"));
  li.addEventListener("drop", (event) => {
    event.preventDefault();
    li.classList.remove("drop-before");
    const from = dragFrom;
    dragFrom = null;
    if (from !== null) move(from, index);
  });
}

function putDown(handle, index, announce, titleOf) {
  carried = null;
  handle.setAttribute("aria-pressed", "false");
  announce(`“${titleOf(index)}” put down at position ${index + 1}.`);
}
