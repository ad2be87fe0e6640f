"""End-to-end: /embed in an iframe of another origin (plays and steps), its parameters and
small sizes, and the main page refusing to be framed."""

import functools
import http.server
import threading

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def other_origin(tmp_path, live_server):
    """A static page on a second local port that frames the app."""
    (tmp_path / "course.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<title>Course</title></head><body><h1>Week 3</h1>"
        f'<iframe id="embed" src="{live_server.url}/embed?preset=textbook&autoplay=1&speed=4"'
        ' width="640" height="420" title="Prune"></iframe>'
        f'<iframe id="main" src="{live_server.url}/" width="400" height="300"'
        ' title="main"></iframe></body></html>'
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_embed_plays_in_an_iframe_of_another_origin_and_main_page_refuses(prune, other_origin):
    page = prune.page
    page.goto(f"{other_origin}/course.html")
    embed = page.frame_locator("#embed")
    embed.locator("body[data-run-state=done]").wait_for()
    # Autoplay at 4×: the counter moves on by itself.
    for _ in range(100):
        if int(embed.locator("#counter").inner_text().split()[1]) >= 3:
            break
        page.wait_for_timeout(100)
    else:
        pytest.fail("the embed did not autoplay")
    embed.locator("#btn-play").click()  # pause
    text = embed.locator("#counter").inner_text()
    step = int(text.split()[1])
    embed.locator("#btn-forward").click()
    assert embed.locator("#counter").inner_text().startswith(f"step {step + 1} of")
    assert embed.locator("g.node").count() == 13
    assert embed.locator("#narration").inner_text()

    # The main page refused to be framed: its frame shows none of the app.
    main = page.frame_locator("#main")
    page.wait_for_timeout(300)
    assert main.locator("#tree, .app-header, body[data-run-state]").count() == 0
    prune.screenshot("embed-in-course-page")
    # Chromium logs the refusal (frame-ancestors 'none' / X-Frame-Options): that is expected.
    refused = [
        e for e in prune.errors if "frame-ancestors 'none'" in e or "x-frame-options" in e.lower()
    ]
    assert refused
    prune.errors[:] = [e for e in prune.errors if e not in refused]


def test_embed_parameters(prune):
    page = prune.page
    page.goto("/embed?preset=textbook&step=end&controls=0&theme=dark&rule=strict")
    prune.wait_state("done")
    assert page.locator("#player").is_hidden()
    assert page.locator("#narration").is_visible()
    assert page.get_attribute("html", "data-theme") == "dark"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 21, 27)"
    assert prune.node("").get_attribute("data-value") == "3"
    assert prune.step() == prune.length()
    prune.screenshot("embed-dark")

    page.goto("/embed?preset=textbook&step=4&narration=0")
    prune.wait_state("done")
    assert page.locator("#narration").is_hidden()
    assert prune.counter().startswith("step 4 of")


def test_embed_of_a_saved_view_and_a_small_frame(browser, live_server, wrap_page):
    import json
    import urllib.request

    body = json.dumps({"tree": [[1, 5], [2, 7]], "options": {"rule": "strict"}}).encode()
    request = urllib.request.Request(
        f"{live_server.url}/api/views", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        saved = json.loads(response.read())
    context = browser.new_context(viewport={"width": 320, "height": 240}, base_url=live_server.url)
    prune = wrap_page(context.new_page())
    prune.page.goto(f"{saved['embed']}?step=3")
    prune.wait_state("done")
    assert len(prune.nodes()) == 7
    assert prune.counter().startswith("step 3 of")
    # Everything fits the frame: no scrolling, the player is on screen.
    page = prune.page
    assert page.evaluate("document.documentElement.scrollHeight") <= 240
    box = page.locator("#btn-play").bounding_box()
    assert box and box["y"] + box["height"] <= 240
    tree = page.locator("#tree").bounding_box()
    assert tree["height"] >= 100
    prune.screenshot("embed-320x240")
    prune.assert_clean()
    context.close()
