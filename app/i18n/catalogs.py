"""The translation catalogs: compiled for gettext, and as JSON for the browser.

The ``.po`` files under ``app/translations/<locale>/LC_MESSAGES/messages.po`` are the one
source of truth (docs/translating.md). ``compile_stale`` writes each ``.mo`` beside its ``.po``
when it is missing or older (Babel's own reader and writer, an atomic replace: several
processes may start at once); the ``.mo`` files are not committed. ``browser_catalog`` is one
locale's messages (those of the files named: a page's own, app/i18n/pages.py) as the JSON the
front end's ``lib/i18n.js`` reads: its translations keyed by msgid (``context\\u0004msgid``
for a ``pgettext``), a plural's forms as a list, and which form each of the locale's CLDR
plural categories (``Intl.PluralRules``) takes. No Flask here.
"""

from __future__ import annotations

import functools
import gettext
import os
import tempfile
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
DOMAIN = "messages"
# Numbers on which a locale's plural categories are sampled (CLDR's categories depend on
# integers only for the languages shipped; 1,000,000 is Spanish's "many").
PLURAL_SAMPLES = (*range(0, 201), 1000, 1_000_000)
# The front end's files: the messages a browser catalog holds unless told which files.
BROWSER = frozenset({"static/js/"})


def po_path(locale: str, root: Path = TRANSLATIONS) -> Path:
    return root / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_locales(root: Path = TRANSLATIONS) -> list[str]:
    """The locales that have a catalog, sorted (English, the source language, has none)."""
    return sorted(p.name for p in root.iterdir() if po_path(p.name, root).is_file())


def read_catalog(locale: str, root: Path = TRANSLATIONS):
    """``locale``'s parsed ``.po`` (parsed once per version of the file: every app a process
    creates, and the tests create hundreds, reads the same catalogs). Read-only to callers."""
    path = po_path(locale, root)
    return _parsed(path, path.stat().st_mtime_ns, locale)


@functools.lru_cache(maxsize=16)
def _parsed(path: Path, _version: int, locale: str):
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def compile_stale(root: Path = TRANSLATIONS) -> list[str]:
    """Compile every ``.po`` whose ``.mo`` is missing or older; returns the locales compiled."""
    compiled = []
    for locale in available_locales(root):
        po = po_path(locale, root)
        mo = po.with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        catalog = read_catalog(locale, root)
        fd, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
        with os.fdopen(fd, "wb") as handle:
            write_mo(handle, catalog)
        os.replace(temporary, mo)
        compiled.append(locale)
    return compiled


def load_translations(locale: str, root: Path = TRANSLATIONS) -> Translations | None:
    """``locale``'s compiled catalog (a worker process's, outside any request), or None for
    English and any locale without one."""
    if locale == "en" or not po_path(locale, root).is_file():
        return None
    compile_stale(root)
    return Translations.load(str(root), [locale], DOMAIN)


def _key(message) -> str:
    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{message.context}\u0004{msgid}" if message.context else msgid


def _from(message, files: frozenset[str], folders: tuple[str, ...]) -> bool:
    """Whether a location of ``message`` is one of ``files`` or under one of ``folders``."""
    return any(path in files or path.startswith(folders) for path, _line in message.locations)


# Text the server translates as it serves it and no page turns in place: the built-in
# lessons' titles and notes (app/lessons/words.py), the command line's --help (app/cli.py and
# each part's cli.py), and the input errors the API and the sockets answer with in the asker's
# language (games, lecture rooms, lessons, exam specs, experiments, practice answers, a run's
# socket refusals, and the engine's errors: every engine module but the presets, whose titles
# pages show). Left out of the browser's catalogs.
CLI_PARTS = ("engine", "games", "experiments", "exams")
ENGINE_ERROR_MODULES = (
    *("course_formats", "course_writers", "cs188", "cs188_export", "documents", "errors"),
    *("evaluation", "exports", "format_text", "generators", "mit6034", "mtdf", "negamax"),
    *("options", "parse_reasons", "star", "tree", "typeset"),
)
SERVED_TRANSLATED = (
    *(f"app/engine/{name}.py" for name in ENGINE_ERROR_MODULES),
    "app/lessons/",
    "app/games/",
    "app/lecture/",
    "app/cli.py",
    "app/cli_language.py",
    *(f"app/{part}/cli.py" for part in CLI_PARTS),
    "app/exams/generator.py",
    "app/exams/spec.py",
    "app/experiments/__init__.py",
    "app/experiments/catalog.py",
    "app/experiments/error_lines.py",
    "app/experiments/worker.py",
    "app/experiments/optimisations.py",
    "app/experiments/pruning_family.py",
    "app/experiments/random_binary.py",
    "app/lti/deep_linking.py",
    "app/lti/grades.py",
    "app/lti/lecture.py",
    "app/practice/__init__.py",
    "app/practice/answers.py",
    "app/practice/questions/",
    "app/web/api.py",
    "app/web/exams.py",
    "app/web/games.py",
    "app/web/lecture_payloads.py",
    "app/web/lessons.py",
    "app/web/practice.py",
    "app/web/traces.py",
    "app/realtime/sockets.py",
    "app/realtime/socket_packet.py",
    "app/inputs.py",
    "app/compute/job_pool.py",
    "app/web/experiment_pool.py",
    "app/web/experiment_results.py",
)


def _served_only(message) -> bool:
    return all(path.startswith(SERVED_TRANSLATED) for path, _line in message.locations)


def plural_categories(locale: str, plural_expr: str) -> dict[str, int]:
    """CLDR category (what ``Intl.PluralRules`` says of a number) → the catalog's form index."""
    rule = Locale.parse(locale).plural_form
    index_of = gettext.c2py(plural_expr)
    table: dict[str, int] = {}
    for n in PLURAL_SAMPLES:
        table.setdefault(rule(n), int(index_of(n)))
    return table


def browser_catalog(
    locale: str, sources: frozenset[str] | None = BROWSER, root: Path = TRANSLATIONS
) -> dict:
    """One locale's translations for lib/i18n.js: those whose ``#:`` locations name one of
    ``sources`` (repository paths; a folder ends in ``/``; the default: the whole front end,
    None: every message). An untranslated or fuzzy message is left out: the front end then
    shows the English."""
    path = po_path(locale, root)
    return _browser_catalog(path, path.stat().st_mtime_ns, locale, sources, root)


@functools.lru_cache(maxsize=256)
def _browser_catalog(_path, _version, locale, sources, root) -> dict:
    catalog = read_catalog(locale, root)
    files = frozenset(s for s in sources or () if not s.endswith("/"))
    folders = ("",) if sources is None else tuple(s for s in sources if s.endswith("/"))
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not _from(message, files, folders):
            continue
        if message.locations and _served_only(message):
            continue
        if isinstance(message.string, tuple | list):
            if all(message.string):
                messages[_key(message)] = list(message.string)
        elif message.string:
            messages[_key(message)] = message.string
    return {
        "locale": locale,
        "plurals": plural_categories(locale, catalog.plural_expr),
        "messages": messages,
    }
