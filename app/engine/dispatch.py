"""Which ``Search`` class runs which ``options.algorithm``.

search.py's one loop runs minimax, alpha-beta and expectimax; each later algorithm lives in
a module of its own as a subclass of ``Search``. ``Search(tree, options)`` asks here.
"""

from __future__ import annotations

from .mtdf import MTDSearch
from .search import Search
from .sssstar import SSSStarSearch
from .star import Star1Search, Star2Search

SEARCH_CLASSES: dict[str, type[Search]] = {
    "mtdf": MTDSearch,
    "sssstar": SSSStarSearch,
    "star1": Star1Search,
    "star2": Star2Search,
}


def search_class(algorithm: str) -> type[Search]:
    return SEARCH_CLASSES.get(algorithm, Search)
