"""The embed in the page's language (issue 36): a tree the embed cannot show is said so in
German with ?lang=de, as in English without it (the server's reason follows the colon); nothing else
is logged but the missing preset's 404."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SAID = {"en": "This tree cannot be shown: ", "de": "Dieser Baum kann nicht gezeigt werden: "}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_embed_that_cannot_show_its_tree_says_so_in_the_page_language(prune, lang):
    page = prune.page
    page.set_viewport_size({"width": 640, "height": 360})
    page.goto(f"/embed?preset=nosuchpreset&lang={lang}")
    page.wait_for_selector(".embed-error")
    said = page.inner_text("#embed-loading")
    assert said.startswith(SAID[lang]), said
    assert len(said) > len(SAID[lang]), "the server's reason follows"
    assert page.evaluate("() => document.body.dataset.runState") == "error"
    # The browser logs the preset's 404 itself: that one is expected, anything else is not.
    prune.errors = [e for e in prune.errors if "status of 404" not in e]
