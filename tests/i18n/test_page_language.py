"""The page's language (app/i18n): lang= in the address, the remembered choice (the cookie the
header's switch writes), the browser's Accept-Language, else English; <html lang> follows;
the page carries its language's front-end catalog (none for English); /i18n/<tag>.json is a
language's whole catalog."""

import json
import re

import pytest

from app.i18n import COOKIE, match_locale

LOCALES = ["en", "de", "es", "zh_Hans"]


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def page_catalog(response) -> dict | None:
    found = re.search(
        r'<script type="application/json" id="prune-catalog">(.*?)</script>',
        response.get_data(as_text=True),
        re.S,
    )
    return json.loads(found.group(1)) if found else None


def test_english_without_any_choice(client):
    response = client.get("/")
    assert html_lang(response) == "en"
    assert "Skip to the tree" in response.get_data(as_text=True)
    assert page_catalog(response) is None, "English is the source language: no catalog"


@pytest.mark.parametrize(
    ("header", "lang", "says"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de", "Zum Baum springen"),
        ("es-MX,es;q=0.8", "es", "Saltar al árbol"),
        ("zh-CN,zh;q=0.9", "zh-Hans", "跳到博弈树"),
        ("fr-FR,fr;q=0.9,es;q=0.5", "es", "Saltar al árbol"),
        ("zh-TW,fr", "en", "Skip to the tree"),
    ],
)
def test_accept_language_chooses_the_page_language(client, header, lang, says):
    response = client.get("/", headers={"Accept-Language": header})
    assert html_lang(response) == lang
    assert says in response.get_data(as_text=True)
    assert "Accept-Language" in response.headers["Vary"]


def test_lang_in_the_address_beats_the_cookie_which_beats_the_header(client):
    headers = {"Accept-Language": "de"}
    client.set_cookie(COOKIE, "es")
    assert html_lang(client.get("/", headers=headers)) == "es"
    assert html_lang(client.get("/?lang=zh-Hans", headers=headers)) == "zh-Hans"
    client.set_cookie(COOKIE, "klingon")
    assert html_lang(client.get("/", headers=headers)) == "de", "an unknown choice is ignored"
    assert html_lang(client.get("/?lang=xx", headers=headers)) == "de"


def test_every_page_and_the_error_pages_follow_the_language(client):
    for path in ("/practice", "/help", "/lessons", "/experiments", "/no-such-page"):
        response = client.get(f"{path}?lang=de")
        assert html_lang(response) == "de", path
    assert "Seite nicht gefunden" in client.get("/no-such-page?lang=de").get_data(as_text=True)


def test_the_page_carries_its_language_catalog_only(client):
    catalog = page_catalog(client.get("/?lang=de"))
    assert catalog["locale"] == "de"
    assert catalog["plurals"] == {"one": 0, "other": 1}
    assert all(isinstance(text, str | list) and text for text in catalog["messages"].values())
    assert "Skip to the tree" not in catalog["messages"], "templates' strings stay on the server"
    zh = page_catalog(client.get("/?lang=zh-Hans"))
    assert zh["plurals"] == {"other": 0}
    assert set(zh["messages"]) == set(catalog["messages"])


def test_the_switch_fetches_the_pages_catalog_at_a_versioned_address(client):
    page = client.get("/?lang=es").get_data(as_text=True)
    url = re.search(r'data-catalog-url="([^"]+)"', page).group(1)
    assert url.startswith("/i18n/{lang}/index.json?v="), url
    response = client.get(url.replace("{lang}", "es"))
    assert response.status_code == 200
    assert "immutable" in response.headers["Cache-Control"]
    data = response.get_json()
    assert data["messages"]["Skip to the tree"] == "Saltar al árbol", "the templates' too"
    assert data["messages"]["Run"] == "Ejecutar"
    unversioned = client.get("/i18n/es/index.json")
    assert "immutable" not in unversioned.headers["Cache-Control"]
    assert client.get(url.replace("{lang}", "en")).get_json()["messages"] == {}
    assert client.get("/i18n/fr/index.json").status_code == 404
    assert client.get("/i18n/zh_Hans/index.json").status_code == 404, "tags are BCP 47"
    assert client.get("/i18n/de/no-such-page.json").status_code == 404
    assert client.get("/i18n/de.json").status_code == 404, "no whole catalog any more"


def test_tags_any_case_and_chinese_variants():
    assert match_locale("DE-at", LOCALES) == "de"
    assert match_locale("zh_hans", LOCALES) == "zh_Hans"
    assert match_locale("zh-SG", LOCALES) == "zh_Hans"
    assert match_locale("zh-Hant", LOCALES) is None
    assert match_locale("", LOCALES) is None
