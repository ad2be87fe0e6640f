"""The lesson editor keeps work (/lessons/new): Start over asks first and can be undone,
Delete can be undone (its Undo button or Ctrl+Z), Ctrl+Z outside a text field undoes the last
slide edit while inside one the browser undoes the typing, and every card shows a small picture
of its slide's start (the handout's picture code) or, for a chart, draws it when asked."""

import json

import pytest

pytestmark = pytest.mark.browser

DRAFT = {
    "title": "Kept",
    "slides": [
        {
            "title": "Textbook",
            "notes": "",
            "view": {"kind": "tree", "preset": "textbook", "from": 3},
        },
        {"title": "Words", "notes": "Only words."},
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[5, 6], [7, 4, 5]]},
            "question": {},
        },
        {
            "title": "A game",
            "notes": "",
            "view": {"kind": "game", "game": "tictactoe", "query": {"board": "XOXOX.O.."}},
        },
        {
            "title": "Ordering",
            "notes": "",
            "view": {
                "kind": "experiment",
                "name": "ordering",
                "query": {"branching": "2", "depths": "1-3"},
            },
        },
    ],
}


@pytest.fixture
def editor(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/lessons/new")
    page.evaluate(
        f"localStorage.setItem('prune.lesson-draft', JSON.stringify({json.dumps(DRAFT)}))"
    )
    page.reload()
    page.locator("body[data-ready=true]").wait_for()
    return page


def titles(page):
    return page.locator(".card-title").evaluate_all("els => els.map(e => e.value)")


def saved_draft(page):
    return page.evaluate("JSON.parse(localStorage.getItem('prune.lesson-draft'))")


def test_start_over_asks_first_and_can_be_undone(editor):
    editor.locator("#btn-clear").click()
    confirm = editor.locator("#clear-confirm")
    assert confirm.is_visible()
    assert "all 5 slides" in confirm.inner_text()
    assert editor.evaluate("document.activeElement.id") == "btn-clear-yes"
    assert editor.locator(".slide-card").count() == 5  # nothing lost by asking
    editor.locator("#btn-clear-no").click()
    assert not confirm.is_visible() and editor.locator(".slide-card").count() == 5
    editor.locator("#btn-clear").click()
    editor.keyboard.press("Escape")
    assert not confirm.is_visible()
    assert editor.evaluate("document.activeElement.id") == "btn-clear"
    editor.locator("#btn-clear").click()
    editor.locator("#btn-clear-yes").click()
    assert editor.locator(".slide-card").count() == 0
    assert saved_draft(editor)["slides"] == []
    editor.locator("#btn-undo").click()
    assert titles(editor) == [s["title"] for s in DRAFT["slides"]]
    assert editor.locator("#lesson-title").input_value() == "Kept"
    assert saved_draft(editor) == DRAFT  # the draft is back too


def test_delete_is_undone_by_its_button_and_by_ctrl_z(editor):
    editor.locator(".slide-card").nth(1).locator("[data-part=delete]").click()
    assert titles(editor) == ["Textbook", "Predict", "A game", "Ordering"]
    assert "Words" in editor.locator("#editor-result").inner_text()
    editor.locator("#btn-undo").click()
    assert titles(editor) == ["Textbook", "Words", "Predict", "A game", "Ordering"]
    editor.locator(".slide-card").nth(0).locator("[data-part=delete]").click()
    # The focus is on the next card's handle, not in a text field: Ctrl+Z is the editor's.
    assert editor.evaluate("document.activeElement.dataset.part") == "handle"
    editor.keyboard.press("Control+z")
    assert titles(editor)[0] == "Textbook"
    assert "Undone: delete slide 1" in editor.locator("#editor-announce").inner_text()


def test_ctrl_z_in_a_field_is_the_browsers_and_outside_undoes_the_edit(editor):
    notes = editor.locator("#slide-1-notes")
    notes.click()
    editor.keyboard.press("End")
    # One insertion, so one step of the browser's undo (typed keys may be split at a word).
    editor.keyboard.insert_text(" More")
    editor.keyboard.press("Control+z")  # the browser's own undo of the typing
    assert editor.locator(".slide-card").count() == 5
    assert notes.input_value() == "Only words."
    editor.keyboard.type(" Again")
    editor.locator("#slide-1-from").count()  # (a notes slide has no step fields)
    editor.locator(".slide-card").nth(1).locator(".drag-handle").focus()
    assert saved_draft(editor)["slides"][1]["notes"] == "Only words. Again"
    editor.keyboard.press("Control+z")  # the whole edit of the field, at once
    assert editor.locator("#slide-1-notes").input_value() == "Only words."
    assert saved_draft(editor)["slides"][1]["notes"] == "Only words."
    # Moving a slide is undone the same way.
    editor.locator(".slide-card").nth(0).locator("[data-part=down]").click()
    assert titles(editor)[:2] == ["Words", "Textbook"]
    editor.keyboard.press("Control+z")
    assert titles(editor)[:2] == ["Textbook", "Words"]


def test_every_card_shows_its_slide_at_its_start(editor):
    cards = editor.locator(".slide-card")
    for index, step, nodes in ((0, "3", 13), (2, "0", 8)):
        cards.nth(index).scroll_into_view_if_needed()  # drawn when the card comes into view
        picture = cards.nth(index).locator("figure.card-preview svg.tree-picture")
        picture.wait_for()
        assert picture.get_attribute("data-step") == step
        assert picture.locator("g.node[data-path]").count() == nodes
    cards.nth(3).scroll_into_view_if_needed()
    game = cards.nth(3).locator("figure.card-preview svg.tree-picture")
    game.wait_for()
    assert game.locator("g.node[data-path]").count() == int(game.get_attribute("data-nodes"))
    assert cards.nth(1).locator("figure.card-preview").count() == 0  # notes: no picture
    # The chart is drawn when asked for (an experiment is a run on the server).
    chart = cards.nth(4).locator("figure.card-preview")
    assert chart.locator("svg").count() == 0
    chart.locator("[data-part=preview]").click()
    chart.locator("svg[role=img]").first.wait_for(timeout=30_000)
    assert chart.get_attribute("data-state") == "done"
    # A preview is small: a card stays within a phone's width and a few lines high.
    box = cards.nth(0).locator("figure.card-preview").bounding_box()
    assert box["height"] <= 200
