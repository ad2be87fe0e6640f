"""Playing Pacman by the CS188 rules (``rules=cs188``), as the course's autograder plays it.

Pacman searches ``depth`` rounds ahead (a round is Pacman then every ghost) with the chosen
algorithm (minimax, alpha-beta or expectimax; the strict pruning rule by default, as the
course prunes) and plays the first move of strictly best value. Then each ghost moves:

- ``directional`` or ``random``: the course's DirectionalGhost or RandomGhost (ghosts.py),
  drawing from one ``random.Random``, re-seeded with ``seed + k`` after Pacman's k-th move,
  exactly as the autograder's PacmanGameTreeTest re-seeds Python's ``random``;
- ``adversarial``: the replies the search predicted (its principal variation).

There is no move cap beyond a guard of ``MAX_MOVES``: a game ends when it is won or lost.
``pacman`` lists moves a person chose (play it yourself): Pacman plays them instead of
searching, and the game stops after them unless ``moves`` says more. A decision's trace
(``decision=I``) is the search at Pacman's I-th move, whoever played it. A decision's tree
document (``course_practice_tree``) is that position's game tree with the game's algorithm and
rule as its options: searched whole, it replays the decision's trace step for step (the
visualizer, a practice tree, a lesson lecture's students), or cut to homework size.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.options import MAX_SEED, ORDERINGS, RULES, SearchOptions
from ..engine.tree import Pause
from .decisions import (
    choice,
    decision_out_of_range,
    decision_record,
    traced_decision,
    whole_number,
)
from .ghosts import GHOST_AGENTS, ghost_move
from .layouts import load_layout
from .pacman_cs188 import CoursePacman, CourseState
from .search import GameSearch, game_options

GHOSTS = (*GHOST_AGENTS, "adversarial")
MAX_DEPTH, MAX_MOVES = 4, 1_000
MAX_CHOSEN = 1_000  # moves a person may have played

# The searches a game expands lazily (games/search.py); the windowed ones search whole trees.
COURSE_ALGORITHMS = ("minimax", "alphabeta", "expectimax")


@dataclass(frozen=True)
class CourseSettings:
    """A game's settings, checked: everything needed to replay it exactly."""

    rules: str
    layout: str
    seed: int
    ghosts: str
    algorithm: str
    depth: int
    moves: int
    rule: str
    ordering: str
    pacman: tuple[str, ...]


def course_settings(
    layout: Any,
    *,
    seed: Any = 0,
    ghosts: Any = "directional",
    algorithm: Any = "alphabeta",
    depth: Any = 2,
    moves: Any = None,
    rule: Any = "strict",
    ordering: Any = "given",
    pacman: Any = (),
) -> CourseSettings:
    """Every setting checked, each error naming its field (the layout's names its row)."""
    load_layout(layout)
    chosen = _chosen_moves(pacman)
    if moves is None:
        moves = len(chosen) if chosen else MAX_MOVES
    settings = CourseSettings(
        rules="cs188",
        layout=layout,
        seed=whole_number(seed, "seed", 0, MAX_SEED),
        ghosts=choice(ghosts, "ghosts", GHOSTS),
        algorithm=choice(algorithm, "algorithm", COURSE_ALGORITHMS),
        depth=whole_number(depth, "depth", 1, MAX_DEPTH),
        moves=whole_number(moves, "moves", 1, MAX_MOVES),
        rule=choice(rule, "rule", RULES),
        ordering=choice(ordering, "ordering", ORDERINGS),
        pacman=chosen,
    )
    if settings.ghosts == "adversarial" and settings.algorithm == "expectimax":
        raise EngineError(
            Message(
                N_(
                    "adversarial ghosts play the search's predicted replies, which expectimax "
                    "does not predict: use directional or random ghosts, or minimax or alphabeta"
                )
            ),
            field="ghosts",
        )
    return settings


