"""``python -m app.engine exam …``: generate an exam from a spec and print it.

* ``exam SPEC.json`` (``-`` reads standard input): the exam as JSON, every variant
  (``{"spec", "variants": [{"questions": [{"kind", "tree", "answer", …}]}]}``)
* ``--seed N`` and ``--variants N`` replace the spec's own
* ``--tex N``: variant N (from 1) and its answer key as one LaTeX file instead; ``--tex all``
  every variant's sheet, then every key

A bad spec (or one no tree can meet) leaves with status 2 and one line naming the field.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..engine.errors import N_, EngineError, Message
from ..engine.parse_reasons import json_reason
from .generator import generate_exam
from .latex import exam_tex
from .spec import SpecError


def add_exam_commands(commands: argparse._SubParsersAction, parser_class) -> None:
    exam = commands.add_parser("exam", help=N_("generate an exam of alpha-beta questions"))
    exam.add_argument("spec", help=N_("the spec as a JSON file (docs/exams.md), - for stdin"))
    exam.add_argument("--seed", type=int, help=N_("replaces the spec's seed"))
    exam.add_argument("--variants", type=int, help=N_("replaces the spec's number of variants"))
    exam.add_argument("--tex", metavar="N", help=N_("print variant N (or all) as LaTeX"))


def run_exam(args: argparse.Namespace) -> Any:
    spec = _read(args.spec)
    if isinstance(spec, dict):
        for key in ("seed", "variants"):
            if getattr(args, key) is not None:
                spec[key] = getattr(args, key)
    try:
        exam = generate_exam(spec)
    except SpecError as err:
        says = Message(N_("{where}: {problem}"), where=err.field, problem=err.message)
        raise EngineError(says, field=err.field) from None
    if args.tex is None:
        return exam
    if args.tex == "all":
        return exam_tex(exam, None)
    count = len(exam["variants"])
    if not args.tex.isascii() or not args.tex.isdigit() or not 1 <= int(args.tex) <= count:
        says = Message(N_("--tex must be all or a variant from 1 to {count}"), count=count)
        raise EngineError(says, field="tex")
    return exam_tex(exam, int(args.tex) - 1)


def _read(name: str) -> Any:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except OSError as err:
        says = N_("cannot read {name}: {reason}")
        raise EngineError(Message(says, name=name, reason=err.strerror)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        says = N_("the spec is not JSON: {problem} (line {line})")
        raise EngineError(Message(says, problem=json_reason(err.msg), line=err.lineno)) from None
