"""A whole lecture given from a lesson (docs/lessons.md, "In a lecture"): a presenter on a
projector, two students on phones and one student following from an LMS page on another origin
(``/embed/join/<code>`` in a frame, allowed by PRUNE_EMBED_ORIGINS). The question slide is
asked when reached, with the projector's tree held at its first step; the presenter sees the
answers counted, reveals with PageDown (which does not step), and moving on closes the question
so every student's page follows the three slides after it. The join bar gives the public link
and a QR code."""

from __future__ import annotations

import re
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest_browser import free_port, start_server
from lecture_question_panels import answer
from lesson_lectures import audience, joined_code, save
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
PUBLIC_URL = "http://192.0.2.10:8000"
PREDICT = [[5, 6], [7, 4, 5], [3, 8]]  # root 5, best move the first child
LESSON = {
    "title": "A whole lecture",
    "slides": [
        {"title": "Textbook", "notes": "", "view": {"kind": "tree", "preset": "textbook", "to": 3}},
        {
            "title": "Predict",
            "notes": "Think about **which leaves** are never looked at.",
            "view": {"kind": "tree", "tree": PREDICT},
            "question": {"prompt": "Which branches are pruned, and what is the root's value?"},
        },
        {"title": "The tie", "notes": "", "view": {"kind": "tree", "preset": "tie"}},
        {"title": "Words", "notes": "Ordering matters."},
        {
            "title": "Strict",
            "notes": "",
            "view": {"kind": "tree", "preset": "tie", "options": {"rule": "strict"}},
        },
    ],
}


class CoursePage(BaseHTTPRequestHandler):
    """A page of an LMS on another origin that frames ``src`` and grows the frame as the
    embed asks (lti.frameResize), keeping every height asked for in ``window.heights``."""

    def do_GET(self):
        src = parse_qs(urlsplit(self.path).query).get("src", [""])[0]
        if not src.startswith("http://127.0.0.1:"):  # a favicon, say
            self.send_error(404)
            return
        body = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Week 5</title></head><body><h1>Week 5: alpha-beta</h1>
