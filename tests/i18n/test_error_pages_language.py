"""The error pages people see (templates/error.html: a refused method, an address over the
limit, a store out of reach) speak the reader's language, with the server's limit written the
language's way; the JSON API's errors keep their English default (issue 36)."""

import pytest
from babel.numbers import format_decimal
from support import make_app

TOO_LONG = "a" * 1200  # over PRUNE_MAX_URL_CHARS=1000 below, whatever else the address holds
# The heading, and the words after the limit (written as CLDR writes 1000 in the language).
PAGES = {
    "en": ("<h1>Address too long</h1>", "en", " characters"),
    "de": ("<h1>Adresse zu lang</h1>", "de", " Zeichen"),
    "es": ("<h1>Dirección demasiado larga</h1>", "es", " caracteres"),
    "zh-Hans": ("<h1>地址过长</h1>", "zh_Hans", " 个字符"),
}


@pytest.mark.parametrize("lang", list(PAGES))
def test_an_address_over_the_limit_is_said_in_the_readers_language(lang):
    client = make_app(PRUNE_MAX_URL_CHARS=1000).test_client()
    response = client.get(f"/?x={TOO_LONG}", headers={"Accept-Language": lang})
    assert response.status_code == 414
    page = response.get_data(as_text=True)
    heading, locale, words = PAGES[lang]
    assert heading in page and format_decimal(1000, locale=locale) + words in page, page


def test_a_refused_method_is_said_in_german_and_in_english_by_default():
    client = make_app().test_client()
    german = client.post("/lessons?lang=de")
    assert german.status_code == 405
    assert "<h1>Methode nicht erlaubt</h1>" in german.get_data(as_text=True)
    assert 'lang="de"' in german.get_data(as_text=True)
    english = client.post("/lessons")
    assert "<h1>Method not allowed</h1>" in english.get_data(as_text=True)
