"""Playing Pacman against two ghosts, one search per Pacman move, for the web page and CLI.

Each round Pacman searches ``depth`` rounds ahead (Pacman, Ghost 1, Ghost 2 per round):
alpha-beta against adversarial ghosts, expectimax against random ones. Adversarial ghosts
then play the replies that search predicted for them, its principal variation: a search
of at least one round always reaches both ghosts' replies unless the game ends first, so
they never need a search of their own. Random ghosts pick uniformly among their legal moves
with one ``random.Random(seed)`` for the whole game, so a game replays exactly from its
settings. ``play_pacman`` and ``pacman_decision`` share one replay, ``_play``.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..engine.options import MAX_SEED, ORDERINGS, RULES, SearchOptions
from ..engine.tree import Pause
from .decisions import (
    choice,
    decision_out_of_range,
    decision_record,
    traced_decision,
    whole_number,
)
from .homework import homework_document
from .mazes import MAZES
from .pacman import EVALUATIONS, Pacman, PacmanState
from .search import GameSearch, game_options

GHOSTS = ("adversarial", "random")
MAX_DEPTH, MAX_MOVES = 4, 500
ROUND = 3  # plies per round: Pacman, Ghost 1, Ghost 2


@dataclass(frozen=True)
class Settings:
    """A game's settings, checked: everything needed to replay it exactly."""

    maze: str
    seed: int
    ghosts: str
    depth: int
    moves: int
    rule: str
    ordering: str
    evaluation: str


def play_pacman(
    maze: str,
    *,
    seed: int = 0,
    ghosts: str = "adversarial",
    depth: int = 2,
    moves: int = 100,
    rule: str = "standard",
    ordering: str = "given",
    evaluation: str = "score",
    pause: Pause | None = None,
) -> dict[str, Any]:
    """A whole game: every position (one per agent's move), Pacman's decisions, the end."""
    settings = _settings(maze, seed, ghosts, depth, moves, rule, ordering, evaluation)
    replay = _play(settings, pause)
    return {
        "maze": MAZES[settings.maze].to_data(),
        "settings": asdict(settings),
        "states": replay.states,
        "decisions": replay.decisions,
        "status": replay.position.status,
        "score": replay.position.score,
    }


def pacman_decision(
    maze: str,
    *,
    decision: int,
    seed: int = 0,
    ghosts: str = "adversarial",
    depth: int = 2,
    rule: str = "standard",
    ordering: str = "given",
    evaluation: str = "score",
    pause: Pause | None = None,
) -> dict[str, Any]:
    """The trace of Pacman's ``decision``-th search (from 0) in the game these settings play."""
    settings = _settings(maze, seed, ghosts, depth, 1, rule, ordering, evaluation)
    replay = _replay_to(settings, decision, pause)
    return traced_decision(replay)


def pacman_practice_tree(
    maze: str,
    *,
    decision: int,
    seed: int = 0,
    ghosts: str = "adversarial",
    depth: int = 2,
    evaluation: str = "score",
    size: str = "homework",
    pause: Pause | None = None,
) -> dict[str, Any]:
    """Pacman's ``decision``-th position as a tree document to practise on, cut to homework
    size or whole (``size``, homework.py): random ghosts make chance nodes (the document asks
    for expectimax)."""
    settings = _settings(maze, seed, ghosts, depth, 1, "standard", "given", evaluation)
    replay = _replay_to(settings, decision, pause)
    position = replay.traced[2]
    name = f"Pacman's move {decision + 1} on {maze}"
    options = {"algorithm": "alphabeta" if ghosts == "adversarial" else "expectimax"}
    return homework_document(replay.rules, position, depth * ROUND, name, options, size)


def _replay_to(settings: Settings, decision: Any, pause: Pause | None) -> _Replay:
    """The game replayed up to Pacman's decision ``decision``, which it keeps whole."""
    index = whole_number(decision, "decision", 0, MAX_MOVES - 1)
    settings = replace(settings, moves=index + 1)
    replay = _play(settings, pause, traced=index)
    if replay.traced is None:
        raise decision_out_of_range(index, len(replay.decisions))
    return replay


def check_settings(
    maze: str,
    *,
    seed: int = 0,
    ghosts: str = "adversarial",
    depth: int = 2,
    rule: str = "standard",
    ordering: str = "given",
    evaluation: str = "score",
) -> None:
    """The settings of a decision checked as ``pacman_decision`` checks them, without playing."""
    _settings(maze, seed, ghosts, depth, 1, rule, ordering, evaluation)


