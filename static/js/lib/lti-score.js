// lib/lti-score.js: a page launched from an LMS (LTI 1.3, docs/lti.md) sends the student's
// score to the course's gradebook. The launch's grant comes in the address's fragment
// (#lti=<token>), read once when this module loads (before a page rewrites its address) and
// kept in the tab's sessionStorage under the page's path, so a reload of the launched page
// (whose address no longer has it) still sends its scores; a page opened any other way has
// none, and sends nothing. sessionStorage is per tab and per frame's site: never a cookie.
//
// - readGrant(hash): the grant token in a fragment, or null.
// - launchGrant(location, storage): the fragment's grant (then kept), else the one kept.
// - launchedFromLms(): whether this page has one.
// - launchGrantToken(): the grant itself (null: none), for a route that takes it.
// - reportScore(given, maximum): POST /lti/score; resolves to the server's answer
//   ({sent, queued} or {error}) with its HTTP status, or null without a grant.
// - reportToCourse(body): a learner in the course's lecture (docs/lti.md, "A lecture in the
//   course") says they are there ({}), answered ({question}) or scored ({question, given,
//   maximum}): POST /lti/lecture/report; resolves to the HTTP status (0: unreachable), or
//   null without a grant.
// - blockScore(sitting, trees, rightBefore): a drill's try of `trees` trees, once complete.
// - sentSentence(answer, given, maximum): what the page says about it (in its language).

import { _, formatNumber } from "./i18n.js";

const GRANT_PATTERN = /(?:^#|&)lti=([A-Za-z0-9_-]{16,64})(?:&|$)/;

/** The grant token of a fragment ("#lti=…"), or null. */
export function readGrant(hash) {
  const match = GRANT_PATTERN.exec(hash || "");
  return match ? match[1] : null;
}

const KEPT_PREFIX = "prune.lti.grant:";

/** The launch's grant of a page at `location`: its fragment's (kept in `storage` for that
 * path), else the one kept for the path by an earlier load of this tab, else null. */
export function launchGrant(location, storage) {
  if (!location) return null;
  const key = KEPT_PREFIX + location.pathname;
  const given = readGrant(location.hash);
  try {
    if (given) storage.setItem(key, given);
    else return readGrant(`#lti=${storage.getItem(key) || ""}`);
  } catch {
    // storage blocked (a browser's setting): the fragment's grant still works until a reload
  }
  return given;
}

function tabStorage() {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null; // a sandboxed frame may not even read it
  }
}

const GRANT = launchGrant(globalThis.location, tabStorage());

export function launchedFromLms() {
  return GRANT !== null;
}

/** The launch's grant token (null: none), for a route that takes it (a lesson's answers). */
export function launchGrantToken() {
  return GRANT;
}

/** Send `given` of `maximum` with the launch's grant. */
export async function reportScore(given, maximum, { grant = GRANT, fetchImpl = globalThis.fetch } = {}) {
  if (!grant) return null;
  try {
    const response = await fetchImpl("/lti/score", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ grant, given, maximum }),
    });
    const body = await response.json().catch(() => ({}));
    return { status: response.status, ...body };
  } catch {
    return { status: 0, error: _("the server could not be reached") };
  }
}

/** Tell the course's lecture roster about this learner (see the header). */
export async function reportToCourse(body, { grant = GRANT, fetchImpl = globalThis.fetch } = {}) {
  if (!grant) return null;
  try {
    const response = await fetchImpl("/lti/lecture/report", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ grant, ...body }),
    });
    return response.status;
  } catch {
    return 0;
  }
}

/** A drill's try: when `sitting.done` completes a block of `trees` trees, {given, maximum}
 * (the trees right in that block), else null. */
export function blockScore(sitting, trees, rightBefore) {
  if (!trees || sitting.done === 0 || sitting.done % trees !== 0) return null;
  return { given: sitting.right - rightBefore, maximum: trees };
}

/** One sentence for the status line about a report's answer, in the page's language. */
export function sentSentence(answer, given, maximum) {
  if (!answer) return "";
  const score = { given: formatNumber(given), maximum: formatNumber(maximum) };
  if (answer.sent) return _("Score {given} of {maximum} sent to your course.", score);
  if (answer.queued) return _("Score {given} of {maximum} kept: it goes to your course as soon as the LMS answers.", score);
  if (answer.kept) return _("Score {given} of {maximum} not sent: your better score stays in your course.", score);
  const error = answer.error || _("the server refused it");
  return _("Score {given} of {maximum} not sent: {error}.", { ...score, error });
}
