"""The one exception type the engine raises for bad input.

Callers (CLI, HTTP routes, socket handlers) catch ``EngineError`` alone and show its
message verbatim, so every message must name the offending node or field.
"""


class EngineError(ValueError):
    """Bad input: a tree document, an option or a limit. ``str(err)`` is user-facing."""

    def __init__(
        self, message: str, *, path: tuple[int, ...] | None = None, field: str | None = None
    ):
        super().__init__(message)
        self.path = path
        self.field = field


def node_error(path: tuple[int, ...], message: str) -> EngineError:
    """An error about one node, prefixed with its path as users see it: ``node [1, 0]: …``."""
    return EngineError(f"node {format_path(path)}: {message}", path=path)


def format_path(path: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(i) for i in path) + "]"
