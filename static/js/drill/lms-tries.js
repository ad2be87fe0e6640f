// drill/lms-tries.js: a drill launched from an LMS (LTI 1.3, docs/lti.md) sends each try's
// score to the course's gradebook. A try is the `trees` trees the placed link asks for
// (?trees=N); once a try's last tree is checked, its right answers over its trees go through
// lib/lti-score.js, and the page says what the LMS answered. A drill opened any other way
// has no try and sends nothing.

import { blockScore, launchedFromLms, reportScore, sentSentence } from "../lib/lti-score.js";

export class LmsTries {
  /** @param {URLSearchParams} params  the page's address (its `trees`) */
  constructor(params) {
    this.trees = launchedFromLms() ? Number.parseInt(params.get("trees") || "0", 10) || 0 : 0;
    this.rightBefore = 0; // right answers before the try under way
  }

  /** After a tree is checked: if a try just ended, send its score; `say(sentence)` is told
   * what the LMS answered. */
  afterCheck(sitting, say) {
    const score = blockScore(sitting, this.trees, this.rightBefore);
    if (!score) return;
    this.rightBefore = sitting.right;
    reportScore(score.given, score.maximum).then((answer) => say(sentSentence(answer, score.given, score.maximum)));
  }
}
