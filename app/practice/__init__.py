"""Grading a student's prediction of a search (docs/practice.md): pure Python, no Flask.

Students predict which branches alpha-beta prunes, the value each visited inner node
returns, optionally the α/β window at chosen nodes, and the root's best move; Prune grades
the prediction against the engine's own trace of the same tree and options. truth.py says
what the trace holds, answers.py what an answer may say, grade.py how it is graded and
scored, explain.py how each item is put in words, names.py how nodes are named.

Only one-pass searches of the textbook are graded this way (minimax, alpha-beta,
expectimax; a root window and fail-hard included). PVS, MTD(f) and Star1 search nodes more
than once or prune in ways of their own: each gets the question it adds (questions/: which
children are re-searched, the bounds after each pass, which chance children are pruned).
The others (negamax, SSS*, Star2, aspiration) are refused naming the field rather than
graded wrongly.
"""

from __future__ import annotations

from gettext import NullTranslations
from typing import Any

from ..engine import DEFAULT_LIMITS, EngineError, Limits, SearchOptions, Tree
from ..engine.errors import N_, Message
from .answers import read_answer
from .grade import grade
from .questions import QUESTIONS, grade_question
from .truth import Truth
from .words import speaking

GRADED_ALGORITHMS = ("minimax", "alphabeta", "expectimax")


def grade_answer(
    tree: Tree,
    options: SearchOptions,
    answer: Any,
    limits: Limits = DEFAULT_LIMITS,
    translations: NullTranslations | None = None,
    locale: str = "en",
) -> dict[str, Any]:
    """The graded ``answer`` (JSON data) for ``tree`` searched with ``options``: ``{"score",
    "max_score", "rule", "items"}``, its explanations in ``translations``' language (Babel's
    name ``locale``; none: English). A bad answer is an ``EngineError`` naming its field."""
    if options.aspiration is None and options.algorithm in QUESTIONS:
        with speaking(translations, locale):
            return grade_question(tree, options, answer, limits)
    if options.algorithm not in GRADED_ALGORITHMS:
        raise EngineError(
            Message(
                N_(
                    "algorithm {name} cannot be graded here: practice grades {graded}, and asks "
                    "its own question of {questions}"
                ),
                name=repr(options.algorithm),
                graded=", ".join(GRADED_ALGORITHMS),
                questions=", ".join(QUESTIONS),
            ),
            field="algorithm",
        )
    if options.aspiration is not None:
        raise EngineError(
            Message(
                N_(
                    "aspiration cannot be graded here: its passes search nodes again; practice "
                    "grades one pass"
                )
            ),
            field="aspiration",
        )
    with speaking(translations, locale):
        truth = Truth(tree, options)
        return grade(truth, read_answer(answer, truth, limits))


__all__ = ["GRADED_ALGORITHMS", "grade_answer"]
