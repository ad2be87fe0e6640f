"""The built-in lessons in the reader's language (issue 36): their titles, slide titles, notes
and question prompts come from the catalogs, on the lesson API (``?lang=``, the cookie,
``Accept-Language``), the presented page, the list of lessons and the handouts' title; the
trees, steps and numbers are the English lesson's; a teacher's own lesson stays as written."""

import html

import orjson
import pytest
from support import make_app

from app.lessons import BUILTIN_LESSONS

LANGS = ["de", "es", "zh-Hans"]


@pytest.fixture(scope="module")
def client():
    return make_app().test_client()


def lesson(client, identifier, **headers):
    response = client.get(f"/api/lessons/{identifier}", headers=headers)
    assert response.status_code == 200
    return response


@pytest.mark.parametrize("identifier", sorted(BUILTIN_LESSONS))
@pytest.mark.parametrize("lang", LANGS)
def test_a_builtin_lessons_words_are_translated_and_its_views_kept(client, identifier, lang):
    english = lesson(client, identifier).json
    translated = lesson(client, f"{identifier}?lang={lang}").json
    assert translated["title"] != english["title"]
    assert len(translated["slides"]) == len(english["slides"])
    for ours, theirs in zip(translated["slides"], english["slides"], strict=True):
        assert ours["title"] != theirs["title"]
        assert ours.get("view") == theirs.get("view")  # the same trees, steps and options
        if theirs.get("notes"):
            assert ours["notes"] != theirs["notes"]
        if "question" in theirs:
            assert ours["question"]["prompt"] != theirs["question"]["prompt"]


def test_german_notes_keep_the_english_numbers_and_markup(client):
    english = lesson(client, "alpha-beta-1").json["slides"]
    german = lesson(client, "alpha-beta-1?lang=de").json["slides"]
    assert german[0]["title"] == "Zuerst Minimax"
    assert german[2]["notes"].startswith("Der zweite MIN-Knoten sieht `2`.")
    assert "*4 und 6 werden nie angesehen.*" in german[2]["notes"]
    for ours, theirs in zip(german, english, strict=True):
        digits = [c for c in theirs.get("notes", "") if c.isdigit()]
        assert [c for c in ours.get("notes", "") if c.isdigit()] == digits


def test_the_language_comes_from_the_cookie_or_accept_language_and_is_in_the_etag(client):
    chinese = lesson(client, "beyond-alpha", **{"Accept-Language": "zh-CN"})
    assert chinese.json["title"] == "超越 α-β"
    assert {"Accept-Language", "Cookie"} <= set(chinese.headers["Vary"].replace(" ", "").split(","))
    english = lesson(client, "beyond-alpha")
    assert english.json["title"] == "Beyond alpha-beta"
    assert english.headers["ETag"] != chinese.headers["ETag"]
    # a browser holding the English copy gets the Chinese one, not a 304
    again = client.get(
        "/api/lessons/beyond-alpha?lang=zh-Hans", headers={"If-None-Match": english.headers["ETag"]}
    )
    assert again.status_code == 200 and again.json["title"] == "超越 α-β"
    client.set_cookie("prune_lang", "es")
    try:
        assert lesson(client, "beyond-alpha").json["title"] == "Más allá de alfa-beta"
    finally:
        client.delete_cookie("prune_lang")


def test_the_presented_page_the_list_and_the_handouts_say_it_in_german(client):
    page = client.get("/l/alpha-beta-1?lang=de").get_data(as_text=True)
    data = orjson.loads(html.unescape(page.split('data-lesson="', 1)[1].split('"', 1)[0]))
    assert data["title"] == "Alpha-Beta in einer Vorlesung"
    assert data["slides"][1]["title"] == "Der Lehrbuchbaum"
    assert "<title>Alpha-Beta in einer Vorlesung" in page
    listing = client.get("/lessons?lang=de").get_data(as_text=True)
    assert "Über Alpha-Beta hinaus" in listing and "Beyond alpha-beta" not in listing
    handouts = client.get("/l/alpha-beta-1/print?lang=zh-Hans").get_data(as_text=True)
    assert "一节课讲透 α-β" in handouts


def test_a_teachers_own_lesson_stays_as_written(client):
    own = {
        "title": "Minimax first",  # a catalog message, but the teacher's words
        "slides": [{"title": "The first cutoff", "notes": "Minimax first", "view": None}],
    }
    saved = client.post("/api/lessons", json=own)
    assert saved.status_code == 201, saved.json
    back = lesson(client, f"{saved.json['id']}?lang=de").json
    assert back["title"] == "Minimax first"
    assert back["slides"][0]["title"] == "The first cutoff"
    assert back["slides"][0]["notes"] == "Minimax first"


def test_the_lessons_notes_stay_out_of_the_browsers_catalog(client):
    """The server translates them as it serves them; the switch's catalog does not carry them."""
    whole = client.get("/i18n/de/lesson.json").json["messages"]
    assert "Der erste Schnitt" not in whole.values()
    assert whole["Slide {n} of {count}"] == "Folie {n} von {count}"  # the lesson page's own text
