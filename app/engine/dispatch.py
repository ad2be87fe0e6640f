"""Which ``Search`` class runs which ``options.algorithm``.

search.py's one loop runs minimax, alpha-beta and expectimax; each later algorithm lives in
a module of its own as a subclass of ``Search``, registered here in search.py's
``SEARCH_CLASSES``, which ``Search(tree, options)`` reads. The package (``__init__.py``)
imports this module, so the table is full before any search is built.
"""

from __future__ import annotations

from .mtdf import MTDSearch
from .search import SEARCH_CLASSES
from .sssstar import SSSStarSearch
from .star import Star1Search, Star2Search

SEARCH_CLASSES.update(
    {
        "mtdf": MTDSearch,
        "sssstar": SSSStarSearch,
        "star1": Star1Search,
        "star2": Star2Search,
    }
)
