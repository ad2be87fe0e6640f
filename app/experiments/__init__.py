"""The experiments behind the course's quantitative claims (docs/experiments.md): pure Python,
no Flask.

Each experiment is a frozen dataclass of checked parameters with ``columns`` (the CSV
header), ``total_rows()`` and ``rows()``, a generator of row dicts: a caller shows progress
as rows arrive and cancels by no longer iterating. Building one checks its parameters at
once, so a bad request fails before any work starts.

This module holds what they share: argument checks (an ``EngineError`` naming the field, as
the engine's own options do) and a search run for its counts alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import EngineError, Search, SearchOptions, Tree
from ..engine.errors import N_, Message
from ..engine.options import MAX_SEED

BATCH = 4096  # events per batch when only the summary matters: fewer generator hops
MAX_BRANCHING = 8
MAX_TRIALS = 1_000
# A tree of 2^18 leaves takes about 210 MB to build, parse and search: 2^18 = 4^9 = 8^6.
MAX_TREE_LEAVES = 262_144
MAX_TREE_DEPTH = 18
# Leaves generated over a run (trials × the sum over depths of b^d): 40 s or less here.
MAX_RUN_LEAVES = 4_000_000


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    """``value`` if it is an int in ``low..high``; an error naming ``field`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(Message(N_("{field} must be a whole number"), field=field), field=field)
    if not low <= value <= high:
        says = N_("{field} {value} is out of range ({low} to {high})")
        shown = {"value": f"{value:,}", "low": f"{low:,}", "high": f"{high:,}"}
        raise EngineError(Message(says, field=field, **shown), field=field)
    return value


def span(value: Any, field: str, low: int, high: int) -> tuple[int, int]:
    """A range given as a pair ``(first, last)``, both in ``low..high`` and in order."""
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise EngineError(
            Message(N_("{field} must be a range: first and last"), field=field), field=field
        )
    first, last = (whole_number(end, field, low, high) for end in value)
    if first > last:
        says = N_("{field}: {first} comes after {last}")
        raise EngineError(
            Message(says, field=field, first=f"{first:,}", last=f"{last:,}"), field=field
        )
    return first, last


def parse_span(text: str) -> tuple[int, int]:
    """``"A-B"`` (or ``"A"`` alone) as ``(A, B)``, as the command line and query strings give it;
    a ``ValueError`` if it is neither."""
    first, dash, last = text.strip().partition("-")
    return plain_whole(first), plain_whole(last if dash else first)


def plain_whole(text: str) -> int:
    """``text`` as a whole number written in ASCII digits only; a ``ValueError`` otherwise
    (``int`` alone would also read "5_000", " 5" and other scripts' digits)."""
    if not text or not text.isascii() or not text.isdigit():
        raise ValueError(f"not a whole number: {text!r}")
    return int(text, 10)


def choice(value: Any, field: str, choices: Sequence[str]) -> str:
    if value not in choices:
        says = N_("{field} {value} is not one of {names}")
        names = ", ".join(choices)
        raise EngineError(Message(says, field=field, value=repr(value), names=names), field=field)
    return value


def uniform_trials(branching: Any, depths: Any, trials: Any, seed: Any) -> tuple[int, int]:
    """Checks the parameters of trials on uniform trees and returns the depth range: every
    tree must fit in memory, and the whole run in a minute or so."""
    whole_number(branching, "branching", 2, MAX_BRANCHING)
    first, last = span(depths, "depths", 1, MAX_TREE_DEPTH)
    if branching**last > MAX_TREE_LEAVES:
        raise EngineError(
            Message(
                N_(
                    "{field}: a tree of branching {branching} and depth {depth} has {count} "
                    "leaves; at most {limit}"
                ),
                field="depths",
                branching=branching,
                depth=last,
                count=f"{branching**last:,}",
                limit=f"{MAX_TREE_LEAVES:,}",
            ),
            field="depths",
        )
    whole_number(trials, "trials", 1, MAX_TRIALS)
    whole_number(seed, "seed", 0, MAX_SEED - trials + 1)  # trial t uses seed + t
    leaves = trials * sum(branching**depth for depth in range(first, last + 1))
    if leaves > MAX_RUN_LEAVES:
        raise EngineError(
            Message(
                N_(
                    "trials: {trials} trials per depth make {count} leaves to search; at most "
                    "{limit} (fewer trials or depths)"
                ),
                trials=f"{trials:,}",
                count=f"{leaves:,}",
                limit=f"{MAX_RUN_LEAVES:,}",
            ),
            field="trials",
        )
    return first, last


def search_summary(tree: Tree, options: SearchOptions) -> dict[str, Any]:
    """The engine's summary of a search run to the end (its events are counted, not kept)."""
    search = Search(tree, options)
    for _ in search.batches(BATCH):
        pass
    return search.summary
