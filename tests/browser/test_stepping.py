"""End-to-end: step over (↓) and step out (↑) land on the steps stepping.js documents, for
every step of the textbook, Pacman and random-binary-10 traces, in search order when move
ordering changes it, while events stream in; and the speed select goes up to 16×.

The expected steps are computed here, independently of stepping.js, from the trace's wire
events and its node table's parents, by a direct reading of the documented rules:
- the current node at step k ≥ 1 is the node of event k - 1; at step 0 the root;
- a node is finished at the step of its exit (a leaf: of its leaf event);
- step over: where the current node is finished if that is after k, else where the node
  current at step k + 1 is finished;
- step out: from the root, the last step; else the first step after the current node X is
  finished whose event enters or evaluates another child of X's parent P, cuts off at P, or
  is P's exit.
Both are -1 when there is no such step after k.
"""

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser

TEXTBOOK_STEPS = 27

# stepOver/stepOut from stepping.js for every step, and the wire data to check them against.
ALL_TARGETS = """async () => {
  const { stepOver, stepOut } = await import('/static/js/trace/stepping.js');
  const t = window.prune.trace;
  const over = [], out = [];
  for (let k = 0; k <= t.length; k++) { over.push(stepOver(t, k)); out.push(stepOut(t, k)); }
  return { over, out, events: t.wireEvents, parents: t.nodes.map((row) => row.parent) };
}"""


def reference(events, parents):
    """(step over, step out) for every step 0..len(events), by the documented rules."""
    n = len(events)
    finished = {}
    for j, event in enumerate(events):
        if event[0] in ("exit", "leaf"):
            finished[event[1]] = j + 1

    def current(k):
        return 0 if k == 0 else events[k - 1][1]

    def after(step, k):
        return step if step is not None and step > k else -1

    def step_over(k):
        node = current(k)
        if finished.get(node) != k:  # not finished yet at step k
            return after(finished.get(node), k)
        if k == n:
            return -1
        return after(finished.get(events[k][1]), k)

    def step_out(k):
        node = current(k)
        parent = parents[node]
        if parent is None:
            return n if k < n else -1
        if node not in finished:
            return -1
        for j in range(finished[node], n):
            kind, other = events[j][0], events[j][1]
            if kind in ("enter", "leaf") and parents[other] == parent and other != node:
                return j + 1
            if kind in ("cutoff", "exit") and other == parent:
                return j + 1
        return -1

    return [step_over(k) for k in range(n + 1)], [step_out(k) for k in range(n + 1)]


def check_all_steps(prune):
    got = prune.page.evaluate(ALL_TARGETS)
    over, out = reference(got["events"], got["parents"])
    assert len(got["over"]) == len(got["events"]) + 1
    assert got["over"] == over
    assert got["out"] == out
    return got


def press_body(prune, key):
    """Press a key with the focus on the page's body (nothing focused)."""
    prune.page.evaluate("document.activeElement && document.activeElement.blur()")
    prune.page.keyboard.press(key)


def disabled(prune, selector):
    return prune.page.get_attribute(selector, "aria-disabled") == "true"


