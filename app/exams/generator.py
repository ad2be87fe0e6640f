"""The exam generator: one tree per question and variant, seeded, meeting the spec.

Question ``i`` of variant ``v`` draws from ``random.Random(f"{seed}/{i}/{v}")`` alone, so the
same spec gives the same exam, question by question. Variant 0 draws shapes and values until
its tree has every property asked; every other variant keeps variant 0's shape and draws
new values until its tree has them too **and** evaluates as many leaves (the same
difficulty, docs/exams.md). A question that finds no such tree within ``max_tries`` draws is
refused (``SpecError`` naming the question and the property missed most often), never
answered with a tree that lacks it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..engine.errors import N_, Message
from .answers import answer, question_text, solution, windows_asked
from .facts import Facts
from .spec import ExamLimits, ExamSpec, QuestionSpec, SpecError, read_spec
from .trees import fill, leaf_values, random_shape

DEFAULT_LIMITS = ExamLimits()
SAME_LEAVES = "same_difficulty"  # the variant's own "property": as many leaves evaluated


def generate_exam(data: Any, limits: ExamLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The exam ``data`` asks for: ``{"spec", "variants": [{"questions": [...]}]}``."""
    spec = read_spec(data, limits)
    return build_exam(spec, limits)


def build_exam(spec: ExamSpec, limits: ExamLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    columns = [question_variants(spec, index, limits) for index in range(len(spec.questions))]
    variants = [{"questions": [column[v] for column in columns]} for v in range(spec.variants)]
    return {"spec": spec.to_data(), "variants": variants}


def question_variants(spec: ExamSpec, index: int, limits: ExamLimits) -> list[dict[str, Any]]:
    """Question ``index`` for every variant."""
    question = spec.questions[index]
    first, shape = _first(spec.seed, index, question, limits)
    made = [first]
    for variant in range(1, spec.variants):
        rng = random.Random(f"{spec.seed}/{index}/{variant}")
        made.append(_variant(rng, shape, first, index, question, limits))
    return [_question(facts, rng) for facts, rng in made]


def _first(seed: int, index: int, question: QuestionSpec, limits: ExamLimits):
    rng = random.Random(f"{seed}/{index}/0")
    missed: Counter[str] = Counter()
    for _ in range(limits.max_tries):
        shape = random_shape(rng, question)
        facts = Facts.of(fill(rng, shape, question), question)
        unmet = facts.unmet()
        if not unmet:
            return (facts, rng), facts
        missed.update(unmet)
    raise _refusal(index, missed, limits)


def _variant(rng, shape, first, index: int, question: QuestionSpec, limits: ExamLimits):
    target = first[0].leaves_evaluated
    leaves = shape.summary["minimax_leaves"]
    missed: Counter[str] = Counter()
    for _ in range(limits.max_tries):
        facts = shape.with_values(leaf_values(rng, question, leaves))
        if facts.leaves_evaluated != target:  # the cheap test first
            missed[SAME_LEAVES] += 1
            continue
        unmet = facts.unmet()
        if not unmet:
            return facts, rng
        missed.update(unmet)
    raise _refusal(index, missed, limits, variants=True)


def _refusal(index: int, missed: Counter, limits: ExamLimits, variants: bool = False):
    properties = Counter({name: n for name, n in missed.items() if name != SAME_LEAVES})
    constraint = (properties or missed).most_common(1)[0][0]
    where = f"questions[{index}]"
    if constraint == SAME_LEAVES:
        says = N_(
            "{where}: no variant tree of the same shape evaluates as many leaves as the first "
            "within {tries} tries; ask for fewer variants or a wider range"
        )
        return SpecError(Message(says, where=where, tries=limits.max_tries), "variants")
    says = (
        N_(
            "{where}: none of {tries} random variant trees as hard as the first meets "
            "{constraint}; change the shape, the values or the properties asked"
        )
        if variants
        else N_(
            "{where}: none of {tries} random trees meets {constraint}; change the shape, the "
            "values or the properties asked"
        )
    )
    message = Message(says, where=where, tries=limits.max_tries, constraint=constraint)
    return SpecError(message, f"{where}.{constraint}")


def _question(facts: Facts, rng: random.Random) -> dict[str, Any]:
    """A question as the exam keeps it: its tree (a document), prompt, answer and solution."""
    asked = windows_asked(facts, rng) if facts.question.kind == "windows" else []
    return {
        "kind": facts.question.kind,
        "tree": {"tree": facts.data, "players": list(facts.question.players)},
        "rule": facts.question.rule,
        "prompt": question_text(facts, asked),
        "asked": [facts.truth.names[row] for row in asked],
        "answer": answer(facts, asked),
        "solution": solution(facts),
    }
