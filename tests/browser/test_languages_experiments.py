"""The experiments page in the page's language (issue 36): with ?lang=de a run's table
(caption, column headers, row names), its finding, its chart (axis titles, legend, the
chart's text alternative) and the run's status are German, with the same figures as on the
English page written the German way (1.234,5); axe finds nothing serious on a page with
results in German and Chinese."""

from __future__ import annotations

import re

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


def open_page(prune, lang: str):
    page = prune.page
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(PROJECTOR)
    page.goto(f"/experiments?lang={lang}")
    page.wait_for_selector("body[data-experiments-ready]")
    return page


def run(page, block: str, **fields):
    for name, value in fields.items():
        page.fill(f"#{block} [name={name}]", str(value))
    page.click(f"#{block} [data-part=run]")
    page.wait_for_selector(f"#{block}[data-state=done]", timeout=30_000)


def figures(text: str, lang: str) -> list[float]:
    """The numbers of a text as floats, read the language's way ("1.234,5" in German)."""
    german = lang == "de"
    text = text.replace(".", "").replace(",", ".") if german else text.replace(",", "")
    return [float(n) for n in re.findall(r"\d+(?:\.\d+)?", text.replace("\u2212", "-"))]


def ordering_said(prune, lang: str) -> dict[str, object]:
    page = open_page(prune, lang)
    run(page, "ord", depths="1-4", trials=3)
    block = page.locator("#ord")
    return {
        "caption": block.locator("table.data-table caption").inner_text(),
        "heads": block.locator("table.data-table thead th").all_inner_texts(),
        "cells": block.locator("table.data-table tbody").inner_text(),
        "finding": block.locator("[data-part=finding]").inner_text(),
        "chart": block.locator("svg.chart-svg").get_attribute("aria-label"),
        "axes": block.locator("svg.chart-svg .axis-title").all_text_contents(),
        "legend": block.locator("[data-part=legend]").inner_text(),
        "status": block.locator("[data-part=message]").inner_text(),
    }


def test_an_experiment_speaks_german_with_the_english_figures(prune):
    english = ordering_said(prune, "en")
    german = ordering_said(prune, "de")
    assert german["caption"] == (
        "Von Alpha-Beta bewertete Blätter (Mittelwert über die Versuche), Verzweigung 2"
    )
    assert german["heads"] == [
        "Tiefe",
        "Perfekt",
        "Zufällig",
        "Schlechteste zuerst",
        "Knuth–Moore",
        "2ᵈ (Minimax)",
    ]
    assert german["axes"] == ["Tiefe", "↑ Bewertete Blätter (Mittelwert)"]
    assert "Perfekte Reihenfolge" in german["legend"]
    assert german["finding"].startswith("Bei Tiefe 4 (Verzweigung 2) bewertet")
    assert german["chart"].startswith("Liniendiagramm, logarithmische Skala:")
    assert german["status"].startswith("Fertig: 12 Zeilen in ")
    assert "11,33" in german["cells"], "decimals written the German way"
    for said in ("cells", "finding", "chart"):
        assert figures(german[said], "de") == figures(english[said], "en"), said


@pytest.mark.parametrize("lang", ["de", "zh-Hans"])
def test_axe_finds_nothing_serious_on_experiment_results(prune, lang):
    page = open_page(prune, lang)
    run(page, "rb-one", seed=73)
    run(page, "opt", positions="XO..X....")
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert_no_serious(page, f"experiments, {lang}")


def test_switching_language_in_place_writes_the_results_again(prune):
    """Issue 36: a language switch without a reload turns an experiment's table, finding,
    chart and status into German from the rows already there: nothing runs again, the
    figures stay."""
    english = ordering_said(prune, "en")
    page = prune.page
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    block = page.locator("#ord")
    assert block.get_attribute("data-state") == "done"
    assert (
        block.locator("table.data-table caption")
        .inner_text()
        .startswith("Von Alpha-Beta bewertete Blätter")
    )
    heads = block.locator("table.data-table thead th").all_inner_texts()
    assert heads[:4] == ["Tiefe", "Perfekt", "Zufällig", "Schlechteste zuerst"]
    axes = block.locator("svg.chart-svg .axis-title").all_text_contents()
    assert axes == ["Tiefe", "↑ Bewertete Blätter (Mittelwert)"]
    assert "Perfekte Reihenfolge" in block.locator("[data-part=legend]").inner_text()
    finding = block.locator("[data-part=finding]").inner_text()
    assert finding.startswith("Bei Tiefe 4 (Verzweigung 2) bewertet")
    chart = block.locator("svg.chart-svg").get_attribute("aria-label")
    assert chart.startswith("Liniendiagramm, logarithmische Skala:")
    cells = block.locator("table.data-table tbody").inner_text()
    assert "11,33" in cells
    assert figures(cells, "de") == figures(english["cells"], "en")
    assert figures(finding, "de") == figures(english["finding"], "en")
    assert block.locator("[data-part=message]").inner_text().startswith("Fertig: 12 Zeilen in ")
    assert not [url for url in asked if "/api/experiments" in url], asked
