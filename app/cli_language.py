"""argparse's own words ("usage:", "options", "the following arguments are required: %s")
in the command line's language, from Prune's catalogs.

Python's ``argparse`` says its words through the module-level ``_`` and ``ngettext`` it
imports from ``gettext`` (Python's argparse how-to: "How to translate the argparse
output"). ``argparse_speaking`` hands those two names Prune's translations for as long as the
command reads its arguments or writes its help, then gives the originals back; the
translations are loaded only when argparse first says something (a successful command loads
none). ``ARGPARSE_WORDS`` lists the messages (Python 3.11's wording) so that the catalogs keep
them; a message a newer Python words differently is not in them and stays English. Not
listed: ``%(prog)s: error: %(message)s`` (the command writes its own error line, app/cli.py)
and the messages about a parser built wrongly (a programming error, never a user's).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator

from .engine.errors import N_, Translations

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument", "expected %s arguments"),
)


@contextlib.contextmanager
def argparse_speaking(language: Callable[[], Translations | None]) -> Iterator[None]:
    """argparse's words in ``language()``'s language (called once, when argparse first
    speaks; None: English) while the block runs. Where a Python's argparse has no
    module-level ``_``/``ngettext`` the words stay English."""
    names = [name for name in ("_", "ngettext") if callable(getattr(argparse, name, None))]
    english = {name: getattr(argparse, name) for name in names}
    loaded: list[Translations | None] = []

    def translations() -> Translations | None:
        if not loaded:
            loaded.append(language())
        return loaded[0]

    def gettext(message: str) -> str:
        found = translations()
        return found.gettext(message) if found else english["_"](message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        found = translations()
        if found:
            return found.ngettext(singular, plural, n)
        return english["ngettext"](singular, plural, n)

    speaking = {"_": gettext, "ngettext": ngettext}
    for name in names:
        setattr(argparse, name, speaking[name])
    try:
        yield
    finally:
        for name, original in english.items():
            setattr(argparse, name, original)
