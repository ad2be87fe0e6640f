"""Searching a game position: the engine's search over a tree that grows as the search asks.

The first tic-tac-toe move searches a game tree of 549,946 positions under minimax; alpha-beta
visits 20,866 of them. So the tree is never built whole: ``Expansion`` makes a node's children
when the search first asks for them (``children`` is a dict that fills itself), the search
loop of ``app.engine.search`` runs unchanged over it, and the trace comes out in the engine's
wire format. A move the search prunes is a *stub*: a row with its move's name and, in
``unexpanded``, how many positions lie below it, counted (not generated) by ``Counts``.

Ids are given in the order nodes are made; the node table must be in preorder (the client
reads a subtree as a range of rows), so the finished trace is renumbered once.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from functools import cached_property
from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.events import wire
from ..engine.options import SearchOptions
from ..engine.search import Search
from ..engine.summary import Counters
from ..engine.tree import CHANCE, DEFAULT_LIMITS, MAX, MIN, Number, Pause
from .game import Action, Game, State

# A depth-limited node's children, as the search loop sees them: "has moves, but the limit
# stops here" (the loop scores such a node with its evaluation and marks it heuristic).
AT_LIMIT = (-1,)
DEFAULT_MAX = DEFAULT_LIMITS.max_nodes
REACHED_LIMIT = N_(
    "the search reached more than {limit} positions, the limit: search a later position, or "
    "use the standard rule or a better ordering"
)
TOO_BIG = N_(
    "{algorithm} would visit all {count} positions of this game tree, more than the limit of "
    "{limit}: use alphabeta, or search a later position"
)


class _Identity:
    """Event ids while searching are creation ids (renumbered to preorder afterwards)."""

    def __getitem__(self, node: int) -> int:
        return node


class _NoOwnKinds:
    """Game positions take their kind from the turn order (by depth), never their own."""

    def __getitem__(self, node: int) -> None:
        return None


class LevelKinds:
    """The kind of player at each depth: the game's turn order, starting with the mover."""

    def __init__(self, kinds: tuple[str, ...], first: int):
        self.kinds, self.first = kinds, first

    def __getitem__(self, depth: int) -> str:
        return self.kinds[(self.first + depth) % len(self.kinds)]


class _SearchView:
    """What ``Search._run`` reads of its view."""

    def __init__(self, level_kinds: LevelKinds, limit: int | None):
        self.rows = _Identity()
        self.own_kinds = _NoOwnKinds()
        self.level_kinds = level_kinds
        # The loop reads "no limit" as "deeper than the tree", which a game cannot know.
        self.limit = sys.maxsize if limit is None else limit


def player_kinds(game: Game, algorithm: str) -> tuple[str, ...]:
    """Each agent's kind for this search: expectimax plays MIN agents as chance (random)."""
    if algorithm == "expectimax":
        return tuple(CHANCE if kind == MIN else kind for kind in game.players)
    return game.players


class Counts:
    """Sizes and exact values of the game tree below a position, memoised by position and
    depth: what a summary and perfect ordering need, without building the tree."""

    def __init__(self, game: Game, kinds: LevelKinds, limit: int | None):
        self.game, self.kinds, self.limit = game, kinds, limit
        self._sizes: dict[tuple[State, int], tuple[int, int]] = {}
        self._values: dict[tuple[State, int], Number] = {}

    def is_leaf(self, state: State, depth: int) -> bool:
        return self.game.is_terminal(state) or (self.limit is not None and depth >= self.limit)

    def size(self, state: State, depth: int) -> tuple[int, int]:
        """(positions, leaves) of the minimax tree at ``state``, itself included."""
        key = (state, depth)
        known = self._sizes.get(key)
        if known is not None:
            return known
        if self.is_leaf(state, depth):
            found = (1, 1)
        else:
            nodes, leaves = 1, 0
            for action in self.game.actions(state):
                below = self.size(self.game.result(state, action), depth + 1)
                nodes += below[0]
                leaves += below[1]
            found = (nodes, leaves)
        self._sizes[key] = found
        return found

    def value(self, state: State, depth: int) -> Number:
        """The position's exact value for the search (minimax, or expectimax at chance)."""
        key = (state, depth)
        known = self._values.get(key)
        if known is not None:
            return known
        game = self.game
        if game.is_terminal(state):
            found = game.utility(state, depth)
        elif self.limit is not None and depth >= self.limit:
            found = game.evaluate(state, depth)
        else:
            actions = game.actions(state)
            values = [self.value(game.result(state, a), depth + 1) for a in actions]
            kind = self.kinds[depth]
            if kind == MAX:
                found = max(values)
            elif kind == MIN:
                found = min(values)
            else:
                found = _expectation(game, state, actions, values)
        self._values[key] = found
        return found


