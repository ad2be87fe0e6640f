"""A game decision cut to homework size: at most ``MAX_GRADED_ITEMS`` graded items.

A whole Pacman decision at depth 2 is an answer sheet of some 70 rows worth 68 points; a
student checks a handful. So the decision offered for practice is the first of these with at
most 20 graded items (engine-pruned branches + visited inner nodes + the move, counted
under both pruning rules, with the algorithm the document asks for): the whole decision;
the decision searched to fewer plies (the deepest that fits, at least 2: positions at the
limit become leaves worth their evaluation); the subtree under one of the mover's moves
(the position after it, to the plies left if at least 2, in move order); the decision at
depth 1. The document's
``name`` says what was cut. Names in the explanations are made unique by the grader.
"""

from __future__ import annotations

from typing import Any

from ..engine import parse_document, resolve_options, trace
from ..engine.errors import N_, EngineError, Message
from .document import decision_document
from .game import Game, State

MAX_GRADED_ITEMS = 20
RULES = ("standard", "strict")
SIZES = ("homework", "whole")  # a practice tree cut to homework size, or the decision whole


def homework_document(
    game: Game,
    root: State,
    plies: int | None,
    name: str,
    options: dict[str, Any] | None = None,
    size: str = "homework",
) -> dict[str, Any]:
    """The decision at ``root`` (to ``plies``, ``None``: to the end) as a practice document
    of at most ``MAX_GRADED_ITEMS`` graded items, or whole (``size="whole"``: what the
    visualizer replays step for step); ``options`` go into the document."""
    if size not in SIZES:
        raise EngineError(
            Message(
                N_("size must be one of {names}, not {size}"),
                names=", ".join(SIZES),
                size=repr(size),
            ),
            field="size",
        )

    def document(state: State, limit: int | None, title: str) -> dict[str, Any]:
        built = decision_document(game, state, limit, title)
        if options:
            built["options"] = dict(options)
        return built

    whole = document(root, plies, name)
    if size == "whole" or graded_items(whole) <= MAX_GRADED_ITEMS:
        return whole
    deepest = _height(whole["tree"]) if plies is None else plies
    for limit in range(deepest - 1, 1, -1):
        shallower = document(root, limit, f"{name}, searched {limit} plies deep")
        if graded_items(shallower) <= MAX_GRADED_ITEMS:
            return shallower
    rest = None if plies is None else plies - 1
    for action in game.actions(root) if rest is None or rest >= 2 else ():
        after = game.result(root, action)
        if game.is_terminal(after):
            continue
        try:
            under = document(after, rest, f"{name}, after {game.move_label(root, action)}")
        except EngineError:
            continue
        if graded_items(under) <= MAX_GRADED_ITEMS:
            return under
    return document(root, 1, f"{name}, searched 1 ply deep")


def graded_items(document: dict[str, Any]) -> int:
    """The most items a full answer is graded on, over both pruning rules (windows aside)."""
    parsed = parse_document(document)
    most = 0
    for rule in RULES:
        options = resolve_options(parsed, {"rule": rule})
        events = trace(parsed.tree, options)["events"]
        inner = sum(event[0] == "exit" for event in events)
        pruned = sum(len(event[6]) for event in events if event[0] == "cutoff")
        move = 1 if inner and parsed.tree.children[0] else 0
        most = max(most, inner + pruned + move)
    return most


def _height(node: dict[str, Any]) -> int:
    kids = node.get("children") or []
    return 1 + max(map(_height, kids)) if kids else 0