def test_textbook_buttons_and_keys_land_on_the_documented_steps(prune):
    prune.open("preset=textbook")
    got = check_all_steps(prune)
    events = got["events"]
    assert len(events) == TEXTBOOK_STEPS
    # Read off the event list (step k = events[k - 1]):
    assert events[1][:2] == ["enter", 1]  # step 2 enters the first MIN node [0]
    assert events[2][:2] == ["leaf", 2] and events[4][:2] == ["leaf", 3]  # [0,0], [0,1]
    assert events[8][:2] == ["exit", 1]  # step 9: [0] returns 3
    assert events[10][:2] == ["enter", 5]  # step 11 enters [1]
    assert events[11][:2] == ["leaf", 6] and events[13][:2] == ["cutoff", 5]  # 12, 14
    assert events[16][:2] == ["enter", 9]  # step 17 enters [2]
    assert events[21][:2] == ["leaf", 12] and events[23][:2] == ["cutoff", 9]  # 22, 24
    assert events[26][:2] == ["exit", 0]  # step 27: the root returns

    # (from step, step over or out, lands on): by button and by key
    cases = [
        (0, "over", TEXTBOOK_STEPS),  # the root, not yet entered: its exit, the end
        (0, "out", TEXTBOOK_STEPS),
        (2, "over", 9),  # entering [0]: over lands on [0]'s exit
        (2, "out", 11),  # [0]'s parent (the root) moves on: enters [1]
        (3, "out", 5),  # leaf [0,0]: out lands on evaluating the next leaf [0,1]
        (3, "over", 9),  # [0,0] is finished: step 4's node ([0], updated) finishes at 9
        (4, "over", 9),
        (9, "over", TEXTBOOK_STEPS),  # [0] returned; step 10 updates the root
        (9, "out", 11),
        (12, "out", 14),  # leaf [1,0]: the cutoff at [1] comes before any other child
        (13, "over", 15),  # [1] updated: its exit
        (14, "out", 17),  # the cutoff at [1]: the root enters [2]
        (20, "out", 22),
        (22, "out", 24),  # the last leaf [2,2]: the cutoff at [2] (last child)
        (23, "out", TEXTBOOK_STEPS),  # [2] returns at 25, the root updates (26), returns
        (10, "out", TEXTBOOK_STEPS),  # the root updated: out is the end
    ]
    for start, which, target in cases:
        index = 0 if which == "over" else 1
        expected = (got["over"], got["out"])[index][start]
        assert expected == target, (start, which, expected)
        button = "#btn-step-over" if which == "over" else "#btn-step-out"
        key = "ArrowDown" if which == "over" else "ArrowUp"
        prune.page.evaluate("(k) => window.prune.seek(k)", start)
        assert not disabled(prune, button)
        prune.page.click(button)
        assert prune.step() == target, (start, which, "button")
        prune.page.evaluate("(k) => window.prune.seek(k)", start)
        press_body(prune, key)
        assert prune.step() == target, (start, which, "key")

    # At the end there is nowhere to go: both buttons are disabled and do nothing.
    prune.page.evaluate("(k) => window.prune.seek(k)", TEXTBOOK_STEPS)
    assert disabled(prune, "#btn-step-over") and disabled(prune, "#btn-step-out")
    press_body(prune, "ArrowDown")
    press_body(prune, "ArrowUp")
    assert prune.step() == TEXTBOOK_STEPS

    # The buttons are named with their keys; "last step" says it goes to the end now.
    assert prune.page.get_attribute("#btn-step-over", "aria-label").endswith("(↓)")
    assert prune.page.get_attribute("#btn-step-out", "aria-label").endswith("(↑)")
    assert "end now" in prune.page.get_attribute("#btn-last", "aria-label")
    assert prune.page.get_attribute("#btn-last", "aria-label").endswith("(End)")


def test_keys_are_left_alone_while_typing_on_the_slider_a_select_or_when_handled(prune):
    prune.open("preset=textbook&step=2")
    assert prune.step() == 2
    for selector in ("#opt-players", "#speed"):
        prune.page.focus(selector)
        prune.page.keyboard.press("ArrowDown")
        prune.page.keyboard.press("ArrowUp")
        assert prune.step() == 2, selector
    prune.page.focus("#scrub")  # the slider steps itself, one step at a time
    prune.page.keyboard.press("ArrowDown")
    assert prune.step() == 1
    prune.page.keyboard.press("ArrowUp")
    assert prune.step() == 2
    # A handler that ran first and called preventDefault() keeps the key.
    prune.page.evaluate(
        """() => document.addEventListener("keydown", (e) => e.preventDefault(),
                                            { capture: true, once: true })"""
    )
    press_body(prune, "ArrowDown")
    assert prune.step() == 2
    press_body(prune, "ArrowDown")
    assert prune.step() == 9
    # The key the player handles is not also a page scroll.
    prevented = prune.page.evaluate(
        """() => new Promise((resolve) => {
          document.addEventListener("keydown", (e) => resolve(e.defaultPrevented), { once: true });
          window.prune.seek(2);
          document.activeElement && document.activeElement.blur();
          document.body.dispatchEvent(new KeyboardEvent("keydown", {
            key: "ArrowUp", bubbles: true, cancelable: true }));
        })"""
    )
    assert prevented is True
    assert prune.step() == 11


