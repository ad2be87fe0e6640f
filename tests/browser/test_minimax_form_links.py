"""Negamax in minimax form travels: a share link (packed or short) and the embed code made
while the "Minimax form" switch is on open the same step in the same form, the tree's numbers,
the narration and the pseudocode alike, in headless Chromium against the real server."""

import re

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser

# Step 14 of the textbook tree: MIN node C's α-cutoff (H = 2 ≤ α = 3).
CUTOFF_STEP = 14
CUTOFF_WORDS = (
    "MIN node C: v = 2 ≤ α = 3, so the remaining children I and J cannot matter "
    "(MAX above already has a better option): α-cutoff."
)


def shown(prune):
    """What a reader sees of the step: the numbers, the sentence, the listing and its line."""
    page = prune.page
    return {
        "values": {path: value for path, (_, value) in prune.nodes().items()},
        "narration": page.inner_text("#narration"),
        "listing": page.inner_text("#pseudocode-variant"),
        "line": page.get_attribute("#pseudocode .line.current", "data-line"),
    }


def share_links(page):
    page.click("#share-toggle")
    page.wait_for_selector("#share-panel[data-ready=true]")
    link = page.input_value("#share-link")
    embed = re.search(r'src="([^"]+)"', page.input_value("#share-embed")).group(1)
    return link, embed.replace("&amp;", "&")


def test_minimax_form_speaks_in_the_narration_and_the_pseudocode(prune):
    page = prune.page
    prune.open(f"preset=textbook&algorithm=negamax&step={CUTOFF_STEP}")
    mover = shown(prune)
    assert mover["listing"].startswith("Negamax (alpha-beta from the mover's side)")
    assert "−2 ≥ β = −3" in mover["narration"]
    page.check("#minimax-form")
    page.wait_for_function("() => location.search.includes('form=minimax')")
    minimax = shown(prune)
    assert minimax["narration"] == CUTOFF_WORDS
    assert minimax["listing"].startswith("Negamax in minimax form: Alpha-beta")
    assert minimax["line"] == "min-test"
    assert "def min-value(state, α, β):" in page.inner_text("#pseudocode")
    page.uncheck("#minimax-form")
    page.wait_for_function("() => !location.search.includes('form=')")
    assert shown(prune) == mover


def test_a_share_link_and_an_embed_in_minimax_form_reproduce_the_view(prune, context):
    page = prune.page
    prune.open(f"preset=textbook&algorithm=negamax&step={CUTOFF_STEP}&form=minimax")
    assert page.is_checked("#minimax-form")
    view = shown(prune)
    assert view["values"]["0"] == "3" and view["narration"] == CUTOFF_WORDS  # B: 3, not −3
    link, embed = share_links(page)
    assert "/?z=" in link and link.endswith("&form=minimax")
    assert embed.endswith("&form=minimax")

    other = PrunePage(context.new_page())
    other.page.goto(link)
    other.wait_state("done")
    assert other.step() == CUTOFF_STEP
    assert other.page.is_checked("#minimax-form")
    assert shown(other) == view
    other.assert_clean()

    framed = context.new_page()
    framed.goto(embed)
    framed.wait_for_function("() => document.body.dataset.runState === 'done'")
    assert framed.get_attribute('g.node[data-path="0"]', "data-value") == "3"
    assert framed.inner_text("#narration") == CUTOFF_WORDS

    page.click("#share-save")
    page.wait_for_function("() => document.getElementById('share-link').value.includes('/t/')")
    short = page.input_value("#share-link")
    assert short.endswith(f"?step={CUTOFF_STEP}&form=minimax")
    saved = PrunePage(context.new_page())
    saved.page.goto(short)
    saved.wait_state("done")
    assert saved.page.is_checked("#minimax-form")
    assert shown(saved) == view


def test_a_link_in_mover_form_says_nothing_of_form(prune):
    prune.open(f"preset=textbook&algorithm=negamax&step={CUTOFF_STEP}")
    link, embed = share_links(prune.page)
    assert "form=" not in link and "form=" not in embed
