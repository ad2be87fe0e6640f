"""The one exception type the engine raises for bad input, and its messages.

Callers (CLI, HTTP routes, socket handlers) catch ``EngineError`` alone and show its
message, so every message must name the offending node or field. A message is a
``Message``: an English sentence with named placeholders (``{node}``) and their values,
marked ``N_(…)`` for the translation catalogs (docs/translating.md); a sentence about a
count is marked with its plural, ``N_("{count} decision", "{count} decisions")``, and the
value ``count`` picks the language's form (the catalogs' ngettext). ``str(err)`` is the
English; ``err.translated(language)`` is the same sentence in the language the caller passes
(a translations object: the web layer's for the request, the CLI's for ``LANG``; a bare
``gettext`` says plurals by English's rule), with the same paths, names and values: the
engine knows no language and no web framework.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

Gettext = Callable[[str], str]


class Translations(Protocol):
    """What can say a plural too: Babel's ``Translations``, Flask-Babel's
    ``get_translations()``, Python's ``gettext.NullTranslations``."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


Language = Gettext | Translations


class Plural(NamedTuple):
    """A sentence about a count: English's two forms (the catalog's msgid and msgid_plural)."""

    singular: str
    plural: str


def N_(template: str, plural: str | None = None) -> Any:
    """Mark ``template`` for the catalogs (Babel's extractor knows ``N_``; babel.cfg: with a
    second argument it is a plural); it stays English. ``N_(one, many)`` is a ``Plural``."""
    return template if plural is None else Plural(template, plural)


def _say(template: str | Plural, count: Any, language: Language | None) -> str:
    if isinstance(template, Plural):
        if hasattr(language, "ngettext"):
            return language.ngettext(*template, count)
        english = template.singular if count == 1 else template.plural
        return language(english) if callable(language) else english
    if language is None:
        return template
    return language.gettext(template) if hasattr(language, "gettext") else language(template)


class Message:
    """An English sentence with ``{name}`` placeholders and their values (a value may be a
    Message too), written out in a language at the boundary. A ``Plural`` sentence takes the
    form its value ``count`` (a whole number) asks for."""

    __slots__ = ("template", "values")

    def __init__(self, template: str | Plural, **values: Any):
        if isinstance(template, Plural) and not isinstance(values.get("count"), int):
            raise TypeError(f"a plural message needs a whole number count: {template.plural!r}")
        self.template = template
        self.values = values

    def translated(self, language: Language | None = None) -> str:
        text = _say(self.template, self.values.get("count"), language)
        if not self.values:
            return text
        return text.format(
            **{
                name: value.translated(language) if isinstance(value, Message) else value
                for name, value in self.values.items()
            }
        )

    def __str__(self) -> str:
        return self.translated()

    def to_data(self) -> dict[str, Any]:
        """A JSON form (a worker process answers with it)."""
        values = {
            name: value.to_data() if isinstance(value, Message) else value
            for name, value in self.values.items()
        }
        template = list(self.template) if isinstance(self.template, Plural) else self.template
        return {"template": template, "values": values}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Message:
        values = {
            name: cls.from_data(value) if isinstance(value, dict) else value
            for name, value in data["values"].items()
        }
        template = data["template"]
        return cls(Plural(*template) if isinstance(template, list) else template, **values)


class EngineError(ValueError):
    """Bad input: a tree document, an option or a limit. ``str(err)`` is user-facing (English)."""

    def __init__(
        self,
        message: str | Message,
        *,
        path: tuple[int, ...] | None = None,
        field: str | None = None,
    ):
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(str(self.message))
        self.path = path
        self.field = field

    def translated(self, language: Language | None = None) -> str:
        """The message in ``language`` (English without one)."""
        return self.message.translated(language)


def node_error(path: tuple[int, ...], message: str | Message) -> EngineError:
    """An error about one node, prefixed with its path as users see it: ``node [1, 0]: …``."""
    problem = message if isinstance(message, Message) else Message(message)
    return EngineError(
        Message(N_("node {path}: {problem}"), path=format_path(path), problem=problem), path=path
    )


def format_path(path: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(i) for i in path) + "]"
