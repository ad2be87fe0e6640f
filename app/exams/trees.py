"""Random question trees, in two steps: a shape (how many children each node has, level by
level from the spec's branching) and then leaf values. Variants of a question keep its
shape and draw new values, so every student gets a tree of the same size and form.

A shape is nested lists whose leaves are ``None``; a tree is the same nesting with numbers
at the leaves (Prune's shorthand, which ``app.engine.parse_document`` reads).
"""

from __future__ import annotations

import random
from typing import Any

from .spec import QuestionSpec


def random_shape(rng: random.Random, question: QuestionSpec) -> list[Any]:
    """A shape ``question.depth`` levels deep: each node draws its number of children from
    its level's range (0 makes it a leaf early); one path always reaches the bottom."""
    root: list[Any] = []
    level = [root]
    for depth, (low, high) in enumerate(question.branching):
        counts = [rng.randint(max(low, 1) if depth == 0 else low, high) for _ in level]
        if not any(counts):  # keep one path going, so the tree is as deep as asked
            counts[rng.randrange(len(counts))] = 1
        last = depth == len(question.branching) - 1
        below: list[list[Any]] = []
        for node, count in zip(level, counts, strict=True):
            for _ in range(count):
                child: list[Any] | None = None if last else []
                node.append(child)
                if child is not None:
                    below.append(child)
        level = below
    _close(root)
    return root


def _close(shape: list[Any]) -> None:
    """Inner positions that drew no children become leaves (``None``)."""
    stack = [shape]
    while stack:
        node = stack.pop()
        for i, child in enumerate(node):
            if isinstance(child, list):
                if child:
                    stack.append(child)
                else:
                    node[i] = None


def leaf_values(rng: random.Random, question: QuestionSpec, count: int) -> list[int | float]:
    """``count`` random leaf values from the spec's range (whole, or with one decimal)."""
    low, high = question.values
    if question.integers:
        return rng.choices(range(low, high + 1), k=count)
    return [round(rng.uniform(low, high), 1) for _ in range(count)]


def fill(rng: random.Random, shape: list[Any], question: QuestionSpec) -> list[Any]:
    """The shape with a random value at every leaf (in preorder), from the spec's range."""
    values = iter(leaf_values(rng, question, leaf_count(shape)))

    def copy(node: Any) -> Any:
        return next(values) if node is None else [copy(child) for child in node]

    return copy(shape)


def leaf_count(shape: Any) -> int:
    return 1 if shape is None else sum(leaf_count(child) for child in shape)
