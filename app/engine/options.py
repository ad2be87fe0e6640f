"""Search options: one validated, immutable record built from a document and overrides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .documents import Document, parse_players
from .errors import EngineError
from .tree import DEFAULT_LIMITS, DEFAULT_PLAYERS, Limits

ALGORITHMS = ("minimax", "alphabeta", "expectimax")
RULES = ("standard", "strict")
ORDERINGS = ("given", "perfect", "worst", "random", "heuristic")
OPTION_FIELDS = ("algorithm", "rule", "players", "depth", "ordering", "seed")
MAX_SEED = 2**32 - 1


@dataclass(frozen=True)
class SearchOptions:
    algorithm: str = "alphabeta"
    rule: str = "standard"
    players: tuple[str, ...] = DEFAULT_PLAYERS
    depth: int | None = None
    ordering: str = "given"
    seed: int = 0

    def to_data(self) -> dict[str, Any]:
        return {
            "algorithm": self.algorithm,
            "rule": self.rule,
            "players": list(self.players),
            "depth": self.depth,
            "ordering": self.ordering,
            "seed": self.seed,
        }


def resolve_options(
    document: Document | None = None,
    overrides: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> SearchOptions:
    """Defaults, then the document's settings, then ``overrides`` (flags, request fields).

    A ``None`` override means "not given" and keeps the value from the layer below.
    """
    options = SearchOptions()
    if document is not None:
        if document.players is not None:
            options = replace(options, players=document.players)
        options = _apply(options, document.options, limits, where="document options")
    return _apply(options, overrides or {}, limits, where="options")


def _apply(
    options: SearchOptions, given: Mapping[str, Any], limits: Limits, where: str
) -> SearchOptions:
    if not isinstance(given, Mapping):
        raise EngineError(f"{where} must be an object", field="options")
    changes: dict[str, Any] = {}
    for key, value in given.items():
        if key not in OPTION_FIELDS:
            raise EngineError(
                f"{where}: unknown field {key!r} (expected one of {', '.join(OPTION_FIELDS)})",
                field=str(key),
            )
        if value is None:
            continue
        changes[key] = _check(key, value, limits)
    return replace(options, **changes)


def _check(key: str, value: Any, limits: Limits) -> Any:
    choices = {"algorithm": ALGORITHMS, "rule": RULES, "ordering": ORDERINGS}
    if key in choices:
        if value not in choices[key]:
            raise EngineError(f"{key} {value!r} is not one of {', '.join(choices[key])}", field=key)
        return value
    if key == "players":
        return parse_players(value, limits)
    if key == "depth":
        return _integer(value, key, 0, limits.max_depth)
    return _integer(value, key, 0, MAX_SEED)


def _integer(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, str):
        # Plain ASCII digits only: int() would also read "5_000", " 5" or other scripts'
        # digits, each a new spelling (and cache entry) of the same number.
        if not (value.isascii() and value.isdigit()):
            raise EngineError(f"{key} must be a whole number", field=key)
        value = int(value, 10)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"{key} must be a whole number", field=key)
    if not low <= value <= high:
        raise EngineError(f"{key} {value} is out of range ({low} to {high})", field=key)
    return value
