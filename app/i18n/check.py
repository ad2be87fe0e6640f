"""``python -m app.i18n.check``: fail when a catalog is behind the code (script/test runs it).

Babel's extractor (``pybabel extract -F babel.cfg``) lists the strings the code marks today;
each catalog under app/translations must hold exactly those (none missing, none obsolete, a
plural as a plural), each translated and none fuzzy, and each string the front end uses
(static/js/) must be marked as the browser's, so that it reaches the browser's catalog. Line
numbers are not compared: moving code needs no catalog update. Prints what is wrong, per
locale; exit 1. How to bring a catalog up to date: docs/translating.md.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import read_po

from .catalogs import TRANSLATIONS, available_locales, read_catalog

ROOT = TRANSLATIONS.parent.parent


def _key(message) -> str:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{message.context}|{msgid}" if message.context else msgid


def _browser(message) -> bool:
    return any(path.startswith("static/js/") for path, _line in message.locations)


def extract() -> dict:
    """The template of today's code: key → message (Babel's extractor, babel.cfg)."""
    with tempfile.TemporaryDirectory() as folder:
        pot = Path(folder) / "messages.pot"
        subprocess.run(
            [sys.executable, "-m", "babel.messages.frontend", "-q", "extract"]
            + ["-F", "babel.cfg", "-o", str(pot), "."],
            cwd=ROOT,
            check=True,
        )
        with pot.open("rb") as handle:
            return {_key(m): m for m in read_po(handle) if m.id}


def problems(template: dict, locale: str) -> list[str]:
    """What is wrong with ``locale``'s catalog against ``template``."""
    catalog = {_key(m): m for m in read_catalog(locale) if m.id}
    found = []
    found += [f"missing: {key!r}" for key in template if key not in catalog]
    found += [f"obsolete: {key!r}" for key in catalog if key not in template]
    for key, message in catalog.items():
        if key not in template:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        if not all(strings):
            found.append(f"untranslated: {key!r}")
        if message.fuzzy:
            found.append(f"fuzzy: {key!r}")
        if isinstance(message.id, tuple) != isinstance(template[key].id, tuple):
            found.append(f"plural in one of the code and the catalog only: {key!r}")
        if _browser(template[key]) and not _browser(message):
            found.append(f"not in the browser's catalog (pybabel update): {key!r}")
    return found


def main() -> int:
    template = extract()
    failed = False
    for locale in available_locales():
        found = problems(template, locale)
        for line in found:
            print(f"{locale}: {line}")
        failed = failed or bool(found)
    if failed:
        print("catalogs behind the code: see docs/translating.md", file=sys.stderr)
        return 1
    print(f"catalogs up to date: {len(template)} strings in {', '.join(available_locales())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
