"""Browser benchmark: the first render of the empty-board tic-tac-toe decision's tree.

    .venv/bin/python bench/game_pages.py [--url http://127.0.0.1:8000] [--rounds 5]

Without --url it starts the app under gunicorn (tests/conftest_browser.start_server). In
headless Chromium at 1280×720 it opens /play/tictactoe, plays O (so the computer moves first,
from the empty board), then clicks "Show the search" and measures in the page:

* total: the click → the tree drawn and the next frame painted (a requestAnimationFrame, then
  a setTimeout 0), the trace's 28,654 rows and 61,836 events included;
* fetch: the click → the trace's response fully received (Resource Timing);
* render: received → painted (parse, Trace, the view's first draw at the last step).

The first round computes the trace on the server; later rounds (a new game each time) get it
from the server's trace cache. Prints each round and the median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest_browser import CHROMIUM_ARGS, chromium_path, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

MEASURE = """async () => {
  const start = performance.now();
  document.body.dataset.runState = "clicked";
  document.querySelector('[data-action="show-search"]').click();
  await new Promise((resolve) => {
    const done = () => document.body.dataset.runState === "done";
    const poll = () => (done() ? resolve() : setTimeout(poll, 1));
    poll();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const painted = performance.now();
  const entry = performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("/api/games/tictactoe/trace")).pop();
  performance.clearResourceTimings();
  const received = entry.responseEnd;
  return { total: painted - start, fetch: received - start, render: painted - received,
           nodes: window.prune.trace.size, events: window.prune.trace.length };
}"""


def round_trip(page) -> dict:
    page.click("label[for=mark-o]")
    page.click('[data-action="new-game"]')
    page.wait_for_selector('[data-cell="0"][aria-label$="X"], [data-cell] >> nth=0')
    page.wait_for_function(
        "() => document.querySelectorAll('[data-cell]:disabled').length === 1"
        " && document.querySelector('[data-action=show-search]').getAttribute('aria-disabled')"
        " === 'false'"
    )
    return page.evaluate(MEASURE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    server = None if args.url else start_server({"PRUNE_API_RATE_LIMIT": "6000/minute"})
    url = args.url or server.url
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(f"{url}/play/tictactoe")
            print(f"Chromium {browser.version}, 1280×720")
            rounds = []
            for index in range(args.rounds):
                figures = round_trip(page)
                rounds.append(figures)
                where = "computed" if index == 0 else "cached"
                print(
                    f"round {index + 1} ({where}): total {figures['total']:.0f} ms, fetch "
                    f"{figures['fetch']:.0f} ms, render {figures['render']:.0f} ms "
                    f"({figures['nodes']:,} rows, {figures['events']:,} events)"
                )
            for key in ("total", "fetch", "render"):
                print(f"median {key}: {statistics.median(r[key] for r in rounds):.0f} ms")
            browser.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
