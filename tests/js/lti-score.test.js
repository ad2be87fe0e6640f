// lib/lti-score.js: the launch's grant read from the fragment, the score posted with it,
// a drill's try of N trees, and what the page says about the answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { blockScore, launchGrant, readGrant, reportScore, sentSentence } from "../../static/js/lib/lti-score.js";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx";

test("the grant is read from the fragment only when it looks like one", () => {
  assert.equal(readGrant(`#lti=${TOKEN}`), TOKEN);
  assert.equal(readGrant(`#step=3&lti=${TOKEN}`), TOKEN);
  assert.equal(readGrant("#lti=short"), null);
  assert.equal(readGrant(`#lti=${TOKEN}<script>`), null);
  assert.equal(readGrant(""), null);
});

/** A tab's sessionStorage: one Map. */
function tabStorage() {
  const items = new Map();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, String(value)) };
}

test("a reload of the launched page (its address rewritten, no fragment) keeps the grant", () => {
  const storage = tabStorage();
  assert.equal(launchGrant({ pathname: "/embed/practice/drill", hash: `#lti=${TOKEN}` }, storage), TOKEN);
  assert.equal(launchGrant({ pathname: "/embed/practice/drill", hash: "" }, storage), TOKEN);
  // Kept per page: another page of the same tab, or another tab, has none.
  assert.equal(launchGrant({ pathname: "/embed/practice", hash: "" }, storage), null);
  assert.equal(launchGrant({ pathname: "/embed/practice/drill", hash: "" }, tabStorage()), null);
  // A new launch in the tab replaces the kept grant.
  const other = "ZyXwVuTsRqPoNmLkJiHgFeDc";
  assert.equal(launchGrant({ pathname: "/embed/practice/drill", hash: `#lti=${other}` }, storage), other);
  assert.equal(launchGrant({ pathname: "/embed/practice/drill", hash: "" }, storage), other);
});

test("storage that is blocked or holds junk gives no grant, and does not throw", () => {
  const blocked = {
    getItem() {
      throw new DOMException("denied", "SecurityError");
    },
    setItem() {
      throw new DOMException("denied", "SecurityError");
    },
  };
  assert.equal(launchGrant({ pathname: "/embed", hash: `#lti=${TOKEN}` }, blocked), TOKEN);
  assert.equal(launchGrant({ pathname: "/embed", hash: "" }, blocked), null);
  assert.equal(launchGrant({ pathname: "/embed", hash: "" }, null), null);
  const junk = tabStorage();
  junk.setItem("prune.lti.grant:/embed", "<img src=x>");
  assert.equal(launchGrant({ pathname: "/embed", hash: "" }, junk), null);
});

test("a score is posted as JSON with the grant; no grant, nothing is sent", async () => {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push([url, init]);
    return { status: 200, json: async () => ({ sent: true, queued: false }) };
  };
  const answer = await reportScore(7, 10, { grant: TOKEN, fetchImpl });
  assert.deepEqual(answer, { status: 200, sent: true, queued: false });
  assert.equal(calls[0][0], "/lti/score");
  assert.equal(calls[0][1].method, "POST");
  assert.deepEqual(JSON.parse(calls[0][1].body), { grant: TOKEN, given: 7, maximum: 10 });
  assert.equal(await reportScore(7, 10, { grant: null, fetchImpl }), null);
  assert.equal(calls.length, 1);
});

test("a server out of reach is an answer, not a thrown error", async () => {
  const fetchImpl = async () => {
    throw new TypeError("Failed to fetch");
  };
  const answer = await reportScore(1, 2, { grant: TOKEN, fetchImpl });
  assert.equal(answer.status, 0);
  assert.match(sentSentence(answer, 1, 2), /not sent: the server could not be reached/);
});

test("a drill's try ends with each block of N trees, scored by the trees right in it", () => {
  assert.equal(blockScore({ done: 9, right: 9 }, 10, 0), null);
  assert.deepEqual(blockScore({ done: 10, right: 7 }, 10, 0), { given: 7, maximum: 10 });
  assert.deepEqual(blockScore({ done: 20, right: 16 }, 10, 7), { given: 9, maximum: 10 });
  assert.equal(blockScore({ done: 10, right: 7 }, 0, 0), null);
});

test("the page says whether the score reached the course", () => {
  assert.equal(sentSentence({ sent: true }, 7, 10), "Score 7 of 10 sent to your course.");
  assert.match(sentSentence({ queued: true }, 7, 10), /kept: it goes to your course/);
  assert.match(sentSentence({ kept: "x" }, 4, 10), /better score stays/);
  assert.equal(sentSentence(null, 1, 1), "");
});
