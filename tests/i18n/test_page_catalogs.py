"""Each page carries the messages of its own modules only (issue 36's budget: ≤ 30 KB
compressed per page in its language, docs/translating.md "Size"): its data block holds the
messages of the modules its bundle holds (app/i18n/pages.py, the build's manifest), and the
language switch fetches those plus its templates' and the server's, for every page and
language. The unbundled pages (PRUNE_ASSETS=modules) find their modules by reading the
modules' imports."""

import gzip
import json
import re
from pathlib import Path

import pytest
from support import make_app

from app.i18n.pages import imported_modules

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["de", "es", "zh-Hans"]
BUDGET = 30 * 1024
# Pages as people open them (the lecture, lesson and exam pages need a saved object).
PAGES = [
    "/", "/compare", "/practice", "/practice/drill", "/help", "/lessons", "/lessons/new",
    "/experiments", "/exams", "/play/tictactoe", "/play/pacman", "/embed", "/embed/practice",
]  # fmt: skip
TICTACTOE_ONLY = "The computer is thinking…"  # static/js/games/tictactoe.js
NARRATION = "Evaluate leaf {node}: its value is {value}."  # the player's narration


def compressed(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def block(page: str) -> str | None:
    found = re.search(r'id="prune-catalog">(.*?)</script>', page, re.S)
    return found.group(1) if found else None


def switch_url(page: str, lang: str) -> str:
    url = re.search(r'data-catalog-url="([^"]+)"', page).group(1)
    return url.replace("&amp;", "&").replace("{lang}", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_pages_block_and_switch_fetch_stay_within_30_kb(client, lang):
    for path in PAGES:
        page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        data = block(page)
        assert data is not None, f"{path}: no catalog block"
        assert page.count('id="prune-catalog"') == 1, path
        assert compressed(data.encode()) <= BUDGET, f"{path}: {compressed(data.encode())} B"
        fetched = client.get(switch_url(page, lang))
        assert fetched.status_code == 200, path
        assert compressed(fetched.get_data()) <= BUDGET, f"{path}: switch {len(fetched.data)} B"


def test_every_template_has_its_switch_catalog_within_30_kb(app, client):
    """Pages not in PAGES too (a lesson, an exam's print, the LTI pages): every template."""
    templates = app.jinja_env.list_templates(filter_func=lambda name: name.endswith(".html"))
    assert len(templates) > 20
    for name in templates:
        page = name.removesuffix(".html")
        for lang in LANGS:
            response = client.get(f"/i18n/{lang}/{page}.json")
            assert response.status_code == 200, name
            assert compressed(response.get_data()) <= BUDGET, (name, lang)


def test_a_pages_block_holds_the_messages_of_its_modules_and_no_others(client):
    game = json.loads(block(client.get("/play/tictactoe?lang=de").get_data(as_text=True)))
    visualizer = json.loads(block(client.get("/?lang=de").get_data(as_text=True)))
    assert game["messages"][TICTACTOE_ONLY] == "Der Computer denkt nach…"
    assert TICTACTOE_ONLY not in visualizer["messages"], "the visualizer runs no game module"
    assert NARRATION in visualizer["messages"]
    assert NARRATION in game["messages"], "the game's tree panel narrates too"
    help_page = json.loads(block(client.get("/help?lang=de").get_data(as_text=True)))
    assert NARRATION not in help_page["messages"]
    assert help_page["locale"] == "de", "the block still says the language (numbers)"


def test_the_switch_catalog_differs_per_page_and_so_does_its_version(client):
    game = client.get("/play/tictactoe?lang=de").get_data(as_text=True)
    visualizer = client.get("/?lang=de").get_data(as_text=True)
    assert switch_url(game, "de") != switch_url(visualizer, "de")
    fetched = client.get(switch_url(game, "de")).get_json()["messages"]
    assert TICTACTOE_ONLY in fetched
    assert "Show the search" not in client.get(switch_url(visualizer, "de")).get_json()["messages"]


def test_reading_the_imports_finds_every_module_the_build_bundles():
    """PRUNE_ASSETS=modules reads the imports; the bundle's manifest is esbuild's metafile,
    which leaves out the modules tree-shaking drops: the unbundled page may carry more, never
    fewer."""
    manifest = json.loads((ROOT / "static" / "dist" / "manifest.json").read_text())
    assert manifest["modules"], "the build names each entry's modules"
    for entry, modules in manifest["modules"].items():
        assert f"static/js/{entry}" in modules, entry
        missing = set(modules) - set(imported_modules(entry))
        assert not missing, (entry, missing)


def test_the_unbundled_pages_carry_their_modules_messages_too():
    client = make_app(PRUNE_ASSETS="modules").test_client()
    game = json.loads(block(client.get("/play/tictactoe?lang=es").get_data(as_text=True)))
    visualizer = json.loads(block(client.get("/?lang=es").get_data(as_text=True)))
    assert TICTACTOE_ONLY in game["messages"]
    assert TICTACTOE_ONLY not in visualizer["messages"]
    assert NARRATION in visualizer["messages"]
