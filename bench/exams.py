"""Exams benchmark (docs/exams.md) against issue 35's targets: a 20-question exam with a
variant for each of 200 students generated in ≤ 5 s; one question ≤ 50 ms; a 20-question
exam and its answer key printed to PDF ≤ 15 s.

    .venv/bin/python bench/exams.py [--variants 200] [--rounds 3] [--no-print] [--url URL]

* generate: ``generate_exam`` on SPEC (20 questions: every kind, depths 2 to 4, ragged and
  uniform branching, both rules, three with properties asked) in this process, one core;
* question: each of SPEC's questions alone, variant 1 only (the median and the slowest);
* print: the exam created once through ``POST /api/exams`` (without --url the app is
  started under gunicorn), then in headless Chromium ``/exams/<id>/print`` and ``?key=1``, each
  drawn and ``page.pdf(A4)``; the time from the first navigation to the second PDF.

Prints each round and the medians, and the machine's load average before and after (the
machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from app.exams import generate_exam  # noqa: E402

KINDS = ("prune", "values", "windows", "best_move", "leaves", "reorder", "rules", "counts")
SPEC = {
    "seed": 2026,
    "title": "Alpha-beta midterm",
    "questions": [{"kind": kind, "depth": 3, "branching": 2} for kind in KINDS]
    + [{"kind": kind, "depth": 2, "branching": 3, "rule": "strict"} for kind in KINDS[:4]]
    + [
        {"kind": "prune", "depth": 3, "branching": [3, [1, 3], 2], "min_pruned": 3},
        {"kind": "leaves", "depth": 4, "branching": 2, "both_cutoffs": True},
        {"kind": "windows", "depth": 4, "branching": 2, "deep_cutoff": True},
        {"kind": "counts", "depth": 3, "branching": [2, 3, 2], "players": ["max", "min", "min"]},
        {"kind": "values", "depth": 2, "branching": 3, "players": ["max", "chance"]},
        {"kind": "rules", "depth": 2, "branching": 3, "values": [0, 4]},
        {"kind": "best_move", "depth": 3, "branching": 2, "equal_window": True},
        {"kind": "reorder", "depth": 3, "branching": 2, "ordering_matters": True},
    ],
}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def generate(variants: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the CPU's share is what a loaded machine does not bend)."""
    started, cpu = time.perf_counter(), time.process_time()
    generate_exam({**SPEC, "variants": variants})
    return time.perf_counter() - started, time.process_time() - cpu


def one_question() -> list[float]:
    times = []
    for index in range(len(SPEC["questions"])):
        spec = {**SPEC, "variants": 1, "questions": [SPEC["questions"][index]]}
        started = time.perf_counter()
        generate_exam(spec)
        times.append(time.perf_counter() - started)
    return times


def create(url: str, variants: int) -> str:
    """The exam's id (created once: a 4-s generation is charged to the address by its time)."""
    body = json.dumps({**SPEC, "variants": variants}).encode()
    request = urllib.request.Request(
        f"{url}/api/exams", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.load(response)["id"]


def print_exam(url: str, identifier: str) -> float:
    from conftest_browser import CHROMIUM_ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        started = time.perf_counter()
        for query in ("", "?key=1"):
            page.goto(f"{url}/exams/{identifier}/print{query}")
            page.wait_for_selector("body[data-run-state=done]", timeout=120_000)
            page.pdf(format="A4")
        elapsed = time.perf_counter() - started
        browser.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-print", action="store_true")
    parser.add_argument("--url")
    args = parser.parse_args()
    print(f"load before: {load()}")
    rounds, cpus = [], []
    for k in range(args.rounds):
        wall, cpu = generate(args.variants)
        rounds.append(wall)
        cpus.append(cpu)
        print(
            f"round {k + 1}: {len(SPEC['questions'])} questions x {args.variants} variants "
            f"in {wall:.2f} s ({cpu:.2f} s of CPU)"
        )
    print(
        f"generate: median {statistics.median(rounds):.2f} s, "
        f"CPU {statistics.median(cpus):.2f} s (target <= 5 s)"
    )
    single = one_question()
    print(
        f"one question: median {statistics.median(single) * 1000:.1f} ms, "
        f"slowest {max(single) * 1000:.1f} ms (target <= 50 ms)"
    )
    if not args.no_print:
        if args.url:
            identifier = create(args.url, args.variants)
            prints = [print_exam(args.url, identifier) for _ in range(args.rounds)]
        else:
            from conftest_browser import start_server

            with start_server() as server:
                identifier = create(server.url, args.variants)
                prints = [print_exam(server.url, identifier) for _ in range(args.rounds)]
        for k, seconds in enumerate(prints):
            print(f"print round {k + 1}: questions and key to PDF in {seconds:.2f} s")
        print(f"print: median {statistics.median(prints):.2f} s (target <= 15 s)")
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
