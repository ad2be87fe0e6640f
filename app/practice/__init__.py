"""Grading a student's prediction of a search (docs/practice.md): pure Python, no Flask.

Students predict which branches alpha-beta prunes, the value each visited inner node
returns, optionally the α/β window at chosen nodes, and the root's best move; Prune grades
the prediction against the engine's own trace of the same tree and options. truth.py says
what the trace holds, answers.py what an answer may say, grade.py how it is graded and
scored, explain.py how each item is put in words, names.py how nodes are named.
"""

from __future__ import annotations

from typing import Any

from ..engine import DEFAULT_LIMITS, Limits, SearchOptions, Tree
from .answers import read_answer
from .grade import grade
from .truth import Truth


def grade_answer(
    tree: Tree, options: SearchOptions, answer: Any, limits: Limits = DEFAULT_LIMITS
) -> dict[str, Any]:
    """The graded ``answer`` (JSON data) for ``tree`` searched with ``options``: ``{"score",
    "max_score", "rule", "items"}``. A bad answer is an ``EngineError`` naming its field."""
    truth = Truth(tree, options)
    return grade(truth, read_answer(answer, truth, limits))


__all__ = ["grade_answer"]
