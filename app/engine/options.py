"""Search options: one validated, immutable record built from a document and overrides.

Beside the classic fields, ``fail`` (``"soft"``/``"hard"``), a root ``window`` ``[a, b]`` and
``aspiration`` ``{"guess", "delta"}`` set up the windowed searches, ``guess`` MTD(f)'s first
guess and ``bounds`` ``[L, U]`` the leaf range Star1/Star2 prune with (docs/algorithms.md);
they appear in ``to_data()`` only when set, so the classic searches' options read as before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .documents import Document, parse_players
from .errors import N_, EngineError, Message
from .tree import DEFAULT_LIMITS, DEFAULT_PLAYERS, Limits

ALGORITHMS = (
    *("minimax", "alphabeta", "expectimax", "negamax", "pvs"),
    *("mtdf", "sssstar", "star1", "star2"),
)
RULES = ("standard", "strict")
ORDERINGS = ("given", "perfect", "worst", "random", "heuristic")
FAILS = ("soft", "hard")
OPTION_FIELDS = (
    *("algorithm", "rule", "players", "depth", "ordering", "seed"),
    *("fail", "window", "aspiration", "guess", "bounds"),
)
# Which algorithms read an option that only some take (a bad combination is refused).
OPTION_ALGORITHMS = {"guess": ("mtdf",), "bounds": ("star1", "star2")}
MAX_SEED = 2**32 - 1
# The algorithms that take a window (fail, window, aspiration): they search with α and β.
WINDOWED = ("alphabeta", "negamax", "pvs")


@dataclass(frozen=True)
class SearchOptions:
    algorithm: str = "alphabeta"
    rule: str = "standard"
    players: tuple[str, ...] = DEFAULT_PLAYERS
    depth: int | None = None
    ordering: str = "given"
    seed: int = 0
    fail: str = "soft"
    window: tuple[float, float] | None = None
    aspiration: tuple[float, float] | None = None  # (guess, delta)
    guess: int | None = None
    bounds: tuple[float, float] | None = None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "algorithm": self.algorithm,
            "rule": self.rule,
            "players": list(self.players),
            "depth": self.depth,
            "ordering": self.ordering,
            "seed": self.seed,
        }
        if self.fail != "soft":
            data["fail"] = self.fail
        if self.window is not None:
            data["window"] = list(self.window)
        if self.aspiration is not None:
            data["aspiration"] = dict(zip(("guess", "delta"), self.aspiration, strict=True))
        if self.guess is not None:
            data["guess"] = self.guess
        if self.bounds is not None:
            data["bounds"] = list(self.bounds)
        return data


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
    return _combined(_apply(options, overrides or {}, limits, where="options"))


def _combined(options: SearchOptions) -> SearchOptions:
    """Refuse settings that are each valid but do not go together, naming the field."""
    for key, algorithms in OPTION_ALGORITHMS.items():
        if getattr(options, key) is not None and options.algorithm not in algorithms:
            raise EngineError(
                Message(
                    N_("{field} applies to {algorithms} only, not {algorithm}"),
                    field=key,
                    algorithms=" and ".join(algorithms),
                    algorithm=options.algorithm,
                ),
                field=key,
            )
    windowed = options.fail != "soft" or options.window or options.aspiration
    if windowed and options.algorithm not in WINDOWED:
        field = next(
            name
            for name in ("fail", "window", "aspiration")
            if getattr(options, name) not in (None, "soft")
        )
        raise EngineError(
            Message(
                N_("{field} needs a search with a window ({algorithms}), not {algorithm}"),
                field=field,
                algorithms=", ".join(WINDOWED),
                algorithm=options.algorithm,
            ),
            field=field,
        )
    if options.window and options.aspiration:
        raise EngineError(
            N_("window and aspiration both set the root window: give one of them"), field="window"
        )
    if options.rule == "strict" and (windowed or options.algorithm == "pvs"):
        raise EngineError(
            N_("rule strict works with alphabeta and negamax only, not with pvs: use rule standard")
            if options.algorithm == "pvs" and not windowed
            else N_(
                "rule strict works with alphabeta and negamax only, not with fail, window and "
                "aspiration: use rule standard"
            ),
            field="rule",
        )
    return options


# The sentences about an options object, whole, for each place options come from.
WHERE = {
    "options": {
        "not an object": N_("options must be an object"),
        "unknown field": N_("options: unknown field {field} (expected one of {fields})"),
    },
    "document options": {
        "not an object": N_("document options must be an object"),
        "unknown field": N_("document options: unknown field {field} (expected one of {fields})"),
    },
}


def _apply(
    options: SearchOptions, given: Mapping[str, Any], limits: Limits, where: str
) -> SearchOptions:
    if not isinstance(given, Mapping):
        raise EngineError(WHERE[where]["not an object"], field="options")
    changes: dict[str, Any] = {}
    for key, value in given.items():
        if key not in OPTION_FIELDS:
            raise EngineError(
                Message(
                    WHERE[where]["unknown field"],
                    field=repr(key),
                    fields=", ".join(OPTION_FIELDS),
                ),
                field=str(key),
            )
        if value is None:
            continue
        changes[key] = _check(key, value, limits)
    return replace(options, **changes)


def _check(key: str, value: Any, limits: Limits) -> Any:
    choices = {"algorithm": ALGORITHMS, "rule": RULES, "ordering": ORDERINGS, "fail": FAILS}
    if key in choices:
        if value not in choices[key]:
            raise EngineError(
                Message(
                    N_("{field} {value} is not one of {choices}"),
                    field=key,
                    value=repr(value),
                    choices=", ".join(choices[key]),
                ),
                field=key,
            )
        return value
    if key == "players":
        return parse_players(value, limits)
    if key == "depth":
        return _integer(value, key, 0, limits.max_depth)
    if key == "window":
        return _window(value)
    if key == "aspiration":
        return _aspiration(value)
    if key == "guess":
        return _signed_integer(value, key, limits.max_abs_value)
    if key == "bounds":
        return _bounds(value, limits.max_abs_value)
    return _integer(value, key, 0, MAX_SEED)


def _signed_integer(value: Any, key: str, largest: float) -> int:
    if isinstance(value, str) and value.startswith("-"):
        return -_integer(value[1:], key, 0, int(largest))
    return _integer(value, key, -int(largest), int(largest))


def _bounds(value: Any, largest: float) -> tuple[float, float]:
    """``[L, U]`` (or ``"L,U"``): the declared range of every leaf value, L < U."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise EngineError(N_("bounds must be two numbers [L, U]"), field="bounds")
    numbers = []
    for item in value:
        if isinstance(item, str):
            try:
                item = float(item)
            except ValueError:
                raise EngineError(
                    Message(N_("bounds: {item} is not a number"), item=repr(item)), field="bounds"
                ) from None
            item = int(item) if item.is_integer() else item
        if isinstance(item, bool) or not isinstance(item, int | float) or not abs(item) <= largest:
            message = Message(
                N_("bounds: {item} is not a number within ±{largest}"),
                item=repr(item),
                largest=f"{largest:g}",
            )
            raise EngineError(message, field="bounds")
        numbers.append(item)
    low, high = numbers
    if not low < high:
        raise EngineError(
            Message(N_("bounds [{low}, {high}]: L must be below U"), low=low, high=high),
            field="bounds",
        )
    return low, high


