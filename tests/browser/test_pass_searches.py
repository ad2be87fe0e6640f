"""MTD(f), SSS* and Star1 in the visualizer, in headless Chromium against the real server:
chosen from the options menu or the address, stepped to the end one key press at a time, with
a sentence naming nodes at every step, the table's bounds on nodes and pass rings."""

import pytest

pytestmark = pytest.mark.browser


def step_through(prune) -> list[str]:
    """Press → until the end; the narration of every step."""
    sentences = []
    total = prune.length()
    for k in range(1, total + 1):
        prune.page.keyboard.press("ArrowRight")
        prune.page.wait_for_function("(k) => window.prune.step === k", arg=k)
        sentences.append(prune.page.locator("#narration").text_content())
    return sentences


def test_mtdf_from_the_options_menu_steps_to_the_end(prune):
    prune.open("preset=textbook")
    prune.page.select_option("#opt-algorithm", "mtdf")
    assert prune.page.is_visible("#opt-guess") and not prune.page.is_visible("#opt-bounds")
    prune.page.fill("#opt-guess", "0")
    prune.page.evaluate("document.body.dataset.runState = 'edited'")
    prune.page.click("#run")
    prune.wait_state("done")
    sentences = step_through(prune)
    assert sentences[0].startswith("Pass 1 of MTD(f): a null-window test with (−1, 0)")
    assert "Table hit: E is already known to be exactly 3" in " ".join(sentences)
    assert sentences[-1] == (
        "After this pass the root A is exactly 3: the bounds meet, so the root's value is 3."
    )
    assert all(sentence.strip() for sentence in sentences)
    assert prune.node("").get_attribute("data-value") == "3"
    # B and the root were entered in both passes; D (path 2) only in the second.
    assert prune.node("").get_attribute("data-passes") == "2"
    assert prune.node("0").get_attribute("data-passes") == "2"
    assert prune.node("2").get_attribute("data-passes") is None
    assert prune.node("1").locator(".win").text_content() == "(−∞, 2]"
    assert prune.node("0").locator(".win").text_content() == "[3, 3]"
    assert "guess=0" in prune.page.url and "algorithm=mtdf" in prune.page.url
    prune.screenshot("mtdf-textbook-end")
    prune.assert_clean()


def test_sssstar_and_star1_from_the_address(prune):
    prune.open("preset=textbook&algorithm=sssstar")
    sentences = step_through(prune)
    assert sentences[0].startswith("Pass 1 of SSS* (run as MTD(+∞))")
    assert prune.page.locator("#pseudocode-variant").text_content() == "SSS* as MTD(+∞)"
    prune.open("preset=chance&algorithm=star1&bounds=0,15")
    assert prune.page.is_visible("#opt-bounds")
    sentences = step_through(prune)
    cut = [s for s in sentences if "cannot matter" in s]
    assert cut and "·U" in cut[0], sentences
    assert prune.node("").get_attribute("data-value") == "9"
    prune.assert_clean()


def test_star1_without_bounds_names_the_field(prune):
    prune.open("preset=chance")
    prune.page.select_option("#opt-algorithm", "star1")
    prune.page.click("#run")
    error = prune.page.locator("#opt-error")
    error.wait_for()
    assert "star1 needs bounds [L, U]" in error.text_content()
    assert prune.page.get_attribute("#opt-bounds", "aria-invalid") == "true"
