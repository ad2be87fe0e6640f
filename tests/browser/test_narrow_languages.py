"""Longer words never push a phone's page sideways (WCAG 1.4.10, issue 36): every main page
in every language, at 390×844 and 320×640, is no wider than the screen, and its header's
controls all stay inside it (they wrap onto a second row: German's "Eingaben ausblenden" and
"Mehr" once pushed the visualizer's More menu 93 px past a 390-px phone's edge)."""

import pytest

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "de", "es", "zh-Hans"]
PAGES = ["/?preset=tie", "/practice", "/practice/drill", "/compare", "/lessons", "/exams"]
PHONES = {"390x844": (390, 844), "320x640": (320, 640)}

SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth;
  const controls = 'header > button, header > a, header > details > summary';
  const past = [...document.querySelectorAll(controls)]
    .filter((el) => { const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 1 && getComputedStyle(el).visibility !== 'hidden'; })
    .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}`);
  return {scroll: document.documentElement.scrollWidth, width, past: past.slice(0, 5)};
}"""


@pytest.mark.parametrize("phone", PHONES, ids=list(PHONES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_on_a_phone_in_any_language(prune, lang, phone):
    page = prune.page
    page.set_viewport_size({"width": PHONES[phone][0], "height": PHONES[phone][1]})
    for path in PAGES:
        page.goto(f"{path}{'&' if '?' in path else '?'}lang={lang}")
        page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
        page.wait_for_load_state("load")
        seen = page.evaluate(SIDEWAYS)
        assert seen["scroll"] <= seen["width"] and not seen["past"], (path, lang, phone, seen)
