"""The grader's words in the asker's language, with no web framework: the sentences of
explain.py and the names of names.py are the same catalog messages as the page's
(static/js/practice/explain.js, lib/names.js), so an API client and the page read the same
sentence in every language. ``speaking(translations)`` makes a gettext translations object
(``gettext.NullTranslations`` or Babel's ``Translations``: the web layer passes the request's)
the one used while a grading runs; without one the words are English, the source language.
Placeholders are named (``{node}``), filled with ``str.format``, as lib/i18n.js fills them.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from babel.numbers import format_decimal

ENGLISH = gettext.NullTranslations()
# The translations in use, and the locale (Babel's name) counts are written for.
_active: ContextVar[tuple[gettext.NullTranslations, str]] = ContextVar(
    "practice_words", default=(ENGLISH, "en")
)


@contextmanager
def speaking(translations: gettext.NullTranslations | None, locale: str = "en") -> Iterator[None]:
    """Use ``translations`` (None: English) for the words made inside the block."""
    token = _active.set((translations or ENGLISH, locale if translations else "en"))
    try:
        yield
    finally:
        _active.reset(token)


def _(msgid: str, **values: object) -> str:
    """The translation of ``msgid`` with its ``{name}`` placeholders filled from ``values``."""
    return _active.get()[0].gettext(msgid).format(**values)


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    """The form for ``n`` with the placeholders filled; ``{n}`` is ``n`` written the locale's
    way (lib/i18n.js's Intl.NumberFormat: the same CLDR data)."""
    translations, locale = _active.get()
    count = format_decimal(n, locale=locale)
    return translations.ngettext(singular, plural, n).format(n=count, **values)


def pgettext(context: str, msgid: str) -> str:
    return _active.get()[0].pgettext(context, msgid)


def join_names(items: Sequence[str]) -> str:
    """Phrases joined as a list: "F", "F and G", "F, G and H" (lib/names.js's joinNames)."""
    if len(items) <= 1:
        return "".join(items)
    separator = pgettext("list separator", ", ")
    return _("{items} and {last}", items=separator.join(items[:-1]), last=items[-1])
