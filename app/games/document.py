"""A game decision as a tree document, built whole: for practising on it (docs/practice.md).

Practice needs every node a student may reason about, so the tree is materialised, but only
for small decisions (a late tic-tac-toe position, a Pacman decision at depth 1 or 2): a
position cut by the depth limit becomes a leaf worth its evaluation, nodes carry their move
as ``label`` and ``action``, and the players and agents are the game's turn order from the
mover on. Anything larger is refused with its size.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import N_, EngineError, Message
from .game import Game, State
from .search import Counts, LevelKinds

PRACTICE_MAX_NODES = 2_000  # more than a student would fill in, and than the view shows whole


def decision_document(
    game: Game, root: State, plies: int | None, name: str, max_nodes: int = PRACTICE_MAX_NODES
) -> dict[str, Any]:
    """The game tree below ``root`` to ``plies`` (``None``: to the end) as a document."""
    first = game.to_move(root)
    players = game.players[first:] + game.players[:first]
    size = Counts(game, LevelKinds(players, 0), plies).size(root, 0)[0]
    if size > max_nodes:
        raise EngineError(
            Message(
                N_(
                    "this decision's tree has {count} positions; practice takes at most "
                    "{limit} (a later position, or a smaller depth)"
                ),
                count=f"{size:,}",
                limit=f"{max_nodes:,}",
            )
        )
    return {
        "name": name,
        "players": list(players),
        "agents": list(game.agents[first:] + game.agents[:first]),
        "tree": _node(game, root, 0, plies),
    }


def _node(game: Game, state: State, depth: int, plies: int | None) -> dict[str, Any]:
    """A position as a node object: a leaf with its score, or its moves' nodes in order."""
    if game.is_terminal(state):
        return {"value": game.utility(state, depth)}
    if plies is not None and depth >= plies:
        return {"value": game.evaluate(state, depth)}
    children = []
    for action in game.actions(state):
        node = _node(game, game.result(state, action), depth + 1, plies)
        node["label"] = game.move_label(state, action)
        node["action"] = game.action_name(state, action)
        probability = game.probability(state, action)
        if probability is not None:
            node["p"] = probability
        children.append(node)
    return {"children": children}
