"""The parsers' own reasons in the reader's language: why Python's JSON decoder or its
``ast`` parser refused a text ("Expecting ',' delimiter", "'[' was never closed").

The reason sits inside Prune's own sentence ("not valid JSON: {problem} (line 3, column 7)"),
so it is a ``Message`` too: each reason Python gives (3.11 to 3.13) is matched here and
marked for the catalogs, with what it quotes (a bracket, a character) kept as a value. A
reason a newer Python words differently stays as Python wrote it (English), never an error.
"""

from __future__ import annotations

import re

from .errors import N_, Message

# Python's json decoder (the C scanner and the pure-Python one say the same).
_JSON = [
    (r"Expecting value", N_("a value was expected")),
    (r"Expecting ',' delimiter", N_("a comma (,) was expected")),
    (r"Expecting ':' delimiter", N_("a colon (:) was expected")),
    (
        r"Expecting property name enclosed in double quotes",
        N_('a field name in double quotes ("…") was expected'),
    ),
    (r"Unterminated string starting at", N_("a string starts here and is never closed")),
    (r"Invalid control character (?:.+ )?at", N_("a string holds a line break or tab")),
    (r"Invalid \\escape(?:: .+)?", N_("a backslash (\\) starts no known escape")),
    (r"Invalid \\uXXXX escape", N_("a \\u escape needs four hexadecimal digits")),
    (r"Extra data", N_("there is more text after the end")),
    (r"Unexpected UTF-8 BOM.*", N_("the text starts with a byte order mark")),
    (r"Illegal trailing comma before end of (?:object|array)", N_("a comma before the end")),
    # A ValueError of int() inside the decoder, not a JSONDecodeError.
    (
        r"Exceeds the limit \((?P<limit>\d+) digits\) for integer string conversion.*",
        N_("a number has more than {limit} digits"),
    ),
]

# Python's parser (ast.parse) on the texts people paste: brackets, quotes, commas, numbers.
_PYTHON = [
    (r"'(?P<bracket>.)' was never closed", N_("{bracket} is never closed")),
    (r"unmatched '(?P<bracket>.)'", N_("{bracket} closes nothing")),
    (
        r"closing parenthesis '(?P<closing>.)' does not match opening parenthesis '(?P<opening>.)'"
        r"(?: on line \d+)?",
        N_("{closing} does not close {opening}"),
    ),
    (r"invalid syntax\. Perhaps you forgot a comma\?", N_("a comma is missing here")),
    (r"invalid syntax", N_("this cannot be read here")),
    (r"unterminated (?:triple-quoted )?string literal.*", N_("a string is never closed")),
    (r"invalid (?:decimal|hexadecimal|octal|binary) literal", N_("a number is written wrongly")),
    (r"leading zeros in decimal integer literals.*", N_("a number starts with a zero")),
    (r"unexpected indent", N_("a line starts with blanks where none may be")),
    (r"unindent does not match .*", N_("a line's blanks do not match the line before")),
    (r"unexpected EOF while parsing", N_("the text ends too early")),
    (r"invalid character '(?P<char>.)' \(U\+[0-9A-F]+\)", N_("{char} cannot be read here")),
]


def _compiled(table: list[tuple[str, str]]) -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(pattern), template) for pattern, template in table]


_JSON_REASONS = _compiled(_JSON)
_PYTHON_REASONS = _compiled(_PYTHON)


def _reason(reasons: list[tuple[re.Pattern[str], str]], said: str) -> Message:
    for pattern, template in reasons:
        found = pattern.fullmatch(said)
        if found:
            quoted = {name: value for name, value in found.groupdict().items() if value}
            return Message(template, **quoted)
    return Message(said)  # not one of today's reasons: Python's words, as they are


def json_reason(said: str) -> Message:
    """The reason of a ``json.JSONDecodeError`` (its ``msg``), or of another ``ValueError``
    of ``json.loads`` (``str(err)``), in the catalogs' words."""
    return _reason(_JSON_REASONS, said)


def python_reason(said: str) -> Message:
    """The reason of a ``SyntaxError`` from ``ast.parse`` (its ``msg``), in the catalogs' words."""
    return _reason(_PYTHON_REASONS, said)
