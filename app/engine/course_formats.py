"""Reading the tree formats courses already have, recognised on sight (docs/formats.md).

``import_tree(text)`` names the format it recognised and returns the tree as Prune's tree
data: ``brackets`` (``A(B(3 12 8) C(2 4 6))``, labels optional), ``mit6034`` (MIT 6.034's
nested lists and ToyTree ``[label, [subtrees]]`` lists, with an optional score table),
``aima`` (aima-python's ``succs``/``utils`` dictionaries, figure 5.2's form), ``leaves``
(a flat list of leaves and a branching factor), ``cs188`` (cs188.py) and ``json`` (Prune's
own). Python literals are read with ``ast.literal_eval``, never ``eval``. Every refusal is
an ``EngineError`` naming the format tried, the line and column, and what was expected;
the tree then meets the same limits as any other (``parse_tree``).
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from .cs188 import parse_cs188
from .errors import N_, EngineError, Message
from .format_text import NUMBER, FormatError, find_offset, literal, offset_of, to_number, util_value
from .mit6034 import read_mit6034
from .parse_reasons import json_reason, python_reason
from .tree import DEFAULT_LIMITS, Limits, parse_tree

FORMATS = ("brackets", "mit6034", "aima", "leaves", "cs188", "json")
_LABEL = re.compile(r"[A-Za-z_][\w'.-]*")
_TABLE_FIRST = re.compile(r"^\s*\{[^{}]*\}\s*,\s*[\[(]")
_BRANCHING = re.compile(r"^\s*(?:branching|b)\s*[:=]\s*(\d+)\s*$", re.IGNORECASE | re.MULTILINE)


def detect(text: str) -> str:
    """The format ``text`` looks like (its content decides, never a file name)."""
    stripped = text.lstrip()
    if re.search(r"^\s*start_state\s*:", text, re.MULTILINE):
        return "cs188"
    if re.search(r"\bsuccs\b", text) or re.search(r"[\"']succs[\"']", text):
        return "aima"
    if _BRANCHING.search(text):
        return "leaves"
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(text)
        except ValueError:
            # A score table before its tree, as 6.034's create_toy_tree(name_to_score, tree)
            if _TABLE_FIRST.match(text):
                return "mit6034"
            return "json" if stripped.startswith("{") else "mit6034"
        return "mit6034" if _has_text_labels(data) else "json"
    return "brackets"


def import_tree(text: Any, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """``{"format", "tree", "document"}`` for a text in any known format."""
    if not isinstance(text, str):
        raise EngineError(N_('send {"text": "<the tree in any format>"}'), field="text")
    if len(text) > limits.max_document_chars:
        raise EngineError(
            Message(
                N_("the text has {size} characters; at most {limit} are accepted"),
                size=len(text),
                limit=limits.max_document_chars,
            ),
            field="text",
        )
    fmt = detect(text)
    if fmt == "cs188":
        document = parse_cs188(text, limits)
    elif fmt == "json":
        tree_data = read_json(text, limits)
        whole = json.loads(text)
        document = whole if isinstance(whole, dict) and "tree" in whole else {"tree": tree_data}
    else:
        document = {"tree": _READERS[fmt](text, limits)}
    tree = parse_tree(document["tree"], limits)
    return {"format": fmt, "tree": tree.to_data(), "document": document}


def read_brackets(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """``((3 12 8)(2 4 6))`` or ``A(B(b1:3 b2:12) C(2 4))``: a node is a number (a leaf), a
    label with ``:number`` (a named leaf), or an optional label and ``(`` children ``)``;
    children are separated by spaces or commas."""
    position = 0
    stack: list[dict[str, Any]] = []
    root: Any = None

    def skip(at: int) -> int:
        while at < len(text) and (text[at].isspace() or text[at] == ","):
            at += 1
        return at

    def fail(at: int, expected: str | Message) -> FormatError:
        return FormatError("brackets", text, at, expected)

    position = skip(position)
    while True:
        if root is not None:
            position = skip(position)
            if position < len(text):
                raise fail(position, N_("the end of the text after the root's closing bracket"))
            return root
        if position >= len(text):
            raise fail(position, N_("')'") if stack else N_("a tree"))
        char = text[position]
        if char == ")":
            if not stack:
                raise fail(position, N_("a tree, not ')'"))
            node = stack.pop()
            if not node["children"]:
                raise fail(position, N_("a child inside the brackets"))
            position = skip(position + 1)
            node = node if "label" in node else node["children"]
            if stack:
                stack[-1]["children"].append(node)
            else:
                root = node
            continue
        label = None
        match = _LABEL.match(text, position)
        if match:
            label, position = match.group(), match.end()
        if position < len(text) and text[position] == "(":
            if len(stack) >= limits.max_depth + 1:
                raise fail(
                    position,
                    Message(N_("at most {most} levels of brackets"), most=limits.max_depth),
                )
            stack.append({"label": label, "children": []} if label else {"children": []})
            position = skip(position + 1)
            continue
        if label is not None:
            if not text.startswith(":", position):
                raise fail(
                    position,
                    Message(N_("'(' or ':value' after the label {label}"), label=repr(label)),
                )
            position += 1
        number = NUMBER.match(text, position)
        if not number:
            raise fail(position, N_("a number, a label or '('"))
        value = to_number(number.group())
        position = skip(number.end())
        leaf: Any = {"label": label, "value": value} if label else value
        if not stack:
            root = leaf
        else:
            stack[-1]["children"].append(leaf)


def read_aima(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """aima-python's game as ``succs = dict(A=dict(a1='B', …), …)`` and ``utils = dict(B1=3,
    …)`` (Python, ``{…}`` literals or JSON ``{"succs": …, "utils": …}``), from ``initial``
    (default ``A``, or the first state of ``succs``)."""
    parts = _aima_parts(text, limits)
    succs, utils = parts.get("succs"), parts.get("utils")
    if not isinstance(succs, dict) or not isinstance(utils, dict):
        raise FormatError("aima", text, 0, N_("both succs and utils as dictionaries"))
    initial = parts.get("initial", "A" if "A" in succs else next(iter(succs), None))
    if initial is None:
        raise FormatError("aima", text, 0, N_("at least one state in succs"))
    count = 0

    def build(state: Any, trail: tuple[Any, ...]) -> Any:
        nonlocal count
        count += 1
        if count > limits.max_nodes or len(trail) > limits.max_depth:
            raise FormatError(
                "aima",
                text,
                0,
                Message(
                    N_("at most {nodes} nodes and {levels} levels (is succs a cycle?)"),
                    nodes=limits.max_nodes,
                    levels=limits.max_depth,
                ),
            )
        if state in trail:
            raise FormatError(
                "aima",
                text,
                find_offset(text, state),
                Message(
                    N_("no cycle, but {state} is reached again below itself"), state=repr(state)
                ),
            )
        moves = succs.get(state)
        if moves is None:
            if state not in utils:
                raise FormatError(
                    "aima",
                    text,
                    find_offset(text, state),
                    Message(
                        N_("a utility for the state {state} (in utils) or its moves (in succs)"),
                        state=repr(state),
                    ),
                )
            return {"label": str(state), "value": util_value(utils[state], state, text)}
        if not isinstance(moves, dict) or not moves:
            raise FormatError(
                "aima",
                text,
                find_offset(text, state),
                Message(
                    N_("the moves of {state} as a non-empty dict(move=state)"), state=repr(state)
                ),
            )
        kids = []
        for action, child in moves.items():
            node = build(child, (*trail, state))
            node = node if isinstance(node, dict) else {"value": node}
            kids.append({**node, "action": str(action)})
        return {"label": str(state), "children": kids}

    return build(initial, ())


def read_leaves(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """``branching: 3`` on a line and the leaves, left to right: a uniform tree."""
    match = _BRANCHING.search(text)
    branching = int(match.group(1)) if match else 0
    if branching < 2:
        raise FormatError(
            "leaves", text, match.start(1) if match else 0, N_("a branching of 2 or more")
        )
    rest = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end() :]
    leaves = []
    for token in re.finditer(r"[^\s,;\[\]]+", rest):
        if not NUMBER.fullmatch(token.group()):
            raise FormatError(
                "leaves",
                text,
                token.start(),
                Message(N_("a number, not {value}"), value=repr(token.group()[:20])),
            )
        leaves.append(to_number(token.group()))
    if len(leaves) > limits.max_nodes:
        raise FormatError(
            "leaves", text, 0, Message(N_("at most {limit} leaves"), limit=limits.max_nodes)
        )
    level: list[Any] = leaves
    while len(level) > 1:
        if len(level) % branching:
            raise FormatError(
                "leaves",
                text,
                len(text),
                Message(
                    N_("a power of {branching} leaves, not {count}"),
                    branching=branching,
                    count=len(leaves),
                ),
            )
        level = [level[i : i + branching] for i in range(0, len(level), branching)]
    if not leaves or isinstance(level[0], (int, float)):
        raise FormatError(
            "leaves",
            text,
            len(text),
            Message(N_("at least {branching} leaves"), branching=branching),
        )
    return level[0]


def read_json(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Prune's JSON: a tree, or a document ``{"tree": …}`` (its tree is taken)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise EngineError(
            Message(
                N_("json: line {line}, column {column}: {problem}"),
                line=err.lineno,
                column=err.colno,
                problem=json_reason(err.msg),
            )
        ) from None
    except (ValueError, RecursionError):  # a number too long, or nesting too deep, to read
        raise EngineError(Message(N_("json: expected valid JSON"))) from None
    return data["tree"] if isinstance(data, dict) and "tree" in data else data


def _aima_parts(text: str, limits: Limits) -> dict[str, Any]:
    stripped = text.strip()
    if stripped.startswith("{"):
        data = literal("aima", stripped, limits)
        if not isinstance(data, dict):
            raise FormatError("aima", text, 0, N_('{"succs": …, "utils": …}'))
        return data
    try:
        module = ast.parse(text)
    except SyntaxError as err:
        raise FormatError(
            "aima",
            text,
            offset_of(text, err.lineno or 1, err.offset or 1),
            Message(N_("Python assignments ({problem})"), problem=python_reason(err.msg)),
        ) from None
    except (RecursionError, MemoryError, ValueError):
        raise FormatError("aima", text, 0, N_("shallower Python")) from None
    parts: dict[str, Any] = {}
    for statement in module.body:
        if not (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            raise FormatError(
                "aima",
                text,
                offset_of(text, statement.lineno, statement.col_offset + 1),
                N_("assignments 'succs = …', 'utils = …' (and 'initial = …') only"),
            )
        name = statement.targets[0].id
        parts[name] = _aima_value(statement.value, text)
    return parts


def _aima_value(node: ast.AST, text: str) -> Any:
    """``dict(A=…)`` calls are read as dicts; everything else must be a literal."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        if node.args or any(k.arg is None for k in node.keywords):
            raise FormatError(
                "aima",
                text,
                offset_of(text, node.lineno, node.col_offset + 1),
                N_("dict(name=value, …) with names only"),
            )
        return {k.arg: _aima_value(k.value, text) for k in node.keywords}
    if isinstance(node, ast.Dict):
        return {
            _aima_value(k, text): _aima_value(v, text)
            for k, v in zip(node.keys, node.values, strict=True)
        }
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        raise FormatError(
            "aima",
            text,
            offset_of(text, node.lineno, node.col_offset + 1),
            N_("a literal or dict(…)"),
        ) from None


def _has_text_labels(data: Any) -> bool:
    return isinstance(data, list) and bool(data) and isinstance(data[0], str)


_READERS = {
    "brackets": read_brackets,
    "mit6034": read_mit6034,
    "aima": read_aima,
    "leaves": read_leaves,
    "json": read_json,
}
