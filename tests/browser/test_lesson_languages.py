"""Lessons in another language, in headless Chromium (issue 36): the built-in lesson presented
with ``?lang=de`` shows its slide title, notes, slide number and narration in German over the
same tree and step as in English; the editor says its statuses ("Saved", the slide count, a
refusal) in German and opens the built-in lesson in German to edit; the list and the handouts
follow; axe finds no serious issue on the presented lesson and the editor in German and
Simplified Chinese."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

FIRST_CUTOFF = 2  # the built-in lesson's third slide (app/lessons/builtin.py)


def present(page, lang: str, slide: int = FIRST_CUTOFF, step: int = 14):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/l/alpha-beta-1?slide={slide}&step={step}&lang={lang}")
    page.wait_for_selector(f'#slide[data-slide-index="{slide}"][data-kind="tree"]')
    page.wait_for_function("() => document.getElementById('narration').textContent.trim() !== ''")


def test_a_slide_of_the_builtin_lesson_presented_in_german(prune):
    page = prune.page
    present(page, "en")
    english = {
        "narration": page.locator("#narration").inner_text(),
        "states": page.eval_on_selector_all(
            "g.node[data-path]", "(nodes) => nodes.map((n) => n.dataset.path + n.dataset.state)"
        ),
    }
    assert page.locator("#slide-title").inner_text() == "The first cutoff"

    present(page, "de")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.locator("#slide-title").inner_text() == "Der erste Schnitt"
    assert page.locator("#slide-number").inner_text() == "Folie 3 von 10"
    assert page.locator("#counter").inner_text() == "Schritt 14 von 27"
    notes = page.locator("#slide-notes").inner_text()
    assert "Der zweite MIN-Knoten sieht 2." in notes
    strong = page.locator("#slide-notes strong").inner_text()
    assert strong == "Der Rest dieses Knotens kann nichts ändern"
    assert page.locator("#slide-notes em").inner_text() == "4 und 6 werden nie angesehen."
    narration = page.locator("#narration").inner_text()
    assert narration != english["narration"] and "α-Schnitt" in narration
    assert [c for c in narration if c.isdigit()] == [c for c in english["narration"] if c.isdigit()]
    states = page.eval_on_selector_all(
        "g.node[data-path]", "(nodes) => nodes.map((n) => n.dataset.path + n.dataset.state)"
    )
    assert states == english["states"], "the same tree at the same step"
    prune.assert_clean()


def test_the_question_slide_and_the_handouts_in_chinese(prune):
    page = prune.page
    present(page, "zh-Hans", slide=4, step=0)
    assert page.locator("#slide-title").inner_text() == "预测：哪些叶节点被剪掉？"
    question = page.locator("#slide-question").inner_text()
    assert question == "问题：给出每个节点的值，并标出被剪掉的叶节点。"
    page.goto("/l/alpha-beta-1/print?lang=zh-Hans")
    page.wait_for_selector("#handout-loading", state="detached")
    titles = page.locator(".handout-slide-title").all_inner_texts()
    assert titles[0] == "1. 先看 Minimax" and titles[2] == "3. 第一次剪枝"
    assert page.locator(".handout-question").first.inner_text().startswith("问题：")
    prune.assert_clean()


def test_the_editor_says_its_statuses_in_german(prune):
    page = prune.page
    page.goto("/lessons/new?lang=de")
    page.locator("body[data-ready=true]").wait_for()
    page.evaluate("() => localStorage.removeItem('prune.lesson-draft')")
    page.reload()
    page.locator("body[data-ready=true]").wait_for()
    page.click("#btn-add-notes")
    assert page.locator(".card-title").input_value() == "Notizen"
    assert page.locator("#slide-count").inner_text() == "(1 von höchstens 60)"
    up = page.get_attribute(".slide-card [data-part=up]", "aria-label")
    assert up == "Folie 1 nach oben verschieben"
    page.click("#btn-save")  # no title: the server refuses, the editor says so in German
    page.wait_for_selector("#editor-result .error")
    # The server's reason too, in the page's language (lang= only: the browser asks English).
    refusal = page.locator("#editor-result .error").inner_text()
    assert refusal == "Nicht gespeichert: title darf nicht leer sein"
    assert page.evaluate("() => document.activeElement.id") == "lesson-title"
    prune.errors[:] = [e for e in prune.errors if "status of 400" not in e]  # the refusal
    page.fill("#lesson-title", "Meine Lektion")
    page.click("#btn-save")
    page.wait_for_selector("#saved-link")
    result = page.locator("#editor-result").inner_text()
    assert result.startswith("Gespeichert. Eine gespeicherte Lektion ändert sich nie")
    assert "Handouts" in result and "Einbetten" in result
    page.click(".slide-card [data-part=delete]")
    assert page.locator("#editor-result").inner_text().startswith("Folie „Notizen“ gelöscht.")
    page.click("#btn-undo")
    undone = page.locator("#editor-result").inner_text()
    assert undone == "Rückgängig gemacht: Folie 1, „Notizen“, löschen."
    prune.assert_clean()


def test_the_builtin_lesson_opens_in_german_to_edit_and_in_the_list(prune):
    page = prune.page
    page.goto("/lessons/alpha-beta-1/edit?lang=de")
    page.locator("body[data-ready=true]").wait_for()
    assert page.input_value("#lesson-title") == "Alpha-Beta in einer Vorlesung"
    assert page.locator(".card-title").first.input_value() == "Zuerst Minimax"
    page.goto("/lessons?lang=de")
    assert page.locator("text=Über Alpha-Beta hinaus").count() == 1
    prune.assert_clean()


@pytest.mark.parametrize("lang", ["de", "zh-Hans"])
def test_axe_on_the_presented_lesson_and_the_editor(prune, lang):
    page = prune.page
    present(page, lang)
    assert_no_serious(page, f"lesson presented ({lang})")
    page.goto(f"/lessons/alpha-beta-1/edit?lang={lang}")
    page.locator("body[data-ready=true]").wait_for()
    page.wait_for_selector(".card-preview[data-state=done]")
    assert_no_serious(page, f"lesson editor ({lang})")
