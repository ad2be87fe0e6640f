"""The server's imports run down its layers (docs/architecture.md, "The server"): the engine
knows no user (only its entry point, app/engine/__main__.py, hands over to app/cli.py); the
games, the practice grader and the experiments build on it alone and import no web
framework; the socket layer (app/realtime) imports only what a run needs and is imported
only by what sits above it (the app's factory and security layers, lecture mode, the web
app). A package's modules import one another without a circle. Read from each module's
syntax tree, so an import inside a function or under TYPE_CHECKING counts too."""

import ast
import graphlib
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[1] / "app"
WEB_FRAMEWORKS = ("flask", "flask_socketio", "socketio", "engineio", "werkzeug", "simple_websocket")
# Each package, and the modules of Prune outside it that it may import.
MAY_IMPORT = {
    "app.engine": (),
    "app.games": ("app.engine",),
    "app.practice": ("app.engine",),
    "app.experiments": ("app.engine", "app.games"),
    "app.lessons": ("app.engine", "app.inputs"),
    # Exams read a trace as the practice grader does and word solutions as it does.
    "app.exams": ("app.engine", "app.practice"),
    # Worker processes, the trace cache, giving way: services below the routes and sockets.
    "app.compute": ("app.engine", "app.inputs", "app.jobs", "app.tracing", "app.practice"),
    # A socket run is read like a JSON one, traced in a worker process and kept in the trace
    # cache (app/compute).
    "app.realtime": ("app.engine", "app.inputs", "app.tracing", "app.compute"),
    # The LTI tool (docs/lti.md): its own routes, framed like the embeds (app.security); its
    # picker offers the drill's levels (app.web.pages); a course follows a lecture room
    # (app.lecture.rooms: its code and key checked); a refusal's reason is a Message
    # (app.engine.errors), said in the learner's language; a placed lesson's questions
    # answered at the learner's pace are read and graded as a run and by the practice grader.
    "app.lti": (
        "app.security",
        "app.web.pages",
        "app.lecture",
        "app.engine",
        "app.inputs",
        "app.lessons",
        "app.practice",
        "app.compute",
    ),
}
NO_WEB_FRAMEWORK = (
    "app.engine", "app.games", "app.practice", "app.experiments", "app.lessons", "app.exams",
)  # fmt: skip
# The compute services use Flask's application context (settings, the app's pool), no routes.
NO_ROUTES = ("flask_socketio", "socketio", "engineio", "simple_websocket")
ENTRY_POINTS = {APP / "engine" / "__main__.py": ("app.cli",)}
# Who may import the socket layer: the layers above it.
REALTIME_USERS = ("app.factory", "app.security", "app.lecture", "app.web", "app.realtime")


def module_name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, relative imports resolved from the file's package."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
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


def modules_of(package: str) -> list[Path]:
    return sorted(APP.joinpath(*package.split(".")[1:]).rglob("*.py"))


def offences_of(package: str, is_wrong) -> dict[str, list[str]]:
    offences = {}
    for path in modules_of(package):
        allowed = ENTRY_POINTS.get(path, ())
        bad = {m for m in imported_modules(path) if is_wrong(m) and not within(m, allowed)}
        if bad:
            offences[str(path.relative_to(APP))] = sorted(bad)
    return offences


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_a_package_imports_only_the_layers_below_it(package):
    allowed = (package, *MAY_IMPORT[package])
    assert len(modules_of(package)) >= 3
    assert offences_of(package, lambda m: within(m, ["app"]) and not within(m, allowed)) == {}


@pytest.mark.parametrize("package", NO_WEB_FRAMEWORK)
def test_the_pure_packages_import_no_web_framework(package):
    assert offences_of(package, lambda m: within(m, WEB_FRAMEWORKS)) == {}


def test_the_socket_layer_is_imported_only_from_above():
    users = {}
    for path in APP.rglob("*.py"):
        if within(module_name(path), REALTIME_USERS):
            continue
        bad = {m for m in imported_modules(path) if within(m, ["app.realtime"])}
        if bad:
            users[str(path.relative_to(APP))] = sorted(bad)
    assert users == {}


def test_the_scan_resolves_relative_imports():
    assert "app.engine.search" in imported_modules(APP / "engine" / "cli.py")
    assert "app.engine.tree" in imported_modules(APP / "games" / "search.py")
    assert "app.realtime.runs" in imported_modules(APP / "realtime" / "sockets.py")
    assert "app.compute.job_pool" in imported_modules(APP / "realtime" / "sockets.py")
    assert "app.compute.turns.take_turns" in imported_modules(APP / "web" / "api.py")
    assert within("flask_socketio.emit", WEB_FRAMEWORKS) and not within("flasky", WEB_FRAMEWORKS)


def test_the_compute_services_take_no_socket_layer():
    assert offences_of("app.compute", lambda m: within(m, NO_ROUTES)) == {}


def top_level(module: str) -> str:
    """The part of app a module belongs to: its package (app.web) or its own module (app.cli)."""
    parts = module.split(".")
    return ".".join(parts[:2])


def test_the_apps_packages_and_modules_import_one_another_without_a_circle():
    """Between the parts of app (its packages and its top-level modules), imports run one
    way: no package reaches back up to one that imports it. The engine's entry point
    (app/engine/__main__.py, which hands over to app/cli.py) is left out, as in the table."""
    graph: dict[str, set[str]] = {}
    for path in APP.rglob("*.py"):
        if path in ENTRY_POINTS:
            continue
        part = top_level(module_name(path))
        if part == "app":
            continue  # the package's face (app/__init__.py) only names it
        wanted = {top_level(m) for m in imported_modules(path) if within(m, ["app"])}
        graph.setdefault(part, set()).update(wanted - {part, "app"})
    list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a circle
    assert {"app.engine", "app.web", "app.realtime", "app.compute"} <= graph.keys()


@pytest.mark.parametrize("package", ["app.engine", "app.realtime"])
def test_a_packages_modules_import_one_another_without_a_circle(package):
    names = {module_name(path): path for path in modules_of(package)}
    names.pop(package)  # the package's face may hand its modules on: a root, not a node
    graph = {name: imported_modules(path) & names.keys() for name, path in names.items()}
    list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a circle
    assert len(graph) >= 5