def _number(value: Any, name: str, field: str) -> float:
    """A finite number (a numeric string, as a share link carries it, is read too)."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise EngineError(
                Message(N_("{name} must be a number, not {value}"), name=name, value=repr(value)),
                field=field,
            ) from None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise EngineError(Message(N_("{name} must be a finite number"), name=name), field=field)
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


def _window(value: Any) -> tuple[float, float]:
    """``[a, b]`` or ``"a,b"``: a finite root window with a < b."""
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise EngineError(N_("window must be two numbers [a, b] with a < b"), field="window")
    low, high = (_number(x, "window", "window") for x in value)
    if not low < high:
        raise EngineError(
            Message(
                N_("window [{low}, {high}] is empty: a must be less than b"), low=low, high=high
            ),
            field="window",
        )
    return (low, high)


def _aspiration(value: Any) -> tuple[float, float]:
    """``{"guess": g, "delta": d}`` or ``"g,d"``: the first window is [g − d, g + d], d > 0."""
    if isinstance(value, str):
        parts = value.split(",")
        value = dict(zip(("guess", "delta"), parts, strict=False)) if len(parts) == 2 else None
    if not isinstance(value, Mapping) or set(value) != {"guess", "delta"}:
        raise EngineError(
            N_('aspiration must be {"guess": number, "delta": number}'), field="aspiration"
        )
    guess = _number(value["guess"], "aspiration guess", "aspiration")
    delta = _number(value["delta"], "aspiration delta", "aspiration")
    if delta <= 0:
        raise EngineError(
            Message(N_("aspiration delta {delta} must be more than 0"), delta=delta),
            field="aspiration",
        )
    return (guess, delta)


def _integer(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, str):
        # Plain ASCII digits only: int() would also read "5_000", " 5" or other scripts'
        # digits, each a new spelling (and cache entry) of the same number.
        if not (value.isascii() and value.isdigit()):
            raise EngineError(Message(N_("{field} must be a whole number"), field=key), field=key)
        value = int(value, 10)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(Message(N_("{field} must be a whole number"), field=key), field=key)
    if not low <= value <= high:
        raise EngineError(
            Message(
                N_("{field} {value} is out of range ({low} to {high})"),
                field=key,
                value=value,
                low=low,
                high=high,
            ),
            field=key,
        )
    return value
