"""End-to-end: the embed code "Copy embed code" gives is a responsive frame (width 100%, an
aspect ratio), and on a phone (390 px wide: a 390×260 frame) the embed shows the whole tree,
its last cutoff label inside the frame; the embed loads a preset with the cacheable GETs."""

import functools
import http.server
import threading
from html.parser import HTMLParser

import pytest
from prune_page import PrunePage

pytestmark = pytest.mark.browser

# The last subtree is cut off by its last child: that label sits beside the rightmost node.
TREE = "%5B%5B3%2C12%2C8%5D%2C%5B2%2C4%2C6%5D%2C%5B14%2C5%2C1%5D%5D"


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def parse_style(style: str) -> dict[str, str]:
    pairs = (part.split(":", 1) for part in style.split(";") if part.strip())
    return {name.strip(): value.strip() for name, value in pairs}


@pytest.fixture
def course_site(tmp_path):
    """A static site on a second local port (an http page: frame-ancestors * does not match
    about:blank): returns (folder, its URL)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def copied_embed_code(prune) -> str:
    page = prune.page
    prune.open(f"tree={TREE}&step=end")
    page.click("#share-toggle")
    page.wait_for_selector("#share-panel[data-ready=true]")
    return page.input_value("#share-embed")


def test_the_embed_code_is_responsive_and_fits_a_phone(prune, browser, live_server, course_site):
    code = copied_embed_code(prune)
    parser = Tags()
    parser.feed(code)
    [(tag, attrs)] = parser.tags
    assert tag == "iframe"
    assert "width" not in attrs and "height" not in attrs  # no fixed 720×480
    style = parse_style(attrs["style"])
    assert style["width"] == "100%"
    assert style["aspect-ratio"] == "3/2"
    assert style["max-width"] == "720px"
    assert style["border"] == "0"
    assert attrs["src"].startswith(f"{live_server.url}/embed?z=")
    assert attrs["title"] and attrs["loading"] == "lazy"

    # A course page on a phone holding the code as copied.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    host = PrunePage(context.new_page())
    folder, site = course_site
    (folder / "week3.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<meta name='viewport' content='width=device-width'><title>Week 3</title>"
        "<style>body{margin:0;font:16px sans-serif}h1{margin:8px}</style></head>"
        # The picture (layout=tree), also where the embed would pick the outline.
        f"<body><h1>Week 3</h1>{code.replace('/embed?', '/embed?layout=tree&')}"
        "<p>Next: expectimax.</p></body></html>"
    )
    host.page.goto(f"{site}/week3.html")
    frame_box = host.page.locator("iframe").bounding_box()
    assert frame_box["width"] == 390
    assert abs(frame_box["height"] - 260) <= 1
    assert host.page.evaluate("document.scrollingElement.scrollWidth") <= 390
    embed = host.page.frame_locator("iframe")
    embed.locator("body[data-run-state=done]").wait_for()
    frame = host.page.frames[1]
    assert frame.evaluate("window.prune.step") == frame.evaluate("window.prune.trace.length")
    assert embed.locator("g.node").count() == 13
    labels = frame.evaluate(
        """() => [...document.querySelectorAll('g.cutoff-label')].map((g) => {
            const r = g.getBoundingClientRect();
            const text = g.querySelector('.cutoff-kind');
            return {path: g.dataset.path, left: r.left, top: r.top, right: r.right,
                    bottom: r.bottom, shown: getComputedStyle(text).display !== 'none',
                    font: text.getBoundingClientRect().height};
        })"""
    )
    assert [label["path"] for label in labels] == ["1", "2"]
    for label in labels:  # drawn, and large enough to read
        assert label["shown"] and label["font"] >= 12, label
    tree = frame.evaluate(
        """() => { const r = document.getElementById('tree').getBoundingClientRect();
                   return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }"""
    )
    # The last step is about the root: its value is on screen, at a readable size.
    root_value = frame.evaluate(
        """() => { const r = document.querySelector('g.node[data-path=""] .val')
                     .getBoundingClientRect();
                   return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                           height: r.height}; }"""
    )
    assert root_value["height"] >= 12
    assert tree["left"] <= root_value["left"] and root_value["right"] <= tree["right"]
    assert tree["top"] <= root_value["top"] and root_value["bottom"] <= tree["bottom"]
    # Nothing scrolls inside the frame; the player is in it.
    assert frame.evaluate("document.documentElement.scrollHeight") <= 260
    assert frame.evaluate("document.documentElement.scrollWidth") <= 390
    play = embed.locator("#btn-play").bounding_box()
    assert play["y"] + play["height"] <= frame_box["y"] + frame_box["height"]
    host.screenshot("embed-code-on-a-phone-390x844")
    host.assert_clean()
    context.close()


def test_the_embed_of_a_preset_uses_the_cacheable_gets(prune):
    page = prune.page
    asked = []
    page.on("request", lambda request: asked.append((request.method, request.url)))
    page.goto("/embed?preset=textbook&rule=strict&step=end")
    prune.wait_state("done")
    api = [(method, url.split("/api/", 1)[1]) for method, url in asked if "/api/" in url]
    version = page.get_attribute("#stage", "data-trace-version")
    assert sorted(api) == sorted(
        [
            ("GET", "presets/textbook?lang=en"),  # its words in the page's language
            ("GET", f"presets/textbook/trace?rule=strict&v={version}"),
        ]
    )
    assert prune.node("").get_attribute("data-value") == "3"
    prune.assert_clean()


def test_the_embed_retries_a_429_after_retry_after(prune):
    page = prune.page
    refused = []

    def once_too_many(route):
        if not refused:
            refused.append(route.request.url)
            route.fulfill(
                status=429,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body='{"error": "too many requests (limit: 120 per 1 minute); wait a moment"}',
            )
        else:
            route.continue_()

    page.route("**/api/presets/tie/trace*", once_too_many)
    page.goto("/embed?preset=tie&step=end")
    page.wait_for_function(
        "() => document.getElementById('embed-loading')?.textContent.includes('busy')"
    )
    prune.wait_state("done")
    assert len(refused) == 1
    assert prune.step() == prune.length()
    # Chromium logs the refused request itself; nothing else.
    prune.errors[:] = [e for e in prune.errors if "status of 429" not in e]
    prune.assert_clean()
