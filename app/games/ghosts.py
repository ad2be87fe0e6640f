"""The course's ghost agents, drawing from Python's ``random.Random`` as its autograder does.

- ``directional`` (the course's DirectionalGhost): the legal moves that bring the ghost
  nearest Pacman (farthest when scared; distances from its new position at its speed) share
  0.8, every legal move gets 0.2 / (number of legal moves) more, then the weights are
  normalised.
- ``random`` (RandomGhost): equal weights.

A ghost's move is one draw: the weights sorted by action name (East, North, South, West),
normalised again unless they sum to exactly 1.0, ``r = random()``, and the first action whose
running total reaches ``r``. Each float is computed in the course's order, so the draws are
its draws, bit for bit.
"""

from __future__ import annotations

import random

from .pacman_cs188 import VECTORS, CoursePacman, CourseState, manhattan

GHOST_AGENTS = ("directional", "random")
BEST_PROBABILITY = 0.8  # the course's prob_attack and prob_scaredFlee


def directional_weights(game: CoursePacman, state: CourseState) -> dict[str, float]:
    """DirectionalGhost's weights for the ghost to move, keyed in the course's order."""
    ghost = state.mover - 1
    legal = game.actions(state)
    scared = state.scared[ghost] > 0
    speed = 0.5 if scared else 1
    x, y = state.ghosts[ghost]
    distances = []
    for action in legal:
        dx, dy = VECTORS[action]
        distances.append(manhattan((x + dx * speed, y + dy * speed), state.pacman))
    best_distance = max(distances) if scared else min(distances)
    best = [a for a, d in zip(legal, distances, strict=True) if d == best_distance]
    weights: dict[str, float] = {}
    for action in best:
        weights[action] = BEST_PROBABILITY / len(best)
    for action in legal:
        weights[action] = weights.get(action, 0) + (1 - BEST_PROBABILITY) / len(legal)
    return _normalised(weights)


def random_weights(game: CoursePacman, state: CourseState) -> dict[str, float]:
    return _normalised({action: 1.0 for action in game.actions(state)})


def _normalised(weights: dict[str, float]) -> dict[str, float]:
    total = float(sum(weights.values()))
    return {action: weight / total for action, weight in weights.items()}


def draw(weights: dict[str, float], rng: random.Random) -> str:
    """One action, drawn as the course's ``util.sample`` draws it."""
    ordered = sorted(weights.items())
    actions = [action for action, _ in ordered]
    chances = [weight for _, weight in ordered]
    if sum(chances) != 1:
        total = float(sum(chances))
        chances = [weight / total for weight in chances]
    choice = rng.random()
    index, running = 0, chances[0]
    while choice > running:
        index += 1
        running += chances[index]
    return actions[index]


def ghost_move(kind: str, game: CoursePacman, state: CourseState, rng: random.Random) -> str:
    """The move of the ghost whose turn it is, for a ``directional`` or ``random`` ghost."""
    weights = (
        directional_weights(game, state) if kind == "directional" else random_weights(game, state)
    )
    return draw(weights, rng)
