"""No English can slip into the engine's errors unmarked (issue 36): every refusal raised in
``app/engine`` (``EngineError``, ``node_error``, ``FormatError``, the tree reader's
``_Invalid`` and the bracket reader's ``fail``) carries a ``Message`` or an ``N_("…")``
sentence, never a bare string or an f-string, so the catalogs hold it and the web, the socket
and the command line can say it in the asker's language. Read from the source with ``ast``."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
# The error constructors and which positional argument is the message.
MESSAGE_ARGUMENT = {"EngineError": 0, "node_error": 1, "FormatError": 3, "_Invalid": 0, "fail": 1}


def is_call(node, *names):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names


def marked_table(node):
    """A sentence ``N_("…")``, or a dict literal of them (nested dicts too)."""
    return is_call(node, "N_") or (
        isinstance(node, ast.Dict) and all(marked_table(value) for value in node.values)
    )


class Checker:
    def __init__(self, path):
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.tables = {
            target.id
            for statement in self.tree.body
            if isinstance(statement, ast.Assign | ast.AnnAssign) and marked_table(statement.value)
            for target in (
                statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            )
            if isinstance(target, ast.Name)
        }
        self.parents = {
            child: parent
            for parent in ast.walk(self.tree)
            for child in ast.iter_child_nodes(parent)
        }
        self.problems = []

    def function_of(self, node):
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return self.tree

    def marked(self, node, where):
        """Whether ``node`` (a message argument) is a marked sentence or a Message."""
        if is_call(node, "N_"):
            return True
        if is_call(node, "Message"):
            return bool(node.args) and self.marked(node.args[0], where)
        if isinstance(node, ast.IfExp):
            return self.marked(node.body, where) and self.marked(node.orelse, where)
        if isinstance(node, ast.Subscript) and self.caught_invalid(node.value, where):
            return True  # ``problem.args[0]`` of ``except _Invalid as problem``: checked above
        if isinstance(node, ast.Subscript):
            base = node.value
            while isinstance(base, ast.Subscript):  # WHERE[where]["not an object"]
                base = base.value
            if isinstance(base, ast.Name):
                return base.id in self.tables or self.is_parameter(base.id, where)
        if isinstance(node, ast.Attribute) and node.attr == "message":
            return True  # an EngineError's own Message, passed on
        if isinstance(node, ast.Name):
            return node.id in self.tables or self.name_marked(node.id, where)
        return False

    def caught_invalid(self, node, where):
        """``name.args`` where ``name`` is bound by ``except _Invalid as name`` (whose one
        argument is the Message its raise sites are checked for)."""
        if not (
            isinstance(node, ast.Attribute)
            and node.attr == "args"
            and isinstance(node.value, ast.Name)
        ):
            return False
        return any(
            isinstance(handler, ast.ExceptHandler)
            and handler.name == node.value.id
            and isinstance(handler.type, ast.Name)
            and handler.type.id == "_Invalid"
            for handler in ast.walk(self.function_of(where))
        )

    def is_parameter(self, name, where):
        function = self.function_of(where)
        arguments = getattr(function, "args", None)
        names = [a.arg for a in (arguments.args + arguments.kwonlyargs)] if arguments else []
        return name in names

    def name_marked(self, name, where):
        """A local bound only to marked sentences (None aside), or a parameter whose callers
        are checked where they call (``fail``) or that is annotated as a Message."""
        function = self.function_of(where)
        if self.is_parameter(name, where):
            argument = next(
                a for a in function.args.args + function.args.kwonlyargs if a.arg == name
            )
            return argument.annotation is not None and "Message" in ast.unparse(argument.annotation)
        values = [
            node.value
            for node in ast.walk(function)
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
        ]
        return bool(values) and all(
            self.marked(value, where) or (isinstance(value, ast.Constant) and value.value is None)
            for value in values
        )

    def check(self):
        for node in ast.walk(self.tree):
            if is_call(node, "N_") and not (
                len(node.args) == 1
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                self.problems.append(f"{self.path.name}:{node.lineno}: N_ of a non-literal")
            if not is_call(node, *MESSAGE_ARGUMENT):
                continue
            index = MESSAGE_ARGUMENT[node.func.id]
            if len(node.args) <= index:
                continue  # the message given by keyword is not a shape the engine uses
            if not self.marked(node.args[index], node):
                self.problems.append(
                    f"{self.path.name}:{node.lineno}: {node.func.id}"
                    f"({ast.unparse(node.args[index])[:60]}) is not a Message or N_(…)"
                )
        return self.problems


def test_every_engine_refusal_carries_a_marked_message():
    problems = [
        problem for path in sorted(ENGINE.glob("*.py")) for problem in Checker(path).check()
    ]
    assert problems == []


def test_the_check_catches_an_unmarked_message(tmp_path):
    """The guard itself: each way of writing English without N_ is found."""
    source = tmp_path / "bad.py"
    source.write_text(
        "SHAPE = 'a module constant, unmarked'\n"
        "def f(x, y):\n"
        "    raise EngineError('plain English')\n"
        "    raise node_error(x, f'is {y} wrong')\n"
        "    raise FormatError('leaves', x, 0, 'a number')\n"
        "    raise EngineError(Message('unmarked {y}', y=y))\n"
        "    message = f'{y} must be a number'\n"
        "    raise EngineError(message)\n"
        "    raise EngineError(N_(y))\n"
        "    raise EngineError(Message(N_('marked {y}'), y=y))\n"
        "    raise EngineError(TABLE[x])\n"
        "    raise node_error(x, y.args[0])\n"
        "    raise EngineError(SHAPE)\n",
        encoding="utf-8",
    )
    problems = Checker(source).check()
    lines = sorted(int(problem.split(":")[1]) for problem in problems)
    assert lines == [3, 4, 5, 6, 8, 9, 11, 12, 13]
