"""The command line. The real process, run as a teacher would run it, reads a pipe, prints
JSON and leaves with status 2 and one line on a refusal; the commands' answers are checked
through the same ``main`` in this process (support.run_cli), not an interpreter per call."""

import json
import subprocess
import sys
from pathlib import Path

from support import cli_process as process
from support import run_cli as cli

ROOT = Path(__file__).resolve().parents[2]


def test_trace_from_stdin_prints_summary_and_events():
    done = process("trace", "-", stdin="[[3,12,8],[2,4,6],[14,5,2]]")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["summary"]["value"] == 3
    assert result["events"][0] == ["enter", 0, "max", "-Infinity", "Infinity"]
    assert result["nodes"][0] == {"parent": None, "kind": "max", "terminal": False}
    assert result["nodes"][1]["parent"] == 0 and len(result["nodes"]) == 13


def test_flags_override_the_document(tmp_path):
    document = tmp_path / "tie.json"
    document.write_text(json.dumps({"tree": [[10], [10, 0]], "options": {"rule": "strict"}}))
    strict = json.loads(cli("trace", str(document)).stdout)["summary"]
    standard = json.loads(cli("trace", str(document), "--rule", "standard").stdout)["summary"]
    assert strict["leaves_evaluated"] == 3 and standard["leaves_evaluated"] == 2
    three = json.loads(cli("trace", str(document), "--players", "max,min,min").stdout)
    assert three["summary"]["options"]["players"] == ["max", "min", "min"]


def test_bad_input_exits_2_with_one_line_and_no_stdout():
    for args, stdin, expected in [
        (("trace", "-"), '[[1, "x"]]', 'node [0, 1]: leaf value "x" is not a number'),
        (("trace", "-", "--rule", "loose"), "[1]", "--rule"),
        (("trace", "/no/such/file.json"), "", "cannot read /no/such/file.json"),
        (("trace", "-", "--depth", "1"), "[[1, 2]]", "no heuristic value"),
        (("trace", "-"), '{"tree": [1], "agents": ["A"]}', "agents name the players"),
        (("presets", "nope"), "", "no preset named 'nope'"),
        (("random", "--branching", "x"), "", "is not B or LO-HI"),
        ((), "", "required"),
    ]:
        done = cli(*args, stdin=stdin)
        assert done.returncode == 2, args
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], (args, done.stderr)
    # The process itself leaves with that status and that one line.
    done = process("trace", "-", stdin='[[1, "x"]]')
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == 'error: node [0, 1]: leaf value "x" is not a number\n'


def test_random_is_seeded_and_traceable():
    first = cli("random", "--seed", "4", "--depth", "3", "--branching", "2-3")
    assert first.returncode == 0
    assert first.stdout == cli("random", "--seed", "4", "--depth", "3", "--branching", "2-3").stdout
    traced = cli("trace", "-", stdin=first.stdout)
    assert json.loads(traced.stdout)["summary"]["total_nodes"] > 7


def test_presets_list_and_show():
    listing = json.loads(cli("presets").stdout)
    assert {"textbook", "tie", "pacman", "random-binary-10"} <= {p["name"] for p in listing}
    assert all(p["description"] and p["source"] for p in listing)
    textbook = json.loads(cli("presets", "textbook").stdout)
    assert textbook["tree"] == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    pacman = cli("presets", "pacman").stdout
    assert json.loads(pacman)["agents"] == ["Pacman", "Ghost 1", "Ghost 2"]
    assert cli("trace", "-", stdin=pacman).returncode == 0  # its own output reads back


def test_the_command_line_needs_no_flask():
    code = "import sys, app.cli; print('flask' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.stdout.strip() == "False", done.stderr
