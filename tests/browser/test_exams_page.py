"""The exam builder (/exams): a spec from the form, variant 1 previewed with its trees and
answers, a question made a lesson slide or a practice exercise in one click, the exam
created with its links, and a field the browser or the server refuses named and focused."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from axe_checks import assert_no_serious

pytestmark = pytest.mark.browser


def open_builder(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/exams")
    page.evaluate("localStorage.removeItem('prune.lesson-draft')")
    page.fill("#exam-variants", "3")
    return page


def question(page, k, name):
    return page.locator("#exam-questions > li").nth(k).locator(f"[data-field={name}]")


def test_preview_then_a_question_becomes_a_slide_and_a_practice(prune, base_url):
    page = open_builder(prune, base_url)
    question(page, 0, "min_pruned").fill("2")
    page.click("#preview-exam")
    prune.wait_state("done", timeout=60_000)
    sections = page.locator("#exam-preview section[data-question-index]")
    assert sections.count() == 2
    assert page.locator("#exam-links").is_hidden()  # a preview is not the exam
    first = sections.nth(0)
    assert first.locator("svg.tree-picture").count() == 2  # the sheet and the solved tree
    assert first.locator(".exam-answer").inner_text().startswith("crossed out:")
    first.locator("[data-action=add-to-lesson]").click()
    assert "slide 1 of the draft lesson" in first.locator(".exam-lesson-status").inner_text()
    draft = page.evaluate("JSON.parse(localStorage.getItem('prune.lesson-draft'))")
    slide = draft["slides"][0]
    assert slide["view"]["kind"] == "tree" and slide["question"]["prompt"].startswith("Run")
    saved = page.request.post(f"{base_url}/api/lessons", data={"title": "Exam", "slides": [slide]})
    assert saved.status == 201  # the slide is one a lesson keeps
    link = first.locator("[data-action=practice]").get_attribute("href")
    query = parse_qs(urlsplit(link).query)
    assert json.loads(query["tree"][0]) == slide["view"]["tree"]["tree"]
    assert query["rule"] == ["standard"] and query["players"] == ["max,min"]
    page.goto(f"{base_url}{link}")
    prune.wait_state("done", timeout=60_000)
    assert page.locator("g.node[data-path]").count() == 15  # depth 3, branching 2


def test_create_gives_the_links_of_the_exam(prune, base_url):
    page = open_builder(prune, base_url)
    page.click("#create-exam")
    prune.wait_state("done", timeout=60_000)
    assert "3 variants" in page.locator("#exam-status").inner_text()
    links = page.locator("#exam-links a")
    hrefs = [links.nth(k).get_attribute("href") for k in range(links.count())]
    assert any(h.endswith("/print") for h in hrefs) and any(h.endswith("key=1") for h in hrefs)
    page.goto(f"{base_url}{hrefs[0]}")
    prune.wait_state("done", timeout=60_000)
    assert page.locator("section[data-question-index]").count() == 2


def test_a_refused_field_is_named_and_focused(prune, base_url):
    page = open_builder(prune, base_url)
    question(page, 1, "branching").fill("[3, ")
    page.click("#create-exam")
    status = page.locator("#exam-status")
    assert "questions[1].branching" in status.inner_text()
    assert page.evaluate("document.activeElement.dataset.field") == "branching"
    question(page, 1, "branching").fill("2")
    question(page, 0, "depth").fill("1")
    question(page, 0, "min_pruned").fill("1")
    page.click("#create-exam")
    prune.wait_state("error", timeout=60_000)
    assert "questions[0]" in status.inner_text() and "min_pruned" in status.inner_text()
    assert page.evaluate("document.activeElement.dataset.field") == "min_pruned"
    prune.errors.clear()  # the 400 is logged by the browser as a failed resource


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1024, 768), (390, 844)])
def test_the_builder_and_the_key_pass_axe_and_never_scroll_sideways(prune, base_url, width, height):
    page = open_builder(prune, base_url)
    page.set_viewport_size({"width": width, "height": height})
    page.click("#preview-exam")
    prune.wait_state("done", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_no_serious(page, f"/exams at {width}x{height}")
    link = page.locator("#exam-preview [data-action=practice]").first.get_attribute("href")
    assert link.startswith("/practice?")
    page.click("#create-exam")
    prune.wait_state("done", timeout=60_000)
    page.goto(f"{base_url}{page.locator('#exam-links a').nth(1).get_attribute('href')}")
    prune.wait_state("done", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.locator(".exam-practice").count() == 2
    assert_no_serious(page, f"an exam's key at {width}x{height}")
