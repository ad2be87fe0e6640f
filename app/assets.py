"""The pages' scripts and style sheets: the Jinja globals ``page_scripts`` and ``page_styles``.

A template names its entry modules (paths under ``static/js/``) and its own style sheets (under
``static/css/``)::

    {% block styles %}{{ page_styles('lecture.css', 'charts.css') }}{% endblock %}
    {% block scripts %}{{ page_scripts('visualizer/page.js') }}{% endblock %}

``PRUNE_ASSETS=bundle`` (the default) writes the tags of the production build: one
content-hashed, minified file per entry and one per page's sheets, found in
``static/dist/manifest.json`` (script/build.mjs reads the same calls in the templates to
know what to build; the manifest also names the modules each entry's bundle holds, for
app/i18n/pages.py). ``PRUNE_ASSETS=modules`` (development) writes the modules and sheets as
they are: the vendored d3 (a global; ``defer``, so it runs in order with the modules, after
parsing) first, then each entry, which imports the rest.

Every page has the base sheets before its own and print.css after them, in both modes (the
lists are script/build.mjs's ``BASE_STYLES`` and ``PRINT_STYLES``). A server in bundle mode
without a build refuses to start (``MissingBuild``), naming the command that makes one.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask, g, url_for
from markupsafe import Markup, escape

BASE_STYLES = ("app.css", "tree.css", "outline.css", "a11y.css", "help.css", "projector.css")
PRINT_STYLES = ("print.css",)
D3 = "vendor/d3.min.js"
MANIFEST = Path("dist") / "manifest.json"
MODES = ("bundle", "modules")


class MissingBuild(RuntimeError):
    """Bundle mode, but no build (or one without what a template names)."""


def styles_key(names: tuple[str, ...]) -> str:
    """The manifest's key of a page's own sheets (script/build.mjs's ``stylesKey``)."""
    return "+" + "+".join(names) if names else "+"


def load_manifest(static_folder: str) -> dict:
    path = Path(static_folder) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingBuild(
            f"PRUNE_ASSETS=bundle but there is no build ({path} is missing): run "
            "`npm run build` (script/server and script/test build by themselves), "
            "or set PRUNE_ASSETS=modules to serve the unbundled modules"
        ) from None
    # "modules" (each entry's modules, app/i18n/pages.py): a build older than it has none, and
    # the pages then read the modules' imports.
    modules = manifest.get("modules", {})
    return {"scripts": manifest["scripts"], "styles": manifest["styles"], "modules": modules}


def _static(path: str) -> str:
    return escape(url_for("static", filename=path))


def _lookup(table: dict, key: str, kind: str) -> str:
    try:
        return table[key]
    except KeyError:
        raise MissingBuild(
            f"the build has no {kind} {key!r}: rebuild (`npm run build`) after changing a "
            "template's page_scripts/page_styles"
        ) from None


def init_assets(app: Flask) -> None:
    """Register ``page_scripts`` and ``page_styles`` for the mode ``PRUNE_ASSETS`` names."""
    mode = app.config["PRUNE_ASSETS"]
    if mode not in MODES:
        raise ValueError(f"PRUNE_ASSETS must be one of {', '.join(MODES)}, not {mode!r}")
    manifest = load_manifest(app.static_folder) if mode == "bundle" else None

    def page_scripts(*entries: str) -> Markup:
        if manifest is None:
            # d3 once per page, before the first entry (a page may call this twice).
            tags = [] if g.get("prune_d3_tag") else [f'<script defer src="{_static(D3)}"></script>']
            g.prune_d3_tag = True
            paths = [f"js/{entry}" for entry in entries]
        else:
            tags = []
            paths = [_lookup(manifest["scripts"], entry, "script") for entry in entries]
        tags += [f'<script type="module" src="{_static(path)}"></script>' for path in paths]
        return Markup("\n".join(tags))

    def page_styles(*names: str) -> Markup:
        if manifest is None:
            paths = [f"css/{name}" for name in (*BASE_STYLES, *names, *PRINT_STYLES)]
        else:
            paths = [_lookup(manifest["styles"], styles_key(names), "style sheet set")]
        return Markup("\n".join(f'<link rel="stylesheet" href="{_static(p)}">' for p in paths))

    app.jinja_env.globals.update(page_scripts=page_scripts, page_styles=page_styles)
    app.extensions["prune.assets"] = manifest
