"""Lecture mode end to end: a presenter and students in separate browser contexts."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TEXTBOOK_STEPS = 27
PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def student_page(browser, base_url, wrap_page):
    """A student: a page in its own browser context (its own storage), phone-sized."""
    contexts = []

    def make(viewport=PHONE):
        context = browser.new_context(base_url=base_url, viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return wrap_page(page)

    pages = []

    def factory(viewport=PHONE):
        wrapped = make(viewport)
        pages.append(wrapped)
        return wrapped

    yield factory
    try:
        for wrapped in pages:
            wrapped.assert_clean()
    finally:
        for context in contexts:
            context.close()


def start_lecture(prune, query="preset=textbook"):
    prune.page.set_viewport_size(PROJECTOR)
    prune.open(query)
    prune.page.get_by_role("button", name="Start lecture").click()
    prune.page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    code = prune.page.evaluate("window.prune.lecture.code")
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    return code


def join(student, code):
    student.page.goto(f"/join/{code}")
    student.page.wait_for_selector(".lecture-bar[data-mode=student]")
    student.wait_state("done")
    return student


def shared_part(picture, paths):
    """The part of a picture about the nodes in `paths`: a phone folds more of a big tree
    away than a projector does, so two screens compare on the nodes both draw."""
    return {
        **picture,
        "nodes": [node for node in picture["nodes"] if node[0] in paths],
        "labels": [label for label in picture["labels"] if label[0] in paths],
        "strikes": [path for path in picture["strikes"] if path in paths],
    }


def wait_same(presenter, student, timeout=5.0):
    """Wait until the student's picture (nodes both draw, labels, narration, counter) is the
    presenter's; return it. The current node is drawn on both."""
    deadline = time.monotonic() + timeout
    while True:
        want, got = presenter.picture(), student.picture()
        both = {node[0] for node in want["nodes"]} & {node[0] for node in got["nodes"]}
        want, got = shared_part(want, both), shared_part(got, both)
        current = [node[0] for node in want["nodes"] if node[1] == "active"]
        if want == got and all(path in both for path in current):
            return got
        if time.monotonic() > deadline:
            assert got == want, "the student's picture differs from the presenter's"
            raise AssertionError("the presenter's current node is not drawn on the student's")
        time.sleep(0.05)


def presenter_steps(presenter, n):
    for _ in range(n):
        presenter.page.click("#btn-forward")


