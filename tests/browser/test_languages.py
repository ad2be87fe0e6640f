"""The page's language in a real browser (issue 36): `lang=` in the address gives the page and
its narration in that language from the first paint; the language switch (in the help dialog
and the visualizer's More menu) turns the page in place, without a reload: the step stays, no
trace is fetched again, the narration is said again in the new language, <html lang> follows,
and the choice holds for the next page of this browser (the prune_lang cookie). axe finds no
serious issue on the pages in German, Simplified Chinese and (in the dark theme) Spanish."""

from __future__ import annotations

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}
STEP_14 = {
    "en": "MIN node C: v = 2 ≤ α = 3, so the remaining children I and J cannot matter "
    "(MAX above already has a better option): α-cutoff.",
    "de": "MIN-Knoten C: v = 2 ≤ α = 3, also können die verbleibenden Kinder I und J nichts mehr "
    "ändern (MAX weiter oben hat schon eine bessere Wahl): α-Schnitt.",
    "es": "El nodo MIN C: v = 2 ≤ α = 3, así que los hijos restantes I y J no pueden importar "
    "(MAX, más arriba, ya tiene una opción mejor): corte α.",
    "zh-Hans": "MIN 节点 C：v = 2 ≤ α = 3，因此剩下的子节点 I和J 已无影响"
    "（上层的 MAX 已有更好的选择）：α 剪枝。",
}


def narration(page) -> str:
    return page.locator("#narration").inner_text()


@pytest.mark.parametrize("lang", ["es", "zh-Hans"])
def test_lang_in_the_address_gives_the_page_and_its_narration(prune, lang):
    prune.open(f"preset=textbook&step=14&lang={lang}")
    page = prune.page
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert narration(page) == STEP_14[lang]
    assert page.input_value("#language-switch") == lang
    page.click("#share-toggle")
    page.wait_for_function("() => document.getElementById('share-link').value !== ''")
    assert page.input_value("#share-link").endswith(f"&lang={lang}"), "the link keeps lang="
    assert f"&amp;lang={lang}" in page.input_value("#share-embed")
    assert f"lang={lang}" in page.evaluate("() => window.location.search"), "the address keeps it"
    prune.assert_clean()


def test_switching_language_keeps_the_step_and_fetches_no_trace(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook&step=14")
    assert narration(page) == STEP_14["en"]
    step, counter = prune.step(), prune.counter()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert narration(page) == STEP_14["de"], "said again in German"
    assert prune.step() == step
    assert counter == "step 14 of 27"
    assert prune.counter() == "Schritt 14 von 27", "the counter is written again in German"
    assert page.locator("#help-title").inner_text() == "Hilfe: Tasten und Bilder"
    assert page.locator("#run").inner_text() == "Ausführen"
    assert page.get_attribute("#zoom-in", "aria-label") == "Vergrößern"
    assert page.input_value("#language-switch") == "de", "the More menu's switch follows"
    assert fetched and all("/i18n/" in url for url in fetched), fetched
    page.keyboard.press("Escape")
    # Back to English, still in place.
    page.keyboard.press("F1")
    page.select_option("#help-language", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert narration(page) == STEP_14["en"]
    assert page.locator("#run").inner_text() == "Run"
    page.keyboard.press("Escape")
    # The choice holds on the next page of this browser (the cookie).
    page.keyboard.press("F1")
    page.select_option("#help-language", "zh-Hans")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'")
    page.goto("/practice")
    page.wait_for_selector("g.node", state="attached")
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hans"
    assert page.title() == "Prune：练习 α-β 剪枝"
    prune.assert_clean()


PAGES = {
    "visualizer": ("/?preset=textbook&step=14", "#counter"),
    "practice": ("/practice", "g.node"),
    "compare": ("/compare?preset=textbook&step=12", "#counter"),
    "help": ("/help", "main"),
    "lessons": ("/lessons", "main"),
    "embed": ("/embed?preset=textbook&step=14", "#counter"),
}


# Each language once, Spanish in the dark theme (English is checked in both themes by
# test_accessibility.py and test_dark_theme.py; the projector theme by its own test).
LOOKS = [("de", "light"), ("zh-Hans", "light"), ("es", "dark")]


@pytest.mark.parametrize(("lang", "scheme"), LOOKS)
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_nothing_serious_in_every_language(prune, lang, scheme, name):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce", color_scheme=scheme)
    path, ready = PAGES[name]
    page.goto(f"{path}{'&' if '?' in path else '?'}lang={lang}")
    page.wait_for_selector(ready, state="attached")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert_no_serious(page, f"{name}, {lang}, {scheme}")


def test_a_lecture_student_follows_the_teacher_in_their_own_language(
    prune, browser, base_url, wrap_page
):
    """The teacher's page in English, a student's browser in German: the student follows the
    teacher's step, reading the narration and the lecture bar in German."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    prune.open("preset=textbook")
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = page.evaluate("window.prune.lecture.code")
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, locale="de-DE"
    )
    try:
        student = wrap_page(context.new_page())
        student.page.goto(f"/join/{code}")
        student.page.wait_for_selector(".lecture-bar[data-mode=student]")
        assert student.page.evaluate("() => document.documentElement.lang") == "de"
        page.locator("#stage").focus()
        for _ in range(14):
            page.keyboard.press("ArrowRight")
        prune.wait_counter("step 14 of 27")
        student.page.wait_for_function(
            "() => document.getElementById('counter').textContent === 'Schritt 14 von 27'"
        )
        assert narration(student.page) == STEP_14["de"]
        assert narration(page) == STEP_14["en"]
        assert student.page.get_by_role("button", name="Selbst erkunden").count() == 1
        student.assert_clean()
    finally:
        context.close()


def test_a_game_page_switches_with_its_own_catalog(prune):
    """A page other than the visualizer switches in place with its own catalog (the
    messages of its modules and templates, app/i18n/pages.py), fetched at a versioned address."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto("/play/tictactoe")
    page.wait_for_selector("#game-status")
    page.wait_for_function("() => document.readyState === 'complete'")
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    catalogs = [url for url in fetched if "/i18n/" in url]
    assert sorted(url.split("?")[0].split("/i18n/")[1] for url in catalogs) == [
        "de/play_tictactoe.json",
        "en/play_tictactoe.json",
    ]
    assert all("?v=" in url for url in catalogs), catalogs
    assert page.locator("#game-status").inner_text() == "Dein Zug"
    assert page.locator("[data-action=show-search]").inner_text() == "Die Suche zeigen"
    prune.assert_clean()
