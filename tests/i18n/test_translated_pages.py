"""Every page in every shipped language: the same elements and attributes as the English page
(a translation never breaks the markup: no quote ends an attribute early, no tag is lost),
<html lang> set, and the page's own text translated (no English heading left)."""

from html.parser import HTMLParser

import pytest
from support import make_app

PAGES = [
    "/",
    "/compare",
    "/practice",
    "/practice/drill",
    "/help",
    "/lessons",
    "/lessons/new",
    "/experiments",
    "/play/tictactoe",
    "/play/pacman",
    "/embed?preset=textbook",
]
LANGS = ["de", "es", "zh-Hans"]


class Shape(HTMLParser):
    """The page's elements with their attribute names, in order; and its headings' text."""

    def __init__(self):
        super().__init__()
        self.shape: list[tuple[str, tuple[str, ...]]] = []
        self.headings: list[str] = []
        self._in_heading = False

    def handle_starttag(self, tag, attrs):
        if ("id", "prune-catalog") in attrs:
            return  # the catalog's data block: no English page has one
        # "selected": the language switch selects the page's own language
        self.shape.append((tag, tuple(name for name, _value in attrs if name != "selected")))
        self._in_heading = tag in ("h1", "h2", "h3", "title")

    def handle_endtag(self, tag):
        self._in_heading = False

    def handle_data(self, data):
        if self._in_heading and data.strip():
            self.headings.append(data.strip())


def shape_of(client, path, lang):
    response = client.get(path, headers={"Accept-Language": lang})
    assert response.status_code == 200, (path, lang)
    parser = Shape()
    parser.feed(response.get_data(as_text=True))
    return parser


@pytest.fixture(scope="module")
def client():
    return make_app().test_client()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_keeps_its_markup_in_every_language(client, path):
    english = shape_of(client, path, "en")
    for lang in LANGS:
        translated = shape_of(client, path, lang)
        assert translated.shape == english.shape, (path, lang)
        same = [h for h in translated.headings if h in english.headings and h.isascii()]
        same = [h for h in same if h not in ("Prune", "Pacman", "CS188", "Minimax", "Pseudocode")]
        assert not same, (path, lang, same)
