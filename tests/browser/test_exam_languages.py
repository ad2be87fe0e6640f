"""The exams pages in German and Chinese (issue 36): the printed exam and its key with
``lang=`` in the print address (headings, prompts, one-line answers, captions) with the same
numbers and node names as in English; the builder's form; axe finds no serious issue on the
exam pages in German and Simplified Chinese. The LaTeX file stays English (docs/translating.md)."""

import re

import pytest
from axe_checks import assert_no_serious
from test_exam_print import create, open_print

pytestmark = pytest.mark.browser

SPEC = {
    "seed": 7,
    "variants": 1,
    "title": "Alpha-beta",
    "questions": [
        {"kind": "prune", "depth": 3, "branching": 2, "min_pruned": 2},
        {"kind": "windows", "depth": 3, "branching": 2},
        {"kind": "best_move", "depth": 2, "branching": 3},
        {"kind": "counts", "depth": 3, "branching": 2},
    ],
}
GERMAN_PROMPTS = [
    "Führe Alpha-Beta (Regel: Standard) von links nach rechts aus und streiche jeden "
    "abgeschnittenen Zweig durch.",
    "Führe Alpha-Beta (Regel: Standard) von links nach rechts aus und gib α und β bei ",
    "Welchen Zug wählt A, und was ist sein Wert?",
    "Wie viele Blätter und Knoten werten Minimax und Alpha-Beta (Regel: Standard) jeweils aus",
]


def shown(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('section.exam-question')].map((part) => ({
            title: part.querySelector('.exam-question-title').textContent,
            prompt: part.querySelector('.exam-prompt').textContent,
            answer: part.querySelector('.exam-answer') ? part.querySelector('.exam-answer').textContent : '',
            headings: [...part.querySelectorAll('h3')].map((h) => h.textContent),
            solution: [...part.querySelectorAll('.exam-solution li')].map((li) => li.textContent)}))"""  # noqa: E501
    )


def facts(text):
    numbers = sorted(re.findall(r"[−-]?(?:\d+(?:\.\d+)?|∞)", text))
    names = sorted(re.findall(r"(?<!\w)[A-Z](?!\w)", text))
    return numbers, names


def test_the_printed_exam_and_its_key_in_german(prune, base_url):
    identifier, exam = create(base_url, SPEC)
    english = shown(open_print(prune, base_url, identifier, "?key=1"))
    page = open_print(prune, base_url, identifier, "?key=1&lang=de")
    german = shown(page)
    assert page.locator(".exam-title").inner_text() == "Alpha-beta: Lösungen"
    assert page.locator(".exam-variant").inner_text() == "Variante 1 von 1"
    assert [part["title"] for part in german] == ["Frage 1", "Frage 2", "Frage 3", "Frage 4"]
    for part, prompt in zip(german, GERMAN_PROMPTS, strict=True):
        assert part["prompt"].startswith(prompt), part["prompt"]
        assert part["headings"] == ["Lösung", "Ausgearbeitete Lösung"]
    asked = exam["variants"][0]["questions"][1]["asked"]
    assert all(name in german[1]["prompt"] for name in asked)
    for en, de in zip(english, german, strict=True):
        assert facts(de["prompt"]) == facts(en["prompt"]), (en["prompt"], de["prompt"])
        assert facts(de["answer"]) == facts(en["answer"]), (en["answer"], de["answer"])
        # The worked solution, written again from the trace: line for line the generator's.
        assert len(de["solution"]) == len(en["solution"]) > 0
        for line_en, line_de in zip(en["solution"], de["solution"], strict=True):
            assert line_de != line_en
            assert facts(line_de) == facts(line_en), (line_en, line_de)
    assert german[0]["answer"].startswith("durchgestrichen: ")
    assert german[3]["answer"].startswith("Minimax ")
    caption = page.locator("figcaption").first.inner_text()
    assert caption == "Der Baum, wie die Studierenden ihn sehen."
    prune.screenshot("exam-key-de")
    prune.assert_clean()


@pytest.mark.parametrize("lang", ["de", "zh-Hans"])
def test_axe_finds_nothing_serious_on_the_exam_pages(prune, base_url, lang):
    identifier, _exam = create(base_url, SPEC)
    page = open_print(prune, base_url, identifier, f"?lang={lang}")
    assert_no_serious(page, f"printed exam ({lang})")
    page = open_print(prune, base_url, identifier, f"?key=1&lang={lang}")
    assert_no_serious(page, f"exam key ({lang})")
    page.goto(f"{base_url}/exams?lang={lang}")
    page.wait_for_selector("#exam-questions > li select[data-field=kind]")
    if lang == "de":
        assert page.locator("#create-exam").inner_text() == "Prüfung erstellen"
        kinds = page.locator("#exam-questions select[data-field=kind]").first
        assert "Abgeschnittene Zweige durchstreichen" in kinds.inner_text()
    assert_no_serious(page, f"exam builder ({lang})")