def _settings(maze, seed, ghosts, depth, moves, rule, ordering, evaluation) -> Settings:
    """Every setting checked, each error naming its field."""
    return Settings(
        maze=choice(maze, "maze", tuple(MAZES)),
        seed=whole_number(seed, "seed", 0, MAX_SEED),
        ghosts=choice(ghosts, "ghosts", GHOSTS),
        depth=whole_number(depth, "depth", 1, MAX_DEPTH),
        moves=whole_number(moves, "moves", 1, MAX_MOVES),
        rule=choice(rule, "rule", RULES),
        ordering=choice(ordering, "ordering", ORDERINGS),
        evaluation=choice(evaluation, "evaluation", EVALUATIONS),
    )


class _Replay:
    """A game as it is played: the rules, the position reached, and the JSON records."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.rules = Pacman(MAZES[settings.maze], settings.evaluation)
        self.position = self.rules.initial()
        self.states: list[dict[str, Any]] = [_record(self.position, None, None)]
        self.decisions: list[dict[str, Any]] = []
        self.traced: tuple[GameSearch, dict[str, Any], PacmanState] | None = None

    def over(self) -> bool:
        return self.rules.is_terminal(self.position)

    def decide(self, pause: Pause | None) -> tuple[GameSearch, dict[str, Any]]:
        """Pacman's search from the position reached, recorded as the next decision."""
        options = _options(self.rules, self.position, self.settings)
        search = GameSearch(self.rules, self.position, options)
        trace = search.trace(pause)
        algorithm = "alphabeta" if self.settings.ghosts == "adversarial" else "expectimax"
        self.decisions.append(
            decision_record(trace, len(self.states) - 1, self.settings.depth, algorithm)
        )
        return search, trace

    def move(self, action: str) -> None:
        mover = self.position.mover
        self.position = self.rules.result(self.position, action)
        self.states.append(_record(self.position, mover, action))


def _play(settings: Settings, pause: Pause | None, traced: int | None = None) -> _Replay:
    """The one replay: Pacman searches, then the ghosts answer, until the game ends or
    Pacman has made ``settings.moves`` moves. Keeps the whole search of decision ``traced``."""
    replay = _Replay(settings)
    rng = random.Random(settings.seed)
    while not replay.over() and len(replay.decisions) < settings.moves:
        if replay.decisions and pause is not None:
            pause()
        position = replay.position
        search, trace = replay.decide(pause)
        if len(replay.decisions) - 1 == traced:
            replay.traced = (search, trace, position)
        replay.move(search.summary["best_action"])
        _ghosts_move(replay, search, rng)
    return replay


def _ghosts_move(replay: _Replay, search: GameSearch, rng: random.Random) -> None:
    """Ghost 1, then Ghost 2, while the game goes on: the predicted replies, or at random."""
    adversarial = replay.settings.ghosts == "adversarial"
    replies = _predicted_replies(search) if adversarial else []
    for ghost in range(len(replay.rules.agents) - 1):
        if replay.over():
            return
        moves = replay.rules.actions(replay.position)
        replay.move(replies[ghost] if adversarial else rng.choice(moves))


def _options(game: Pacman, state: PacmanState, settings: Settings) -> SearchOptions:
    algorithm = "alphabeta" if settings.ghosts == "adversarial" else "expectimax"
    options = SearchOptions(
        algorithm=algorithm, rule=settings.rule, ordering=settings.ordering, seed=settings.seed
    )
    return game_options(game, state, options, plies=settings.depth * ROUND)


def _predicted_replies(search: GameSearch) -> list[str]:
    """The ghosts' moves in the principal variation, after Pacman's (as far as it goes)."""
    tree, node, moves = search.tree, 0, []
    for position in search.summary["principal_variation"][:ROUND]:
        node = tree.made[node][position]
        moves.append(tree.moves[node])
    return moves[1:]


def _record(state: PacmanState, agent: int | None, action: str | None) -> dict[str, Any]:
    """A position as the page replays it."""
    return {
        "agent": agent,
        "action": action,
        "pacman": list(state.pacman),
        "ghosts": [list(ghost) for ghost in state.ghosts],
        "food": [list(cell) for cell in sorted(state.food)],
        "score": state.score,
        "status": state.status,
    }
