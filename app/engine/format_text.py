"""What the course-format readers share (course_formats.py, mit6034.py): the error that says
where a text went wrong, how a position and a number are read, and how a Python or JSON
literal is read (``ast.literal_eval``, never executed) with its depth bounded first."""

from __future__ import annotations

import ast
import re
from typing import Any

from .errors import N_, EngineError, Message
from .parse_reasons import python_reason
from .tree import Limits

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class FormatError(EngineError):
    """Bad text in one format: ``format``, ``line`` and ``column`` (1-based) say where."""

    def __init__(self, fmt: str, text: str, offset: int, expected: str | Message):
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(
            Message(
                N_("{format}: line {line}, column {column}: expected {expected}"),
                format=fmt,
                line=line,
                column=column,
                expected=expected if isinstance(expected, Message) else Message(expected),
            )
        )
        self.format, self.line, self.column = fmt, line, column


def find_offset(text: str, name: Any) -> int:
    """Where ``name`` first appears in ``text`` (0 when nowhere): the place an error points at."""
    found = text.find(str(name))
    return max(found, 0)


def offset_of(text: str, line: int, column: int) -> int:
    """The offset in ``text`` of a 1-based line and column."""
    lines = text.split("\n")
    return sum(len(x) + 1 for x in lines[: line - 1]) + column - 1


def to_number(token: str) -> int | float:
    number = float(token)
    return int(number) if number.is_integer() and re.fullmatch(r"[-+]?\d+", token) else number


def literal(fmt: str, text: str, limits: Limits) -> Any:
    """The Python or JSON literal `text` holds (a tree and its table on lines of their own are
    read as a pair), nesting bounded by the depth limit; a FormatError says where it failed."""
    depth = deepest = 0
    for char in text:
        depth += char in "[({"
        depth -= char in "])}"
        deepest = max(deepest, depth)
    if deepest > limits.max_depth + 4:
        raise FormatError(
            fmt,
            text,
            0,
            Message(N_("at most {limit} levels of nesting"), limit=limits.max_depth),
        )
    try:
        try:
            return ast.literal_eval(text.strip())
        except SyntaxError:  # a tree and its score table on lines of their own
            return ast.literal_eval(f"(\n{text.strip()}\n)")
    except SyntaxError:
        err = syntax_error(text.strip())
        offset = offset_of(text.strip(), err.lineno or 1, err.offset or 1) + (
            len(text) - len(text.lstrip())
        )
        raise FormatError(
            fmt,
            text,
            offset,
            Message(N_("a Python or JSON literal ({problem})"), problem=python_reason(err.msg)),
        ) from None
    except (ValueError, TypeError, RecursionError, MemoryError):
        raise FormatError(
            fmt, text, 0, N_("only literals: numbers, strings, lists, dicts")
        ) from None


def syntax_error(text: str) -> SyntaxError:
    try:
        ast.parse(text, mode="eval")
    except SyntaxError as err:
        return err
    return SyntaxError(N_("not a literal"))


def util_value(value: Any, state: Any, text: str) -> Any:
    """`value` if it is a number (the score of `state`), else a FormatError naming it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FormatError(
            "aima" if "succs" in text else "mit6034",
            text,
            find_offset(text, state),
            Message(
                N_("a number as the value of {state}, not {value}"),
                state=repr(state),
                value=repr(str(value)[:20]),
            ),
        )
    return value
