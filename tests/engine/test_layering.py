"""The engine knows no user: no module under app/engine imports the games, the experiments,
the web app, Flask, or the command line composed in app/cli.py (only the entry point,
app/engine/__main__.py, hands over to it); and its modules import one another without a
circle. Read from each module's syntax tree, so an import inside a function or under
TYPE_CHECKING counts too."""

import ast
import graphlib
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
FORBIDDEN = ("app.games", "app.experiments", "app.web", "app.cli", "flask")
ENTRY_POINT_MAY_IMPORT = {"app.cli"}


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, relative imports resolved from the package app.engine."""
    package = ["app", "engine"]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def within(module: str, names) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def is_forbidden(module: str) -> bool:
    return within(module, FORBIDDEN)


def test_the_engine_imports_none_of_its_users():
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) > 10
    offences = {}
    for path in modules:
        allowed = ENTRY_POINT_MAY_IMPORT if path.name == "__main__.py" else set()
        bad = {m for m in imported_modules(path) if is_forbidden(m) and not within(m, allowed)}
        if bad:
            offences[str(path.relative_to(ENGINE))] = sorted(bad)
    assert offences == {}


def test_the_scan_resolves_relative_imports():
    source = ENGINE / "cli.py"
    assert "app.engine.search" in imported_modules(source)
    assert is_forbidden("app.games.cli") and is_forbidden("flask") and not is_forbidden("flasky")


def test_the_engine_modules_import_one_another_without_a_circle():
    names = {f"app.engine.{path.stem}": path for path in ENGINE.glob("*.py")}
    names.pop("app.engine.__init__")  # the package re-exports its modules: a root, not a node
    graph = {name: imported_modules(path) & names.keys() for name, path in names.items()}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a circle
    assert order.index("app.engine.summary") < order.index("app.engine.search")
