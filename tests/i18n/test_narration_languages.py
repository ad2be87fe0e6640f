"""The narration in every shipped language keeps the English one's numbers and node names,
step by step (tests/js/with-python/narration-languages.test.js, run here with the browser
catalogs app/i18n makes from the .po files)."""

from pathlib import Path

from support import browser_catalogs_file, node_test

from app.i18n.catalogs import available_locales

ROOT = Path(__file__).resolve().parents[2]
NODE_TEST = ROOT / "tests/js/with-python/narration-languages.test.js"


def test_narration_keeps_numbers_and_names_in_every_language(tmp_path):
    locales = available_locales()
    assert locales == ["de", "es", "zh_Hans"]
    result = node_test(NODE_TEST, PRUNE_CATALOGS=str(browser_catalogs_file(tmp_path)))
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert result.stdout.count("\nok ") == len(locales), result.stdout[-3000:]
