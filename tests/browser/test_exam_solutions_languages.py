"""The worked solutions of the exam kinds read from another search (issue 36): ``values``
(the minimax search's values), ``reorder`` (each inner node's children best first) and
``rules`` (why each leaf only one rule evaluates is searched) in the printed key with
``lang=de`` and ``lang=es``: written in that language, line for line the generator's English
ones with the same numbers and node names."""

import pytest
from test_exam_languages import facts, shown
from test_exam_print import create, open_print

pytestmark = pytest.mark.browser

SPEC = {
    "seed": 11,
    "variants": 1,
    "title": "Alpha-beta",
    "questions": [
        {"kind": "values", "depth": 3, "branching": 2},
        {"kind": "reorder", "depth": 3, "branching": 2, "min_pruned": 1},
        {"kind": "rules", "depth": 3, "branching": 2},
    ],
}
# One word of each kind's own sentence, so a line left in English cannot pass.
OWN_WORDS = {
    "de": ["liefert", "durchsucht seine Kinder", "wird durchsucht"],
    "es": ["devuelve", "busca primero", "se busca"],
}


@pytest.mark.parametrize("lang", ["de", "es"])
def test_worked_solutions_of_values_reorder_and_rules_are_translated(prune, base_url, lang):
    identifier, exam = create(base_url, SPEC)
    questions = exam["variants"][0]["questions"]
    english = shown(open_print(prune, base_url, identifier, "?key=1"))
    page = open_print(prune, base_url, identifier, f"?key=1&lang={lang}")
    translated = shown(page)
    words = OWN_WORDS[lang]
    for question, en, other, word in zip(questions, english, translated, words, strict=True):
        assert en["solution"] == question["solution"]  # English: the generator's sentences
        assert len(other["solution"]) == len(en["solution"]) > 0, question["kind"]
        for line_en, line in zip(en["solution"], other["solution"], strict=True):
            assert line != line_en
            assert facts(line) == facts(line_en), (line_en, line)
        assert any(word in line for line in other["solution"]), (word, other["solution"])
    page.locator(".exam-solution").nth(2).scroll_into_view_if_needed()
    prune.screenshot(f"exam-key-solutions-{lang}")
    prune.assert_clean()
