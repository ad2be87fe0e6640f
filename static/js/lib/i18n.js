// lib/i18n.js: the front end's translations. The catalogs are the server's gettext catalogs
// (app/translations/*/messages.po, docs/translating.md) as JSON (app/i18n/catalogs.py): a
// page gets its language's messages in a JSON data block (<script type="application/json"
// id="prune-catalog">, read once, on the first lookup: no script runs from it) and none for
// English, the source language. `_`, `ngettext` and `pgettext` are gettext's, with named
// placeholders (`_("Leaf {node}", { node })`, never sentences glued from parts); plural forms
// follow the locale's CLDR categories (Intl.PluralRules) mapped to the catalog's forms; numbers
// for reading (counts, sizes) go through Intl.NumberFormat (`formatNumber`). A message
// missing from the catalog is shown in English. `useCatalog` swaps the catalog (the header's
// language switch, lib/language.js); the page store's `lang` then tells the panels to redraw.

const SOURCE = { locale: "en", plurals: { one: 0, other: 1 }, messages: {} };
let catalog = null;

function current() {
  if (catalog) return catalog;
  catalog = SOURCE;
  const block = typeof document === "undefined" ? null : document.getElementById("prune-catalog");
  if (block) {
    try {
      catalog = normalise(JSON.parse(block.textContent));
    } catch {
      catalog = SOURCE; // a broken block: English rather than nothing
    }
  }
  return catalog;
}

function normalise(data) {
  if (!data || typeof data !== "object" || typeof data.messages !== "object") return SOURCE;
  return { locale: String(data.locale || "en"), plurals: data.plurals || SOURCE.plurals, messages: data.messages };
}

/** Use `data` (a catalog as app/i18n/catalogs.py writes it; null: English) from now on. */
export function useCatalog(data) {
  catalog = data ? normalise(data) : SOURCE;
}

/** The BCP 47 tag of the language shown ("en", "de", "es", "zh-Hans"). */
export function language() {
  return current().locale.replace("_", "-");
}

/** `text` with each `{name}` replaced by `values[name]` (unknown names left as they are). */
export function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function lookup(key) {
  return current().messages[key];
}

/** The translation of `msgid`, its `{name}` placeholders filled from `values`. */
export function _(msgid, values) {
  const found = lookup(msgid);
  const text = typeof found === "string" ? found : Array.isArray(found) ? found[0] : msgid;
  return fill(text, values);
}

/** `msgid` in `context` (one English word, two meanings). */
export function pgettext(context, msgid, values) {
  const found = lookup(`${context}\u0004${msgid}`);
  return fill(typeof found === "string" ? found : msgid, values);
}

/** The form for `n` of singular/plural; `{n}` is `n` formatted, with `values` besides. */
export function ngettext(singular, plural, n, values) {
  const { plurals } = current();
  const forms = lookup(singular);
  let text;
  if (Array.isArray(forms)) {
    const category = new Intl.PluralRules(language()).select(n);
    const index = category in plurals ? plurals[category] : plurals.other;
    text = forms[index] ?? forms[forms.length - 1];
  } else {
    text = new Intl.PluralRules("en").select(n) === "one" ? singular : plural;
  }
  return fill(text, { n: formatNumber(n), ...values });
}

/** `n` written the page language's way (grouping, decimal sign). */
export function formatNumber(n, options) {
  return new Intl.NumberFormat(language(), options).format(n);
}
