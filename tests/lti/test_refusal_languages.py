"""The refusal page says why in the learner's language (issue 36): a forged launch token
posted by a German, Spanish or Chinese browser gets the page's title, reason and advice in
that language, with the same status; the detail from the token library stays as it came."""

from __future__ import annotations

import html

import jwt
import pytest
import requests
from lms import new_key_pair
from lti_flow import start_launch

SAYS = {
    "en": ("Bad signature", "The launch's signature is not valid ("),
    "de": ("Ungültige Signatur", "Die Signatur des Starts ist nicht gültig ("),
    "es": ("Firma no válida", "La firma del inicio no es válida ("),
    "zh-Hans": ("签名无效", "启动的签名无效（"),
}
ADVICE = {
    "de": "Wenn das wieder passiert",
    "es": "Si esto vuelve a pasar",
    "zh-Hans": "如果此问题反复出现",
}


@pytest.mark.parametrize("lang", ["en", "de", "es", "zh-Hans"])
def test_a_forged_token_is_refused_in_the_learners_language(lms, prune, lang):
    action, fields = start_launch(lms, lms.add_launch())
    claims = jwt.decode(fields["id_token"], options={"verify_signature": False})
    header = jwt.get_unverified_header(fields["id_token"])
    forger_key, _ = new_key_pair()
    fields["id_token"] = jwt.encode(claims | {"name": "Mallory"}, forger_key, "RS256", header)
    answer = requests.post(
        action,
        data=fields,
        headers={"Accept-Language": lang},
        allow_redirects=False,
        timeout=10,
    )
    assert answer.status_code == 401
    page, (title, reason) = html.unescape(answer.text), SAYS[lang]
    assert f"<h1>{title}</h1>" in page
    assert reason in page
    if lang != "en":
        assert "Bad signature" not in page and "is not valid" not in page
        assert ADVICE[lang] in page


def test_a_refused_score_report_says_why_in_the_learners_language(prune):
    """A launched page's score report (POST /lti/score) refused: a launch that is not known
    and a body that is not JSON, in Spanish and Chinese; English by default."""
    url = prune.url + "/lti/score"
    report = {"grant": "no-such-launch", "given": 1, "maximum": 1}
    english = requests.post(url, json=report, timeout=10)
    spanish = requests.post(url, json=report, headers={"Accept-Language": "es"}, timeout=10)
    assert english.status_code == spanish.status_code == 403
    assert english.json() == {"error": "the launch is unknown or has expired: open the item again"}
    assert spanish.json() == {
        "error": "el inicio es desconocido o ha caducado: abre el elemento otra vez"
    }
    chinese = requests.post(url, data="x", headers={"Accept-Language": "zh-CN"}, timeout=10)
    assert chinese.status_code == 400
    assert chinese.json() == {"error": '请发送 JSON：{"grant", "given", "maximum"}'}
