"""Prune's search engine: pure Python, standard library only, no Flask.

Typical use::

    document = load_document(text)
    options = resolve_options(document, {"rule": "strict"})
    search = Search(document.tree, options)
    for event in search: ...
    search.summary
"""

from . import dispatch  # noqa: F401  (registers the searches with modules of their own)
from .documents import Document, load_document, parse_document
from .errors import EngineError
from .events import wire
from .options import ALGORITHMS, ORDERINGS, RULES, SearchOptions, resolve_options
from .search import Search, trace
from .tree import DEFAULT_LIMITS, Limits, Tree, parse_tree

__all__ = [
    "ALGORITHMS",
    "DEFAULT_LIMITS",
    "ORDERINGS",
    "RULES",
    "Document",
    "EngineError",
    "Limits",
    "Search",
    "SearchOptions",
    "Tree",
    "load_document",
    "parse_document",
    "parse_tree",
    "resolve_options",
    "trace",
    "wire",
]
