"""Pacman in the page's language (issue 36): with ?lang=de the round's line (who went where,
the ghosts' fear, the score and the food left), the reason for Pacman's next move and the
search's statistics table are German, with the same numbers as the English page; a language
switch in place tells the round shown again in the new language; the search tree names the
ghosts' moves in German."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)*", text.replace("−", "-"))


def rounds_told(prune, lang: str) -> dict[str, object]:
    """Three rounds of the page's default game stepped, then the search behind the next move."""
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"/play/pacman?lang={lang}")
    page.wait_for_selector("main[data-game-load=ready]")
    for _ in range(3):
        page.click('[data-action="step"]')
    said = {
        "round": page.inner_text("[data-game-status]"),
        "reason": page.inner_text("#reason"),
        "count": page.inner_text("#move-count"),
        "maze": page.get_attribute("#maze svg", "aria-label"),
    }
    page.click('[data-action="show-search"]')
    page.wait_for_selector("table.search-stats")
    said["heads"] = page.locator("table.search-stats th").all_inner_texts()
    said["title"] = page.inner_text("[data-decision-title]")
    return said


def test_pacman_speaks_german_with_the_english_numbers(prune):
    english = rounds_told(prune, "en")
    german = rounds_told(prune, "de")
    assert english["round"].startswith("Move 3: Pacman went ")
    assert german["round"].startswith("Zug 3: Pacman ging nach ")
    assert "Punktestand" in german["round"] and "Futterpunkt" in german["round"]
    assert german["reason"].startswith("Pacmans Zug 4: ")
    assert "Stellungen durchsucht" in german["reason"]
    assert german["count"].endswith("Zügen gespielt")
    assert german["maze"].startswith("Labyrinth, ")
    for said in ("round", "reason", "count", "maze", "title"):
        assert numbers(german[said]) == numbers(english[said]), said
    assert "Move" not in german["reason"] and "worth" not in german["reason"]
    # The statistics table: the same figures under German headers.
    heads = [head.split("\n")[0] for head in german["heads"]]
    assert heads == [
        "Stellungen",
        "Minimax",
        "Alpha-Beta",
        "Durchsucht",
        "Blätter",
        "Schnitte",
        "Abgeschnitten",
        "Ersparte Arbeit",
    ]
    assert numbers(" ".join(german["heads"])) == numbers(" ".join(english["heads"]))


def test_switching_language_tells_the_round_again_in_german(prune):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    page.goto("/play/pacman")
    page.wait_for_selector("main[data-game-load=ready]")
    for _ in range(3):
        page.click('[data-action="step"]')
    english = page.inner_text("[data-game-status]"), page.inner_text("#reason")
    assert english[0].startswith("Move 3: Pacman ")
    maze = page.get_attribute("#maze svg", "aria-label")
    assert maze.startswith("Maze, ")
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")
    german = page.inner_text("[data-game-status]"), page.inner_text("#reason")
    assert german[0].startswith("Zug 3: Pacman ")
    assert german[1].startswith("Pacmans Zug 4: ")
    for before, after in zip(english, german, strict=True):
        assert numbers(after) == numbers(before)
    assert page.inner_text('[data-action="show-search"]').startswith("Die Suche bei Zug 4 zeigen")
    # The maze's accessible name tells the same position in German.
    german_maze = page.get_attribute("#maze svg", "aria-label")
    assert german_maze.startswith("Labyrinth, ") and numbers(german_maze) == numbers(maze)


def test_the_search_tree_names_a_ghosts_move_in_german(prune):
    """The decision's tree names each move for screen readers (lib/names.js spokenName):
    "Geist 1 …" in German, where the English page says "Ghost 1 …"."""
    labels = {}
    for lang in ("en", "de"):
        page = prune.page
        page.goto(f"/play/pacman?lang={lang}")
        page.wait_for_selector("main[data-game-load=ready]")
        page.click('[data-action="show-search"]')
        page.wait_for_selector("g.node[data-path] [role=treeitem][aria-label]")
        labels[lang] = page.eval_on_selector_all(
            "g.node[data-path] [role=treeitem]", "items => items.map((n) => n.ariaLabel || '')"
        )
    assert any("Ghost 1 " in label for label in labels["en"]), labels["en"][:5]
    ghosts = [label for label in labels["de"] if "Geist 1 " in label]
    assert ghosts, labels["de"][:5]
    english_left = [label for label in labels["de"] if "Ghost" in label or "north" in label]
    assert not english_left, english_left[:5]
    assert "MIN-Knoten Geist 1 Osten (Geist 2): noch nicht durchsucht" in labels["de"]
    assert "MIN node Ghost 1 east (Ghost 2): not yet searched" in labels["en"]
