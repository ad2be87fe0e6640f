"""A lecture given from a lesson shows students every slide, not only the tree slides: a slide
of notes (its title and notes, elements only, and no stale tree: the tab's title names the
slide, not the last tree), an experiment's chart (drawn
from the rows the presenter sends: students never run the experiment), a game decision (its
whole tree, step for step with the presenter's trace; when no tree document replays it, a
line saying so), a tree slide (its notes above the tree,
which is still drawn whole and uncovered) and a question. A student exploring on their own
keeps the line saying where the teacher is."""

import pytest
from axe_checks import assert_no_serious
from lesson_lectures import start_lecture
from playwright.sync_api import expect
from scene_checks import context_problems, covered_or_small_values

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
PAGE_TITLE = "Prune: alpha-beta pruning, step by step"  # the main page's own tab title

LESSON = {
    "title": "Every slide",
    "slides": [
        {"title": "Why prune?", "notes": "Minimax looks at **every** leaf.\n\n<b>not bold</b>"},
        {
            "title": "Move ordering",
            "notes": "Perfect ordering is *fast*.",
            "view": {
                "kind": "experiment",
                "name": "ordering",
                "query": {"branching": "2", "depths": "1-3", "trials": "1", "seed": "1"},
            },
        },
        {
            "title": "Tic-tac-toe",
            "notes": "X to move.",
            "view": {"kind": "game", "game": "tictactoe", "query": {"board": "XO.XO...."}, "to": 3},
        },
        {
            "title": "Textbook",
            "notes": "The first cutoff comes at step 14.",
            "view": {"kind": "tree", "preset": "textbook", "to": 2},
        },
        {
            "title": "Predict",
            "notes": "",
            "view": {"kind": "tree", "tree": [[5, 6], [7, 4, 5], [3, 8]]},
            "question": {"prompt": "Values?"},
        },
    ],
}

# The current node's dotted path at the step shown: the lesson stage's trace, the main page's.
TEACHER_CURRENT = """() => { const t = window.prune.stage.content.trace;
  const s = t.seek(window.prune.position.step); return t.keys[s.current]; }"""
STUDENT_CURRENT = """() => { const t = window.prune.trace;
  const s = t.seek(window.prune.step); return t.keys[s.current]; }"""
SERIES = "els => els.map(e => e.getAttribute('class'))"
# Whether the element is what a student sees at its centre: on screen, not clipped or covered.
SEEN = """el => { const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  return !!hit && el.contains(hit); }"""

# Records in the page whether the question's results were ever shown (not [hidden], its panel
# shown): a reveal followed at once by the close can leave them on screen for a moment only.
SEEN_RESULTS = """() => {
  window.resultsSeen = false;
  const results = document.getElementById("qs-results");
  const check = () => {
    if (!results.hidden && results.offsetParent !== null) window.resultsSeen = true;
  };
  new MutationObserver(check).observe(document.body, { attributes: true, subtree: true });
}"""


@pytest.fixture
def student(browser, base_url, wrap_page):
    """``student(viewport)``: a PrunePage in a context of its own."""
    contexts = []

    def make(viewport):
        context = browser.new_context(base_url=base_url, viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return wrap_page(page)

    yield make
    for context in contexts:
        context.close()


def on_slide(teacher, page, index, kind):
    teacher.locator(f'#slide[data-slide-index="{index}"][data-kind="{kind}"]').wait_for()
    page.locator(f'#lesson-mark[data-slide="{index}"]').wait_for(state="attached")


def test_a_student_sees_every_slide_of_the_lesson(prune, student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON)
    follower = student(PROJECTOR)
    page = follower.page
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done]")

    # Notes: the slide in the tree's place; markup as elements, "<b>" as text; no stale tree.
    card = page.locator("#lesson-card")
    expect(card).to_be_visible()
    expect(page.locator("#lesson-card-title")).to_have_text("Why prune?")
    notes = page.locator("#lesson-card-notes")
    expect(notes.locator("strong")).to_have_text("every")
    expect(notes).to_contain_text("<b>not bold</b>")
    assert notes.locator("b").count() == 0
    expect(page.locator("#tree")).to_be_hidden()
    expect(page.locator("#counter")).to_be_hidden()
    expect(page).to_have_title("Slide 1 of 5: Why prune? · Prune")

    # The experiment: the stage's chart, drawn from the rows sent with the view.
    teacher.keyboard.press("PageDown")
    on_slide(teacher, page, 1, "experiment")
    expect(page.locator("#lesson-card-title")).to_have_text("Move ordering")
    expect(page).to_have_title("Slide 2 of 5: Move ordering · Prune")
    chart = page.locator("#lesson-card-chart svg.chart-svg")
    expect(chart).to_be_visible()
    assert chart.evaluate(SEEN)
    series = teacher.locator("#slide-chart g.serie").evaluate_all(SERIES)
    assert len(series) == 5 and "serie s-perfect" in series
    expect(page.locator("#lesson-card-chart g.serie")).to_have_count(5)
    assert page.locator("#lesson-card-chart g.serie").evaluate_all(SERIES) == series
    markers = teacher.locator("#slide-chart svg.chart-svg .marker").count()
    expect(page.locator("#lesson-card-chart svg.chart-svg .marker")).to_have_count(markers)
    expect(page.locator("#tree")).to_be_hidden()
    assert not [url for url in asked if "/api/experiments" in url], "the student ran it"
    assert_no_serious(page, "a student on a chart slide")

    # The game decision: its whole tree, step for step with the teacher's trace.
    teacher.keyboard.press("PageDown")
    on_slide(teacher, page, 2, "game")
    page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")
    expect(page).to_have_title(PAGE_TITLE)  # the slide's tree is on screen, under its name
    expect(card).to_be_visible()
    expect(notes).to_have_text("X to move.")
    expect(page.locator("#tree")).to_be_visible()
    length = teacher.locator("#counter").inner_text().split(" of ")[1]
    expect(page.locator("#counter")).to_have_text(f"step 0 of {length}")
    for _ in range(3):
        teacher.keyboard.press("PageDown")
    expect(teacher.locator("#counter")).to_have_text(f"step 3 of {length}")
    expect(page.locator("#counter")).to_have_text(f"step 3 of {length}")
    assert page.evaluate(STUDENT_CURRENT) == teacher.evaluate(TEACHER_CURRENT)
    assert page.locator("#tree g.node[data-path]").count() > 1
    assert context_problems(page) == []

    # The tree slide: its notes above the tree, which is drawn whole and uncovered.
    teacher.keyboard.press("PageDown")
    on_slide(teacher, page, 3, "tree")
    expect(notes).to_have_text("The first cutoff comes at step 14.")
    expect(page.locator("#tree g.node[data-path]")).to_have_count(13)
    expect(page.locator("#counter")).to_have_text("step 0 of 27")
    assert covered_or_small_values(page, "#tree") == []
    assert_no_serious(page, "a student on a tree slide")

    # The question slide: asked when it is reached, revealed when the teacher leaves it.
    teacher.locator("#slide-select").select_option("4")
    on_slide(teacher, page, 4, "tree")
    page.wait_for_selector("#question-student:not([hidden]) #qs-body:not([hidden])")
    expect(card).to_be_hidden()
    # Leaving it reveals the question (the student's results show) and then closes it (the
    # panel goes, the next slide shows): the results may be on screen only for a moment, so
    # the page itself records that they were shown.
    page.evaluate(SEEN_RESULTS)
    teacher.locator("#slide-select").select_option("0")
    page.wait_for_function("() => window.resultsSeen === true")
    expect(page.locator("#question-student")).to_be_hidden()
    expect(page.locator("#lesson-mark")).to_contain_text("slide 1 of 5: “Why prune?”")
    follower.assert_clean()


