"""The practice page in German and Chinese (issue 36): the answer sheet's rows, the results of
Check and the questions of PVS, MTD(f) and Star1 in the page's language, with the same numbers
and node names as in English; the page grades in the browser exactly as the API does in that
language; axe finds no serious issue in German and Simplified Chinese."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious
from practice_sheet import open_practice, value_input

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
WRONG = {"pruned": [], "values": {"": 3, "0": 3, "1": 4, "2": 2}, "best_move": 0}


def row_texts(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#sheet-rows li.sheet-row')].map((li) =>
            [li.querySelector('.row-name').textContent, li.querySelector('.row-kind').textContent,
             li.querySelector('.prunes-label').textContent,
             [...li.querySelectorAll('.prune-check')].map((label) => label.textContent.trim())])"""
    )


def results(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#results li.result')].map((li) =>
            [li.querySelector('.result-kind').textContent,
             li.querySelector('.result-text').textContent])"""
    )


def check_wrong_answer(page):
    for path, value in WRONG["values"].items():
        value_input(page, path).fill(str(value))
    page.check('input[name=best-move][value="0"]')
    page.click("#check")
    page.wait_for_function("() => !document.getElementById('results').hidden")


def test_the_answer_sheet_and_its_results_in_german_keep_the_english_names_and_numbers(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    said = {}
    for lang in ("en", "de"):
        open_practice(prune, f"preset=textbook&lang={lang}")
        check_wrong_answer(page)
        said[lang] = {
            "rows": row_texts(page),
            "legend": page.locator("#best-move legend").text_content(),
            "score": page.locator("#score").inner_text(),
            "results": results(page),
            "rule": page.locator("#rule-statement").inner_text(),
        }
    en, de = said["en"], said["de"]
    assert en["rows"][0] == ["A", "▲ MAX · root", "children pruned:", ["B", "C", "D"]]
    assert de["rows"][0] == ["A", "▲ MAX · Wurzel", "abgeschnittene Kinder:", ["B", "C", "D"]]
    assert de["rows"][2][1] == "▼ MIN"
    assert [row[3] for row in de["rows"]] == [row[3] for row in en["rows"]], "leaves as shown"
    assert (en["rule"], de["rule"]) == (
        "Alpha-beta. Standard rule: prune when α ≥ β.",
        "Alpha-Beta. Standardregel: abschneiden, wenn α ≥ β.",
    )
    assert (en["legend"], de["legend"]) == ("Best move at A", "Bester Zug bei A")
    assert en["score"].replace("of", "von") == de["score"]
    assert len(de["results"]) == len(en["results"]) > 2
    kinds = {kind for kind, _text in de["results"]}
    assert "falsch: Falscher Wert" in kinds, kinds
    assert all(text_de != text_en for (_, text_de), (_, text_en) in zip(de["results"], en["results"], strict=True))  # fmt: skip  # noqa: E501
    # The page's German sentences are the API's German sentences, item by item.
    response = page.request.post(
        "/api/practice/grade?lang=de", data={"tree": TEXTBOOK, "options": {}, "answer": WRONG}
    )
    api = [item["explanation"] for item in response.json()["items"]]
    assert sorted(text for _kind, text in de["results"]) == sorted(api)
    prune.assert_clean()


@pytest.mark.parametrize(
    ("kind", "german"),
    [
        ("research", "Welche Kinder durchsucht PVS erneut?"),
        ("chance_prune", "Welche Kinder von Zufallsknoten schneidet Star1 ab"),
        ("bounds", "MTD(f) macht vom ersten Schätzwert"),
    ],
)
def test_each_question_asks_in_german_and_checks_in_german(prune, kind, german):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    open_practice(prune, f"question={kind}&seed=3&lang=de")
    assert page.locator("#question-text").inner_text().startswith(german)
    for kind_text in page.locator("#question-tap-list .tap-kind").all_inner_texts():
        assert ", Kind von " in kind_text, kind_text
    page.click("#question-check")
    page.wait_for_function("() => !document.getElementById('results').hidden")
    shown = results(page)
    assert shown, "a blank answer has something to look at"
    assert all(" the " not in text and " is " not in text for _kind, text in shown), shown
    prune.assert_clean()


@pytest.mark.parametrize("lang", ["de", "zh-Hans"])
def test_axe_finds_nothing_serious_on_the_practice_page(prune, lang):
    page = prune.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_practice(prune, f"preset=textbook&lang={lang}")
    check_wrong_answer(page)
    prune.screenshot(f"practice-{lang}-phone")
    assert_no_serious(page, f"practice ({lang})")
    open_practice(prune, f"question=research&seed=3&lang={lang}")
    assert_no_serious(page, f"practice question ({lang})")
