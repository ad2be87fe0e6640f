"""Practice questions about the searches beyond alpha-beta (docs/practice.md, "Questions").

Each of these searches visits some nodes more than once, so the page does not ask for
prunes and values; it asks the one thing each search adds:

* ``research`` (``pvs``): which children are searched again, their null-window test having
  failed high (research.py); the answer ``{"tapped": [paths]}``.
* ``chance_prune`` (``star1``, bounds [L, U] given): which chance nodes' children are
  pruned (chance_prune.py); ``{"tapped": [paths]}``.
* ``bounds`` (``mtdf``, the first guess given): the root's lower and upper bound after each
  pass (bounds.py); ``{"bounds": [[lower, upper], …]}``.

The algorithm names the question. A result is ``{"question", "score", "max_score",
"rule", "items"}``, items ``{"kind", "path", "explanation", "step"}`` (and ``"pass"`` for
bounds), as practice's own.
"""

from __future__ import annotations

from typing import Any

from ...engine import Limits, SearchOptions, Tree
from ..node_table import NodeTable
from .bounds import grade_bounds, read_bounds
from .chance_prune import ChancePrune
from .research import Research
from .taps import grade_taps, read_taps

QUESTIONS = {"pvs": "research", "star1": "chance_prune", "mtdf": "bounds"}


def grade_question(
    tree: Tree, options: SearchOptions, answer: Any, limits: Limits
) -> dict[str, Any]:
    """The graded answer to the question of ``options.algorithm`` (one of ``QUESTIONS``)."""
    question = QUESTIONS[options.algorithm]
    table = NodeTable(tree, options)
    if question == "bounds":
        graded = grade_bounds(table, read_bounds(answer, table, limits))
    else:
        tapped = read_taps(answer, table, limits)
        reading = Research(table) if question == "research" else ChancePrune(table)
        graded = grade_taps(table, tapped, reading.truth(), reading.explain)
    return {"question": question, **graded, "rule": options.rule}


__all__ = ["QUESTIONS", "grade_question"]
