"""/embed/l/<id>: the whole lesson in one frame — slide navigation, the step counter, a link
to open it in Prune — and it tells its parent its height (lti.frameResize) like the other
embeds."""

import pytest

pytestmark = pytest.mark.browser


def test_the_lesson_embed_navigates_and_sizes_itself(prune, base_url):
    page = prune.page
    page.goto(f"{base_url}/lessons")  # a page to frame it in (a course page would do)
    page.evaluate(
        """() => {
          window.sizes = [];
          addEventListener("message", (e) => window.sizes.push(e.data));
          const frame = document.createElement("iframe");
          Object.assign(frame, { id: "lesson", src: "/embed/l/alpha-beta-1", title: "Lesson" });
          frame.width = 640;
          frame.height = 360;
          document.body.append(frame);
        }"""
    )
    frame = page.frame_locator("#lesson")
    frame.locator('#slide[data-slide-index="0"][data-kind="tree"]').wait_for()
    assert frame.locator("#counter").inner_text() == "step 0 of 29"
    frame.locator("#btn-next-slide").click()
    frame.locator('#slide[data-slide-index="1"][data-kind="tree"]').wait_for()
    assert frame.locator("#slide-title").inner_text() == "The textbook tree"
    frame.locator("#btn-forward").click()
    assert frame.locator("#counter").inner_text() == "step 1 of 27"
    frame.locator("#slide-select").select_option("8")
    frame.locator('#slide[data-slide-index="8"]').wait_for()
    assert frame.locator("#lesson-open").get_attribute("href") == "/l/alpha-beta-1"
    page.wait_for_function("window.sizes.some((m) => m && m.subject === 'lti.frameResize')")
    heights = page.evaluate("window.sizes.filter((m) => m.subject === 'lti.frameResize')")
    assert 300 <= heights[-1]["height"] <= 400  # the frame's content: it fills the frame


def test_the_lesson_embed_may_be_framed_and_the_presenter_may_not():
    from support import make_app

    client = make_app().test_client()
    embed = client.get("/embed/l/alpha-beta-1")
    assert "frame-ancestors *" in embed.headers["Content-Security-Policy"]
    page = client.get("/l/alpha-beta-1")
    assert page.headers["X-Frame-Options"] == "DENY"
