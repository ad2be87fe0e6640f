"""LTI 1.3 benchmark: a launch from an LMS to a drawn tree, and a drill's score to the LMS's
gradebook, in headless Chromium against Prune under gunicorn.

    .venv/bin/python bench/lti.py [--rounds 10]

The LMS is the test suite's (tests/lti/lms.py: the ``lti1p3platform`` platform on a
loopback port, in this process); Prune starts as script/server does
(tests/conftest_browser.start_server) with that LMS in its registrations file. Each round,
in a fresh browser context at 1024×768 (no network throttling):

- **launch**: from opening the LMS's login initiation address (Prune's OIDC login, the LMS's
  auto-submitting form, Prune's launch, its redirect) to the default tree drawn
  (``body[data-run-state=done] #tree g.node[data-path]``); the first round fetches the
  LMS's keys, the others find them in Prune's store;
- **score**: a learner launched into a graded drill of one tree presses Check; from the
  click to the score in the LMS's gradebook (an access token from the LMS's token endpoint
  the first time, then the score posted to the line item).

Also printed: Prune's own share of a launch, the time its ``/lti/login`` and
``/lti/launch`` took to answer (the rest is the LMS's pages and the embed's own load).

Targets (docs/benchmarks.md, issue 37): launch to a drawn tree <= 1 s, score to the LMS
<= 2 s after the last tree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "lti"))

from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from lms import LEARNER, LMS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

DRAWN = "body[data-run-state=done] #tree g.node[data-path]"
DRILL = {
    "prune_target": "/embed/practice/drill?level=binary&seed=5&trees=1",
    "prune_points": "1",
    "prune_grading": "latest",
}


def timed_launch(browser, lms: LMS, prune_times: dict[str, list[float]]) -> float:
    """Seconds from the LMS's login initiation to the tree drawn; Prune's own answers'
    times (request sent to first byte, loopback) are added to ``prune_times``."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    answered = []
    page.on("requestfinished", lambda request: answered.append(request))
    hint = lms.add_launch(roles=[LEARNER])
    started = time.perf_counter()
    page.goto(lms.login_initiation_url(hint))
    page.wait_for_selector(DRAWN)
    elapsed = time.perf_counter() - started
    for request in answered:
        path = request.url.split("?")[0].rsplit("/", 2)[-2:]
        if path[0] == "lti":
            timing = request.timing
            prune_times[path[1]].append(timing["responseStart"] - timing["requestStart"])
    context.close()
    return elapsed


def timed_score(browser, lms: LMS) -> float:
    line_item = lms.create_lineitem({"label": "Drill", "scoreMaximum": 1})
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.goto(lms.login_initiation_url(lms.add_launch(custom=DRILL, lineitem=line_item["id"])))
    page.wait_for_selector(DRAWN)
    started = time.perf_counter()
    page.click("#drill-check")
    while not lms.scores.get(line_item["id"]):
        if time.perf_counter() - started > 30:
            raise RuntimeError("no score reached the LMS within 30 s")
        time.sleep(0.002)
    elapsed = time.perf_counter() - started
    context.close()
    return elapsed


def summary(name: str, times: list[float], target: float) -> str:
    ordered = sorted(times)
    verdict = "met" if ordered[-1] <= target else "NOT met"
    return (
        f"{name:8} first {times[0] * 1000:6.0f} ms  median {statistics.median(ordered) * 1000:6.0f}"
        f" ms  max {ordered[-1] * 1000:6.0f} ms  (target <= {target:g} s: {verdict})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    lms = LMS()
    folder = Path(tempfile.mkdtemp(prefix="prune-lti-bench-"))
    registrations = folder / "lti.json"
    registrations.write_text(json.dumps({"platforms": [lms.registration_for_prune()]}))
    server = start_server({"PRUNE_LTI_CONFIG": str(registrations)})
    lms.connect_tool(server.url)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS
            )
            print(f"Chromium {browser.version}, 1024×768, loopback, {args.rounds} rounds")
            prune_times = {"login": [], "launch": []}
            launches = [timed_launch(browser, lms, prune_times) for _ in range(args.rounds)]
            scores = [timed_score(browser, lms) for _ in range(args.rounds)]
            print(summary("launch", launches, 1.0))
            print(summary("score", scores, 2.0))
            for name, times in prune_times.items():
                print(
                    f"  Prune's /lti/{name}: median {statistics.median(times):.0f} ms,"
                    f" max {max(times):.0f} ms (request to first byte)"
                )
            browser.close()
    finally:
        server.stop()
        lms.stop()


if __name__ == "__main__":
    main()
