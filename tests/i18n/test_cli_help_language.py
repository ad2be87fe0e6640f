"""The command line's ``--help`` in the environment's language (issue 36): Prune's own words
(the description, each command's and option's help) follow LANGUAGE / LC_ALL / LC_MESSAGES /
LANG as the error line does; the option names, choices and numbers stay as they are, and
English stays the default. Run as a teacher would run it: a real subprocess."""

import re
from pathlib import Path

import pytest
from support import cli_process

ROOT = Path(__file__).resolve().parents[2]


def help_text(*args, **language):
    done = cli_process(*args, "--help", COLUMNS="200", **language)
    assert done.returncode == 0, done.stderr
    return done.stdout


def options(text):
    """The option names and numbers a help text shows (the same in every language)."""
    return sorted(re.findall(r"--[a-z-]+|\d+", text))


@pytest.mark.parametrize(
    ("args", "language", "says"),
    [
        ((), {"LANGUAGE": "de"}, ["Prunes Alpha-Beta-Engine.", "eine Suche über ein Baumdokument"]),
        (
            ("trace",),
            {"LANGUAGE": "de"},
            ["Tiefenlimit in Halbzügen", "Seed für --ordering random"],
        ),
        (("game", "pacman"), {"LANG": "es_ES.UTF-8"}, ["semilla para fantasmas aleatorios"]),
        (("experiment", "rules"), {"LC_ALL": "zh_CN.UTF-8"}, ["叶节点值 0..K-1"]),
        (("exam",), {"LANGUAGE": "de"}, ["ersetzt den Seed der Beschreibung"]),
    ],
)
def test_help_is_in_the_environments_language(args, language, says):
    english = help_text(*args, LANG="C.UTF-8")
    translated = help_text(*args, **language)
    for words in says:
        assert words in translated, translated
    assert translated != english
    assert options(translated) == options(english)


def test_help_stays_english_by_default():
    text = help_text("trace", LANG="C.UTF-8")
    assert "depth limit in plies" in text and "seed for --ordering random" in text
    assert "a tree document (JSON), or - for standard input" in text
