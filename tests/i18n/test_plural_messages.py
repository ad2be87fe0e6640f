"""A server message about a count takes the form the language's plural rule asks for
(issue 36: "Plurals ... per locale, never string concatenation"): one catalog entry with
msgid and msgid_plural (``N_(one, many)`` in a ``Message``), said through the catalogs'
ngettext, never a choice between two whole sentences on English's ``count == 1``. Checked on
the refusal of a Pacman decision past the game's end, through the real route (its game runs
in a worker process, so the message crosses ``to_data``/``from_data``)."""

import json

import pytest

from app.engine.errors import N_, EngineError, Message, Plural
from app.games.decisions import decision_out_of_range
from app.i18n.catalogs import load_translations

SAYS = {
    ("en", 1): "decision 5 is out of range: the game has only 1 decision",
    ("en", 3): "decision 5 is out of range: the game has only 3 decisions",
    ("de", 1): "Entscheidung 5 liegt außerhalb des Bereichs: die Partie hat nur 1 Entscheidung",
    ("de", 3): "Entscheidung 5 liegt außerhalb des Bereichs: die Partie hat nur 3 Entscheidungen",
    ("es", 1): "la decisión 5 está fuera de rango: la partida solo tiene 1 decisión",
    ("es", 3): "la decisión 5 está fuera de rango: la partida solo tiene 3 decisiones",
    ("zh-Hans", 1): "决策 5 超出范围：这局游戏只有 1 个决策",
    ("zh-Hans", 3): "决策 5 超出范围：这局游戏只有 3 个决策",
}


# CS188's trappedClassic: Pacman decides once at depth 3, three times at depth 1.
DEPTH_FOR = {1: 3, 3: 1}


@pytest.mark.parametrize(("lang", "count"), sorted(SAYS))
def test_a_decision_past_the_games_end_is_refused_in_the_languages_plural(client, lang, count):
    query = f"layout=trappedClassic&depth={DEPTH_FOR[count]}&decision=5&lang={lang}"
    response = client.get(f"/api/games/pacman/trace?{query}")
    assert response.status_code == 400
    assert response.get_json() == {"error": SAYS[lang, count], "field": "decision"}


def test_the_plural_survives_the_worker_round_trip():
    message = decision_out_of_range(5, 1).message
    again = Message.from_data(json.loads(json.dumps(message.to_data())))
    assert isinstance(again.template, Plural) and again.values == {"index": 5, "count": 1}
    german = load_translations("de")
    assert again.translated(german) == SAYS["de", 1]
    assert str(again) == SAYS["en", 1]
    many = Message.from_data(decision_out_of_range(5, 3).message.to_data())
    assert many.translated(german) == SAYS["de", 3] and str(many) == SAYS["en", 3]


def test_each_language_picks_its_own_form():
    """German and Spanish have two forms (one, other); Chinese one; English's rule is never
    applied to another language's catalog."""
    german, chinese = load_translations("de"), load_translations("zh_Hans")
    for count in (0, 1, 2, 21):
        err = decision_out_of_range(5, count)
        assert err.translated(german).endswith(
            f" {count} Entscheidung" if count == 1 else f" {count} Entscheidungen"
        )
        assert err.translated(chinese) == f"决策 5 超出范围：这局游戏只有 {count} 个决策"
    assert str(decision_out_of_range(5, 0)).endswith("only 0 decisions")


def test_a_bare_gettext_still_says_a_plural_in_english_and_a_count_is_required():
    """A boundary that passes only a gettext gets English's two forms (never a crash); a
    plural without a whole-number ``count`` is a programming error, caught when it is made."""
    german = load_translations("de")
    err = decision_out_of_range(5, 3)
    assert err.translated(german.gettext) == SAYS["en", 3]
    assert isinstance(err, EngineError) and err.field == "decision"
    with pytest.raises(TypeError):
        Message(N_("{count} node", "{count} nodes"), count="3")


def test_the_catalog_check_refuses_a_plural_kept_as_a_sentence(monkeypatch):
    """A sentence the code now marks as a plural, still a plain entry in a catalog (what
    ``pybabel update`` leaves when it is not retranslated), fails ``python -m app.i18n.check``."""
    from babel.messages.catalog import Catalog

    from app.i18n import check

    one, many = "{count} decision", "{count} decisions"
    code, stale = Catalog(locale="de"), Catalog(locale="de")
    code.add((one, many), locations=[("app/games/decisions.py", 1)])
    stale.add(one, "{count} Entscheidung", locations=[("app/games/decisions.py", 1)])
    template = {m.id[0]: m for m in code if m.id}
    monkeypatch.setattr(check, "read_catalog", lambda locale: stale)
    assert check.problems(template, "de") == [
        f"plural in one of the code and the catalog only: {one!r}"
    ]
    current = Catalog(locale="de")
    current.add((one, many), ("{count} Entscheidung", "{count} Entscheidungen"))
    monkeypatch.setattr(check, "read_catalog", lambda locale: current)
    assert check.problems(template, "de") == []
