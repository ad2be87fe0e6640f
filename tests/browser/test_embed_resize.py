"""Embeds size themselves (docs/deployment.md, "Embeds that size themselves"), in headless
Chromium.

A parent page (served by the test, on the app's origin) frames an embed and acts on its
{"subject": "lti.frameResize", "height": px} messages as Canvas does, by setting the frame's
height. The embed posts its content's height, again when the content grows, and nothing more
once the frame has that height (no loop). The practice embed has no scroller inside the frame.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PARENT_PATH = "/__test_parent.html"

# A plain page that listens as docs/deployment.md tells one to (and records what it got).
PARENT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Course page</title></head>
<body style="margin:0">
<h1 style="margin:0;height:60px">A course page</h1>
<iframe id="prune" src="%s" title="Prune"
        style="display:block;width:%dpx;height:%dpx;border:0"></iframe>
<script>
window.messages = [];
window.addEventListener("message", (event) => {
  const frame = document.getElementById("prune");
  if (event.source !== frame.contentWindow) return;
  const data = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
  window.messages.push(data);
  if (data && data.subject === "lti.frameResize") {
    frame.style.height = data.height + "px";
  }
});
</script>
</body></html>"""


def open_parent(page, base_url, src, width=640, height=360):
    """The parent page, framing `src` at width × height until the embed says its height."""
    html = PARENT % (src, width, height)
    page.route(
        f"{base_url}{PARENT_PATH}",
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )
    page.set_viewport_size({"width": width + 40, "height": 900})
    page.goto(f"{base_url}{PARENT_PATH}")


def frame_of(page):
    """The embed's frame in the parent page."""
    embeds = ("/embed", "/embed/practice")
    return next(f for f in page.frames if f.url.split("?")[0].endswith(embeds))


def resizes(page):
    return page.evaluate(
        "() => window.messages.filter((m) => m && m.subject === 'lti.frameResize')"
    )


def content_height(frame) -> int:
    return frame.evaluate(
        """() => Math.ceil(Math.max(...[...document.body.children]
             .filter((el) => el.tagName !== 'SCRIPT')
             .map((el) => el.getBoundingClientRect().bottom + window.scrollY
                  + (parseFloat(getComputedStyle(el).marginBottom) || 0))))"""
    )


def settled(page, ms=600):
    """Wait until no new message came for `ms`; the messages."""
    page.wait_for_function("() => window.messages.length > 0")
    while True:
        n = len(resizes(page))
        page.wait_for_timeout(ms)
        if len(resizes(page)) == n:
            return resizes(page)


def test_the_practice_embed_posts_its_height_and_again_when_it_grows(prune, base_url):
    page = prune.page
    open_parent(page, base_url, "/embed/practice?difficulty=easy&seed=3")
    frame = frame_of(page)
    frame.wait_for_selector("body[data-run-state=done]", timeout=15_000)
    messages = settled(page)
    assert messages and all(set(m) == {"subject", "height"} for m in messages)
    last = messages[-1]["height"]
    assert last == content_height(frame)
    # The parent obeyed: the frame is exactly the content's height, with no scroller inside.
    assert page.evaluate("document.getElementById('prune').clientHeight") == last
    assert frame.evaluate("document.documentElement.scrollHeight") <= last + 1
    scrollers = frame.evaluate(
        """() => [...document.querySelectorAll('body *')].filter((el) => {
             const s = getComputedStyle(el);
             return /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
           }).map((el) => el.className || el.tagName)"""
    )
    assert not scrollers, scrollers
    # No loop: settled means no message came for a while after the frame took the height.
    count = len(messages)
    page.wait_for_timeout(800)
    assert len(resizes(page)) == count
    page.screenshot(path="test-results/screenshots/embed-practice-resized-640.png", full_page=True)

    # The content grows: a new height is posted, and the frame follows.
    frame.evaluate(
        """() => { const p = document.createElement('p'); p.id = 'grown';
                   p.style.height = '300px'; p.textContent = 'more';
                   document.querySelector('.practice-side').append(p); }"""
    )
    page.wait_for_function("(h) => window.messages.at(-1).height >= h + 290", arg=last)
    grown = settled(page)[-1]["height"]
    assert grown == content_height(frame)
    assert page.evaluate("document.getElementById('prune').clientHeight") == grown
    # And shrinks back.
    frame.evaluate("document.getElementById('grown').remove()")
    page.wait_for_function("(h) => window.messages.at(-1).height === h", arg=last)


def test_the_tree_embed_posts_its_height_once_and_follows_the_frame(prune, base_url):
    page = prune.page
    open_parent(page, base_url, "/embed?preset=textbook", width=320, height=240)
    frame = frame_of(page)
    frame.wait_for_selector("body[data-run-state=done]", timeout=15_000)
    messages = settled(page)
    # The tree embed fills its frame: its height is the frame's, and the parent's answer to
    # it changes nothing, so no message follows.
    assert messages[-1]["height"] == 240
    count = len(messages)
    page.wait_for_timeout(600)
    assert len(resizes(page)) == count
    # The frame is made taller by its page: the embed says its new height, once.
    page.evaluate("document.getElementById('prune').style.height = '400px'")
    page.wait_for_function("() => window.messages.at(-1).height === 400")
    count = len(settled(page))
    page.wait_for_timeout(600)
    assert len(resizes(page)) == count


def test_an_embed_not_framed_posts_nothing(prune, base_url):
    page = prune.page
    page.add_init_script(
        """window.__posted = [];
           const post = window.postMessage.bind(window);
           window.postMessage = (m, ...rest) => {
             window.__posted.push(m);
             return post(m, ...rest);
           };"""
    )
    page.goto(f"{base_url}/embed/practice?difficulty=easy&seed=3")
    page.wait_for_selector("body[data-run-state=done]")
    page.wait_for_timeout(400)
    assert page.evaluate("window.__posted") == []
