"""``export(document, options, fmt, step)``: one tree in any output format, as text.

``tikz``, ``dot`` and ``svg`` draw the search's picture at ``step`` (typeset.py);
``brackets``, ``mit6034`` and ``aima`` write the tree back (course_writers.py) and ``cs188``
the CS188 test file (cs188_export.py). A format that cannot hold the tree says which
feature it lacks (an ``EngineError``).
"""

from __future__ import annotations

from typing import Any

from .course_writers import write_aima, write_brackets, write_mit6034
from .cs188_export import export_cs188
from .documents import Document
from .errors import N_, EngineError, Message
from .options import SearchOptions
from .typeset import picture, to_dot, to_svg, to_tikz

EXPORT_FORMATS = ("tikz", "dot", "svg", "brackets", "mit6034", "aima", "cs188")


def export(
    document: Document, options: SearchOptions, fmt: Any, step: Any = None, windows: bool = True
) -> str:
    """The tree (and, for pictures, its search at ``step``) as text in ``fmt``."""
    if fmt not in EXPORT_FORMATS:
        raise EngineError(
            Message(
                N_("format must be one of {formats}, not {format}"),
                formats=", ".join(EXPORT_FORMATS),
                format=repr(str(fmt)[:40]),
            ),
            field="format",
        )
    tree = document.tree
    if fmt == "brackets":
        return write_brackets(tree)
    if fmt == "mit6034":
        return write_mit6034(tree)
    if fmt == "aima":
        return write_aima(tree)
    if fmt == "cs188":
        return export_cs188(document, options)["text"]
    nodes = picture(tree, options, step)
    if fmt == "tikz":
        return to_tikz(nodes, windows)
    if fmt == "dot":
        return to_dot(nodes, windows)
    return to_svg(nodes, windows=windows)