def test_student_follows_steps_play_pause_and_a_new_tree(prune, student_page):
    code = start_lecture(prune)
    bar = prune.page.locator(".lecture-bar")
    assert bar.locator(".lecture-code").inner_text() == f"{code[:3]}·{code[3:]}"
    link = bar.locator(".lecture-link")
    assert link.inner_text() == f"{prune.page.evaluate('location.origin')}/join/{code}"
    qr = bar.locator("img.lecture-qr")
    assert qr.get_attribute("src") == f"/lecture/{code}/qr.svg"
    prune.page.wait_for_function("() => document.querySelector('img.lecture-qr').naturalWidth > 0")
    assert f"present={code}" in prune.page.evaluate("location.search")
    assert bar.locator(".lecture-audience").inner_text() == "0 students"

    student = join(student_page(), code)
    assert "Following the teacher" in student.page.locator(".lecture-bar").inner_text()
    assert code[:3] in student.page.locator(".lecture-bar .lecture-code").inner_text()
    prune.page.wait_for_function(
        "() => document.querySelector('.lecture-audience').textContent === '1 student'"
    )
    # The key never reaches a student: not in their URL, not in the page they were sent.
    key = prune.page.evaluate("window.prune.lecture.key")
    assert key and key not in student.page.url and key not in student.page.content()
    assert key not in prune.page.url
    assert wait_same(prune, student)["counter"] == f"step 0 of {TEXTBOOK_STEPS}"

    presenter_steps(prune, 3)
    assert wait_same(prune, student)["counter"] == f"step 3 of {TEXTBOOK_STEPS}"
    prune.page.keyboard.press("Shift+ArrowRight")  # next cutoff
    assert wait_same(prune, student)["counter"] == f"step 14 of {TEXTBOOK_STEPS}"
    prune.page.locator("#scrub").fill("9")
    assert wait_same(prune, student)["counter"] == f"step 9 of {TEXTBOOK_STEPS}"

    # Play at 4×, then pause: the student plays along and stops where the teacher stopped.
    prune.page.select_option("#speed", "4")
    prune.page.click("#btn-play")
    student.page.wait_for_function(
        "() => document.getElementById('btn-play').getAttribute('aria-pressed') === 'true'"
    )
    assert student.page.input_value("#speed") == "4"
    prune.page.wait_for_function("() => window.prune.step >= 13")
    prune.page.click("#btn-play")
    student.page.wait_for_function(
        "() => document.getElementById('btn-play').getAttribute('aria-pressed') === 'false'"
    )
    paused = wait_same(prune, student)
    assert paused["counter"] != f"step 9 of {TEXTBOOK_STEPS}"
    prune.screenshot("lecture-presenter-projector")
    student.screenshot("lecture-student-phone")

    # A new tree: the student runs it too and follows on.
    prune.page.select_option("#preset", "pacman")
    prune.wait_state("done")
    presenter_steps(prune, 4)
    got = wait_same(prune, student)
    assert got["counter"].startswith("step 4 of")
    assert student.page.evaluate("window.prune.title") == prune.page.evaluate("window.prune.title")
    # New options (the ordering) too.
    prune.page.select_option("#opt-ordering", "worst")
    prune.wait_state("done")
    presenter_steps(prune, 2)
    wait_same(prune, student)
    assert student.page.input_value("#opt-ordering") == "worst"
    student.page.set_viewport_size(PROJECTOR)
    student.screenshot("lecture-student-projector")


def test_student_detaches_explores_and_follows_again(prune, student_page):
    code = start_lecture(prune)
    student = join(student_page(viewport=PROJECTOR), code)
    presenter_steps(prune, 5)
    wait_same(prune, student)

    # A manual step detaches: the student's picture moves on its own.
    student.page.click("#btn-forward")
    student.page.wait_for_selector(".lecture-bar[data-mode=detached]")
    assert student.counter() == f"step 6 of {TEXTBOOK_STEPS}"
    student.page.click("#btn-forward")
    assert prune.step() == 5  # a student's step never moves the presenter
    presenter_steps(prune, 3)
    time.sleep(0.3)
    assert student.counter() == f"step 7 of {TEXTBOOK_STEPS}"
    assert student.picture() != prune.picture()
    student.screenshot("lecture-student-detached")

    # One click (keyboard here) and the student is back with the teacher.
    follow = student.page.get_by_role("button", name="Follow the teacher again")
    follow.focus()
    student.page.keyboard.press("Enter")
    student.page.wait_for_selector(".lecture-bar[data-mode=student]")
    assert wait_same(prune, student)["counter"] == f"step 8 of {TEXTBOOK_STEPS}"
    presenter_steps(prune, 2)
    assert wait_same(prune, student)["counter"] == f"step 10 of {TEXTBOOK_STEPS}"

    # Their own tree (an input change) detaches too; re-sync brings back the teacher's tree.
    student.page.click("label[for=source-kind-preset]")  # the lecture's tree came as a paste
    student.page.wait_for_selector(".lecture-bar[data-mode=detached]")
    student.page.select_option("#preset", "pacman")
    student.wait_state("done")
    assert student.picture() != prune.picture()
    student.page.get_by_role("button", name="Follow the teacher again").click()
    assert wait_same(prune, student)["counter"] == f"step 10 of {TEXTBOOK_STEPS}"
    # The "Explore on my own" button detaches as well.
    student.page.get_by_role("button", name="Explore on my own").click()
    student.page.wait_for_selector(".lecture-bar[data-mode=detached]")
    presenter_steps(prune, 1)
    time.sleep(0.3)
    assert student.counter() == f"step 10 of {TEXTBOOK_STEPS}"

    # "Leave" ends it for good: the bar goes, and the teacher's count drops to zero.
    student.page.get_by_role("button", name="Leave").click()
    expect(student.page.locator(".lecture-bar")).to_be_hidden()
    assert "lecture=" not in student.page.url
    expect(prune.page.locator(".lecture-audience")).to_have_text("0 students")


