"""Exams of alpha-beta questions (docs/exams.md): a spec read and checked (``spec.py``),
random trees of a shape (``trees.py``), the engine's facts about a tree and the properties
it has (``facts.py``), each kind's prompt, answer and worked solution (``answers.py``), the
seeded generator with its variants (``generator.py``) and the whole exam as LaTeX
(``latex.py``). Pure Python: no Flask; it builds on the engine and practice's reading of a
trace.
"""

from .generator import build_exam, generate_exam
from .spec import KINDS, ExamLimits, ExamSpec, QuestionSpec, SpecError, read_spec

__all__ = [
    "KINDS",
    "ExamLimits",
    "ExamSpec",
    "QuestionSpec",
    "SpecError",
    "build_exam",
    "generate_exam",
    "read_spec",
]
