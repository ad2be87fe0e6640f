"""Which messages each page needs: its template's, and those of the modules its scripts hold.

A page is one template (``drill.html``). Its *templates* are that one and every template it
extends, includes or imports (Jinja's own reading of the source, transitively); its *entries*
are the ``page_scripts('…')`` names in them (app/assets.py; the same calls script/build.mjs
reads); its *modules* are the files under ``static/js/`` each entry's bundle holds: the
build's manifest names them (esbuild's metafile), and without a build (``PRUNE_ASSETS=modules``)
they are read from the modules' own ``import … from "./…"`` lines. The catalogs' ``#:``
locations name the files each message comes from, so a page's data block carries the
messages of its modules only, and the language switch fetches those plus its templates' and
the server's (app/: text the server writes into a page), not the whole catalog
(docs/translating.md, "Size"). No request here: the tables are made once per app.
"""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, meta

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "static" / "js"
PAGE_SCRIPTS = re.compile(r"page_scripts\(([^)]*)\)")
QUOTED = re.compile(r"""["']([^"']+)["']""")
# A static import or re-export of a relative module (the front end has no dynamic import()).
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;"']*?["'](\.{1,2}/[^"']+)["']""", re.M)
# The server's own messages: text it writes into a page (a lesson's title, an error's).
SERVER = "app/"


def _source(env: Environment, name: str) -> str:
    return env.loader.get_source(env, name)[0]


def page_templates(env: Environment, name: str) -> set[str]:
    """``name`` and every template it extends, includes or imports, transitively."""
    found: set[str] = set()
    waiting = [name]
    while waiting:
        current = waiting.pop()
        if current in found:
            continue
        found.add(current)
        referenced = meta.find_referenced_templates(env.parse(_source(env, current)))
        waiting.extend(ref for ref in referenced if isinstance(ref, str))
    return found


def page_entries(env: Environment, templates: set[str]) -> set[str]:
    """The entry modules the templates' ``page_scripts(...)`` calls name."""
    entries: set[str] = set()
    for name in templates:
        for call in PAGE_SCRIPTS.finditer(_source(env, name)):
            entries.update(QUOTED.findall(call.group(1)))
    return entries


def imported_modules(entry: str, scripts: Path = SCRIPTS) -> list[str]:
    """The modules (repository paths) ``entry`` imports, itself included, read from their
    ``import`` lines: the unbundled pages' equivalent of the build's metafile."""
    found: set[Path] = set()
    waiting = [(scripts / entry).resolve()]
    while waiting:
        path = waiting.pop()
        if path in found or not path.is_file():
            continue
        found.add(path)
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            waiting.append((path.parent / target).resolve())
    return sorted(path.relative_to(ROOT).as_posix() for path in found)


class PageSources:
    """Per page (a template's name), the source files whose messages it needs."""

    def __init__(self, env: Environment, manifest_modules: dict[str, list[str]] | None):
        self.env = env
        self.manifest_modules = manifest_modules
        self._pages: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def _modules(self, entry: str) -> list[str]:
        if self.manifest_modules is not None and entry in self.manifest_modules:
            return self.manifest_modules[entry]
        return imported_modules(entry)

    def _page(self, template: str) -> tuple[frozenset[str], frozenset[str]]:
        if template not in self._pages:
            templates = page_templates(self.env, template)
            modules = {
                m for entry in page_entries(self.env, templates) for m in self._modules(entry)
            }
            self._pages[template] = (
                frozenset(modules),
                frozenset(f"templates/{name}" for name in templates),
            )
        return self._pages[template]

    def modules(self, template: str) -> frozenset[str]:
        """The front end's files the page runs: its data block's sources."""
        return self._page(template)[0]

    def switch(self, template: str) -> frozenset[str]:
        """What the language switch turns on the page: its modules, templates and the server."""
        modules, templates = self._page(template)
        return modules | templates | {SERVER}

    def known(self, template: str) -> bool:
        return template in self.env.list_templates(filter_func=lambda n: n.endswith(".html"))