def _expectation(game: Game, state: State, actions, values: list[Number]) -> Number:
    """As the search loop adds them up (same order, same arithmetic)."""
    weights = [game.probability(state, a) for a in actions]
    if weights[0] is None:
        total: Number = 0
        for value in values:
            total += value
        return total / len(values)
    total = 0
    for weight, value in zip(weights, values, strict=True):
        total += weight * value
    return total


class Expansion:
    """The game tree as far as the search has asked for it, indexed by creation id."""

    def __init__(
        self, game: Game, root: State, options: SearchOptions, counts: Counts, max_nodes: int
    ):
        self.game, self.options, self.counts = game, options, counts
        self.limit = options.depth
        self.max_nodes = max_nodes
        self.states: list[State] = [root]
        self.moves: list[Action | None] = [None]
        self.parents: list[int] = [-1]
        self.depths: list[int] = [0]
        self.probabilities: list[float | None] = [None]
        self.made: dict[int, tuple[int, ...]] = {}  # the children made so far, by parent
        self.children = _Filled(self._expand)
        self.values = _Filled(self._score)
        self.orders = _Filled(self._order)

    def __len__(self) -> int:
        return len(self.states)

    def _expand(self, node: int) -> tuple[int, ...]:
        state, depth, game = self.states[node], self.depths[node], self.game
        if game.is_terminal(state):
            return ()
        if self.limit is not None and depth >= self.limit:
            return AT_LIMIT
        actions = game.actions(state)
        if len(self.states) + len(actions) > self.max_nodes:
            raise EngineError(Message(REACHED_LIMIT, limit=f"{self.max_nodes:,}"))
        kids = []
        for action in actions:
            kids.append(len(self.states))
            self.states.append(game.result(state, action))
            self.moves.append(action)
            self.parents.append(node)
            self.depths.append(depth + 1)
            self.probabilities.append(game.probability(state, action))
        made = self.made[node] = tuple(kids)
        return made

    def _score(self, node: int) -> Number:
        state, depth = self.states[node], self.depths[node]
        if self.game.is_terminal(state):
            return self.game.utility(state, depth)
        return self.game.evaluate(state, depth)

    def _order(self, node: int) -> tuple[int, ...]:
        kids = self.children[node]
        ordering = self.options.ordering
        if ordering == "given" or len(kids) < 2:
            return kids
        if ordering == "random":
            shuffled = list(kids)
            random.Random(f"{self.options.seed}/{node}").shuffle(shuffled)
            return tuple(shuffled)
        state, game = self.states[node], self.game
        if ordering == "heuristic":
            return tuple(sorted(kids, key=lambda c: -game.heuristic(state, self.moves[c])))
        kind = self.counts.kinds[self.depths[node]]
        if kind == CHANCE:
            return kids
        exact = {c: self.counts.value(self.states[c], self.depths[c]) for c in kids}
        descending = (kind == MAX) == (ordering == "perfect")
        return tuple(sorted(kids, key=exact.__getitem__, reverse=descending))