def _chosen_moves(pacman: Any) -> tuple[str, ...]:
    if isinstance(pacman, str):
        pacman = [move.strip() for move in pacman.split(",")] if pacman.strip() else []
    if not isinstance(pacman, list | tuple) or not all(isinstance(m, str) for m in pacman):
        raise EngineError(
            Message(N_("pacman must be a list of moves: West,North,…")), field="pacman"
        )
    if len(pacman) > MAX_CHOSEN:
        raise EngineError(
            Message(N_("pacman: at most {limit} moves"), limit=MAX_CHOSEN), field="pacman"
        )
    return tuple(pacman)


def play_course_game(layout: Any, *, pause: Pause | None = None, **given: Any) -> dict[str, Any]:
    """A whole game: every position (one per agent's move), Pacman's decisions, the end."""
    settings = course_settings(layout, **given)
    replay = _play(settings, pause)
    return {
        "maze": replay.rules.layout.to_data(),
        "settings": {**asdict(settings), "pacman": list(settings.pacman)},
        "states": replay.states,
        "decisions": replay.decisions,
        "status": replay.position.status,
        "score": replay.position.score,
    }


def course_decision(
    layout: Any, *, decision: Any, pause: Pause | None = None, **given: Any
) -> dict[str, Any]:
    """The trace of the search at Pacman's ``decision``-th move (from 0) in that game."""
    return traced_decision(_replay_to(layout, decision, pause, given))


def course_practice_tree(
    layout: Any,
    *,
    decision: Any,
    size: str = "homework",
    pause: Pause | None = None,
    **given: Any,
) -> dict[str, Any]:
    """Pacman's ``decision``-th position in that game as a tree document, ``depth`` rounds
    deep, with the game's algorithm and rule as its options: whole (``size="whole"``, what
    replays the decision's trace step for step) or cut to homework size (homework.py)."""
    from .homework import homework_document

    replay = _replay_to(layout, decision, pause, given)
    settings, index = replay.settings, replay.pacman_moves - 1
    where = layout if isinstance(layout, str) and layout.isidentifier() else "a layout"
    name = f"Pacman's move {index + 1} on {where} (CS188 rules)"
    options = {"algorithm": settings.algorithm, "rule": settings.rule}
    plies = settings.depth * len(replay.rules.agents)
    return homework_document(replay.rules, replay.traced[2], plies, name, options, size)


def _replay_to(layout: Any, decision: Any, pause: Pause | None, given: dict) -> _Replay:
    """The game replayed up to Pacman's decision ``decision``, whose search it keeps."""
    given.pop("moves", None)
    settings = course_settings(layout, **given)
    index = whole_number(decision, "decision", 0, MAX_MOVES - 1)
    if settings.pacman and index > len(settings.pacman):
        played = len(settings.pacman)
        raise EngineError(
            Message(
                N_(
                    "decision {index} is past the moves played: with {played} moves in pacman, "
                    "the decisions are 0 to {played} (the last one: what the search would play "
                    "next)"
                ),
                index=index,
                played=played,
            ),
            field="decision",
        )
    settings = CourseSettings(**{**asdict(settings), "moves": index + 1})
    replay = _play(settings, pause, traced=index)
    if replay.traced is None:
        raise decision_out_of_range(index, replay.pacman_moves)
    return replay


