"""PVS, aspiration search and negamax in the visualizer, in headless Chromium against the real
server: the traces step to the end, the narration names the nodes, a node searched twice
says so (data-passes), and the options travel through the form and the address."""

import json
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

RESEARCH_TREE = quote(json.dumps([[3, 5], [6, 7], [1, 2]]))


def go_to(prune, step):
    prune.page.evaluate("(k) => window.prune.seek(k)", step)
    prune.wait_counter(f"step {step} of {prune.length()}")


def test_a_pvs_re_search_is_told_and_badged(prune):
    prune.open(f"tree={RESEARCH_TREE}&algorithm=pvs")
    total = prune.length()
    assert total == 29
    go_to(prune, 9)
    assert prune.page.inner_text("#narration") == (
        "Null-window test of C with (3, 4): is C better than 3 for MAX? "
        "A result ≤ 3 says no; ≥ 4 says yes."
    )
    go_to(prune, 15)
    assert prune.page.inner_text("#narration") == (
        "Null-window test: is C better than 3? It fails high (6 > 3), so C is searched again "
        "with the full window (3, ∞) to find its value."
    )
    assert prune.page.get_attribute("#pseudocode .line.current", "data-line") == "research"
    assert prune.node("1").get_attribute("data-passes") is None
    go_to(prune, 16)
    assert prune.node("1").get_attribute("data-passes") == "2"
    assert prune.node("1").locator(".passes-badge").text_content() == "×2"
    label = prune.node("1").locator(".item").get_attribute("aria-label")
    assert "searched 2 times" in label
    prune.screenshot("pvs-research")
    go_to(prune, total)
    assert prune.node("").get_attribute("data-value") == "6"
    assert prune.node("1.0").get_attribute("data-passes") == "2"
    assert prune.page.inner_text("#narration") == (
        "The root returns 6: the search is complete. Best move: C."
    )
    go_to(prune, 14)  # back before the re-search: the badge goes
    assert prune.node("1").get_attribute("data-passes") is None


def test_aspiration_passes_play_to_the_end_from_the_options_form(prune):
    prune.open("preset=textbook")
    prune.page.select_option("#opt-algorithm", "pvs")
    assert prune.page.is_visible("#opt-window-group")
    prune.page.click("#opt-window-group summary")
    prune.page.fill("#opt-aspiration", "10,1")
    prune.page.evaluate("document.body.dataset.runState = 'edited'")
    prune.page.press("#opt-aspiration", "Enter")
    prune.wait_state("done")
    assert prune.length() == 51
    go_to(prune, 1)
    assert prune.page.inner_text("#narration").startswith(
        "Pass 1 of aspiration search: the root A is searched with the narrow window (9, 11)"
    )
    assert prune.page.get_attribute("#pseudocode .line.current", "data-line") == "pass-aspiration"
    go_to(prune, 24)
    assert "Pass 2 searches again with the window (−∞, 11)" in prune.page.inner_text("#narration")
    prune.page.select_option("#speed", "4")
    prune.page.click("#btn-play")
    prune.wait_counter("step 51 of 51", timeout=30_000)
    assert prune.node("").get_attribute("data-value") == "3"
    assert prune.node("").get_attribute("data-passes") == "2"
    prune.page.wait_for_function("() => location.search.includes('aspiration=10%2C1')")
    prune.screenshot("aspiration-end")


def test_a_bad_aspiration_is_named_beside_the_form(prune):
    prune.open("preset=textbook")
    prune.page.select_option("#opt-algorithm", "alphabeta")
    prune.page.click("#opt-window-group summary")
    prune.page.fill("#opt-aspiration", "3")
    prune.page.evaluate("document.body.dataset.runState = 'edited'")
    prune.page.press("#opt-aspiration", "Enter")
    prune.page.wait_for_selector("#opt-error:not([hidden])")
    assert "aspiration" in prune.page.inner_text("#opt-error")
    assert prune.page.get_attribute("#opt-aspiration", "aria-invalid") == "true"


def test_negamax_shows_values_from_the_movers_side(prune):
    prune.open("preset=textbook&algorithm=negamax&step=end")
    assert prune.counter() == "step 27 of 27"
    values = {path: value for path, (_, value) in prune.nodes().items()}
    assert values[""] == "3"
    assert values["0"] == "-3"  # MIN node B's 3, from MIN's side
    assert prune.page.get_attribute("#opt-window-group", "hidden") is None
    prune.page.select_option("#opt-algorithm", "minimax")
    assert prune.page.get_attribute("#opt-window-group", "hidden") == ""


def test_negamax_can_be_shown_in_minimax_form_and_the_address_keeps_it(prune):
    page = prune.page
    prune.open("preset=textbook&algorithm=negamax&step=15")
    assert page.is_visible("#minimax-form-switch")
    assert prune.nodes()["1"][1] == "-2"  # MIN node C returned 2: -2 from its side
    page.check("#minimax-form")
    page.wait_for_function("() => location.search.includes('form=minimax')")
    assert prune.nodes()["1"][1] == "2"
    cutoff = page.locator('g.cutoff-label[data-path="1"]')
    assert cutoff.get_attribute("data-kind") == "alpha"  # C's cutoff as alpha-beta tells it
    assert "2 ≤ 3" in cutoff.text_content()
    assert prune.nodes()["0.0"][1] == "3"  # leaves (MAX here) read the same in both forms
    prune.open("preset=textbook&algorithm=negamax&step=end&form=minimax")
    assert page.is_checked("#minimax-form")
    assert prune.nodes()["0"][1] == "3"
    page.uncheck("#minimax-form")
    page.wait_for_function("() => !location.search.includes('form=')")
    assert prune.nodes()["0"][1] == "-3"
    assert "−2 ≥ −3" in page.locator('g.cutoff-label[data-path="1"]').text_content()
    prune.open("preset=textbook&algorithm=alphabeta&form=minimax")
    assert not page.is_visible("#minimax-form-switch")
