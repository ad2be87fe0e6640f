"""A game's move names as spoken and the LMS score line (lib/names.js, lib/lti-score.js) in
every shipped language keep the English ones' numbers and players
(tests/js/with-python/spoken-names-languages.test.js, run here with the browser catalogs
app/i18n makes from the .po files)."""

import json
import os
import subprocess
from pathlib import Path

from app.i18n.catalogs import available_locales, browser_catalog

ROOT = Path(__file__).resolve().parents[2]
NODE_TEST = ROOT / "tests/js/with-python/spoken-names-languages.test.js"


def test_spoken_moves_and_score_lines_in_every_language(tmp_path):
    locales = available_locales()
    catalogs = tmp_path / "catalogs.json"
    data = {locale: browser_catalog(locale) for locale in locales}
    catalogs.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(
        ["node", "--test", "--test-reporter=tap", str(NODE_TEST)],
        env={**os.environ, "PRUNE_CATALOGS": str(catalogs)},
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert result.stdout.count("\nok ") == len(locales), result.stdout[-3000:]
