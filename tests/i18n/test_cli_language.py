"""The command line's words for people in the environment's language (issue 36): the one
line on stderr of a refused input follows LANGUAGE / LC_ALL / LC_MESSAGES / LANG (gettext's
order), naming the same node and value as in English; stdout (JSON) is the same in every
language. Run as a teacher would run it: a real subprocess."""

import json
from pathlib import Path

import pytest
from support import cli_process

from app.cli import environment_locale

ROOT = Path(__file__).resolve().parents[2]
BAD = '[3, {"value": "x"}]'
cli = cli_process


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ({"LANG": "C.UTF-8"}, 'error: node [1]: leaf value "x" is not a number'),
        ({"LANG": "de_DE.UTF-8"}, 'Fehler: Knoten [1]: Blattwert "x" ist keine Zahl'),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "es:de"}, 'error: nodo [1]: el valor de hoja "x"'),
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "de_DE.UTF-8"}, '错误：节点 [1]：叶节点值 "x" 不是数字'),
    ],
)
def test_a_refused_tree_is_said_in_the_environments_language(language, says):
    done = cli("trace", "-", stdin=BAD, **language)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(says), done.stderr


def test_the_json_output_is_the_same_in_every_language():
    tree = "[[3,12,8],[2,4,6],[14,5,2]]"
    english = cli("trace", "-", stdin=tree, LANG="C.UTF-8")
    german = cli("trace", "-", stdin=tree, LANG="de_DE.UTF-8")
    assert german.returncode == english.returncode == 0
    assert json.loads(german.stdout) == json.loads(english.stdout)
    assert german.stdout == english.stdout


def test_which_language_the_environment_asks_for():
    assert environment_locale({"LANG": "de_AT.UTF-8"}) == "de"
    assert environment_locale({"LANGUAGE": "zh_CN:en", "LANG": "de_DE"}) == "zh_Hans"
    assert environment_locale({"LANG": "C.UTF-8"}) is None
    assert environment_locale({"LANG": "fr_FR.UTF-8"}) is None, "no catalog: English"
    assert environment_locale({}) is None
