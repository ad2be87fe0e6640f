// lib/language.js: the language switch (in the header beside the theme's, and in the help
// dialog). A choice is applied in place, without a reload: the page's trace and step stay. The
// two languages' catalogs of this page (/i18n/<tag>/<page>.json, `data-catalog-url` on <html>:
// the messages of the page's modules, templates and server, app/i18n/pages.py; cached for good,
// the address carries their version) turn every text of the page that is a catalog message into
// the new language (texts and the attributes people read), lib/i18n.js takes the new catalog,
// <html lang> follows, and the page store's `lang` changes: the panels that write text from a
// trace (narration, statistics, explanations) subscribe to it and write it again from their
// stores (`retold` turns a whole message they held from before, e.g. a text the server sent).
// The choice is remembered for every page of this browser in the cookie `prune_lang` (the
// server reads it, app/i18n); an address with `lang=` gets the new one, so a reload or a shared
// link keeps it.

import { language, useCatalog } from "./i18n.js";
import { pageStore } from "./page-store.js";

export const COOKIE = "prune_lang";
const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription"];
const YEAR_SECONDS = 365 * 24 * 3600;

/** The message's text in a catalog (a plural's first form), or undefined. */
function textOf(messages, key) {
  const found = messages[key];
  return Array.isArray(found) ? found[0] : found;
}

const ENTITIES = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };

/** `text` as the page shows it: a template's message may spell <, >, & and quotes as HTML
 * entities ("v &gt; β"), which the page's text holds decoded. */
export function decoded(text) {
  return text.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity]);
}

/** A map from each text in the `from` catalog (English: the msgids) to its text in `to`, as
 * the page shows them (decoded). */
export function translationMap(from, to) {
  const keys = new Set([...Object.keys(from.messages), ...Object.keys(to.messages)]);
  const map = new Map();
  for (const key of keys) {
    const msgid = key.includes("\u0004") ? key.split("\u0004")[1] : key;
    const before = from.locale === "en" ? msgid : textOf(from.messages, key);
    const after = to.locale === "en" ? msgid : (textOf(to.messages, key) ?? msgid);
    if (before && !map.has(decoded(before))) map.set(decoded(before), decoded(after));
  }
  return map;
}

/** `text` turned by `map`, its surrounding blanks kept; null when it holds no message. */
export function turn(text, map) {
  const trimmed = text.trim();
  if (!trimmed || !map.has(trimmed)) return null;
  const start = text.indexOf(trimmed);
  return text.slice(0, start) + map.get(trimmed) + text.slice(start + trimmed.length);
}

/** Turn the texts and readable attributes under `root` (and the page's title) by `map`. */
export function retranslate(map, doc = document) {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const tag = node.parentNode && node.parentNode.nodeName;
    if (tag === "SCRIPT" || tag === "STYLE") continue;
    const turned = turn(node.data, map);
    if (turned !== null) node.data = turned;
  }
  const selector = ATTRIBUTES.map((name) => `[${name}]`).join(",");
  for (const element of doc.querySelectorAll(selector)) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      const turned = value === null ? null : turn(value, map);
      if (turned !== null) element.setAttribute(name, turned);
    }
  }
  const title = turn(doc.title, map);
  if (title !== null) doc.title = title;
}

let lastTurn = new Map(); // the last switch's map: old language → new

/** `text` (a whole message a module held from before the last switch, such as a text the
 * server sent in the old language) in the page's language now; as it was when it is no
 * message of the page's catalogs. */
export function retold(text) {
  return (text && turn(text, lastTurn)) ?? text;
}

async function fetchCatalog(tag) {
  const template = document.documentElement.dataset.catalogUrl;
  const response = await fetch(template.replace("{lang}", encodeURIComponent(tag)));
  if (!response.ok) throw new Error(`no catalog for ${tag} (${response.status})`);
  return response.json();
}

/** Show the page in `tag` from now on (see the module's header). */
export async function switchLanguage(tag) {
  if (tag === language()) return;
  const [from, to] = await Promise.all([fetchCatalog(language()), fetchCatalog(tag)]);
  lastTurn = translationMap(from, to);
  retranslate(lastTurn);
  useCatalog(to);
  document.documentElement.lang = tag;
  document.cookie = `${COOKIE}=${encodeURIComponent(tag)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
  const url = new URL(window.location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", tag);
    window.history.replaceState(window.history.state, "", url);
  }
  pageStore.set({ lang: tag });
}

/** Keep `select` (one option per language, its value the tag) and the page's language in step. */
export function wireLanguageSwitch(select) {
  if (!select) return;
  select.value = language();
  select.addEventListener("change", () => {
    switchLanguage(select.value).catch(() => {
      select.value = language(); // the catalog could not be fetched: the page stays as it is
    });
  });
  pageStore.subscribe((state, changed) => {
    if ("lang" in changed && select.value !== state.lang) select.value = state.lang;
  });
}
