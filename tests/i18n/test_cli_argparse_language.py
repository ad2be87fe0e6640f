"""argparse's own words on the command line in the environment's language (issue 36):
"usage:", the groups' titles, ``--help``'s help and the usage errors (a missing argument, an
invalid choice, an unrecognized option) come from Prune's catalogs, with the same option
names, choices and values as the English; English stays the default, a message the catalogs
lack (a newer Python's wording) stays English, and argparse is left as it was."""

import argparse
import gettext
import re

import pytest
from support import LANGUAGE_VARIABLES, cli_process, run_cli

from app.cli_language import argparse_speaking
from app.i18n.catalogs import load_translations


@pytest.fixture
def language(monkeypatch):
    """Set the environment's language for an in-process run of the command line."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def use(**variables):
        for name, value in variables.items():
            monkeypatch.setenv(name, value)

    return use


def names(text):
    """What a help text or an error shows that no language changes: options, choices, numbers."""
    return sorted(re.findall(r"--?[a-z][a-z-]*|'[a-z0-9]+'|\b[a-z0-9]+(?:,[a-z0-9]+)+\b|\d+", text))


def test_help_says_argparses_words_in_german(language, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    language(LANG="C.UTF-8")
    english = run_cli("trace", "--help")
    language(LANG="de_DE.UTF-8")
    german = run_cli("trace", "--help")
    assert english.returncode == german.returncode == 0
    assert english.stdout.startswith("usage: python -m app.engine trace")
    assert "positional arguments:" in english.stdout and "\noptions:" in english.stdout
    assert german.stdout.startswith("Aufruf: python -m app.engine trace [-h]")
    assert "\nPositionsargumente:\n" in german.stdout and "\nOptionen:\n" in german.stdout
    assert "-h, --help" in german.stdout and "diese Hilfe zeigen und beenden" in german.stdout
    assert "usage" not in german.stdout and "show this help" not in german.stdout
    assert names(german.stdout) == names(english.stdout)


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (("trace",), "error: the following arguments are required: file",
         "Fehler: diese Argumente fehlen: file"),
        (("trace", "-", "--algorithm", "nope"),
         "error: argument --algorithm: invalid choice: 'nope' (choose from ",
         "Fehler: Argument --algorithm: ungültige Wahl: 'nope' (zur Wahl: "),
        (("trace", "-", "--bogus"), "error: unrecognized arguments: --bogus",
         "Fehler: unbekannte Argumente: --bogus"),
        (("trace", "-", "--depth"), "error: argument --depth: expected one argument",
         "Fehler: Argument --depth: erwartet ein Argument"),
    ],
)  # fmt: skip
def test_a_usage_error_is_said_in_german(language, args, english, german):
    language(LANG="C.UTF-8")
    said_english = run_cli(*args)
    language(LANG="de_DE.UTF-8")
    said_german = run_cli(*args)
    for done, says in ((said_english, english), (said_german, german)):
        assert done.returncode == 2 and done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(says), done.stderr
    assert names(said_german.stderr) == names(said_english.stderr)


def test_chinese_and_spanish_too(language):
    language(LC_ALL="zh_CN.UTF-8")
    chinese = run_cli("bogus").stderr  # the choices' quotes depend on the Python: not compared
    assert (
        chinese.startswith("错误：参数 command：无效的选择：'bogus'（可选：") and "trace" in chinese
    )
    language(LANGUAGE="es")
    assert run_cli("trace").stderr.startswith("error: faltan estos argumentos: file")
    assert run_cli("trace", "--help").stdout.startswith("uso: python -m app.engine trace")


def test_argparse_is_left_as_it_was(language):
    language(LANG="de_DE.UTF-8")
    run_cli("trace")
    run_cli("trace", "--help")
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
    assert argparse.ArgumentParser(prog="x").format_help().startswith("usage: x")


def test_a_wording_the_catalogs_lack_stays_english():
    """A newer Python words some messages differently: those are not in the catalog."""
    german = load_translations("de")
    with argparse_speaking(lambda: german):
        assert argparse._("usage: ") == "Aufruf: "
        assert argparse._("option '%(option)s' is not supported") == (
            "option '%(option)s' is not supported"
        )
        assert argparse.ngettext("expected %s argument", "expected %s arguments", 2) == (
            "erwartet %s Argumente"
        )


def test_english_stays_the_default_in_a_real_process():
    english = cli_process("trace", "--help", COLUMNS="200")
    german = cli_process("trace", "--help", COLUMNS="200", LANG="de_DE.UTF-8")
    assert english.stdout.startswith("usage: ") and "\noptions:\n" in english.stdout
    assert german.stdout.startswith("Aufruf: ") and "\nOptionen:\n" in german.stdout
    refused = cli_process("trace", LANG="de_DE.UTF-8")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == "Fehler: diese Argumente fehlen: file\n"
