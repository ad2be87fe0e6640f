// lesson/present-mode.js: a lesson presented on a projector is in presentation mode, with the
// visualizer's pieces (player/). On a screen the size of a projector's (PROJECTOR: 1024×768,
// 1280×720, 1920×1080) the page store's `presenting` is true (lib/page-store.js; present.js
// mirrors it on `#stage[data-presenting="on"]`) and lesson-present.css gives the
// tree the room: values drawn at least PRESENT_PX CSS px where the tree fits (tree/fit.js:
// fit first, fold last), the narration a large caption of at most two lines
// (player/caption-fit.js), the notes readable from the back of the room; the header's actions
// and the player fade after 3 s without a pointer move or a key (player/idle-controls.js) and
// come back on the next one; B or . blanks the screen (player/blank-screen.js; playback
// stops), unless the "Single-key shortcuts" setting is off. Smaller screens (a phone) and
// embeds (/embed/l/<id>: the page does not make one) keep the page's own layout.

import { pageStore } from "../lib/page-store.js";
import { BlankScreen } from "../player/blank-screen.js";
import { CaptionFit } from "../player/caption-fit.js";
import { IdleControls } from "../player/idle-controls.js";
import { NORMAL_PX, PRESENT_PX } from "../player/presentation.js";

export const PROJECTOR = "(min-width: 900px) and (min-height: 560px)"; // lesson-present.css too

export class LessonPresentation {
  /**
   * @param {{stage: HTMLElement, view: TreeView, caption: Narration, controls: HTMLElement[]}}
   *   parts  stage: #stage (marked), view: the slide's tree view, caption: the narration panel,
   *   controls: what fades (the player, the header's actions)
   * @param {{onBlank: Function}} hooks  onBlank(): the screen went black (stop playing)
   */
  constructor({ stage, view, caption, controls }, { onBlank }) {
    this.stage = stage;
    this.view = view;
    this.on = false;
    this.blank = new BlankScreen({ onBlank });
    this.idle = new IdleControls(controls);
    this.caption = new CaptionFit(caption);
    // The window's capture phase: before the deck's keys (present.js) and the focused control.
    window.addEventListener("keydown", (event) => this.on && this.blank.onKey(event), true);
    const projector = window.matchMedia(PROJECTOR);
    projector.addEventListener("change", () => this.set(projector.matches));
    this.set(projector.matches);
  }

  /** Present (`on`: a projector's screen) or show the lesson as a page. */
  set(on) {
    if (on === this.on) return;
    this.on = on;
    pageStore.set({ presenting: on }); // the page mirrors it on #stage[data-presenting]
    this.view.setReadablePx(on ? PRESENT_PX : NORMAL_PX);
    this.caption.set(on);
    if (on) {
      this.idle.start();
    } else {
      this.idle.stop();
      this.blank.set(false);
    }
  }
}
