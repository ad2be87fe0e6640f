"""Random trees for the practice questions, one per question and seed (docs/practice.md):
``/practice?question=research|bounds|chance_prune&seed=N`` names one exercise, served by
``GET /api/practice/question``. Each tree is drawn until the question is worth asking:

* ``research`` (PVS): at least one child re-searched, and one tested child that is not;
* ``bounds`` (MTD(f), a first guess drawn too): at least two passes;
* ``chance_prune`` (Star1, bounds [0, 10]): at least one chance child pruned.

Trees stay small enough to be drawn whole on a phone (at most 12 leaves). The same question
and seed always give the same tree (a seeded ``random.Random``; the engine decides).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import parse_tree, resolve_options
from ..node_table import NodeTable
from .research import Research

QUESTION_KINDS = ("research", "bounds", "chance_prune")
MAX_SEED = 2**32 - 1
MAX_LEAVES = 12
MAX_DRAWS = 400  # draws before giving up (tests check every seed they use finds one sooner)
STAR_BOUNDS = [0, 10]


def question_tree(question: str, seed: int) -> dict[str, Any]:
    """``{"question", "seed", "tree", "options"}``: the tree document and the search's options."""
    rng = random.Random(QUESTION_KINDS.index(question) * (MAX_SEED + 1) + seed)
    for _ in range(MAX_DRAWS):
        if question == "chance_prune":
            tree, options = _star_tree(rng), {"algorithm": "star1", "bounds": STAR_BOUNDS}
        else:
            tree = _minimax_tree(rng)
            options = {"algorithm": "pvs"}
            if question == "bounds":
                options = {"algorithm": "mtdf", "guess": rng.randint(0, 9)}
        if _leaves(tree) <= MAX_LEAVES and _worth_asking(question, tree, options):
            return {"question": question, "seed": seed, "tree": tree, "options": options}
    raise RuntimeError(f"no tree worth asking {question} for seed {seed}")  # pragma: no cover


def _minimax_tree(rng, level=0):
    if level == 3 or (level == 2 and rng.random() < 0.25):
        return rng.randint(0, 9)
    return [_minimax_tree(rng, level + 1) for _ in range(rng.randint(2, 3))]


def _star_tree(rng):
    """MAX over chance nodes over leaves or MIN nodes of leaves (players max, chance, min)."""
    chances = []
    for _ in range(rng.randint(2, 3)):
        kids = []
        for _ in range(rng.randint(2, 3)):
            if rng.random() < 0.3:
                kids.append({"type": "min", "children": [rng.randint(0, 10) for _ in range(2)]})
            else:
                kids.append(rng.randint(0, 10))
        chances.append({"type": "chance", "children": kids})
    return {"type": "max", "children": chances}


def _leaves(tree) -> int:
    if isinstance(tree, list):
        return sum(map(_leaves, tree))
    if isinstance(tree, dict):
        return sum(map(_leaves, tree["children"]))
    return 1


def _worth_asking(question: str, tree, options: dict) -> bool:
    table = NodeTable(parse_tree(tree), resolve_options(None, options))
    if question == "research":
        reading = Research(table)
        return bool(reading.researched) and len(reading.tests) > len(reading.researched)
    if question == "bounds":
        return len(table.summary["passes"]) >= 2
    return any(event[0] == "chance_cutoff" for event in table.events)
