"""Tree documents: a tree with the settings a document may carry (players and their names,
texts, options).

A document is a bare tree (shorthand or node objects) or a ``{"tree": …}`` wrapper; the tree
itself is parsed and validated by tree.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import N_, EngineError, Message
from .parse_reasons import json_reason
from .tree import DEFAULT_LIMITS, KINDS, Limits, Pause, Tree, is_text, parse_tree

DOCUMENT_FIELDS = (
    "tree",
    "players",
    "agents",
    "name",
    "description",
    "answer",
    "source",
    "options",
)
TEXT_FIELDS = ("name", "description", "answer", "source")


@dataclass(frozen=True)
class Document:
    """A tree with the settings a document may carry (players, name, option defaults).

    ``agents`` names the player at each position of ``players`` ("Pacman", "Ghost 1", …), so
    that a view can name levels by who moves there rather than by kind alone. ``description``
    says what the tree is, without giving the search's result away; ``answer`` says the result
    (the root value, what is pruned): views show it only once the search has reached its end."""

    tree: Tree
    players: tuple[str, ...] | None = None
    agents: tuple[str, ...] | None = None
    name: str | None = None
    description: str | None = None
    answer: str | None = None
    source: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


def load_document(text: str, limits: Limits = DEFAULT_LIMITS) -> Document:
    """Parse a JSON text into a ``Document``; every failure is an ``EngineError``."""
    if len(text) > limits.max_document_chars:
        raise EngineError(
            Message(
                N_("the document has {size} characters; the limit is {limit}"),
                size=f"{len(text):,}",
                limit=f"{limits.max_document_chars:,}",
            )
        )
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as err:
        raise EngineError(
            Message(
                N_("not valid JSON: {problem} (line {line}, column {column})"),
                problem=json_reason(err.msg),
                line=err.lineno,
                column=err.colno,
            )
        ) from None
    except RecursionError:
        raise EngineError(
            Message(
                N_(
                    "the document nests too deeply to read; "
                    "trees may be at most {limit} levels deep"
                ),
                limit=limits.max_depth,
            )
        ) from None
    return parse_document(data, limits)


def _reject_constant(name: str) -> None:
    raise EngineError(
        Message(N_("{name} is not allowed: values must be finite numbers"), name=name)
    )


def parse_document(
    data: Any, limits: Limits = DEFAULT_LIMITS, pause: Pause | None = None
) -> Document:
    """Accept a bare tree (shorthand or node objects) or a ``{"tree": …}`` wrapper."""
    if not (isinstance(data, dict) and "tree" in data):
        return Document(tree=parse_tree(data, limits, pause))
    unknown = [key for key in data if key not in DOCUMENT_FIELDS]
    if unknown:
        raise EngineError(
            Message(
                N_("document: unknown field {field} (expected one of {fields})"),
                field=repr(unknown[0]),
                fields=", ".join(DOCUMENT_FIELDS),
            ),
            field=str(unknown[0]),
        )
    players = None if data.get("players") is None else parse_players(data["players"], limits)
    agents = None if data.get("agents") is None else parse_agents(data["agents"], players, limits)
    texts = {key: _text(data.get(key), key, limits.max_text_length) for key in TEXT_FIELDS}
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise EngineError(N_("document: options must be an object"), field="options")
    return Document(
        tree=parse_tree(data["tree"], limits, pause),
        players=players,
        agents=agents,
        options=options,
        **texts,
    )


def parse_players(value: Any, limits: Limits = DEFAULT_LIMITS) -> tuple[str, ...]:
    """Players are a list like ``["max", "min", "min"]`` or the string ``"max,min,min"``."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if not isinstance(value, list | tuple) or not value:
        raise EngineError(
            N_('players must be a non-empty list such as ["max", "min"]'), field="players"
        )
    if len(value) > limits.max_players:
        raise EngineError(
            Message(N_("players: at most {limit} players per round"), limit=limits.max_players),
            field="players",
        )
    for player in value:
        if player not in KINDS:
            raise EngineError(
                Message(
                    N_("players: {player} is not one of max, min, chance"), player=repr(player)
                ),
                field="players",
            )
    return tuple(value)


def parse_agents(
    value: Any, players: tuple[str, ...] | None, limits: Limits = DEFAULT_LIMITS
) -> tuple[str, ...]:
    """One name per position of ``players``: a name means nothing without the cycle it
    names, so ``agents`` needs ``players`` and must match it in length."""
    if players is None:
        raise EngineError(
            N_("document: agents name the players, so the document needs players as well"),
            field="agents",
        )
    if not isinstance(value, list | tuple):
        raise EngineError(
            N_('document: agents must be a list of names such as ["Pacman", "Ghost"]'),
            field="agents",
        )
    if len(value) != len(players):
        raise EngineError(
            Message(
                AGENT_COUNTS[len(value) == 1, len(players) == 1],
                names=len(value),
                players=len(players),
            ),
            field="agents",
        )
    for number, agent in enumerate(value, 1):
        where = Message(N_("agent {number} of {total}"), number=number, total=len(value))
        name = _text(agent, where, limits.max_label_length, field="agents")
        if not (name and name.strip()):
            raise EngineError(
                Message(N_("document: {where} has no name"), where=where), field="agents"
            )
    return tuple(value)


# Whole sentences for each count of names and players (True where the count is one).
AGENT_COUNTS = {
    (True, False): N_(
        "document: agents has {names} name for {players} players; give one name for each player"
    ),
    (False, True): N_(
        "document: agents has {names} names for {players} player; give one name for each player"
    ),
    (False, False): N_(
        "document: agents has {names} names for {players} players; give one name for each player"
    ),
    (True, True): N_(
        "document: agents has {names} name for {players} player; give one name for each player"
    ),
}


def _text(value: Any, name: str | Message, max_length: int, field: str | None = None) -> str | None:
    """A document's text ``name`` (``field``, the key an error points to, defaults to it)."""
    field = field or str(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise EngineError(Message(N_("document: {name} must be a string"), name=name), field=field)
    if len(value) > max_length:
        raise EngineError(
            Message(
                N_("document: {name} is longer than {limit} characters"),
                name=name,
                limit=max_length,
            ),
            field=field,
        )
    if not is_text(value):
        raise EngineError(
            Message(
                N_("document: {name} holds half of a UTF-16 surrogate pair, which is not text"),
                name=name,
            ),
            field=field,
        )
    return value
