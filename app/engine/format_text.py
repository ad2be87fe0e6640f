"""What the course-format readers share (course_formats.py): the error that says where a text
went wrong, and how a position and a number are read."""

from __future__ import annotations

import re
from typing import Any

from .errors import EngineError

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class FormatError(EngineError):
    """Bad text in one format: ``format``, ``line`` and ``column`` (1-based) say where."""

    def __init__(self, fmt: str, text: str, offset: int, expected: str):
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(f"{fmt}: line {line}, column {column}: expected {expected}")
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
