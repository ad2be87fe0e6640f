"""No new English slips into an input error (issue 36): in the folders whose refusals are
said in the asker's language, every error of theirs is built from a ``Message`` (or an
``N_``-marked sentence, or a name bound to one), never from a bare string, an f-string, a
string glued with ``+`` or ``str(err)``; and every ``Message``/``N_`` template is a plain
string literal (both forms of a plural ``N_(one, many)``), so Babel extracts it whole. Read
with ``ast``: nothing is run."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ["lessons", "games", "exams", "lecture", "practice", "experiments", "web", "lti"]
# The errors whose message a person reads, and which argument holds it.
ERRORS = {
    "EngineError": 0,
    "RoomError": 0,
    "NoSuchRoom": 0,
    "SpecError": 0,
    "LessonTooBig": 0,
    "Refusal": 2,
    "ScoreError": 0,
    "AnswerRefused": 1,
}


def sources():
    for folder in FOLDERS:
        yield from sorted((ROOT / "app" / folder).rglob("*.py"))


def name_of(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def is_english(node: ast.AST) -> bool:
    """A bare sentence: a string literal, an f-string, strings glued, or ``str(…)``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return is_english(node.left) or is_english(node.right)
    return isinstance(node, ast.Call) and name_of(node) == "str"


def refusals_with_english(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = name_of(node)
        where = f"{path.relative_to(root)}:{node.lineno}"
        if name in ERRORS and len(node.args) > ERRORS[name]:
            if is_english(node.args[ERRORS[name]]):
                found.append(f"{where}: {name} of a bare string")
            if name == "Refusal" and is_english(node.args[1]):
                found.append(f"{where}: a refusal's title not marked N_()")
        if name in ("Message", "N_") and node.args:
            template = node.args[0]
            literal = all(  # N_(one, many): a plural, both forms literals
                isinstance(form, ast.Constant) and isinstance(form.value, str)
                for form in node.args[: 2 if name == "N_" else 1]
            )
            if name == "N_" and not literal:
                found.append(f"{where}: N_() of something other than a string literal")
            if name == "Message" and isinstance(template, ast.JoinedStr):
                found.append(f"{where}: a Message's template is an f-string")
    return found


@pytest.mark.parametrize("path", list(sources()), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_refusal_is_a_message(path):
    assert refusals_with_english(path) == []


def test_the_check_finds_english(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "raise EngineError(f'{x} is bad', field='x')\n"
        "raise RoomError('no')\n"
        "raise Refusal(403, 'Title', Message(N_('fine')))\n"
        "raise EngineError('a ' + b)\n"
        "raise EngineError(Message(N_(text)))\n"
        "raise EngineError(Message(N_('{x} is fine'), x=1))\n"
        "raise EngineError(Message(N_('{count} node', '{count} nodes'), count=1))\n"
        "raise EngineError(Message(N_('{count} node', plural), count=2))\n"
    )
    assert len(refusals_with_english(bad, tmp_path)) == 6
