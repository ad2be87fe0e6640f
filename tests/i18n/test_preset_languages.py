"""The presets' titles, descriptions and answers in the reader's language (issue 36): the
pages' preset lists and the API's preset documents; the tree searched, its source and the
command line's English stay as they are."""

import pytest

from app.engine.presets import PRESETS

TITLES = {
    "de": "Lehrbuch: drei MIN-Knoten",
    "es": "Libro de texto: tres nodos MIN",
    "zh-Hans": "教科书：三个 MIN 节点",
}


@pytest.mark.parametrize("lang", list(TITLES))
def test_a_presets_document_is_in_the_readers_language_and_searches_the_same(client, lang):
    english = client.get("/api/presets/textbook")
    translated = client.get(f"/api/presets/textbook?lang={lang}")
    assert english.status_code == translated.status_code == 200
    assert english.json["name"] == "Textbook: three MIN nodes"
    assert translated.json["name"] == TITLES[lang]
    for key in ("description", "answer"):
        assert translated.json[key] and translated.json[key] != english.json[key]
    # The answer keeps the English numbers ("Answer 3: … 4 and 6 …").
    assert all(digit in translated.json["answer"] for digit in "346")
    same = ("tree", "players", "source")
    assert {k: translated.json[k] for k in same} == {k: english.json[k] for k in same}
    # A cache keeps one copy a language: the ETag differs and the answer says what it varies on.
    assert translated.headers["ETag"] != english.headers["ETag"]
    varies = {part.strip() for part in translated.headers["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= varies


def test_the_preset_list_and_the_pages_lists_follow_the_language(client):
    listing = client.get("/api/presets", headers={"Accept-Language": "de"}).json
    assert [entry["name"] for entry in listing] == list(PRESETS)
    assert listing[0]["title"] == TITLES["de"]
    for path in ("/?lang=de", "/compare?lang=de", "/practice?lang=de"):
        page = client.get(path).get_data(as_text=True)
        assert f">{TITLES['de']}</option>" in page, path
        assert "Textbook: three MIN nodes" not in page, path
    english = client.get("/").get_data(as_text=True)
    assert ">Textbook: three MIN nodes</option>" in english
