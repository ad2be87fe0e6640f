"""The one exception type the engine raises for bad input, and its messages.

Callers (CLI, HTTP routes, socket handlers) catch ``EngineError`` alone and show its
message, so every message must name the offending node or field. A message is a
``Message``: an English sentence with named placeholders (``{node}``) and their values,
marked ``N_(…)`` for the translation catalogs (docs/translating.md). ``str(err)`` is the
English; ``err.translated(gettext)`` is the same sentence in the language of the
``gettext`` the caller passes (the web layer's for the request, the CLI's for ``LANG``),
with the same paths, names and values: the engine knows no language and no web framework.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gettext = Callable[[str], str]


def N_(template: str) -> str:
    """Mark ``template`` for the catalogs (Babel's extractor knows ``N_``); it stays English."""
    return template


class Message:
    """An English sentence with ``{name}`` placeholders and their values (a value may be a
    Message too), written out in a language at the boundary."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: Any):
        self.template = template
        self.values = values

    def translated(self, gettext: Gettext | None = None) -> str:
        text = gettext(self.template) if gettext else self.template
        if not self.values:
            return text
        return text.format(
            **{
                name: value.translated(gettext) if isinstance(value, Message) else value
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
        return {"template": self.template, "values": values}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Message:
        values = {
            name: cls.from_data(value) if isinstance(value, dict) else value
            for name, value in data["values"].items()
        }
        return cls(data["template"], **values)


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

    def translated(self, gettext: Gettext | None = None) -> str:
        """The message in ``gettext``'s language (English without one)."""
        return self.message.translated(gettext)


def node_error(path: tuple[int, ...], message: str | Message) -> EngineError:
    """An error about one node, prefixed with its path as users see it: ``node [1, 0]: …``."""
    problem = message if isinstance(message, Message) else Message(message)
    return EngineError(
        Message(N_("node {path}: {problem}"), path=format_path(path), problem=problem), path=path
    )


def format_path(path: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(i) for i in path) + "]"
