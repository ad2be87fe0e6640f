"""``python -m app.engine``: one command line composed of the engine's commands (``trace``,
``random``, ``presets``: app/engine/cli.py), the games' (``game``: app/games/cli.py), the
experiments' (``experiment``: app/experiments/cli.py) and the exams' (``exam``:
app/exams/cli.py). The engine imports none of its users;
this module, outside it, puts them together (app/engine/__main__.py hands over to ``main``).

Output is JSON on stdout (CSV for experiments); bad input is exit status 2 with one line on
stderr and nothing on stdout, so the command composes in shell pipelines and course scripts.
That line and ``--help`` are for people: they are in the language of the environment
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, gettext's order: ``LANG=de_DE.UTF-8`` is
German; one Prune has no catalog for, ``C`` or none: English), with the same node paths, names,
values, option names and choices; argparse's own words too ("usage:", "options", a missing
argument: app/cli_language.py). The output on stdout is the same in every language.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

from .cli_language import argparse_speaking
from .engine.cli import ENGINE_COMMANDS, add_engine_commands, run_engine_command
from .engine.errors import N_, EngineError, Message
from .exams.cli import add_exam_commands, run_exam
from .experiments.cli import add_experiment_commands, run_experiment
from .games.cli import add_game_commands, run_game

RUNNERS = {
    **dict.fromkeys(ENGINE_COMMANDS, run_engine_command),
    "game": run_game,
    "experiment": run_experiment,
    "exam": run_exam,
}


class _Parser(argparse.ArgumentParser):
    """Reports a usage error as an ``EngineError``, so it leaves like any bad input, and
    writes ``--help`` in the environment's language."""

    def error(self, message: str) -> NoReturn:
        raise EngineError(message)

    def format_help(self) -> str:
        """The help with Prune's words (the description, each option's and command's help,
        marked ``N_``) and argparse's own ("usage:", the groups' titles, ``--help``'s help)
        in the environment's language."""
        translations = environment_translations()
        if translations is None:
            return super().format_help()
        gettext = translations.gettext
        helped = [*self._actions]
        for action in self._actions:  # a subcommand's line in the list of commands
            helped.extend(getattr(action, "_choices_actions", []))
        kept = self.description, [action.help for action in helped]
        titles = [group.title for group in self._action_groups]
        try:
            self.description = gettext(self.description) if self.description else None
            for action in helped:
                if action.help and action.help != argparse.SUPPRESS:
                    action.help = gettext(action.help)
            for group in self._action_groups:  # titled when the parser was built
                group.title = gettext(group.title) if group.title else group.title
            with argparse_speaking(lambda: translations):
                return super().format_help()
        finally:
            self.description = kept[0]
            for action, text in zip(helped, kept[1], strict=True):
                action.help = text
            for group, title in zip(self._action_groups, titles, strict=True):
                group.title = title


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m app.engine", description=N_("Prune's alpha-beta engine."))
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    add_engine_commands(commands, _Parser)
    add_game_commands(commands, _Parser)
    add_experiment_commands(commands, _Parser)
    add_exam_commands(commands, _Parser)
    return parser


def environment_locale(environ: dict[str, str] | None = None) -> str | None:
    """The first language the environment asks for that Prune speaks (Babel's name), else None."""
    from .i18n import match_locale  # only on the way out with an error: the output needs none
    from .i18n.catalogs import available_locales

    environ = os.environ if environ is None else environ
    locales = available_locales()
    wanted = [tag for tag in environ.get("LANGUAGE", "").split(":") if tag]  # a list, in order
    # Of the others, the first one set decides (LC_ALL over LC_MESSAGES over LANG).
    wanted += [environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)][:1]
    for value in wanted:
        tag = value.split(".")[0].split("@")[0]  # de_DE.UTF-8@euro → de_DE
        found = match_locale(tag, locales) if tag not in ("C", "POSIX") else None
        if found:
            return found
    return None


def environment_translations():
    """The environment's language's translations (Babel's), or None (English)."""
    from .i18n.catalogs import load_translations

    locale = environment_locale()
    return load_translations(locale) if locale else None


def run(argv: list[str]) -> Any:
    parser = build_parser()
    with argparse_speaking(environment_translations):  # loaded only if argparse speaks
        args = parser.parse_args(argv)
    return RUNNERS[args.command](args)


def main(argv: list[str] | None = None) -> int:
    try:
        result = run(sys.argv[1:] if argv is None else argv)
    except EngineError as err:
        print(
            Message(N_("error: {message}"), message=err.message).translated(
                environment_translations()
            ),
            file=sys.stderr,
        )
        return 2
    try:
        if isinstance(result, str):  # CSV (experiments) and LaTeX (exams) are printed as they are
            sys.stdout.write(result)
        else:
            sys.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # a reader such as `head` stopped early: not our error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
