"""A language switch in place leaves no English behind (issue 36): each page with a language
switch is loaded in English, taken through a short flow (a run at a middle step, a graded
answer, a drill mid-round, a game's decision open, a lesson's third slide, an experiment's
results, the exam builder), switched to German in place, and its readable text (visible
text, the texts people read aloud: aria-label, title, placeholder, alt, the page's title)
compared with the same page loaded with ``?lang=de`` after the same flow. A text the switched
page still says as the English page said it, and the fresh German page does not say, is a
leftover of the old language."""

from __future__ import annotations

import pytest
from practice_sheet import fill

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 720}

# Every text a person reads on the page, as a set: "text" for a rendered text node (visually
# hidden ones included: a screen reader says them), "@name=value" for a readable attribute of
# a rendered element, "title=…" for the document's title.
READABLE = """() => {
  const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "aria-description",
    "aria-roledescription"];
  const rendered = (el) => {
    if (el.tagName === "OPTION") return rendered(el.closest("select") || el.parentElement);
    return el.checkVisibility();
  };
  const said = new Set([`title=${document.title}`]);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.replace(/\\s+/g, " ").trim();
    const parent = node.parentElement;
    if (!text || !parent || ["SCRIPT", "STYLE", "TEXTAREA"].includes(parent.tagName)) continue;
    if (rendered(parent)) said.add(text);
  }
  const selector = ATTRIBUTES.map((name) => `[${name}]`).join(",");
  for (const el of document.body.querySelectorAll(selector)) {
    if (!rendered(el)) continue;
    for (const name of ATTRIBUTES) {
      const value = (el.getAttribute(name) || "").replace(/\\s+/g, " ").trim();
      if (value) said.add(`@${name}=${value}`);
    }
  }
  return [...said].sort();
}"""


def readable(page, code: str | None = None) -> set[str]:
    """The page's readable texts once nothing is fetched and they stop changing (a lesson's
    words in the new language, an answer still on its way); a lecture's `code` read as CODE."""
    page.wait_for_load_state("networkidle")
    before = None
    for _ in range(40):
        now = set(page.evaluate(READABLE))
        if code:  # the same text for any room's code
            now = {
                text.replace(f"{code[:3]}·{code[3:]}", "CODE").replace(code, "CODE") for text in now
            }
        if now == before:
            return now
        before = now
        page.wait_for_timeout(100)
    return before


def at(page, address: str, lang: str | None, ready: str):
    if lang:
        address += f"{'&' if '?' in address else '?'}lang={lang}"
    page.goto(address)
    page.wait_for_selector(ready, state="attached")
    page.wait_for_function("() => document.readyState === 'complete'")


def visualizer(page, lang):
    at(page, "/?preset=textbook&step=14", lang, "body[data-run-state=done]")


def compare(page, lang):
    at(page, "/compare?preset=textbook&step=12", lang, "body[data-run-state=done]")


def practice(page, lang):
    at(page, "/practice?preset=textbook", lang, "body[data-run-state=done]")
    fill(page, {"values": {"": 3, "0": 3, "1": 4, "2": 2}, "best_move": 0})
    page.click("#check")
    page.wait_for_function("() => !document.getElementById('results').hidden")


def drill(page, lang):
    at(page, "/practice/drill?level=binary&seed=11", lang, "body[data-run-state=done]")
    page.click("#drill-check")
    page.click("#drill-next")
    page.wait_for_function("() => window.prune.sitting.done === 1")


def tictactoe(page, lang):
    at(page, "/play/tictactoe", lang, "[data-cell]:not([disabled])")
    page.click('[data-cell="4"]')  # the centre; the computer answers: the search behind it
    page.wait_for_function(
        "() => document.querySelector('[data-action=show-search]')"
        ".getAttribute('aria-disabled') === 'false'"
    )
    page.click('[data-action="show-search"]')
    page.wait_for_selector("table.search-stats")
    page.wait_for_selector("body[data-run-state=done]", state="attached")
    page.evaluate("() => window.prune.seek(window.prune.trace.length)")


def pacman(page, lang):
    at(page, "/play/pacman", lang, "main[data-game-load=ready]")
    page.click('[data-action="step"]')
    page.click('[data-action="show-search"]')
    page.wait_for_selector("table.search-stats")
    page.wait_for_selector("body[data-run-state=done]", state="attached")
    page.evaluate("() => window.prune.seek(Math.floor(window.prune.trace.length / 2))")


def lesson(page, lang):
    shown = '#slide[data-slide-index="2"][data-kind="tree"]'
    at(page, "/l/alpha-beta-1?slide=2&step=14", lang, shown)


def experiments(page, lang):
    at(page, "/experiments", lang, "body[data-experiments-ready]")
    page.fill("#ord [name=depths]", "1-3")
    page.fill("#ord [name=trials]", "2")
    page.click("#ord [data-part=run]")
    page.wait_for_selector("#ord[data-state=done]", timeout=30_000)


def exams(page, lang):
    at(page, "/exams", lang, "#exam-questions > li select[data-field=kind]")
    page.click("#preview-exam")
    page.wait_for_selector("body[data-run-state=done]", state="attached")


def lecture(page, lang):
    """The visualizer presenting a lecture: its join bar (the room's code differs per load)."""
    visualizer(page, lang)
    page.click("button.lecture-start")
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    return page.evaluate("window.prune.lecture.code")


def lesson_lecture(page, lang):
    """A lesson presenting a lecture: the join bar in its header."""
    lesson(page, lang)
    page.click("#btn-lecture")
    code = page.locator("#lesson-join .lecture-code")
    code.wait_for()
    return code.inner_text().replace("·", "")


FLOWS = [
    visualizer,
    compare,
    practice,
    drill,
    tictactoe,
    pacman,
    lesson,
    experiments,
    exams,
    lecture,
    lesson_lecture,
]


def switch_to_german(page):
    page.keyboard.press("F1")
    page.select_option("#help-language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.keyboard.press("Escape")


@pytest.mark.parametrize("flow", FLOWS, ids=lambda flow: flow.__name__)
def test_a_switch_to_german_in_place_says_what_a_german_page_says(prune, flow):
    page = prune.page
    page.set_viewport_size(PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    code = flow(page, None)  # a lecture's room code: it differs per load
    english = readable(page, code)
    switch_to_german(page)
    switched = readable(page, code)
    german = readable(page, flow(page, "de"))
    assert len(english - german) > 10, "the German page says other words than the English one"
    leftovers = sorted((switched & english) - german)
    said = "\n".join(leftovers)
    assert not leftovers, f"{flow.__name__}, still in English after the switch:\n{said}"
    prune.assert_clean()
