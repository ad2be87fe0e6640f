"""Search options for a game decision: the engine's options, less what the game decides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.options import SearchOptions, resolve_options
from ..engine.tree import DEFAULT_LIMITS, Limits

# The players' cycle is the game's turn order, so it is not an option here.
GAME_OPTION_FIELDS = ("algorithm", "rule", "ordering", "seed", "depth")
# A game's tree is expanded as it is searched (games/search.py): the classic searches only.
GAME_ALGORITHMS = ("minimax", "alphabeta", "expectimax")


def read_game_options(
    given: Mapping[str, Any] | None, limits: Limits = DEFAULT_LIMITS
) -> SearchOptions:
    """Validated options for a game search (an ``EngineError`` names a bad field)."""
    given = dict(given or {})
    for key in given:
        if key not in GAME_OPTION_FIELDS:
            raise EngineError(
                Message(
                    N_("options: unknown field {field} for a game (expected one of {fields})"),
                    field=repr(key),
                    fields=", ".join(GAME_OPTION_FIELDS),
                ),
                field=str(key),
            )
    options = resolve_options(None, given, limits)
    if options.algorithm not in GAME_ALGORITHMS:
        raise EngineError(
            Message(
                N_("algorithm {name} searches whole trees, not games: use one of {names}"),
                name=repr(options.algorithm),
                names=", ".join(GAME_ALGORITHMS),
            ),
            field="algorithm",
        )
    if options.depth == 0:
        raise EngineError(Message(N_("depth must be at least 1 to choose a move")), field="depth")
    return options