class _Replay:
    """A game as it is played: the rules, the position reached, and the JSON records."""

    def __init__(self, settings: CourseSettings):
        self.settings = settings
        self.rules = CoursePacman(load_layout(settings.layout))
        self.position = self.rules.initial()
        self.states: list[dict[str, Any]] = [self._record(None, None)]
        self.decisions: list[dict[str, Any]] = []
        self.pacman_moves = 0
        self.traced: tuple[GameSearch, dict[str, Any], CourseState] | None = None

    def over(self) -> bool:
        return self.rules.is_terminal(self.position)

    def search(self, plies: int | None = None) -> GameSearch:
        """A search from the position reached, ``depth`` rounds deep unless ``plies`` says."""
        settings, rules = self.settings, self.rules
        options = SearchOptions(
            algorithm=settings.algorithm,
            rule=settings.rule,
            ordering=settings.ordering,
            seed=settings.seed,
        )
        if plies is None:
            plies = settings.depth * len(rules.agents)
        return GameSearch(rules, self.position, game_options(rules, self.position, options, plies))

    def decide(self, pause: Pause | None) -> tuple[GameSearch, dict[str, Any]]:
        """Pacman's search from the position reached, recorded as the next decision."""
        search = self.search()
        trace = search.trace(pause)
        record = decision_record(
            trace, len(self.states) - 1, self.settings.depth, self.settings.algorithm
        )
        self.decisions.append(record)
        return search, trace

    def chosen_move(self, action: str) -> None:
        """A move a person chose for Pacman, refused (naming it) unless legal."""
        legal = self.rules.actions(self.position)
        if action not in legal:
            raise EngineError(
                Message(
                    N_("pacman move {number}: {move} is not one of {moves}"),
                    number=self.pacman_moves + 1,
                    move=repr(action),
                    moves=", ".join(legal),
                ),
                field="pacman",
            )
        self.move(action)

    def move(self, action: str) -> None:
        mover = self.position.mover
        self.position = self.rules.result(self.position, action)
        self.states.append(self._record(mover, action))

    def _record(self, agent: int | None, action: str | None) -> dict[str, Any]:
        """A position as the page replays it, in screen coordinates."""
        state, layout = self.position, self.rules.layout
        return {
            "agent": agent,
            "action": action,
            "pacman": layout.screen(*state.pacman),
            "ghosts": [layout.screen(*ghost) for ghost in state.ghosts],
            "scared": list(state.scared),
            "food": sorted(layout.screen(*cell) for cell in state.food),
            "capsules": sorted(layout.screen(*cell) for cell in state.capsules),
            "score": state.score,
            "status": state.status,
        }


def _play(settings: CourseSettings, pause: Pause | None, traced: int | None = None) -> _Replay:
    """The one replay: Pacman moves (by search, or as a person chose), then each ghost,
    until the game ends or Pacman has made ``settings.moves`` moves. Keeps the whole search
    of decision ``traced``."""
    replay = _Replay(settings)
    rng = random.Random(settings.seed)
    chosen = settings.pacman
    while not replay.over() and replay.pacman_moves < settings.moves:
        if replay.pacman_moves and pause is not None:
            pause()
        made, position = replay.pacman_moves, replay.position
        search = None
        if made == traced or made >= len(chosen):
            search, trace = replay.decide(pause)
            if made == traced:
                replay.traced = (search, trace, position)
        if made < len(chosen):
            replay.chosen_move(chosen[made])
            search = None
        else:
            replay.move(search.summary["best_action"])
        replay.pacman_moves += 1
        rng.seed(settings.seed + replay.pacman_moves)
        _ghosts_move(replay, search, rng)
    return replay


def _ghosts_move(replay: _Replay, search: GameSearch | None, rng: random.Random) -> None:
    """Every ghost in turn while the game goes on. Adversarial ghosts play the replies
    Pacman's search predicted; after a move a person chose, a search from the ghosts' turn
    (the rest of ``depth`` rounds) predicts them."""
    kind, agents = replay.settings.ghosts, len(replay.rules.agents)
    if kind == "adversarial" and not replay.over():
        if search is None:
            search = replay.search(replay.settings.depth * agents - 1)
            search.decide()
            replies = _principal_moves(search, agents - 1)
        else:
            replies = _principal_moves(search, agents)[1:]
    for ghost in range(agents - 1):
        if replay.over():
            return
        if kind == "adversarial":
            replay.move(replies[ghost])
        else:
            replay.move(ghost_move(kind, replay.rules, replay.position, rng))


def _principal_moves(search: GameSearch, count: int) -> list[str]:
    """The first ``count`` moves of the search's principal variation (as far as it goes)."""
    tree, node, moves = search.tree, 0, []
    for position in search.summary["principal_variation"][:count]:
        node = tree.made[node][position]
        moves.append(tree.moves[node])
    return moves