<iframe id="prune" title="Follow the lecture" src="{src}" width="640" height="360"></iframe>
<script>
window.heights = [];
addEventListener("message", (event) => {{
  if (event.data && event.data.subject === "lti.frameResize") {{
    window.heights.push(event.data.height);
    document.getElementById("prune").height = String(event.data.height);
  }}
}});
</script></body></html>"""
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def course():
    """The LMS: ``http://localhost:<port>`` (another origin than Prune's 127.0.0.1)."""
    port = free_port()
    server = ThreadingHTTPServer(("127.0.0.1", port), CoursePage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{port}"
    server.shutdown()


@pytest.fixture(scope="module")
def prune_server(course):
    env = {
        "PRUNE_EMBED_ORIGINS": course,
        "PRUNE_PUBLIC_URL": PUBLIC_URL,
        "PRUNE_API_RATE_LIMIT": "6000/minute",
    }
    with start_server(env) as server:
        yield server


@pytest.fixture
def pages(browser, wrap_page):
    """``pages(viewport)``: a page in a browser context of its own; each must log no error."""
    made = []

    def make(viewport):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(15_000)
        made.append((wrap_page(page), context))
        return made[-1][0]

    yield make
    try:
        for wrapped, _ in made:
            wrapped.assert_clean()
    finally:
        for _, context in made:
            context.close()


def test_the_embed_of_a_lecture_may_be_framed_only_where_embeds_may(prune_server, course):
    with urllib.request.urlopen(f"{prune_server.url}/embed/join/ABCDEF") as response:
        headers = response.headers
    assert "X-Frame-Options" not in headers
    assert f"frame-ancestors {course}" in headers["Content-Security-Policy"]
    with urllib.request.urlopen(f"{prune_server.url}/join/ABCDEF") as response:
        assert response.headers["X-Frame-Options"] == "DENY"  # the student page itself: never
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{prune_server.url}/embed/join/not-a-code")
    assert refused.value.code == 404


def test_a_framed_student_is_told_plainly_when_the_room_does_not_exist(prune_server, pages):
    page = pages({"width": 640, "height": 360}).page
    page.goto(f"{prune_server.url}/embed/join/ABCDEF")
    error = page.locator("#lecture-bar[data-mode=error] .lecture-error")
    expect(error).to_contain_text("Could not join the lecture")
    assert page.locator("#inputs").is_hidden()


def test_a_class_follows_a_lesson_across_a_question_and_three_slides(prune_server, course, pages):
    base = prune_server.url
    teacher = pages(PROJECTOR).page
    teacher.goto(f"{base}/l/{save(base, LESSON)}")
    teacher.wait_for_selector("body[data-run-state=done]")
    teacher.locator("#btn-lecture").click()
    code = joined_code(teacher)

    # The join bar: the public link, a QR code named as one, no loopback warning.
    bar = teacher.locator("#lesson-join")
    expect(bar.locator("a.lecture-link")).to_have_text(f"{PUBLIC_URL}/join/{code}")
    expect(bar.locator("img.lecture-qr")).to_have_attribute("alt", re.compile("QR"))
    expect(bar.locator(".lecture-loopback-warning")).to_have_count(0)
    qr = bar.locator("img.lecture-qr")
    expect(bar).to_have_class(re.compile("qr-large"))  # large on the projector while students join
    assert qr.bounding_box()["width"] >= 200  # a third of the 720 px screen

    phones = [pages(PHONE), pages(PHONE)]
    for phone in phones:
        phone.page.goto(f"{base}/join/{code}")
        phone.page.wait_for_selector("body[data-run-state=done]")
    lms = pages({"width": 1024, "height": 768}).page
    lms.goto(f"{course}/?src={base}/embed/join/{code}")
    framed = lms.frame_locator("#prune")
    expect(framed.locator("#lesson-mark")).to_contain_text("slide 1 of 5: “Textbook”")
    expect(audience(teacher)).to_have_text("3 students")
    students = [phone.page.locator("html") for phone in phones] + [framed.locator("html")]

    def everyone(selector):
        return [student.locator(selector) for student in students]

    # Slide 1: two steps, followed by all. The first puts the QR code back small.
    teacher.keyboard.press("PageDown")
    expect(bar).not_to_have_class(re.compile("qr-large"))
    assert qr.bounding_box()["width"] <= 80
    bar.locator(".lecture-qr-button").click()  # a click shows it large again, and back
    expect(bar).to_have_class(re.compile("qr-large"))
    bar.locator(".lecture-qr-button").click()
    teacher.keyboard.press("PageDown")
    for counter in everyone("#counter"):
        expect(counter).to_contain_text("step 2 of 27")

    # On to the question: asked, the projector's tree held at its first step.
    teacher.keyboard.press("PageDown")
    teacher.keyboard.press("PageDown")
    teacher.locator('#slide[data-slide-index="1"][data-kind="tree"]').wait_for()
    panel = teacher.locator("#lesson-question")
    expect(panel).to_have_attribute("data-question-state", "open")
    expect(panel).to_have_attribute("data-answered", "0")
    expect(teacher.locator("#slide-question")).to_contain_text("Which branches are pruned")
    for student in students:
        expect(student.locator("#question-student #qs-body")).to_be_visible()
        expect(student.locator("#qs-prompt")).to_have_text(
            "Which branches are pruned, and what is the root's value?"
        )
        expect(student.locator("#qs-slide")).to_contain_text("which leaves")

    # Everyone answers (the framed student too): the presenter sees them counted.
    answer(phones[0], {"values": {"": 5}, "best_move": 0, "pruned": ["1.1", "1.2", "2.1"]})
    answer(phones[1], {"values": {"": 4}, "best_move": 1})
    framed.locator('#qs-rows li.sheet-row[data-path=""] .answer-value').fill("5")
    framed.get_by_role("button", name="Send answer").click()
    expect(framed.locator("#qs-sent")).to_contain_text("Answer sent")
    expect(panel).to_have_attribute("data-answered", "3")
    expect(panel.locator("#lq-answered")).to_have_text("3 of 3 students answered")
    expect(panel.locator('#lq-values li.tally[data-key="5"]')).to_have_attribute("data-count", "2")
    expect(teacher.locator('#tree g.node[data-path="1.1"][data-heat="1"]')).to_have_count(1)
    expect(teacher.locator("#counter")).to_have_text("step 0 of 23")

    # PageDown reveals first (no step: the projector kept the leaves only), then steps.
    teacher.keyboard.press("PageDown")
    expect(panel).to_have_attribute("data-question-state", "revealed")
    expect(teacher.locator("#counter")).to_have_text("step 0 of 23")
    for student in students:
        expect(student.locator("#qs-results")).to_be_visible()
    expect(phones[0].page.locator("#qs-state")).to_contain_text("Your score")
    teacher.keyboard.press("PageDown")
    expect(teacher.locator("#counter")).to_have_text("step 1 of 23")

    # Three slides after it: the question closes, every page shows each slide.
    expected = [
        ("2", "slide 3 of 5: “The tie”", "tree"),
        ("3", "slide 4 of 5: “Words”", "card"),
        ("4", "slide 5 of 5: “Strict”", "tree"),
    ]
    for index, mark, layout in expected:
        teacher.locator("#btn-next-slide").click()
        teacher.locator(f'#slide[data-slide-index="{index}"]').wait_for()
        expect(panel).to_be_hidden()
        for student in students:
            expect(student.locator("#lesson-mark")).to_contain_text(mark)
            expect(student.locator("#lesson-mark")).to_have_attribute("role", "status")  # said
            expect(student.locator("#question-student")).to_be_hidden()
            expect(student.locator("body")).to_have_attribute("data-lesson-slide", layout)
            if layout == "tree":
                expect(student.locator("#tree g.node[data-path]")).to_have_count(6)
            else:
                expect(student.locator("#lesson-card-notes")).to_have_text("Ordering matters.")

    # The frame sized itself: the LMS page grew it to the embed's height, which stays put.
    # (Its last message may still be on its way after the last slide: wait for it to agree.)
    lms.wait_for_function(
        "() => window.heights.length > 0 && document.getElementById('prune').clientHeight"
        " === window.heights[window.heights.length - 1]"
    )
    lms.locator("#prune").element_handle().content_frame().wait_for_function(
        "last => document.documentElement.scrollHeight <= last + 1",
        arg=lms.evaluate("window.heights[window.heights.length - 1]"),
    )
    heights = lms.evaluate("window.heights")
    assert heights and all(200 < h < 4000 for h in heights), heights  # no runaway growth
    assert lms.evaluate("document.getElementById('prune').clientHeight") == heights[-1]
    framed_height = framed.locator("html").evaluate("() => document.documentElement.scrollHeight")
    assert framed_height <= heights[-1] + 1, "nothing of the embed is cut off"
