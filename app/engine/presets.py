"""Named example trees for lectures: each with a one-line description, its answer and its source.

The description says what the tree is and never gives the search's result away (it is on
screen from step 0, in the preset list and on a lecture's student pages); the ``answer`` (the
root value, what is pruned, the teaching point the search ends on) is shown only at the end.
Titles, descriptions and answers are marked ``N_`` for the translation catalogs: they stay
English here (the command line's); a caller that speaks to people translates them."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from .errors import N_
from .evaluation import exact_values, make_view
from .generators import random_tree
from .ordering import child_orders
from .tree import DEFAULT_PLAYERS, Tree, parse_tree


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    description: str
    answer: str
    source: str
    tree: Any
    players: tuple[str, ...] = DEFAULT_PLAYERS
    agents: tuple[str, ...] | None = None  # who plays each position of ``players``
    options: dict[str, Any] | None = None

    @property
    def document(self) -> dict[str, Any]:
        """A fresh tree document (callers may change it freely)."""
        document: dict[str, Any] = {
            "name": self.title,
            "description": self.description,
            "answer": self.answer,
            "source": self.source,
            "players": list(self.players),
            "tree": copy.deepcopy(self.tree),
        }
        if self.agents:
            document["agents"] = list(self.agents)
        if self.options:
            document["options"] = dict(self.options)
        return document

    def listing(self) -> dict[str, str]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "answer": self.answer,
            "source": self.source,
        }


def _reordered(data: Any, ordering: str) -> Any:
    """The same tree with each node's children stored in ``ordering``'s search order."""
    tree = parse_tree(data)
    orders = child_orders(make_view(tree, DEFAULT_PLAYERS, "alphabeta", None), ordering)
    return _rebuild(tree, orders)


def _rebuild(tree: Tree, orders: tuple[tuple[int, ...], ...]) -> Any:
    built: dict[int, Any] = {}
    for node in range(len(tree) - 1, -1, -1):
        kids = orders[node]
        built[node] = [built.pop(c) for c in kids] if kids else tree.values[node]
    return built[0]


def _with_heuristics(data: Any, at_depth: int) -> Any:
    """Give every inner node at ``at_depth`` a heuristic value: its true value, off by a little,
    as a real evaluation function would be."""
    tree = parse_tree(data)
    truth = exact_values(make_view(tree, DEFAULT_PLAYERS, "minimax", None))
    built: dict[int, Any] = {}
    for node in range(len(tree) - 1, -1, -1):
        kids = tree.children[node]
        if not kids:
            built[node] = tree.values[node]
            continue
        subtrees = [built.pop(c) for c in kids]
        if tree.depths[node] == at_depth:
            noise = (node * 7) % 11 - 5
            built[node] = {"value": truth[node] + noise, "children": subtrees}
        else:
            built[node] = subtrees
    return built[0]


def _pacman_tree() -> Any:
    """Two rounds of Pacman, ghost 1, ghost 2, each with two moves named on the edges."""
    moves = (("West", "East"), ("G1 up", "G1 down"), ("G2 up", "G2 down"))
    rng = random.Random(188)
    level: list[dict[str, Any]] = [{"value": rng.randint(-20, 40)} for _ in range(2**6)]
    for depth in range(5, -1, -1):
        first, second = moves[depth % 3]
        level = [
            {"children": [{**level[i], "action": first}, {**level[i + 1], "action": second}]}
            for i in range(0, len(level), 2)
        ]
    return {"label": "Pacman", **level[0]}


_UNIFORM_3x3 = random_tree(seed=1975, depth=3, branching=3, low=0, high=99)

PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            name="textbook",
            title=N_("Textbook: three MIN nodes"),
            description=N_("MAX over three MIN nodes of three leaves each."),
            answer=N_(
                "Answer 3: the second MIN node cuts off after its first leaf, "
                "so 4 and 6 are never looked at."
            ),
            source="Russell & Norvig, Artificial Intelligence: A Modern Approach, Figure 5.2 / 5.5",
            tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]],
        ),
        Preset(
            name="tie",
            title=N_("The tie that separates the two rules"),
            description=N_(
                "Two MIN nodes whose leaves tie with α: run it under both pruning "
                "rules, the textbook one (α ≥ β) and the strict CS188 one (v < α)."
            ),
            answer=N_(
                "The second MIN node's first leaf equals α = 10: the textbook rule (α ≥ β) "
                "prunes the 0, the strict CS188 rule (v < α) does not."
            ),
            source="UC Berkeley CS188 Project 2 autograder convention "
            "(prune only on strict inequality)",
            tree=[[10], [10, 0]],
        ),
        Preset(
            name="pacman",
            title=N_("Pacman with two ghosts, two rounds"),
            description=N_(
                "MAX (Pacman), MIN (ghost 1), MIN (ghost 2), twice: six plies, "
                "64 outcomes; both ghosts minimise, one after the other."
            ),
            answer=N_(
                "Both ghosts' replies are minimised before Pacman's move is valued: "
                "the root value is the best score Pacman can guarantee."
            ),
            source="In the style of UC Berkeley CS188 Project 2 (multi-agent Pacman); "
            "scores generated",
            tree=_pacman_tree(),
            players=("max", "min", "min"),
            agents=("Pacman", "Ghost 1", "Ghost 2"),
        ),
        Preset(
            name="random-binary-10",
            title=N_("Random binary tree, depth 10"),
            description=N_("2,047 nodes, leaf values 0..100 (seed 10)."),
            answer=N_("Minimax visits all 2,047 nodes, alpha-beta far fewer."),
            source="Prune generator: random_tree(seed=10, depth=10, branching=2, low=0, high=100)",
            tree=random_tree(seed=10, depth=10, branching=2, low=0, high=100),
        ),
        Preset(
            name="best-ordering",
            title=N_("Best ordering: the Knuth–Moore minimum"),
            description=N_("A uniform 3-ary tree of depth 3 with every node's best child first."),
            answer=N_(
                "Alpha-beta evaluates 3² + 3¹ − 1 = 11 of 27 leaves: the Knuth–Moore minimum."
            ),
            source="Knuth & Moore, An Analysis of Alpha-Beta Pruning (1975)",
            tree=_reordered(_UNIFORM_3x3, "perfect"),
        ),
        Preset(
            name="worst-ordering",
            title=N_("Worst ordering: no pruning at all"),
            description=N_("The same tree with every node's worst child first."),
            answer=N_("Alpha-beta evaluates all 27 leaves, exactly as many as minimax."),
            source="Knuth & Moore, An Analysis of Alpha-Beta Pruning (1975)",
            tree=_reordered(_UNIFORM_3x3, "worst"),
        ),
        Preset(
            name="chance",
            title=N_("Chance nodes (expectimax)"),
            description=N_("MAX over three chance nodes, the third weighted (p = ½, ¼, ¼)."),
            answer=N_(
                "The chance nodes average 8, 4 and 9 (the weighted one): the third move is best."
            ),
            source="In the style of UC Berkeley CS188 lectures on expectimax",
            tree=[
                [3, 12, 9],
                [2, 4, 6],
                [{"value": 15, "p": 0.5}, {"value": 6, "p": 0.25}, {"value": 0, "p": 0.25}],
            ],
            players=("max", "chance"),
        ),
        Preset(
            name="depth-limited",
            title=N_("Depth limit with heuristic values"),
            description=N_(
                "A depth-4 tree searched to depth 2: the nodes at the limit are scored by "
                "their heuristic values, not by the leaves below them."
            ),
            answer=N_(
                "The root value comes from the heuristic values at depth 2; the leaves "
                "below them are never looked at."
            ),
            source="Prune generator: random_tree(seed=5, depth=4), heuristics near the true values",
            tree=_with_heuristics(random_tree(seed=5, depth=4, branching=2, low=0, high=50), 2),
            options={"depth": 2},
        ),
    )
}