@pytest.mark.parametrize("preset", ["random-binary-10", "pacman"])
def test_every_step_of_a_preset_matches_the_rules(prune, preset):
    prune.open(f"preset={preset}")
    got = check_all_steps(prune)
    if preset == "random-binary-10":
        assert len(got["events"]) == 2607
    # Each step over or out moves forward, and never past the end.
    n = len(got["events"])
    assert all(k < t <= n for k, t in enumerate(got["over"]) if t != -1)
    assert all(k < t <= n for k, t in enumerate(got["out"]) if t != -1)


def test_minimax_and_the_strict_rule_match_the_rules(prune):
    prune.open("preset=textbook&algorithm=minimax")
    got = check_all_steps(prune)
    # Minimax never cuts off: out from the last leaf [0,2] (step 7) is [0]'s exit (step 9).
    assert got["events"][6][:2] == ["leaf", 4] and got["events"][8][:2] == ["exit", 1]
    assert got["out"][7] == 9
    prune.open("preset=tie&rule=strict")
    check_all_steps(prune)


def test_step_out_follows_the_search_order_not_the_table(prune):
    # Worst ordering on the textbook tree: the root searches [1], [2], [0]; [1] its leaves
    # [1,2], [1,1], [1,0] (ids 8, 7, 6), and [2] cuts off after its last leaf.
    prune.open("preset=textbook&ordering=worst")
    got = check_all_steps(prune)
    searched = [(k + 1, e[1]) for k, e in enumerate(got["events"]) if e[0] in ("enter", "leaf")]
    assert searched[:5] == [(1, 0), (2, 5), (3, 8), (5, 7), (7, 6)]
    assert (11, 9) in searched and (21, 1) in searched
    expectations = [
        (3, 5),  # leaf [1,2] (last in the table): the next child searched is [1,1]
        (7, 9),  # leaf [1,0] (first in the table), searched last: [1]'s exit
        (11, 21),  # entering [2] (last in the table): the root enters [0] next
        (2, 11),  # entering [1]: the root enters [2] next
    ]
    for start, target in expectations:
        assert got["out"][start] == target, start
        prune.page.evaluate("(k) => window.prune.seek(k)", start)
        press_body(prune, "ArrowUp")
        assert prune.step() == target, start
    prune.page.evaluate("() => window.prune.seek(11)")
    prune.page.click("#btn-step-over")
    assert prune.step() == 19  # [2]'s exit

    prune.open("preset=random-binary-10&ordering=random&seed=7")
    check_all_steps(prune)


# Every prefix of the textbook trace, appended one event at a time to one Trace (so the
# index grows incrementally) and also loaded whole into a fresh Trace per prefix.
STREAMING = """async () => {
  const { stepOver, stepOut } = await import('/static/js/trace/stepping.js');
  const { Trace } = await import('/static/js/trace/trace.js');
  const full = window.prune.trace;
  const wire = full.wireEvents;
  const growing = new Trace(full.nodes, full.options);
  const rows = [];
  for (let n = 0; n <= wire.length; n++) {
    if (n > 0) growing.append([wire[n - 1]]);
    const fresh = new Trace(full.nodes, full.options);
    fresh.append(wire.slice(0, n));
    for (let k = 0; k <= n; k++) {
      rows.push([n, k, stepOver(growing, k), stepOut(growing, k),
                 stepOver(fresh, k), stepOut(fresh, k)]);
    }
  }
  return rows;
}"""


