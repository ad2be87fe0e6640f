// lib/lti-score.js: a page launched from an LMS (LTI 1.3, docs/lti.md) sends the student's
// score to the course's gradebook. The launch's grant comes in the address's fragment
// (#lti=<token>), read once when this module loads (before a page rewrites its address);
// a page opened any other way has none, and sends nothing.
//
// - readGrant(hash): the grant token in a fragment, or null.
// - launchedFromLms(): whether this page has one.
// - reportScore(given, maximum): POST /lti/score; resolves to the server's answer
//   ({sent, queued} or {error}) with its HTTP status, or null without a grant.
// - blockScore(sitting, trees, rightBefore): a drill's try of `trees` trees, once complete.
// - sentSentence(answer, given, maximum): what the page says about it.

const GRANT_PATTERN = /(?:^#|&)lti=([A-Za-z0-9_-]{16,64})(?:&|$)/;

/** The grant token of a fragment ("#lti=…"), or null. */
export function readGrant(hash) {
  const match = GRANT_PATTERN.exec(hash || "");
  return match ? match[1] : null;
}

const GRANT = readGrant(globalThis.location ? globalThis.location.hash : "");

export function launchedFromLms() {
  return GRANT !== null;
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
    return { status: 0, error: "the server could not be reached" };
  }
}

/** A drill's try: when `sitting.done` completes a block of `trees` trees, {given, maximum}
 * (the trees right in that block), else null. */
export function blockScore(sitting, trees, rightBefore) {
  if (!trees || sitting.done === 0 || sitting.done % trees !== 0) return null;
  return { given: sitting.right - rightBefore, maximum: trees };
}

/** One sentence for the status line about a report's answer. */
export function sentSentence(answer, given, maximum) {
  if (!answer) return "";
  const score = `${given} of ${maximum}`;
  if (answer.sent) return `Score ${score} sent to your course.`;
  if (answer.queued) return `Score ${score} kept: it goes to your course as soon as the LMS answers.`;
  if (answer.kept) return `Score ${score} not sent: your better score stays in your course.`;
  return `Score ${score} not sent: ${answer.error || "the server refused it"}.`;
}
