"""What both Pacman rule sets share: a decision as the game JSON records it (with the
sentence that explains it), and the checks of a setting that name its field."""

from __future__ import annotations

from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.events import INF
from ..engine.tree import Number


def choice(value: Any, field: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise EngineError(
            Message(
                N_("{field} {value} is not one of {names}"),
                field=field,
                value=repr(value),
                names=", ".join(choices),
            ),
            field=field,
        )
    return value


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(Message(N_("{field} must be a whole number"), field=field), field=field)
    if not low <= value <= high:
        raise EngineError(
            Message(
                N_("{field} {value} is out of range ({low} to {high})"),
                field=field,
                value=value,
                low=low,
                high=high,
            ),
            field=field,
        )
    return value


def decision_out_of_range(index: int, count: int) -> EngineError:
    """The refusal of a decision past the game's end (``count`` decisions were made)."""
    says = N_(
        "decision {index} is out of range: the game has only {count} decision",
        "decision {index} is out of range: the game has only {count} decisions",
    )
    return EngineError(Message(says, index=index, count=count), field="decision")


def decision_record(
    trace: dict[str, Any], state: int, depth: int, algorithm: str
) -> dict[str, Any]:
    """One of Pacman's decisions: the position searched (an index into ``states``), the move,
    its value, what the search cost, what the CS188 autograder would count and accept, and
    the reason in English with its parts (a page writes it in its own language from them)."""
    summary = trace["summary"]
    parts = reason_parts(trace, depth, algorithm)
    return {
        "state": state,
        "action": summary["best_action"],
        "optimal": summary["optimal"],
        "value": summary["value"],
        "nodes_visited": summary["nodes_visited"],
        "states_explored": summary["states_explored"],
        "minimax_nodes": summary["minimax_nodes"],
        "nodes_pruned": summary["nodes_pruned"],
        "leaves_evaluated": summary["leaves_evaluated"],
        "reason": decision_reason(parts, summary["best_action"]),
        "reason_parts": parts,
    }


def traced_decision(replay: Any) -> dict[str, Any]:
    """The trace of the decision a game's replay stopped at (``replay.traced``: the search,
    its trace and the position), with the search's options, the agents, the decision and
    the position drawn as text: a decision's trace as the API and the CLI give it."""
    search, trace, position = replay.traced
    return {
        **trace,
        "options": search.options.to_data(),
        "agents": list(replay.rules.agents),
        "decision": replay.decisions[-1],
        "board": replay.rules.render(position),
    }


def reason_parts(trace: dict[str, Any], depth: int, algorithm: str) -> dict[str, Any]:
    """What the reason says: the move's worth, the rounds searched, whether the ghosts are
    random (expectimax), and each of Pacman's moves with its value ([action, value, at_most])."""
    return {
        "value": _number(trace["summary"]["value"]),
        "rounds": depth,
        "chance": algorithm == "expectimax",
        "moves": _root_values(trace, bounded=algorithm == "alphabeta"),
    }


def decision_reason(parts: dict[str, Any], best: str) -> str:
    """One sentence: the move, its worth, and what each of Pacman's moves was worth."""
    rounds = f"{parts['rounds']} round{'s' if parts['rounds'] > 1 else ''}"
    against = "random ghosts" if parts["chance"] else "ghosts that minimise"
    worth = "worth on average" if parts["chance"] else "worth"
    moves = ", ".join(
        f"{action} {'at most ' if at_most else ''}{value}"
        for action, value, at_most in parts["moves"]
    )
    return f"{best}: {worth} {parts['value']} after {rounds} against {against}, the best of {moves}"


def _root_values(trace: dict[str, Any], bounded: bool) -> list[list[Any]]:
    """Each of Pacman's moves with the value the search returned for it, in the game's order.

    Under alpha-beta a move no better than the best before it was searched against that
    best and may have stopped early: its value is then only an upper bound ("at most")."""
    nodes, best, found = trace["nodes"], -INF, {}
    for event in trace["events"]:
        if event[0] != "update" or event[1] != 0:
            continue
        child, value = event[2], event[3]
        bound = bounded and value <= best
        found[child] = [_number(value), bound]
        best = max(best, value)
    return [[nodes[child]["action"], *found[child]] for child in sorted(found)]


def _number(value: Number) -> str:
    """A value for people: whole when it is, two decimals at most, a real minus sign."""
    text = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace("-", "−")
