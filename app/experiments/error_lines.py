"""The line that ends an experiment's stream early, said in each reader's language.

A stream's lines are shared: a run being computed is followed by every request that asks for
the same query (app/web/experiment_results.py), each in its own language. So the line is
written once with its sentence as a ``Message`` beside the English
(``{"error": "…", "message": {"template", "values"}}``), and each response says it in its
asker's language as it passes (``{"error": "…"}``, docs/experiments.md). No Flask here: the
caller passes its language (a translations object).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import orjson

from ..engine.errors import Language, Message

_START = b'{"error"'


def error_line(message: Message) -> bytes:
    """The NDJSON line that ends a stream with ``message``."""
    return orjson.dumps({"error": str(message), "message": message.to_data()}) + b"\n"


class SaidIn:
    """A response body: ``chunks`` as they come, an error line among them said in
    ``language``. Closing it closes ``chunks`` even if it was never read (a recording frees
    its pool's place then), as the server closes a body."""

    def __init__(self, chunks: Iterable[bytes], language: Language):
        self.chunks, self.language = chunks, language

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.chunks:
            yield _said(chunk, self.language) if _START in chunk else chunk

    def close(self) -> None:
        close = getattr(self.chunks, "close", None)
        if close is not None:
            close()


def _said(chunk: bytes, language: Language) -> bytes:
    lines = chunk.splitlines(keepends=True)
    return b"".join(
        _said_line(line, language) if line.startswith(_START) else line for line in lines
    )


def _said_line(line: bytes, language: Language) -> bytes:
    item = orjson.loads(line)
    message = item.pop("message", None)
    if message is not None:
        item["error"] = Message.from_data(message).translated(language)
    return orjson.dumps(item) + b"\n"
