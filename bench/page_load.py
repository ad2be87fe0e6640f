"""Browser benchmark: the pages students open, on emulated school Wi-Fi, cold and warm.

    .venv/bin/python bench/page_load.py [--url http://127.0.0.1:8000] [--rounds 5]
        [--kbits 1500] [--latency 150] [--assets bundle|modules]

Without --url it starts the app under gunicorn as script/server does (tests/conftest_browser
.start_server), serving the production build (or, with --assets modules, the modules one by
one, as before the build: for comparison). In headless Chromium at 390×844 (a phone), with
the network emulated by CDP's Network.emulateNetworkConditions (--kbits down, half that up,
--latency ms each way), each page is opened --rounds times in a fresh browser context (cold:
an empty cache), then once more in the same context (warm). Time to usable: from the
navigation's start to the page's ready mark (the tree drawn, the game loaded, the student
joined). Prints each page's median cold and warm times, and a cold load's requests and bytes
received (compressed, headers included).

The join page is a lecture's /join/<code>: a presenter (not throttled) starts the lecture
first. Figures are in docs/benchmarks.md; tests/browser/test_page_weight.py holds the
request and byte limits, never the times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PHONE = {"width": 390, "height": 844}
PAGES = {
    "visualizer /": ("/", "body[data-run-state=done] #tree g.node[data-path]"),
    "join /join/<code>": (None, "body[data-run-state=done] .lecture-bar[data-mode=student]"),
    "lesson /l/alpha-beta-1": (
        "/l/alpha-beta-1",
        '#slide[data-slide-index="0"] #tree g.node[data-path]',
    ),
    "drill /practice/drill": (
        "/practice/drill",
        "body[data-run-state=done] #tree g.node[data-path]",
    ),
    "pacman /play/pacman": ("/play/pacman", "main[data-game-load=ready]"),
}


def start_lecture(browser, url: str) -> str:
    context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto("/?preset=textbook")
    page.wait_for_selector("body[data-run-state=done]")
    page.get_by_role("button", name="Start lecture").click()
    page.wait_for_selector(".lecture-bar[data-mode=presenter] .lecture-code")
    return page.evaluate("window.prune.lecture.code"), context


def throttle(page, kbits: int, latency: int) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency,
            "downloadThroughput": kbits * 1000 / 8,
            "uploadThroughput": kbits * 1000 / 16,
        },
    )


def timed_visit(page, path: str, ready: str) -> float:
    started = time.perf_counter()
    page.goto(path, wait_until="commit")
    page.wait_for_selector(ready, timeout=120_000)
    return time.perf_counter() - started


def measure(browser, url, path, ready, args) -> dict:
    context = browser.new_context(base_url=url, viewport=PHONE)
    try:
        page = context.new_page()
        throttle(page, args.kbits, args.latency)
        requests = []
        page.on("requestfinished", lambda request: requests.append(request))
        cold = timed_visit(page, path, ready)
        received = 0
        for request in list(requests):
            sizes = request.sizes()
            received += sizes["responseHeadersSize"] + sizes["responseBodySize"]
        count = len(requests)
        warm = timed_visit(page, path, ready)
        return {"cold": cold, "warm": warm, "requests": count, "bytes": received}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--kbits", type=int, default=1500)
    parser.add_argument("--latency", type=int, default=150)
    parser.add_argument("--assets", choices=("bundle", "modules"), default="bundle")
    args = parser.parse_args()
    env = {"PRUNE_API_RATE_LIMIT": "6000/minute", "PRUNE_ASSETS": args.assets}
    server = None if args.url else start_server(env)
    url = args.url or server.url
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(), args=CHROMIUM_ARGS
            )
            print(
                f"Chromium {browser.version}, 390×844, {args.kbits} kbit/s down, "
                f"{args.latency} ms latency, {args.assets}, median of {args.rounds}"
            )
            code, presenter = start_lecture(browser, url)
            for name, (path, ready) in PAGES.items():
                rounds = [
                    measure(browser, url, path or f"/join/{code}", ready, args)
                    for _ in range(args.rounds)
                ]
                cold = statistics.median(r["cold"] for r in rounds)
                warm = statistics.median(r["warm"] for r in rounds)
                print(
                    f"{name:24} cold {cold:5.2f} s  warm {warm:5.2f} s  "
                    f"({rounds[0]['requests']} requests, {rounds[0]['bytes'] / 1024:.0f} KiB cold)"
                )
            presenter.close()
            browser.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
