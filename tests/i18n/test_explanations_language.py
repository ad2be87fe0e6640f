"""POST /api/practice/grade explains in the request's language (lang=, the remembered choice,
Accept-Language), the same sentences with the same node names and numbers in every
language; English when nothing asks otherwise. A grading too big for the web worker runs in
a worker process and explains in the request's language too."""

import re

import pytest
from support import TEXTBOOK, make_app

GRADE = "/api/practice/grade"
MISTAKEN = {"pruned": ["1.1"], "values": {"": 10, "0": 10, "1": 10}, "best_move": 1}
RIGHT = {
    "pruned": ["1.1", [1, 2]],
    "values": {"": 3, "0": 3, "1": 2, "2": 2},
    "windows": {"1": [3, 2], "0": ["-Infinity", 3], "": [3, "Infinity"]},
    "best_move": 0,
}
PRUNED_I = {
    "en": "I is pruned: after C's first child H, v = 2 ≤ α = 3 at C, so MIN at C will return at "
    "most 2, no better for MAX above than the 3 it already has, and the search skips I.",
    "de": "I wird abgeschnitten: nach dem ersten Kind H von C gilt v = 2 ≤ α = 3 bei C, also "
    "liefert MIN bei C höchstens 2, für MAX weiter oben nicht besser als die 3, die es schon "
    "hat, und die Suche überspringt I.",
    "es": "I se poda: tras el primer hijo de C, H, v = 2 ≤ α = 3 en C, así que MIN en C devolverá "
    "como mucho 2, nada mejor para MAX, más arriba, que el 3 que ya tiene, y la búsqueda se "
    "salta I.",
    "zh-Hans": "I 被剪枝：在 C 的第一个子节点 H 之后，C 处 v = 2 ≤ α = 3，"
    "因此 C 处的 MIN 至多返回 2，对上层的 MAX 而言不比它已有的 3 更好，搜索跳过 I。",
}


def explanations(response) -> list[str]:
    assert response.status_code == 200, response.data
    return [item["explanation"] for item in response.get_json()["items"]]


def facts(text: str) -> tuple[list[str], list[str]]:
    """The numbers and the single-letter node names of a sentence, sorted."""
    numbers = sorted(re.findall(r"[−-]?(?:\d+(?:\.\d+)?|∞)", text))
    names = sorted(re.findall(r"(?<![A-Za-z])[A-Z](?![A-Za-z])", text))
    return numbers, names


@pytest.mark.parametrize("lang", ["en", "de", "es", "zh-Hans"])
def test_a_pruned_node_explained_in_the_request_language(client, lang):
    said = explanations(
        client.post(
            GRADE, json={"tree": TEXTBOOK, "answer": RIGHT}, headers={"Accept-Language": lang}
        )
    )
    assert said[2] == PRUNED_I[lang]


def test_lang_in_the_address_beats_accept_language(client):
    said = explanations(
        client.post(
            f"{GRADE}?lang=es",
            json={"tree": TEXTBOOK, "answer": RIGHT},
            headers={"Accept-Language": "de"},
        )
    )
    assert said[2] == PRUNED_I["es"]


@pytest.mark.parametrize("lang", ["de", "es", "zh-Hans"])
def test_every_explanation_keeps_the_english_numbers_and_names(client, lang):
    for tree, options, answer in (
        (TEXTBOOK, {}, RIGHT),
        ([[10], [10, 0]], {"rule": "strict"}, MISTAKEN),
        (TEXTBOOK, {}, {"pruned": [], "values": {"": 2}, "windows": {"1": [0, 0]}, "best_move": 2}),
    ):
        body = {"tree": tree, "options": options, "answer": answer}
        english = explanations(client.post(GRADE, json=body))
        translated = explanations(client.post(GRADE, json=body, headers={"Accept-Language": lang}))
        assert len(english) == len(translated) > 3
        for en, other in zip(english, translated, strict=True):
            assert other != en
            assert facts(other) == facts(en), (en, other)


def test_a_grading_in_a_worker_process_explains_in_the_request_language():
    app = make_app(PRUNE_INLINE_TRACE_BYTES=16)  # every grading goes to the job pool
    with app.test_client() as client:
        said = explanations(
            client.post(
                GRADE, json={"tree": TEXTBOOK, "answer": RIGHT}, headers={"Accept-Language": "de"}
            )
        )
    assert said[2] == PRUNED_I["de"]


def test_pacmans_moves_are_named_in_the_request_language(client):
    """A move's direction (CS188's action names) is a word of the language; another action
    (a tree's own) stays as the tree gives it."""
    tree = [
        {"label": "Stay", "children": [1]},
        {"action": "West", "children": [3]},
        {"label": "go", "action": "hop", "children": [2]},
    ]
    answer = {"best_move": 2}
    english, german = (
        explanations(client.post(f"{GRADE}?lang={lang}", json={"tree": tree, "answer": answer}))
        for lang in ("en", "de")
    )
    assert english[-1] == (
        "The best move is C (West) (value 3); go (hop) returns at most 2, so it is no better."
    )
    assert "C (Westen)" in german[-1] and "go (hop)" in german[-1]