def test_presenter_reload_keeps_the_room(prune, student_page):
    code = start_lecture(prune)
    student = join(student_page(), code)
    presenter_steps(prune, 4)
    wait_same(prune, student)
    seq_before = prune.page.evaluate("window.prune.lecture.seq")

    prune.page.reload()
    prune.page.wait_for_selector(".lecture-bar[data-mode=presenter]")
    prune.wait_state("done")
    assert prune.page.evaluate("window.prune.lecture.code") == code
    assert prune.page.evaluate("window.prune.lecture.role") == "presenter"
    assert prune.counter() == f"step 4 of {TEXTBOOK_STEPS}"  # where the room was
    assert f"present={code}" in prune.page.url
    prune.page.wait_for_function(
        "() => document.querySelector('.lecture-audience').textContent === '1 student'"
    )
    prune.screenshot("lecture-presenter-reloaded")
    presenter_steps(prune, 3)
    assert wait_same(prune, student)["counter"] == f"step 7 of {TEXTBOOK_STEPS}"
    assert prune.page.evaluate("window.prune.lecture.seq") > seq_before

    # A dropped connection: both sides reconnect, the presenter resumes, the student re-joins.
    for side in (prune, student):
        side.page.evaluate("window.prune.lecture.socket.io.engine.close()")
    prune.page.wait_for_function("() => window.prune.lecture.ready")
    presenter_steps(prune, 2)
    assert wait_same(prune, student)["counter"] == f"step 9 of {TEXTBOOK_STEPS}"

    # Ending the lecture forgets the key and the ?present parameter, and tells the students.
    prune.page.set_viewport_size(PHONE)
    prune.screenshot("lecture-presenter-phone")
    prune.page.get_by_role("button", name="End lecture").click()
    # It asks first: "Keep lecturing" keeps it; "End it" ends it.
    prune.page.get_by_role("button", name="Keep lecturing").click()
    assert prune.page.locator(".lecture-bar").is_visible()
    assert prune.page.evaluate(f"localStorage.getItem('prune.lecture.{code}')") is not None
    prune.page.get_by_role("button", name="End lecture").click()
    ask = prune.page.locator(".lecture-end-ask")
    expect(ask).to_have_text("End the lecture for every student?")
    prune.page.get_by_role("button", name="End it").click()
    expect(prune.page.locator(".lecture-bar")).to_be_hidden()
    assert "present=" not in prune.page.url
    assert prune.page.evaluate(f"localStorage.getItem('prune.lecture.{code}')") is None
    expect(student.page.locator(".lecture-error")).to_contain_text("The teacher ended lecture")
    student.page.get_by_role("button", name="Close").click()
    expect(student.page.locator(".lecture-bar")).to_be_hidden()


def test_code_typed_on_the_home_page_joins(prune, student_page):
    code = start_lecture(prune, "preset=textbook&rule=strict")
    presenter_steps(prune, 6)
    student = student_page(viewport=PROJECTOR)
    student.open()
    field = student.page.get_by_label("Join a lecture")
    field.fill("nonsense")
    field.press("Enter")
    assert "six letters" in student.page.locator("#lecture-join-error").inner_text()
    student.page.set_viewport_size(PHONE)
    student.screenshot("lecture-join-field-phone")
    student.page.set_viewport_size(PROJECTOR)
    field.fill(f"{code[:3].lower()}-{code[3:].lower()}")
    field.press("Enter")
    student.page.wait_for_selector(".lecture-bar[data-mode=student]")
    assert wait_same(prune, student)["counter"].startswith("step 6 of")
    assert student.page.input_value("#opt-rule") == "strict"
    assert f"lecture={code}" in student.page.url