def test_on_a_phone_the_slide_fits_and_an_explorer_keeps_the_line(prune, student, base_url):
    teacher = prune.page
    code = start_lecture(prune, base_url, LESSON, slide=3)
    follower = student(PHONE)
    page = follower.page
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")

    # The tree slide: notes above, every node drawn whole, readable and uncovered.
    expect(page.locator("#lesson-card-notes")).to_have_text("The first cutoff comes at step 14.")
    expect(page.locator("#tree g.node[data-path]")).to_have_count(13)
    assert covered_or_small_values(page, "#tree") == []
    assert_no_serious(page, "a student on a tree slide, on a phone")

    # Back to the notes slide: the card in the tree's place, the tree not shown.
    teacher.locator("#slide-select").select_option("0")
    on_slide(teacher, page, 0, "notes")
    page.wait_for_selector("body[data-lesson-slide=card]")
    expect(page.locator("#lesson-card-title")).to_have_text("Why prune?")
    expect(page.locator("#tree")).to_be_hidden()
    expect(page).to_have_title("Slide 1 of 5: Why prune? · Prune")

    # Exploring: the student's own tree again, and the line still says where the teacher is.
    page.locator("#lecture-bar").get_by_role("button", name="Explore on my own").click()
    page.wait_for_selector("body[data-lesson-slide=tree]")
    expect(page.locator("#tree")).to_be_visible()
    expect(page.locator("#lesson-card")).to_be_hidden()
    expect(page).to_have_title(PAGE_TITLE)
    teacher.keyboard.press("PageDown")
    expect(page.locator("#lesson-mark")).to_contain_text("slide 2 of 5: “Move ordering”")
    expect(page.locator("#lesson-mark")).to_be_visible()
    expect(page.locator("#tree")).to_be_visible()
    follower.assert_clean()


def test_a_decision_no_tree_replays_is_left_to_the_teachers_screen(prune, student, base_url):
    # Heuristic ordering: the game orders its own moves, which a tree document cannot say.
    heuristic = {"board": "XO.XO....", "ordering": "heuristic"}
    lesson = {
        "title": "Ordered by the game",
        "slides": [
            LESSON["slides"][3],
            {
                "title": "Heuristic",
                "notes": "",
                "view": {"kind": "game", "game": "tictactoe", "query": heuristic},
            },
        ],
    }
    teacher = prune.page
    code = start_lecture(prune, base_url, lesson)
    follower = student(PROJECTOR)
    page = follower.page
    page.goto(f"/join/{code}")
    page.wait_for_selector("body[data-run-state=done][data-lesson-slide=tree]")
    teacher.locator("#slide-select").select_option("1")
    on_slide(teacher, page, 1, "game")
    page.wait_for_selector("body[data-lesson-slide=card]")
    expect(page.locator("#lesson-card-title")).to_have_text("Heuristic")
    expect(page.locator("#lesson-card-message")).to_have_text(
        "This game decision is on the teacher's screen."
    )
    expect(page.locator("#tree")).to_be_hidden()
    follower.assert_clean()
