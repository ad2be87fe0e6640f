"""Each question kind's prompt, answer and worked solution, read from the engine's facts.

The answer is data a program can check (names, values, counts); the solution is a list of
sentences worded as practice's explanations (app/practice/explain.py), which say why each
branch is pruned and how each value comes from its children. Values that may be infinite
travel as ``wire`` values ("Infinity", "-Infinity").
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import wire
from ..engine.tree import CHANCE
from ..practice import explain
from ..practice.names import name_list
from .facts import Facts

PROMPTS = {
    "prune": "Run alpha-beta ({rule} rule) left to right and cross out every pruned branch.",
    "values": "Fill in the minimax value of every inner node.",
    "windows": "Run alpha-beta ({rule} rule) left to right and give α and β at {nodes} "
    "when each returns.",
    "best_move": "Which move does {root} choose, and what is its value?",
    "leaves": "Run alpha-beta ({rule} rule) left to right: how many leaves are evaluated?",
    "reorder": "Reorder the children so that alpha-beta ({rule} rule) prunes the most: "
    "give each inner node's children in the best order and the leaves evaluated then.",
    "rules": "Which leaves does the standard rule (prune when α ≥ β) evaluate and the "
    "strict rule (never prune on equality) not, or the other way round?",
    "counts": "How many leaves and nodes do minimax and alpha-beta ({rule} rule) each "
    "evaluate and visit?",
}


def windows_asked(facts: Facts, rng: random.Random) -> list[int]:
    """The inner MAX/MIN rows the windows question names (visited ones, in level order)."""
    truth = facts.truth
    rows = [row for row in truth.windows if truth.nodes[row]["kind"] != CHANCE]
    chosen = rng.sample(rows, min(facts.question.asked, len(rows)))
    order = _level_order(truth)
    return sorted(chosen, key=order.__getitem__)


def question_text(facts: Facts, asked: list[int]) -> str:
    names = facts.truth.names
    return PROMPTS[facts.question.kind].format(
        rule=facts.question.rule, nodes=name_list(names, asked, cap=len(asked)), root=names[0]
    )


def answer(facts: Facts, asked: list[int]) -> dict[str, Any]:
    """The kind's answer as data."""
    truth, names, kind = facts.truth, facts.truth.names, facts.question.kind
    if kind == "prune":
        return {
            "pruned": [_node(truth, row) for row in facts.pruned_branches],
            "pruned_leaves": facts.pruned_leaves,
        }
    if kind == "values":
        minimax = facts.minimax
        inner = sorted(minimax.exits, key=_level_order(minimax).__getitem__)
        return {"values": {minimax.names[row]: minimax.returned[row] for row in inner}}
    if kind == "windows":
        return {
            "windows": {
                names[row]: {"alpha": wire(alpha), "beta": wire(beta)}
                for row in asked
                for alpha, beta in [truth.windows[row]]
            }
        }
    if kind == "best_move":
        move = truth.best_move
        child = truth.children[0][move] if move is not None else None
        return {
            "move": move,
            "child": names[child] if child is not None else None,
            "value": truth.returned[0],
        }
    if kind == "leaves":
        leaves = facts.evaluated(truth)
        return {"leaves_evaluated": len(leaves), "leaves": [names[row] for row in leaves]}
    if kind == "reorder":
        orders = _best_orders(facts)
        return {
            "orders": {names[row]: [names[c] for c in kids] for row, kids in orders.items()},
            "leaves_evaluated": facts.perfect_leaves,
            "given_leaves_evaluated": facts.leaves_evaluated,
        }
    if kind == "rules":
        standard_only, strict_only = facts.rule_difference()
        return {
            "standard_only": [names[row] for row in standard_only],
            "strict_only": [names[row] for row in strict_only],
        }
    minimax = facts.minimax.summary
    return {
        "minimax": {"leaves": minimax["leaves_evaluated"], "nodes": minimax["nodes_visited"]},
        "alphabeta": {"leaves": facts.leaves_evaluated, "nodes": facts.summary["nodes_visited"]},
    }


def solution(facts: Facts) -> list[str]:
    """The worked solution: the root's value and best move, then each pruned branch and why,
    then how each inner node's value comes from its children (as the search returns them)."""
    truth, names = facts.truth, facts.truth.names
    kind = facts.question.kind
    if kind == "values":
        minimax = facts.minimax
        order = sorted(minimax.exits, key=_level_order(minimax).__getitem__, reverse=True)
        return [_how(minimax, row) for row in order]
    lines = []
    for row in facts.pruned_branches:
        lines.append(explain.pruned(truth, row))
    if kind == "rules":
        standard_only, strict_only = facts.rule_difference()
        other = facts.other_rule
        for row in standard_only + strict_only:
            source = truth if row in truth.reached else other
            lines.append(f"{names[row]}: {explain.searched(source, row)}")
    if kind == "reorder":
        for row, kids in _best_orders(facts).items():
            lines.append(
                f"{names[row]} ({truth.nodes[row]['kind'].upper()}) searches its children "
                f"best first: {name_list(names, kids, cap=len(kids))}."
            )
    if kind in ("windows", "best_move", "leaves", "counts", "prune"):
        done = sorted(truth.exits, key=truth.exits.__getitem__)
        lines.extend(_how(truth, row) for row in done)
    move = truth.best_move
    if move is not None:
        lines.append(
            f"{names[0]} moves to {names[truth.children[0][move]]} "
            f"(value {explain.fmt(truth.returned[0])})."
        )
    return lines


def _how(truth, row: int) -> str:
    """A node's value and the children values it came from (as explain words it)."""
    text = explain.value(truth, row, None, True)
    kids = [truth.names[child] for child, _ in truth.updates.get(row, [])]
    values = [explain.fmt(v) for _, v in truth.updates.get(row, [])]
    pairs = ", ".join(f"{k} = {v}" for k, v in zip(kids, values, strict=True))
    return f"{text[:-1]} ({pairs})." if pairs else text


def _node(truth, row: int) -> dict[str, Any]:
    return {"name": truth.names[row], "path": truth.path_of(row)}


def _level_order(truth) -> dict[int, int]:
    queue = [0]
    for row in queue:
        queue.extend(truth.children[row])
    return {row: place for place, row in enumerate(queue)}


def _best_orders(facts: Facts) -> dict[int, list[int]]:
    """Each inner MAX/MIN row's children in the order perfect ordering searches them."""
    minimax = facts.minimax
    orders = {}
    for row in sorted(minimax.exits, key=_level_order(minimax).__getitem__):
        kind = minimax.nodes[row]["kind"]
        if kind == CHANCE:
            continue
        kids = minimax.children[row]
        values = {child: minimax.returned[child] for child in kids}
        orders[row] = sorted(kids, key=values.__getitem__, reverse=kind == "max")
    return orders
