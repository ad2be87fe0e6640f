"""The UC Berkeley CS188 game-tree test format (``GraphGameTreeTest`` files), both ways.

A test file is ``key: "value"`` lines and ``key: \"\"\"`` … ``\"\"\"`` blocks. The game is
``successors`` lines ``state action next`` from ``start_state``, with ``evaluation`` lines
``state value``; ``num_agents`` players take turns (Pacman, then each ghost); ``depth``
counts whole rounds, so it is ``depth × num_agents`` plies here. Win and lose states end
the game where they stand, as ``isWin()``/``isLose()`` do in the project. The other way,
a tree as such a file and its solution, is cs188_export.py.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import N_, EngineError, Message
from .tree import DEFAULT_LIMITS, Limits

ALGORITHM_OF_AGENT = {
    "MinimaxAgent": ("minimax", "standard"),
    "AlphaBetaAgent": ("alphabeta", "strict"),
    "ExpectimaxAgent": ("expectimax", "standard"),
}
AGENT_OF_ALGORITHM = {algorithm: agent for agent, (algorithm, _) in ALGORITHM_OF_AGENT.items()}
_LINE = re.compile(r'^([A-Za-z_][\w-]*):\s*(?:(""")|"(.*)"|(.*))\s*$')


def parse_cs188(text: str, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """A CS188 test file as a Prune tree document (with players and option defaults)."""
    fields = _fields(text)
    for key in ("num_agents", "start_state", "successors", "evaluation"):
        if key not in fields:
            raise EngineError(Message(N_("the file has no {key} field"), key=key))
    agents = _whole(fields["num_agents"], "num_agents", 1, limits.max_players)
    start = _name(fields["start_state"][0].strip(), fields["start_state"][1], "state", limits)
    terminal = {
        state
        for key in ("win_states", "lose_states")
        for state in (fields[key][0].split() if key in fields else [])
    }

    successors: dict[str, list[tuple[str, str, int]]] = {}
    seen_edges: set[tuple[str, str]] = set()
    for line, state, action, target in _rows(fields["successors"], 3, "state action next"):
        for what, name in (("state", state), ("action", action), ("state", target)):
            _name(name, line, what, limits)
        if (state, action) in seen_edges:
            raise EngineError(
                Message(
                    N_("line {line}: state {state} has the action {action} twice"),
                    line=line,
                    state=state,
                    action=action,
                )
            )
        seen_edges.add((state, action))
        successors.setdefault(state, []).append((action, target, line))
    evaluation: dict[str, float | int] = {}
    for line, state, value in _rows(fields["evaluation"], 2, "state value"):
        evaluation[_name(state, line, "state", limits)] = _value(value, line, limits)

    document: dict[str, Any] = {
        "tree": _build(start, successors, evaluation, terminal, fields["start_state"][1], limits),
        "players": ["max"] + ["min"] * (agents - 1),
        "source": "CS188 game-tree test",
    }
    options: dict[str, Any] = {}
    if "depth" in fields:
        # In plies, the depth option is held to max_depth: so many rounds of ``agents``.
        options["depth"] = _whole(fields["depth"], "depth", 0, limits.max_depth // agents) * agents
    if "alg" in fields:
        agent = fields["alg"][0].strip()
        if agent not in ALGORITHM_OF_AGENT:
            known = ", ".join(ALGORITHM_OF_AGENT)
            raise EngineError(
                Message(
                    N_("line {line}: alg {agent} is not one of {known}"),
                    line=fields["alg"][1],
                    agent=repr(agent),
                    known=known,
                )
            )
        options["algorithm"], options["rule"] = ALGORITHM_OF_AGENT[agent]
    if options:
        document["options"] = options
    return document


def _fields(text: str) -> dict[str, tuple[str, int]]:
    """Each key's raw value and the line it starts on."""
    fields: dict[str, tuple[str, int]] = {}
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        raw = lines[number]
        number += 1
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        match = _LINE.match(raw.strip())
        if not match or match.group(4):
            raise EngineError(
                Message(
                    N_('line {line}: expected key: "value" or key: """ (got {raw})'),
                    line=number,
                    raw=repr(raw[:40]),
                )
            )
        key = match.group(1)
        if key in fields:
            raise EngineError(
                Message(N_("line {line}: {key} is given twice"), line=number, key=key)
            )
        if match.group(2) is None:
            fields[key] = (match.group(3), number)
            continue
        start = number
        block = []
        while number < len(lines) and lines[number].strip() != '"""':
            block.append(lines[number])
            number += 1
        if number == len(lines):
            raise EngineError(
                Message(
                    N_('line {line}: the """ block of {key} is never closed'), line=start, key=key
                )
            )
        number += 1
        fields[key] = ("\n".join(block), start + 1)
    return fields


def _rows(field: tuple[str, int], width: int, shape: str):
    text, first = field
    for offset, raw in enumerate(text.split("\n")):
        tokens = raw.split()
        if not tokens:
            continue
        if len(tokens) != width:
            raise EngineError(
                Message(
                    N_("line {line}: expected {shape}, got {raw}"),
                    line=first + offset,
                    shape=shape,
                    raw=repr(raw.strip()),
                )
            )
        yield (first + offset, *tokens)


def _name(text: str, line: int, what: str, limits: Limits) -> str:
    """A state or action name as the tree's validation will accept it as a label or action
    (refused here, so that errors name the line, not a node of the unfolded tree)."""
    if len(text) > limits.max_label_length:
        most = limits.max_label_length
        raise EngineError(Message(TOO_LONG[what], line=line, name=repr(text[:20]), limit=most))
    try:
        text.encode()
    except UnicodeEncodeError:
        raise EngineError(Message(NOT_TEXT[what], line=line, name=repr(text[:20]))) from None
    return text


# Whole sentences for a state's or an action's name that is too long or not text.
TOO_LONG = {
    "state": N_("line {line}: state {name}… is longer than {limit} characters"),
    "action": N_("line {line}: action {name}… is longer than {limit} characters"),
}
NOT_TEXT = {
    "state": N_(
        "line {line}: state {name} holds half of a UTF-16 surrogate pair, which is not text"
    ),
    "action": N_(
        "line {line}: action {name} holds half of a UTF-16 surrogate pair, which is not text"
    ),
}


def _value(text: str, line: int, limits: Limits) -> float | int:
    try:
        value = float(text)
    except ValueError:
        raise EngineError(
            Message(
                N_("line {line}: value {value} is not a number"), line=line, value=repr(text[:40])
            )
        ) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise EngineError(
            Message(
                N_("line {line}: value {value} is not a finite number"),
                line=line,
                value=repr(text[:40]),
            )
        )
    if abs(value) > limits.max_abs_value:
        raise EngineError(
            Message(
                N_("line {line}: value {value} is larger than {limit} in size"),
                line=line,
                value=repr(text[:40]),
                limit=f"{limits.max_abs_value:g}",
            )
        )
    return int(value) if value.is_integer() else value


def _whole(field: tuple[str, int], key: str, low: int, high: int) -> int:
    text, line = field
    try:
        value = int(text.strip())
    except ValueError:
        raise EngineError(
            Message(
                N_("line {line}: {key} {value} is not a whole number"),
                line=line,
                key=key,
                value=repr(text),
            )
        ) from None
    if not low <= value <= high:
        raise EngineError(
            Message(
                N_("line {line}: {key} {value} is out of range ({low} to {high})"),
                line=line,
                key=key,
                value=value,
                low=low,
                high=high,
            )
        )
    return value


def _build(start, successors, evaluation, terminal, start_line, limits) -> dict[str, Any]:
    """Unfold the successor graph from ``start`` into a tree, without recursion."""
    root: dict[str, Any] = {"label": start}
    pending = [(root, start, (start,))]
    count = 1
    while pending:
        node, state, ancestry = pending.pop()
        if state in evaluation:
            node["value"] = evaluation[state]
        moves = [] if state in terminal else successors.get(state, [])
        if not moves:
            if "value" not in node:
                raise EngineError(
                    Message(
                        N_("line {line}: state {state} ends the game but has no evaluation line"),
                        line=start_line,
                        state=state,
                    )
                )
            continue
        if len(ancestry) > limits.max_depth:
            raise EngineError(
                Message(
                    N_("state {state} is deeper than {limit} moves"),
                    state=state,
                    limit=limits.max_depth,
                )
            )
        node["children"] = []
        for action, target, line in moves:
            if target in ancestry:
                raise EngineError(
                    Message(
                        N_("line {line}: {state} {action} {target} loops back to {target}"),
                        line=line,
                        state=state,
                        action=action,
                        target=target,
                    )
                )
            count += 1
            if count > limits.max_nodes:
                raise EngineError(
                    Message(
                        N_("the game tree has more than {limit} nodes"),
                        limit=f"{limits.max_nodes:,}",
                    )
                )
            child = {"label": target, "action": action}
            node["children"].append(child)
            pending.append((child, target, (*ancestry, target)))
    return root
