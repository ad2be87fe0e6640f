"""What the engine says about a question's tree, and which of the spec's properties it has.

Every fact comes from the engine's trace (``app.practice.truth.Truth``, the same reading the
practice grader uses): the leaves evaluated, the pruned subtrees, the cutoffs and the windows
under the question's rule; the other rule's leaves (for ``ties``) and perfect ordering's
leaves (for ``ordering_matters``) only when asked. docs/exams.md defines each property.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property, lru_cache
from typing import Any

from ..engine import Search, SearchOptions, parse_document, resolve_options
from ..engine.tree import CHANCE, MAX, MIN, Tree
from ..practice.truth import Truth
from .spec import QuestionSpec

OTHER_RULE = {"standard": "strict", "strict": "standard"}


@lru_cache(maxsize=256)
def search_options(
    players: tuple[str, ...], rule: str, algorithm: str, ordering: str
) -> SearchOptions:
    """The engine's options for a search (read once: a question tries hundreds of trees)."""
    overrides = {
        "algorithm": algorithm,
        "rule": rule,
        "players": list(players),
        "ordering": ordering,
    }
    return resolve_options(None, overrides)


class Quick:
    """One search's counts and the leaves it evaluates, without the node table or names:
    what most properties need, cheap enough to try hundreds of trees."""

    def __init__(self, tree: Tree, options: SearchOptions):
        search = Search(tree, options)
        self.leaves: list[int] = []
        for batch in search.batches(size=1 << 20):
            self.leaves.extend(event[1] for event in batch if event[0] == "leaf")
        self.summary = search.summary
        self.pruned_roots = len(search.counters.pruned)


class Facts:
    """One tree under one question's rule (alpha-beta), read lazily: the quick counts first,
    the full reading of the trace (``truth``) only when a property or the answer needs it."""

    def __init__(self, tree: Tree, question: QuestionSpec):
        self.tree = tree
        self.question = question
        self.quick = Quick(tree, self.options(question.rule))

    @classmethod
    def of(cls, tree_data: list[Any], question: QuestionSpec) -> Facts:
        return cls(parse_document(tree_data).tree, question)

    @property
    def data(self) -> Any:
        """The tree in Prune's shorthand (nested lists of leaf values)."""
        return self.tree.to_data()

    def with_values(self, values: list[Any]) -> Facts:
        """The same shape with ``values`` at its leaves (in preorder)."""
        slots = iter(values)
        full = tuple(None if kids else next(slots) for kids in self.tree.children)
        return Facts(replace(self.tree, values=full), self.question)

    def options(self, rule: str, algorithm: str = "alphabeta", ordering: str = "given"):
        return search_options(self.question.players, rule, algorithm, ordering)

    def search(self, rule: str, algorithm: str = "alphabeta", ordering: str = "given") -> Truth:
        return Truth(self.tree, self.options(rule, algorithm, ordering))

    @cached_property
    def truth(self) -> Truth:
        return self.search(self.question.rule)

    @property
    def summary(self) -> dict[str, Any]:
        return self.quick.summary

    @property
    def leaves_evaluated(self) -> int:
        return self.summary["leaves_evaluated"]

    @property
    def pruned_leaves(self) -> int:
        return self.summary["minimax_leaves"] - self.summary["leaves_evaluated"]

    @property
    def pruned_branches(self) -> list[int]:
        """The rows whose edge is crossed out (maximal pruned subtrees), in search order."""
        return list(self.truth.pruned_by)

    def evaluated(self, truth: Truth) -> list[int]:
        """The leaf rows ``truth`` evaluates, in the order it evaluates them."""
        leaves = [row for row in truth.reached if row not in truth.exits]
        return sorted(leaves, key=truth.reached.__getitem__)

    @cached_property
    def other_rule(self) -> Truth:
        return self.search(OTHER_RULE[self.question.rule])

    @cached_property
    def perfect_leaves(self) -> int:
        perfect = Quick(self.tree, self.options(self.question.rule, ordering="perfect"))
        return perfect.summary["leaves_evaluated"]

    @cached_property
    def minimax(self) -> Truth:
        return self.search(self.question.rule, algorithm="minimax")

    @cached_property
    def other_quick(self) -> Quick:
        return Quick(self.tree, self.options(OTHER_RULE[self.question.rule]))

    def rule_difference(self) -> tuple[list[int], list[int]]:
        """The leaves (ids, in search order) only the standard rule evaluates, and those only
        the strict rule does. Without a depth limit a node's id is its row."""
        mine, other = self.quick.leaves, self.other_quick.leaves
        standard, strict = (mine, other) if self.question.rule == "standard" else (other, mine)
        return (
            [row for row in standard if row not in set(strict)],
            [row for row in strict if row not in set(standard)],
        )

    def equal_window_rows(self) -> list[int]:
        """Rows where α = β: a cutoff on equality, or a node searched with α = β."""
        truth = self.truth
        rows = [row for row, cut in truth.cutoffs.items() if cut.value == cut.bound]
        rows += [
            row
            for row, (alpha, beta) in truth.entered.items()
            if alpha is not None and alpha == beta
        ]
        return rows

    def deep_cutoffs(self) -> list[int]:
        """Cut rows whose bound did not come from their parent but from higher up: the
        parent's own value had not reached it when the search came to the cut node."""
        truth, deep = self.truth, []
        for row, cut in truth.cutoffs.items():
            parent = truth.parents[row]
            if parent is None or cut.bound in (float("inf"), float("-inf")):
                continue
            parent_kind = truth.nodes[parent]["kind"]
            arrival = truth.arrivals[row]
            if parent_kind == CHANCE:
                continue
            same = parent_kind == truth.nodes[row]["kind"]  # a MIN under a MIN never sets α
            below = parent_kind == MAX and arrival.value < cut.bound
            above = parent_kind == MIN and arrival.value > cut.bound
            if same or below or above:
                deep.append(row)
        return deep

    def unmet(self) -> list[str]:
        """The spec's properties this tree lacks (field names), in the spec's order."""
        q, missing = self.question, []
        if self.pruned_leaves < q.min_pruned:
            missing.append("min_pruned")
        if self.quick.pruned_roots < q.min_pruned_branches:
            missing.append("min_pruned_branches")
        checks = {
            "both_cutoffs": lambda: all(self.summary["cutoffs"][k] for k in ("alpha", "beta")),
            "ties": lambda: any(self.rule_difference()),
            "equal_window": lambda: bool(self.equal_window_rows()),
            "ordering_matters": lambda: self.perfect_leaves != self.leaves_evaluated,
            "deep_cutoff": lambda: bool(self.deep_cutoffs()),
        }
        for flag, check in checks.items():
            if flag in q.flags and not check():
                missing.append(flag)
        return missing