class _Filled(dict):
    """A dict that computes a missing entry once, on first read (``dict`` reads stay fast)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key: int):
        made = self[key] = self.make(key)
        return made


class GameSearch(Search):
    """``Search`` over a game position; call ``trace()`` once for the whole result.

    ``options.depth`` is the depth limit in plies and ``options.players`` the kinds in turn
    order from the position's mover; ``game_search`` sets both from a game.
    """

    def __init__(
        self, game: Game, root: State, options: SearchOptions, max_nodes: int = DEFAULT_MAX
    ):
        self.game = game
        self.options = options
        kinds = LevelKinds(player_kinds(game, options.algorithm), game.to_move(root))
        self.counts = Counts(game, kinds, options.depth)
        if options.algorithm != "alphabeta":
            size = self.counts.size(root, 0)[0]
            if size > max_nodes:
                limit, count = f"{max_nodes:,}", f"{size:,}"
                says = Message(TOO_BIG, algorithm=options.algorithm, count=count, limit=limit)
                raise EngineError(says)
        self.tree = Expansion(game, root, options, self.counts, max_nodes)
        self.view = _SearchView(kinds, options.depth)
        self.orders = self.tree.orders
        self.counters = Counters()
        self._summary = None
        self._started = False

    def nodes(self, pause: Pause | None = None) -> list[dict[str, Any]]:
        raise NotImplementedError("a game's node table is known only after trace()")

    @cached_property
    def _preorder(self) -> list[int]:
        """Creation ids in preorder: every child made, in the game's order of moves."""
        order, pending = [], [0]
        made = self.tree.made
        while pending:
            node = pending.pop()
            order.append(node)
            pending.extend(reversed(made.get(node, ())))
        return order

    def decide(self, pause: Pause | None = None) -> dict[str, Any]:
        """Only the summary (the move and its value): no node table, no events kept."""
        for _ in self.batches():
            if pause is not None:
                pause()
        return self.summary

    def trace(self, pause: Pause | None = None) -> dict[str, Any]:
        """``{"nodes", "summary", "events"}`` as ``app.engine.trace`` gives for a tree."""
        events: list[tuple] = []
        for batch in self.batches():
            events.extend(batch)
            if pause is not None:
                pause()
        rows = [0] * len(self.tree)
        for row, node in enumerate(self._preorder):
            rows[node] = row
        return {
            "nodes": self._table(rows),
            "summary": self.summary,
            "events": [_renumber(event, rows) for event in events],
        }

    def _table(self, rows: list[int]) -> list[dict[str, Any]]:
        tree, game, kinds = self.tree, self.game, self.view.level_kinds
        values, made = self.tree.values, self.tree.made
        table = []
        for node in self._preorder:
            state, depth, parent = tree.states[node], tree.depths[node], tree.parents[node]
            leaf = self.counts.is_leaf(state, depth)
            row: dict[str, Any] = {
                "parent": rows[parent] if parent >= 0 else None,
                "kind": kinds[depth],
                "terminal": leaf,
            }
            if node in values:
                row["value"] = values[node]
            elif leaf and game.is_terminal(state):
                row["value"] = game.utility(state, depth)
            if parent >= 0:
                move, before = tree.moves[node], tree.states[parent]
                row["label"] = game.move_label(before, move)
                row["action"] = game.action_name(before, move)
                if tree.probabilities[node] is not None:
                    row["p"] = tree.probabilities[node]
            if not leaf and node not in made:
                row["unexpanded"] = self.counts.size(state, depth)[0] - 1
            table.append(row)
        return table

    def _finish(self, value, inner, leaves, best_child, pruned) -> None:
        counters = self.counters
        counters.inner, counters.leaves, counters.pruned = inner, leaves, pruned
        tree, counts = self.tree, self.counts
        minimax_nodes, minimax_leaves = counts.size(tree.states[0], 0)
        variation, node = [], 0
        while node in best_child:
            node = best_child[node]
            variation.append(node)
        root_kids = tree.made.get(0, ())
        positions = [
            root_kids.index(n) if i == 0 else tree.made[variation[i - 1]].index(n)
            for i, n in enumerate(variation)
        ]
        visited = inner + leaves
        best = variation[0] if variation else None
        reached = {self.game.identity(tree.states[n]) for n in tree.children}
        self._summary = {
            "value": wire(value),
            "best_move": positions[0] if positions else None,
            "best_action": None if best is None else tree.moves[best],
            "principal_variation": positions,
            "optimal": self._optimal(),
            "nodes_visited": visited,
            "leaves_evaluated": leaves,
            "states_explored": len(reached),
            "cutoffs": dict(counters.cutoffs),
            "nodes_pruned": sum(counts.size(tree.states[n], tree.depths[n])[0] for n in pruned),
            "total_nodes": minimax_nodes,
            "minimax_nodes": minimax_nodes,
            "minimax_leaves": minimax_leaves,
            "percent_saved": round(100 * (1 - visited / minimax_nodes), 1),
            "uniform": None,
            "knuth_moore_leaves": None,
            "options": self.options.to_data(),
            "game": self.game.name,
        }

    def _optimal(self) -> list:
        """Every move at the root whose exact value (minimax, or expectimax at chance nodes)
        equals the best: the moves the CS188 autograder accepts, in the game's order."""
        tree, counts, game = self.tree, self.counts, self.game
        root = tree.states[0]
        if counts.is_leaf(root, 0):
            return []
        moves = game.actions(root)
        values = [counts.value(game.result(root, move), 1) for move in moves]
        best = max(values) if self.view.level_kinds[0] == MAX else min(values)
        return [move for move, value in zip(moves, values, strict=True) if value == best]


def _renumber(event: tuple, rows: list[int]) -> tuple:
    """An event with creation ids replaced by node-table rows (docs/protocol.md's fields)."""
    kind = event[0]
    if kind == "update":
        return (kind, rows[event[1]], rows[event[2]], *event[3:])
    if kind == "exit":
        best = event[3]
        return (kind, rows[event[1]], event[2], None if best is None else rows[best])
    if kind == "cutoff":
        return (*event[:1], rows[event[1]], *event[2:6], [rows[n] for n in event[6]])
    return (kind, rows[event[1]], *event[2:])


def game_options(
    game: Game, root: State, options: SearchOptions, plies: int | None
) -> SearchOptions:
    """``options`` for searching ``root``: the players from the game's turn order (starting
    with the mover) and the depth limit in plies."""
    first = game.to_move(root)
    players = game.players[first:] + game.players[:first]
    return replace(options, players=players, depth=plies)
