"""Reading MIT 6.034's game trees (Lab 3, "Games"; docs/formats.md): the lab's ``toytree.py``
builds its trees with ``create_toy_tree(name_to_score, nested_list)``, a nested list
``[label, [subtrees]]`` in which a leaf is ``[label, []]``, scored by the table (a label
missing from it scores 0, as the lab says), and its comments write trees as nested lists of
numbers with each leaf in a list of its own (``[[[7], [11]], [[4], [9]]]``).

``read_mit6034(text)`` takes those forms and the short ones course staff write: a leaf as
``[label, score]``, ``[label]`` or a bare label scored by the table (the table is then
required), plain nested numbers. The table may come before the tree, in the order
``create_toy_tree`` takes them, or after it. Python literals and JSON are both read, with
``ast.literal_eval`` (format_text.literal), never executed. The answer is Prune's tree data."""

from __future__ import annotations

from typing import Any

from .errors import N_, Message
from .format_text import FormatError, find_offset, literal, util_value
from .tree import DEFAULT_LIMITS, Limits


def read_mit6034(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """A 6.034 tree, with its optional score table (before or after it), as tree data."""
    data = literal("mit6034", text, limits)
    scores: dict[str, Any] = {}
    if isinstance(data, tuple) and len(data) == 2:
        if isinstance(data[1], dict):
            data, scores = data
        elif isinstance(data[0], dict):
            scores, data = data
    return _toy_node(data, scores, text, limits, 0)


def _toy_node(data: Any, scores: dict[str, Any], text: str, limits: Limits, depth: int) -> Any:
    if depth > limits.max_depth:
        raise FormatError(
            "mit6034", text, 0, Message(N_("at most {limit} levels"), limit=limits.max_depth)
        )
    if isinstance(data, bool) or data is None:
        raise FormatError(
            "mit6034",
            text,
            0,
            Message(N_("a number, a label or a list, not {value}"), value=repr(data)),
        )
    if isinstance(data, (int, float)):
        return data
    if isinstance(data, str):
        if data not in scores:
            raise FormatError(
                "mit6034",
                text,
                find_offset(text, data),
                Message(N_("a score for {label} in the score table"), label=repr(data)),
            )
        return {"label": data, "value": util_value(scores[data], data, text)}
    if not isinstance(data, (list, tuple)) or not data:
        raise FormatError(
            "mit6034",
            text,
            0,
            Message(N_("a non-empty list, not {value}"), value=repr(str(data)[:30])),
        )
    if len(data) == 1 and _is_number(data[0]):
        return data[0]  # the lab's comments write a leaf as [7]
    if not isinstance(data[0], str):
        return [_toy_node(kid, scores, text, limits, depth + 1) for kid in data]
    label, rest = data[0], data[1:]
    if not rest or (len(rest) == 1 and rest[0] is None):
        return _toy_node(label, scores, text, limits, depth)
    if len(rest) == 1 and _is_number(rest[0]):
        return {"label": label, "value": rest[0]}
    if len(rest) == 1 and isinstance(rest[0], (list, tuple)) and not rest[0]:
        # create_toy_tree's leaf: [label, []], scored by the table, else 0
        return {"label": label, "value": util_value(scores.get(label, 0), label, text)}
    kids = rest[0] if len(rest) == 1 and isinstance(rest[0], (list, tuple)) else rest
    return {
        "label": label,
        "children": [_toy_node(kid, scores, text, limits, depth + 1) for kid in kids],
    }


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
