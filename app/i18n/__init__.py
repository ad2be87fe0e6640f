"""The page's language: Flask-Babel, the locale each request gets, and the browser catalogs.

A request's locale is the first of: ``lang=`` in the address (that page only, as ``theme=``;
embeds and shared links carry it), the choice remembered on this browser (the cookie
``prune_lang``, written by the language switch, lib/language.js), the browser's
``Accept-Language``, English. Tags are BCP 47 (``de``, ``es``, ``zh-Hans``; ``zh``, ``zh-CN``
and ``zh-SG`` mean Simplified Chinese); Babel's names (``zh_Hans``) work too. Templates get
``html_lang`` (``<html lang>``; ``page_language()`` in macros), ``language_options()`` (the
switch's) and ``page_catalog()``: the messages of the modules the page runs (app/i18n/pages.py)
in its language, written into a JSON data block (no script runs from it, so the CSP holds),
read synchronously by lib/i18n.js. ``/i18n/<tag>/<page>.json`` is what the language switch
fetches of a page (its modules', its templates' and the server's messages in a locale);
``catalog_url()`` names it with its version, so it is cached for good.
"""

from __future__ import annotations

import hashlib
import json

from flask import Flask, abort, current_app, jsonify, request
from flask_babel import Babel
from jinja2 import pass_context
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from .catalogs import TRANSLATIONS, available_locales, browser_catalog, compile_stale
from .pages import PageSources

COOKIE = "prune_lang"
SOURCE_LOCALE = "en"
# Each language's name in itself, for the switch.
NATIVE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español", "zh_Hans": "简体中文"}
# Tags that mean a locale Prune ships, besides its own (lower case).
ALIASES = {"zh": "zh_Hans", "zh-cn": "zh_Hans", "zh-sg": "zh_Hans", "zh-hans-cn": "zh_Hans"}

babel = Babel()


def web_tag(locale: str) -> str:
    """Babel's name → the BCP 47 tag (``zh_Hans`` → ``zh-Hans``)."""
    return locale.replace("_", "-")


def match_locale(tag: str | None, locales: list[str]) -> str | None:
    """The shipped locale ``tag`` names (any case, ``-`` or ``_``), else None."""
    if not tag:
        return None
    wanted = tag.strip().replace("_", "-").lower()
    by_tag = {web_tag(locale).lower(): locale for locale in locales}
    if wanted in by_tag:
        return by_tag[wanted]
    if wanted in ALIASES and ALIASES[wanted] in locales:
        return ALIASES[wanted]
    primary = wanted.split("-")[0]
    return by_tag.get(primary) if primary != "zh" else None


def select_locale() -> str:
    """The request's locale (the order in the module's docstring)."""
    locales = current_app.extensions["prune.i18n"]["locales"]
    for asked in (request.args.get("lang"), request.cookies.get(COOKIE)):
        found = match_locale(asked, locales)
        if found:
            return found
    for tag, _quality in request.accept_languages:
        found = match_locale(tag, locales)
        if found:
            return found
    return SOURCE_LOCALE


def init_i18n(app: Flask) -> None:
    """Compile stale catalogs, set up Flask-Babel, and serve the pages' browser catalogs."""
    compile_stale()
    locales = [SOURCE_LOCALE, *available_locales()]
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", SOURCE_LOCALE)
    babel.init_app(app, locale_selector=select_locale)
    manifest = app.extensions.get("prune.assets")
    sources = PageSources(app.jinja_env, manifest["modules"] if manifest else None)
    versions: dict[str, str] = {}
    app.extensions["prune.i18n"] = {"locales": locales, "sources": sources}

    def switch_catalog(locale: str, template: str) -> dict:
        if locale == SOURCE_LOCALE:
            return {"locale": locale, "plurals": {"one": 0, "other": 1}, "messages": {}}
        return browser_catalog(locale, sources.switch(template))

    def version(template: str) -> str:
        """The page's switch catalogs' version (in their address, so cached for good)."""
        if template not in versions:
            data = [switch_catalog(locale, template) for locale in locales]
            digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
            versions[template] = digest[:12]
        return versions[template]

    @pass_context
    def page_catalog(context) -> Markup | None:
        """The page's data block: its modules' messages in its language (none in English)."""
        locale = select_locale()
        modules = sources.modules(context.name)
        if locale == SOURCE_LOCALE or not modules:
            return None
        return Markup(htmlsafe_json_dumps(browser_catalog(locale, modules)))

    @pass_context
    def catalog_url(context) -> str:
        """The address of the page's catalog in any language (``{lang}``), for the switch."""
        page = context.name.removesuffix(".html")
        return f"/i18n/{{lang}}/{page}.json?v={version(context.name)}"

    options = [(web_tag(locale), NATIVE_NAMES.get(locale, locale)) for locale in locales]
    # Functions, not context: the macros of an imported template (the switch in _help.html)
    # see the globals only.
    # N_ marks a string for the catalog where it is translated later (_help.html's topics).
    app.jinja_env.globals.update(
        page_language=lambda: web_tag(select_locale()),
        language_options=lambda: options,
        page_catalog=page_catalog,
        catalog_url=catalog_url,
        N_=lambda text: text,
    )

    @app.context_processor
    def language_context():
        return {"html_lang": web_tag(select_locale())}

    @app.get("/i18n/<tag>/<path:page>.json")
    def catalog(tag: str, page: str):
        """What the language switch needs of a page in a locale (lib/i18n.js's format): the
        messages of its modules, its templates and the server's; English's are empty."""
        locale = match_locale(tag, locales)
        template = f"{page}.html"
        if locale is None or web_tag(locale) != tag or not sources.known(template):
            abort(404)
        response = jsonify(switch_catalog(locale, template))
        fresh = request.args.get("v") == version(template)
        response.cache_control.public = True
        response.cache_control.max_age = 31_536_000 if fresh else 300
        if fresh:
            response.cache_control.immutable = True
        return response

    @app.after_request
    def vary_on_language(response):
        if response.mimetype == "text/html":
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response
