"""End-to-end: the engine's refusal of a pasted document is shown in the page's language
(issue 36), even when only the address asks for it (``?lang=de``) and the browser itself asks
for English: the same node path and numbers as the English, the page still working."""

import pytest

pytestmark = pytest.mark.browser

# One agent named for two players: the engine refuses the document, naming both counts.
DOCUMENT = '{"tree": [[1, 2], [3, 4]], "players": ["max", "min"], "agents": ["Pacman"]}'


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "document: agents has 1 name for 2 players; give one name for each player"),
        ("de", "Dokument: agents hat 1 Namen für 2 Spieler"),
    ],
)
def test_a_refused_document_is_said_in_the_pages_language(prune, lang, says):
    page = prune.page
    prune.open(f"preset=textbook&lang={lang}")
    prune.paste_and_run(DOCUMENT)
    prune.wait_state("error")
    shown = [
        text
        for text in page.locator(".field-error:visible, #tree-error-text:visible").all_inner_texts()
        if text.strip()
    ]
    assert any(says in text for text in shown), shown
    page.fill("#tree-text", "[[1, 2], [3, 4]]")
    page.click("#run")
    prune.wait_state("done")
    assert len(prune.nodes()) == 7
