"""The narration in every shipped language keeps the English one's numbers and node names,
step by step (tests/js/with-python/narration-languages.test.js, run here with the browser
catalogs app/i18n makes from the .po files)."""

import json
import os
import subprocess
from pathlib import Path

from app.i18n.catalogs import available_locales, browser_catalog

ROOT = Path(__file__).resolve().parents[2]
NODE_TEST = ROOT / "tests/js/with-python/narration-languages.test.js"


def test_narration_keeps_numbers_and_names_in_every_language(tmp_path):
    locales = available_locales()
    assert locales == ["de", "es", "zh_Hans"]
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
