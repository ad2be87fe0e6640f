"""Browser benchmark: the built-in lesson ("Alpha-beta in one lecture", 10 slides) presented
and printed, against its targets (first slide ≤ 1 s, next slide ≤ 300 ms, 10 slides
to PDF ≤ 10 s).

    .venv/bin/python bench/lessons.py [--url http://127.0.0.1:8000] [--rounds 6]

Without --url it starts the app under gunicorn (tests/conftest_browser.start_server). In
headless Chromium at 1280×720, each round:

* first: page.goto(/l/alpha-beta-1) → the first slide's tree drawn (its section marked
  [data-slide-index="0"][data-kind="tree"]); the page's DOMContentLoaded is printed beside it;
* next: in the page, goTo(slide 2) → slide 2's tree drawn and the next frame painted (the
  page preloads the next slide while the first is shown, as a presenter would wait);
* pdf: page.goto(/l/alpha-beta-1/print) → every slide drawn → page.pdf(A4) written.

The first round computes the traces and the experiment on the server; later rounds get the
traces from the server's cache (the experiment's stream is computed each time). Prints each
round and the medians.
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

NEXT_SLIDE = """async () => {
  const t = performance.now();
  window.prune.goTo(window.prune.deck.start(1));
  const shown = '#slide[data-slide-index="1"][data-kind="tree"]';
  await new Promise((r) => {
    const c = () => (document.querySelector(shown) ? r() : requestAnimationFrame(c));
    c();
  });
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t;
}"""


def measure(url: str, rounds: int) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        rows = []
        for index in range(rounds):
            started = time.perf_counter()
            page.goto(f"{url}/l/alpha-beta-1?round={index}")
            page.wait_for_selector('#slide[data-slide-index="0"][data-kind="tree"]')
            first = (time.perf_counter() - started) * 1000
            loaded = page.evaluate(
                "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
            )
            page.wait_for_timeout(800)
            following = page.evaluate(NEXT_SLIDE)
            started = time.perf_counter()
            page.goto(f"{url}/l/alpha-beta-1/print")
            page.wait_for_selector("body[data-run-state=done]", timeout=60_000)
            page.pdf(format="A4")
            pdf = time.perf_counter() - started
            rows.append((first, following, pdf))
            print(
                f"round {index + 1}: first slide {first:.0f} ms (DOMContentLoaded {loaded:.0f}), "
                f"next slide {following:.0f} ms, 10 slides to PDF {pdf:.1f} s"
            )
        browser.close()
    firsts, nexts, pdfs = zip(*rows, strict=True)
    print(
        f"median: first slide {statistics.median(firsts):.0f} ms, next slide "
        f"{statistics.median(nexts):.0f} ms, PDF {statistics.median(pdfs):.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Prune (default: start one)")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    if args.url:
        measure(args.url.rstrip("/"), args.rounds)
        return
    with start_server() as server:
        measure(server.url, args.rounds)


if __name__ == "__main__":
    main()