def test_unknown_lecture_says_so_and_opens_the_default_tree(student_page):
    student = student_page(viewport=PROJECTOR)
    student.page.goto("/join/ZZZZZZ")
    student.page.wait_for_selector(".lecture-bar[data-mode=error]")
    assert "no lecture ZZZZZZ" in student.page.locator(".lecture-error").inner_text()
    student.wait_state("done")
    assert student.page.evaluate("window.prune.lecture.role") is None
    assert "lecture=" not in student.page.url
    student.screenshot("lecture-unknown-code")


def test_a_student_cannot_drive(prune, student_page):
    code = start_lecture(prune)
    student = join(student_page(), code)
    other = join(student_page(), code)
    presenter_steps(prune, 2)
    wait_same(prune, student)
    # The student's page never sends cursors: its steps stay its own.
    student.page.keyboard.press("End")
    assert student.counter() == f"step {TEXTBOOK_STEPS} of {TEXTBOOK_STEPS}"
    time.sleep(0.3)
    assert prune.step() == 2
    assert wait_same(prune, other)["counter"] == f"step 2 of {TEXTBOOK_STEPS}"
    # Even a forged message is refused by the server (no key).
    ack = student.page.evaluate(
        """(code) => new Promise((resolve) => window.prune.lecture.socket.emit(
            'lecture:cursor', {room: code, key: 'guess', seq: 1e6,
                               cursor: {step: 20, playing: false, speed: 1}}, resolve))""",
        code,
    )
    assert ack == {"ok": False, "error": "only the presenter can drive this lecture"}
    time.sleep(0.3)
    assert prune.step() == 2 and other.step() == 2


def test_scrubbing_is_coalesced_below_the_rate_limit(prune, student_page):
    code = start_lecture(prune)
    student = join(student_page(viewport=PROJECTOR), code)
    # 27 steps, 4 ms apart: far more than the server's 30 messages a second would take.
    sent, elapsed = prune.page.evaluate(
        """async () => {
            const before = window.prune.lecture.seq;
            const t0 = performance.now();
            for (let k = 1; k <= 27; k++) {
                document.getElementById('btn-forward').click();
                await new Promise((r) => setTimeout(r, 4));
            }
            const elapsed = performance.now() - t0;
            await new Promise((r) => setTimeout(r, 300));
            return [window.prune.lecture.seq - before, elapsed];
        }"""
    )
    assert 1 <= sent <= elapsed / 50 + 3, (sent, elapsed)
    assert wait_same(prune, student)["counter"] == f"step {TEXTBOOK_STEPS} of {TEXTBOOK_STEPS}"
    assert prune.page.locator(".lecture-status.is-error").count() == 0


def test_the_join_link_shown_is_the_public_address_of_the_qr_code(browser):
    """With PRUNE_PUBLIC_URL set, the presenter's bar shows the address students are given,
    the one in the QR code, not the address the presenter's own browser used."""
    from conftest_browser import start_server

    public = "http://prune.example.test:8000"
    with start_server({"PRUNE_PUBLIC_URL": public}) as server:
        context = browser.new_context(base_url=server.url, viewport=PROJECTOR)
        try:
            page = context.new_page()
            page.goto("/?preset=textbook")
            page.wait_for_selector("body[data-run-state=done]", timeout=15_000)
            page.get_by_role("button", name="Start lecture").click()
            link = page.locator(".lecture-bar[data-mode=presenter] .lecture-link")
            expect(link).to_have_text(
                re.compile(re.escape(public) + r"/join/[A-Z2-9]{6}$"), timeout=15_000
            )
            code = page.evaluate("window.prune.lecture.code")
            qr = page.request.get(f"/lecture/{code}/qr.svg").text()
            assert "<svg" in qr and page.locator("img.lecture-qr").get_attribute("alt") == (
                f"QR code of {public}/join/{code}"
            )
        finally:
            context.close()
