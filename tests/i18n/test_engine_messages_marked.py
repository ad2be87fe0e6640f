"""Every error the engine raises is a translatable sentence (issue 36): each
``EngineError(…)``, ``node_error(…)`` and ``FormatError(…)`` in app/engine is given a
``Message`` (or an ``N_``-marked sentence, a named constant of them, or a choice between
them), never a bare or f-string, so no new English-only error can slip in. Read with ``ast``."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
# Which argument of each constructor is the sentence people read.
SENTENCE_ARGUMENT = {"EngineError": 0, "node_error": 1, "FormatError": 3}


def is_marked(node: ast.expr) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("Message", "N_")
    if isinstance(node, ast.IfExp):
        return is_marked(node.body) and is_marked(node.orelse)
    # A named constant (``WHERE[where]["unknown field"]``, ``TOO_LONG[what]``) or a variable
    # holding a Message built above: the constant's own N_ marks are checked where defined.
    return isinstance(node, ast.Name | ast.Subscript | ast.Attribute)


def unmarked_sentences() -> list[str]:
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            index = SENTENCE_ARGUMENT.get(node.func.id)
            if index is None or len(node.args) <= index:
                continue
            if not is_marked(node.args[index]):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node.args[index])[:60]}")
    return found


def test_every_engine_error_is_a_marked_sentence():
    assert unmarked_sentences() == []


def test_the_check_sees_an_f_string_error():
    bad = ast.parse('EngineError(f"depth {depth} is too deep")').body[0].value
    assert not is_marked(bad.args[0])
    assert is_marked(ast.parse('EngineError(N_("too deep"))').body[0].value.args[0])
