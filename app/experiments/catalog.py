"""The experiments the web API runs, by name: each one's query fields and how it is built,
and the summary that follows its rows. Pure Python: the web layer (app/web/experiments.py)
and the process that computes an experiment (worker.py) both read it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import EngineError
from ..engine.errors import N_, Message
from . import parse_span, plain_whole
from .optimisations import DEFAULT_POSITIONS, Optimisations
from .ordering import MoveOrdering
from .pruning_family import PruningFamily
from .random_binary import RandomBinary
from .rules import PruningRules
from .stats import distribution

# Per experiment: its query fields, each read as a whole number, a span ("A-B") or a word.
WHOLE, SPAN, WORD = "whole", "span", "word"
FIELDS: dict[str, dict[str, str]] = {
    "random-binary": {"depth": WHOLE, "seeds": SPAN, "rule": WORD},
    "ordering": {"branching": WHOLE, "depths": SPAN, "trials": WHOLE, "seed": WHOLE, "rule": WORD},
    "rules": {
        "branching": WHOLE,
        "depths": SPAN,
        "trials": WHOLE,
        "seed": WHOLE,
        "values": WHOLE,
        "ordering": WORD,
    },
    "optimisations": {"positions": WORD},
    "pruning-family": {"branching": WHOLE, "depth": WHOLE, "trials": WHOLE, "seed": WHOLE},
}
MAKERS: dict[str, Callable[..., Any]] = {
    "random-binary": RandomBinary,
    "ordering": MoveOrdering,
    "rules": PruningRules,
    "optimisations": lambda positions=None: Optimisations(
        tuple(positions.split(",")) if positions else DEFAULT_POSITIONS
    ),
    "pruning-family": PruningFamily,
}
# The columns whose spread random-binary summarises (mean, median, percentiles, histogram).
SPREAD = ("alphabeta_nodes", "alphabeta_leaves", "percent_saved")


def build(name: str, given: dict[str, str]) -> Any:
    """The experiment ``name`` with the query's parameters (checked: an EngineError)."""
    if name not in FIELDS:
        raise EngineError(
            Message(
                N_("no experiment named {name} (try: {names})"),
                name=repr(name),
                names=", ".join(FIELDS),
            ),
            field="experiment",
        )
    fields = FIELDS[name]
    parameters: dict[str, Any] = {}
    for key, text in given.items():
        if key not in fields:
            raise EngineError(
                Message(
                    N_("{name}: unknown field {field} (expected one of {fields})"),
                    name=name,
                    field=repr(key),
                    fields=", ".join(fields),
                ),
                field=key,
            )
        parameters[key] = _read(key, text, fields[key])
    return MAKERS[name](**parameters)


def _read(key: str, text: str, kind: str) -> Any:
    try:
        if kind == WHOLE:
            return plain_whole(text)
        if kind == SPAN:
            return parse_span(text)
    except ValueError:
        says = (
            N_("{field} must be a whole number, not {text}")
            if kind == WHOLE
            else N_("{field} must be a range A-B, not {text}")
        )
        raise EngineError(Message(says, field=key, text=repr(text)), field=key) from None
    return text


def summarize(name: str, rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    if name != "random-binary" or not rows:
        return None
    return {column: distribution([row[column] for row in rows]) for column in SPREAD}
