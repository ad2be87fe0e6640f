"""The questions of PVS, MTD(f) and Star1 (``/practice?question=research|bounds|chance_prune``)
explain in the request's language: POST /api/practice/grade says each item's sentence in
German, Spanish and Chinese with the English one's numbers and node names, and the page's
grader (static/js/practice/questions/, run by Node with the browser catalog) says the very
same sentence as the server in German: one catalog message serves both."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from question_cases import question_answer, question_run
from support import node_test
from test_explanations_language import explanations, facts

from app.engine import DEFAULT_LIMITS
from app.i18n.catalogs import browser_catalog, load_translations
from app.inputs import read_run
from app.practice import grade_answer
from app.tracing import trace_chunks

GRADE = "/api/practice/grade"
ROOT = Path(__file__).resolve().parents[2]
NODE_TEST = ROOT / "tests/js/with-python/practice-graders.test.js"
CASES = 45  # seeded: about fifteen of each question


def question_runs():
    """Seeded runs asking each question, with an answer near the right one."""
    rng = random.Random(36)
    runs = []
    while len(runs) < CASES:
        run = question_run(rng)
        trace = json.loads(b"".join(trace_chunks(run, DEFAULT_LIMITS, lambda: None)))
        document, options = read_run(run, DEFAULT_LIMITS)
        blank = grade_answer(document.tree, options, {}, DEFAULT_LIMITS)
        answer = json.loads(json.dumps(question_answer(rng, trace, blank)))
        runs.append((run, trace, answer))
    return runs


RUNS = question_runs()


@pytest.mark.parametrize("lang", ["de", "es", "zh-Hans"])
def test_every_question_sentence_keeps_the_english_numbers_and_names(client, lang):
    questions = set()
    for run, _trace, answer in RUNS:
        body = {**run, "answer": answer}
        english = client.post(GRADE, json=body)
        translated = client.post(GRADE, json=body, headers={"Accept-Language": lang})
        questions.add(english.get_json()["question"])
        en_items, other_items = explanations(english), explanations(translated)
        assert len(en_items) == len(other_items)
        for en, other in zip(en_items, other_items, strict=True):
            assert other != en
            assert facts(other) == facts(en), (en, other)
    assert questions == {"research", "bounds", "chance_prune"}


def test_a_pvs_re_search_in_german(client):
    body = {"tree": [[3, 4], [5, 6]], "options": {"algorithm": "pvs"}, "answer": {"tapped": []}}
    said = {
        lang: explanations(client.post(f"{GRADE}?lang={lang}", json=body)) for lang in ("en", "de")
    }
    assert said == {
        "en": [
            "C's null-window test asks: is C better than 3 for MAX at A? It returned 5 > 3, a "
            "fail high, so C is searched again with the full window (3, ∞)."
        ],
        "de": [
            "Der Nullfenster-Test von C fragt: Ist C für MAX bei A besser als 3? Er lieferte "
            "5 > 3, nach oben gescheitert, also wird C mit dem vollen Fenster (3, ∞) erneut "
            "durchsucht."
        ],
    }


def test_the_page_and_the_api_say_the_same_german_sentence(tmp_path):
    translations = load_translations("de")
    cases = []
    for index, (run, trace, answer) in enumerate(RUNS):
        document, options = read_run(run, DEFAULT_LIMITS)
        expected = grade_answer(document.tree, options, answer, DEFAULT_LIMITS, translations, "de")
        cases.append({"name": f"de {index}", "trace": trace, "answer": answer, "expected": expected})  # fmt: skip  # noqa: E501
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps(browser_catalog("de"), ensure_ascii=False), encoding="utf-8")
    result = node_test(
        NODE_TEST,
        PRUNE_GRADER_CASES=str(tmp_path / "cases.json"),
        PRUNE_GRADER_CATALOG=str(catalog),
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert result.stdout.count("\nok ") == len(cases), result.stdout[-3000:]
