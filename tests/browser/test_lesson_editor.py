"""Authoring lessons: "Add to lesson" on the visualizer and the experiments page fills this
browser's draft; the editor (/lessons/new) is used with the keyboard only — title, reorder
with Alt+↑/↓, notes, step range, question, delete, save (a new id, said so) — and the saved
lesson is the one the server returns; /lessons lists it; a saved lesson's edit saves anew."""

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser


def get_lesson(base_url, lesson_id):
    with urllib.request.urlopen(f"{base_url}/api/lessons/{lesson_id}") as response:
        return json.load(response)


def draft(page):
    return page.evaluate("JSON.parse(localStorage.getItem('prune.lesson-draft'))")


def test_add_to_lesson_then_edit_by_keyboard_and_save(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/?preset=tie&rule=strict")
    prune.wait_state("done")
    for _ in range(3):
        page.locator("#btn-forward").click()
    assert prune.step() == 3
    page.locator("#share-toggle").click()
    page.locator("#add-to-lesson").click()
    assert "slide 1 of the draft" in page.locator("#lesson-status").inner_text()
    slide = draft(page)["slides"][0]
    assert slide["view"]["kind"] == "tree" and slide["view"]["from"] == 3
    assert slide["view"]["options"]["rule"] == "strict"

    page.goto(f"{base_url}/experiments")
    page.locator("body[data-experiments-ready=true]").wait_for()
    page.locator("#ord [data-part=add-to-lesson]").click()
    assert "slide 2 of the draft" in page.locator("#ord [data-part=lesson-status]").inner_text()
    assert draft(page)["slides"][1]["view"]["name"] == "ordering"

    # The editor, with the keyboard only.
    page.goto(f"{base_url}/lessons/new")
    page.locator("body[data-ready=true]").wait_for()
    assert page.locator(".slide-card").count() == 2
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the brand
    page.keyboard.press("Tab")  # back to lessons
    page.keyboard.press("Tab")  # help
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "lesson-title"
    page.keyboard.type("Ties and ordering")
    page.keyboard.press("Tab")  # the first card's handle
    page.keyboard.press("Alt+ArrowDown")  # the tie moves below the chart
    titles = page.locator(".card-title")
    assert page.locator(".slide-card").nth(1).locator(".card-view").inner_text().startswith("Tree")
    assert "moved to position 2 of 2" in page.locator("#editor-announce").inner_text()
    assert page.evaluate("document.activeElement.dataset.part") == "handle"
    page.keyboard.press("Alt+ArrowUp")  # and back
    assert page.locator(".slide-card").nth(0).locator(".card-view").inner_text().startswith("Tree")
    page.keyboard.press("Tab")  # its title
    page.keyboard.press("Control+a")
    page.keyboard.type("The tie, strictly")
    for _ in range(4):  # Up (disabled: skipped), Down, Delete, notes
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "TEXTAREA":
            break
    page.keyboard.type("Watch the **0**.")
    page.keyboard.press("Tab")  # from step
    page.keyboard.press("Control+a")
    page.keyboard.type("2")
    page.keyboard.press("Tab")  # to step
    page.keyboard.press("Control+a")
    page.keyboard.type("9")
    page.keyboard.press("Tab")  # print at step
    page.keyboard.type("5")
    page.keyboard.press("Tab")  # the question box
    page.keyboard.press("Space")
    assert page.locator("#slide-0-question").is_checked()

    # A notes slide, added and deleted again; then one kept.
    page.locator("#btn-add-notes").focus()
    page.keyboard.press("Enter")
    assert page.locator(".slide-card").count() == 3
    assert page.evaluate("document.activeElement.id") == "slide-2-title"
    page.keyboard.press("Tab")  # Up
    page.keyboard.press("Tab")  # Down (disabled: skipped) → Delete
    assert page.evaluate("document.activeElement.dataset.part") == "delete"
    page.keyboard.press("Enter")
    assert page.locator(".slide-card").count() == 2
    assert "deleted" in page.locator("#editor-announce").inner_text()

    page.locator("#btn-save").focus()
    page.keyboard.press("Enter")
    link = page.locator("#saved-link")
    link.wait_for()
    assert "never changes" in page.locator("#editor-result").inner_text()
    lesson_id = link.get_attribute("href").rsplit("/", 1)[1]
    saved = get_lesson(base_url, lesson_id)
    assert saved["title"] == "Ties and ordering"
    first = saved["slides"][0]
    assert first["title"] == "The tie, strictly" and first["notes"] == "Watch the **0**."
    assert first["view"]["from"] == 2 and first["view"]["to"] == 9
    assert first["view"]["print"] == 5
    assert first["question"] == {}
    assert saved["slides"][1]["view"]["kind"] == "experiment"
    assert titles.count() == 2

    # /lessons lists it; editing a copy and saving gives another id, the first one stays.
    page.goto(f"{base_url}/lessons")
    assert page.locator(f'#my-lessons li[data-lesson-id="{lesson_id}"]').count() == 1
    page.goto(f"{base_url}/lessons/{lesson_id}/edit")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#lesson-title").fill("Ties and ordering, v2")
    page.locator("#btn-save").click()
    page.locator("#saved-link").wait_for()
    second = page.locator("#saved-link").get_attribute("href").rsplit("/", 1)[1]
    assert second != lesson_id
    assert get_lesson(base_url, lesson_id)["title"] == "Ties and ordering"


def test_a_refusal_names_and_focuses_its_field(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/lessons/new")
    page.locator("body[data-ready=true]").wait_for()
    page.evaluate("localStorage.removeItem('prune.lesson-draft')")
    page.reload()
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#lesson-title").fill("Bad")
    page.locator("#btn-add-notes").click()
    page.locator("#slide-0-title").fill("")
    page.locator("#btn-save").click()
    page.locator("#editor-result .error").wait_for()
    assert "slides[0].title" in page.locator("#editor-result").inner_text()
    assert page.evaluate("document.activeElement.id") == "slide-0-title"
    assert page.locator(".slide-card.has-error").count() == 1
    prune.errors[:] = [e for e in prune.errors if "status of 400" not in e]  # the refusal


def test_json_download_and_upload(prune, base_url, tmp_path):
    page = prune.page
    page.goto(f"{base_url}/lessons/alpha-beta-1/edit")
    page.locator("body[data-ready=true]").wait_for()
    with page.expect_download() as info:
        page.locator("#btn-download").click()
    path = tmp_path / "lesson.json"
    info.value.save_as(path)
    lesson = json.loads(path.read_text())
    assert lesson["title"] == "Alpha-beta in one lecture" and len(lesson["slides"]) == 10
    lesson["slides"] = lesson["slides"][:3]
    path.write_text(json.dumps(lesson))
    page.goto(f"{base_url}/lessons/new")
    page.locator("body[data-ready=true]").wait_for()
    page.locator("#lesson-upload").set_input_files(str(path))
    page.locator(".slide-card").nth(2).wait_for()
    assert page.locator(".slide-card").count() == 3
    assert page.locator("#lesson-title").input_value() == "Alpha-beta in one lecture"
