"""The last English inside translated errors (issue 36): the reason Python's JSON decoder or
parser gives inside a format error, tic-tac-toe's finished game, the socket packet layer's
refusals, and the line that ends an experiment's stream early, which every follower of a
shared run reads in its own language. Each comes back in the asked language with the same
line, column and numbers as the English."""

import json
import re

from flask_babel import force_locale, get_translations
from support import make_app

from app.engine.parse_reasons import json_reason, python_reason
from app.experiments.error_lines import SaidIn
from app.realtime.socket_packet import Packet
from app.web.experiment_results import STOPPED, Shared


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def import_error(client, text: str, lang: str = "") -> str:
    answer = client.post(f"/api/import{lang}", json={"text": text})
    assert answer.status_code == 400
    return answer.get_json()["error"]


def test_a_json_reason_is_said_in_german_at_the_same_place(client):
    english = import_error(client, '{"tree": [1, ')
    assert english == "json: line 1, column 14: a value was expected"
    german = import_error(client, '{"tree": [1, ', "?lang=de")
    assert german == "json: Zeile 1, Spalte 14: hier fehlt ein Wert"


def test_a_python_parser_reason_is_said_in_each_language(client):
    english = import_error(client, "[1, [2, 3]")
    assert english.endswith("expected a Python or JSON literal ([ is never closed)")
    for lang, words in (("de", "wird nie geschlossen"), ("es", "nunca se cierra")):
        said = import_error(client, "[1, [2, 3]", f"?lang={lang}")
        assert words in said and "[ " in said
        assert numbers(said) == numbers(english)


def test_every_reason_of_todays_python_is_known():
    bad_json = ['{"a":1,}', "[1,]", '"\\x"', '"\\u12"', '"a\nb"', '"abc', "[1 2]", '{"a" 1}', "1 2"]
    for text in bad_json:
        try:
            json.loads(text)
        except json.JSONDecodeError as err:
            assert json_reason(err.msg).template != err.msg, err.msg
    for text in ["[1, 2", "[1, 2]]", "[1 2]", "[(1, 2]", "['a, 1]", "[1,, 2]", "[01]", "[2a]"]:
        try:
            compile(text, "<text>", "eval")
        except SyntaxError as err:
            assert python_reason(err.msg).template != err.msg, err.msg


def test_a_reason_a_newer_python_words_differently_stays_as_python_said_it():
    assert python_reason("something new went {wrong}").translated(lambda s: s.upper()) == (
        "SOMETHING NEW WENT {WRONG}"
    )


def test_a_finished_tic_tac_toe_game_says_who_won_in_chinese(client):
    answer = client.get("/api/games/tictactoe/move?board=XX.OOO.X.&lang=zh-Hans")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "对局已结束（O 获胜）：没有可搜索的着法"


def test_the_socket_packet_layers_refusal_is_a_translated_message(app):
    packet = Packet(encoded_packet='27["run", {"tree": [1, 2}]')
    event, refusal = packet.data
    assert event == "unreadable"
    assert str(refusal.error).startswith("the message is not valid JSON: a comma (,) was expected")
    with app.test_request_context(), force_locale("es"):
        spanish = refusal.error.translated(get_translations().gettext)
    assert spanish.startswith("el mensaje no es JSON válido: se esperaba una coma (,)")
    assert numbers(spanish) == numbers(str(refusal.error))


def test_an_experiment_out_of_its_time_says_so_in_german():
    client = make_app(PRUNE_EXPERIMENT_SECONDS=1).test_client()
    answer = client.get("/api/experiments/ordering?branching=2&depths=18-18&trials=1&lang=de")
    last = json.loads(answer.get_data().splitlines()[-1])
    assert last == {"error": "dieses Experiment hat seine 1 s aufgebraucht; fordern Sie weniger an"}


def test_followers_of_one_stopped_run_each_read_the_end_in_their_language(app):
    shared = Shared()
    shared.add(b'{"columns":["n"],"total":3}\n')
    readers = {}
    for lang in ("en", "de", "zh_Hans"):
        with app.test_request_context(), force_locale(lang):
            readers[lang] = SaidIn(shared.follow(), get_translations())
    shared.finish()  # no summary: the run stopped short
    ends = {
        lang: json.loads([c for c in reader if c.strip()][-1]) for lang, reader in readers.items()
    }
    assert ends["en"] == {"error": str(STOPPED)}
    assert ends["de"]["error"].startswith("der Lauf, aus dem diese Zeilen stammen")
    assert ends["zh_Hans"]["error"].startswith("这些行所属的运行")