def test_a_target_not_yet_streamed_in_is_none_never_a_wrong_one(prune):
    prune.open("preset=textbook")
    full_over, full_out = (prune.page.evaluate(ALL_TARGETS)[key] for key in ("over", "out"))
    rows = prune.page.evaluate(STREAMING)
    assert len(rows) == sum(n + 1 for n in range(TEXTBOOK_STEPS + 1))
    for n, k, over, out, fresh_over, fresh_out in rows:
        assert (over, out) == (fresh_over, fresh_out), (n, k)
        assert over == (full_over[k] if full_over[k] <= n else -1), (n, k)
        assert out == (full_out[k] if full_out[k] <= n else -1), (n, k)


def test_speeds_go_to_16x_and_play_reaches_the_end_one_step_at_a_time(prune):
    prune.open("preset=textbook")
    speeds = prune.page.eval_on_selector_all("#speed option", "els => els.map(e => e.value)")
    assert speeds == ["0.25", "0.5", "1", "2", "4", "8", "16"]
    assert prune.page.input_value("#speed") == "1"
    # Record every step shown while playing at 16×: all of them, in order, none skipped.
    prune.page.evaluate(
        """() => {
          window.__shown = [];
          new MutationObserver(() => window.__shown.push(window.prune.step))
            .observe(document.getElementById('counter'), { childList: true, subtree: true,
                                                          characterData: true });
        }"""
    )
    prune.page.select_option("#speed", "16")
    prune.page.click("#btn-play")
    prune.wait_counter(f"step {TEXTBOOK_STEPS} of {TEXTBOOK_STEPS}", timeout=10_000)
    prune.page.wait_for_function(
        "() => document.getElementById('btn-play').dataset.playing === 'false'"
    )
    shown = prune.page.evaluate("window.__shown")
    steps = [k for i, k in enumerate(shown) if k and (i == 0 or k != shown[i - 1])]
    assert steps == list(range(1, TEXTBOOK_STEPS + 1))  # (step 0 again when play starts)

    # 8× from the middle, paused again on a click of "to the end now".
    prune.page.evaluate("() => window.prune.seek(3)")
    prune.page.select_option("#speed", "8")
    prune.page.click("#btn-play")
    prune.page.wait_for_function("() => window.prune.step >= 4")
    prune.page.click("#btn-last")
    assert prune.step() == TEXTBOOK_STEPS
    assert prune.page.get_attribute("#btn-play", "aria-pressed") == "false"


def test_playing_at_16x_on_a_big_tree_advances(prune):
    prune.open("preset=random-binary-10")
    prune.page.select_option("#speed", "16")
    prune.page.click("#btn-play")
    prune.page.wait_for_function("() => window.prune.step >= 30", timeout=10_000)
    prune.page.click("#btn-play")
    assert prune.page.get_attribute("#btn-play", "aria-pressed") == "false"


def test_the_narrow_embed_hides_the_step_buttons(prune, browser, live_server):
    prune.page.goto("/embed?preset=textbook")
    prune.wait_state("done")
    assert prune.page.is_visible("#btn-step-over") and prune.page.is_visible("#btn-step-out")
    prune.page.click("#btn-step-over")
    assert prune.step() == TEXTBOOK_STEPS
    context = browser.new_context(viewport={"width": 390, "height": 260})
    phone = PrunePage(context.new_page())
    phone.page.goto(f"{live_server.url}/embed?preset=textbook")
    phone.wait_state("done")
    for selector in ("#btn-step-over", "#btn-step-out", "#btn-next-cut"):
        assert not phone.page.is_visible(selector), selector
    assert phone.page.is_visible("#btn-last")
    phone.page.evaluate("document.activeElement && document.activeElement.blur()")
    phone.page.keyboard.press("ArrowDown")  # the keys still work
    assert phone.page.evaluate("window.prune.step") == TEXTBOOK_STEPS
    phone.assert_clean()
    context.close()
