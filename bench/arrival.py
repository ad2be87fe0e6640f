"""A class's arrival: N students open the join link within T seconds, then follow the lecture.

    python bench/arrival.py [--students 300] [--within 20] [--procs 2] [--seed 1]
                            [--give-up 60] [--hold 20] [--interval 0.5]
                            [--step-during-arrival] [--skip-page] [--profile FILE [--native]]

Starts one instance as script/server does (gunicorn, one gevent worker, 5,000 worker
connections, its access log; default settings except the per-address socket cap, raised
because every student here comes from 127.0.0.1) on a free loopback port. A presenter opens
a lecture room on the textbook tree; the page a student opens is discovered as a browser
discovers it (bench/page_assets.py), so the bench works on unbundled modules and on bundles
alike: the server serves the production build (run ``npm run build`` first, as script/server
does by itself), or the modules one by one with ``PRUNE_ASSETS=modules`` in the environment.
Then ``--students`` arrive at seeded uniformly random moments within ``--within`` seconds,
split over ``--procs`` client processes (bench/arrival_clients.py, driven through
bench/capacity_clients.py's ``Clients``): each loads the page over 6 keep-alive connections,
connects its socket, joins, fetches the view by reference and runs it. Printed: the time from
arrival to a joined, drawn page (p50/p95/max) and per phase, failures by kind, the worker's
CPU seconds over the arrival, the client processes' CPU (they share the machine's cores with
the server), and the worker's RSS.

Then the steady state: the presenter steps every ``--interval`` seconds for ``--hold``
seconds and every joined student times each step, from the presenter's send to its receipt
(the lecture fan-out); with ``--step-during-arrival`` it steps during the arrival too, and
those steps are reported apart as the join rush. ``--skip-page``: students only join (no
page load), which isolates the sockets' share of an arrival. ``--no-deflate``: sockets that
do not offer permessage-deflate (browsers all do). ``--profile FILE`` records the worker
with py-spy during the steady state (``.svg``: a flame graph; ``.txt``: collapsed stacks;
``.json``: speedscope; ``--native`` adds the C frames, pausing the worker at each sample;
needs the right to trace the worker:
root, or ptrace allowed).

Targets (results in docs/benchmarks.md): 300 within 20 s, p95 <= 2 s and 0 failures; 1,000
within 60 s, p95 <= 5 s and 0 failures; step to student p95 <= 100 ms with 1,000 students in
one room, <= 200 ms with 2,000. Bounded: every student gives up ``--give-up`` seconds after
arriving.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

from arrival_clients import arrival_process
from capacity_clients import Clients
from instances import Instances
from load_clients import Tally
from load_support import Summary, machine, verdict, worker_pid
from page_assets import discover

TARGETS = {300: (20, 2.0), 1000: (60, 5.0)}  # students: (within seconds, p95 seconds)
STEADY_TARGETS = {1000: 0.100, 2000: 0.200}  # students in the room: step p95 seconds
PHASES = ("page", "socket", "join", "view", "run", "drawn")  # each phase, then the whole
START_DELAY = 2.0  # seconds between handing out the schedule and the first arrival


def schedule(students: int, within: float, seed: int, procs: int) -> list[list[float]]:
    """Each process's arrival times (monotonic clock), sorted: seeded uniform moments."""
    start, rng = time.monotonic() + START_DELAY, random.Random(seed)
    moments = sorted(start + rng.uniform(0, within) for _ in range(students))
    return [moments[index::procs] for index in range(procs)]


def gather(clients: Clients) -> tuple[Tally, list[dict]]:
    reports = clients.ask_all("report")
    tally = Tally()
    for report in reports:
        tally.add(report["tally"])
    return tally, reports


def seconds(summary: Summary) -> str:
    if not summary.count:
        return "none"
    return f"p50 {summary.p50:.2f} s, p95 {summary.p95:.2f} s, max {summary.max:.2f} s"


def arrival(cluster: Instances, clients: Clients, args) -> tuple[Tally, list[float]]:
    """Open the room, let the class arrive; what they met and the CPU seconds spent."""
    url = cluster.urls[0]
    room = clients.ask(0, "present")
    page = discover(url, f"/join/{room}")
    print(f"page: {page.describe()}" + ("; NOT loaded (--skip-page)" if args.skip_page else ""))
    page = None if args.skip_page else page
    if args.step_during_arrival:
        clients.ask(0, "drive", args.interval)
    gather(clients)  # from here on, only the arrival
    cpu_before, own_before = cluster.cpu()[0], time.process_time()
    client_before = [report["cpu"] for report in clients.ask_all("report")]
    started = time.monotonic()
    times = schedule(args.students, args.within, args.seed, args.procs)
    deflate = not args.no_deflate
    clients.ask_each(
        "arrive", {i: (room, page, each, args.give_up, deflate) for i, each in enumerate(times)}
    )
    took = time.monotonic() - started
    tally, reports = gather(clients)
    cpu = [cluster.cpu()[0] - cpu_before, time.process_time() - own_before]
    cpu += [report["cpu"] - before for report, before in zip(reports, client_before, strict=True)]
    print(f"\narrival: {args.students:,} students within {args.within:g} s (seed {args.seed})")
    drawn = Summary.of(tally.times.get("drawn", []))
    failures = sum(tally.errors.values())
    for phase in PHASES:
        print(f"  {phase:>6}: {seconds(Summary.of(tally.times.get(phase, [])))}")
    print(f"  joined and drawn: {drawn.count:,} of {args.students:,}; failures: {failures}")
    for kind, count in tally.errors.most_common():
        print(f"    {kind}: {count} (e.g. {tally.examples[kind]})")
    client_cpu = ", ".join(f"{c:.1f}" for c in cpu[2:])
    print(
        f"  CPU over the arrival ({took:.0f} s): worker {cpu[0]:.1f} s "
        f"({cpu[0] / took * 100:.0f}% of a core); client processes {client_cpu} s, "
        f"this process {cpu[1]:.1f} s; read {sum(r['bytes'] for r in reports):,} bytes"
    )
    held, dropped = (sum(r[key] for r in reports) for key in ("held", "dropped"))
    print(
        f"  worker RSS {cluster.rss()[0]:.0f} MiB; students connected {held:,}, dropped {dropped}"
    )
    if args.step_during_arrival:
        rush = Summary.of(tally.times.get("cursor, rush", []))
        print(f"  join rush, step -> student: {rush.ms()}")
    target = TARGETS.get(args.students)
    if target and args.within <= target[0] and not args.skip_page:  # the targets load the page
        ok = drawn.count == args.students and not failures and drawn.p95 <= target[1]
        print(f"  target p95 <= {target[1]:g} s, 0 failures: {verdict(ok)}")
    return tally, cpu


def steady_state(cluster: Instances, clients: Clients, args) -> None:
    """The presenter steps for ``--hold`` seconds; each step timed to every student."""
    clients.ask_all("steady")
    if not args.step_during_arrival:
        clients.ask(0, "drive", args.interval)
    time.sleep(1.0)  # the first steps' cursors reach everyone
    gather(clients)
    cpu_before = cluster.cpu()[0]
    profiler = profile(cluster, args) if args.profile else None
    time.sleep(args.hold)
    cpu = cluster.cpu()[0] - cpu_before
    clients.ask(0, "halt")
    if profiler is not None:
        failed = profiler.wait(timeout=60) and profiler.stderr.read().strip()
        print(f"  py-spy: {failed[-300:]}" if failed else f"  profile: {args.profile}")
    tally, reports = gather(clients)
    held = sum(report["held"] for report in reports)
    if not reports[0]["presenter"]:
        print("\nsteady state: the presenter's connection was lost")
    steady = Summary.of(tally.times.get("cursor, steady", []))
    steps = len(tally.times.get("cursor ack", []))
    print(f"\nsteady state: {held:,} students in the room, a step every {args.interval:g} s")
    print(f"  step -> student: {steady.ms()}")
    if steps:
        print(
            f"  worker CPU {cpu / args.hold * 100:.0f}% of a core over {args.hold:g} s: "
            f"{cpu / steps * 1000:.1f} ms a step ({steps} steps), "
            f"{cpu / steps / max(1, held) * 1e6:.0f} µs a student a step"
        )
    print(f"  presenter's ack: {Summary.of(tally.times.get('cursor ack', [])).ms()}")
    if tally.errors:
        print(f"  errors: {dict(tally.errors)}; e.g. {tally.examples}")
    target = STEADY_TARGETS.get(args.students)
    if target is not None:
        print(f"  target p95 <= {target * 1000:.0f} ms: {verdict(steady.p95 <= target)}")


def profile(cluster: Instances, args) -> subprocess.Popen:
    """py-spy recording the worker for the steady state's ``--hold`` seconds."""
    kind = {".svg": "flamegraph", ".txt": "raw", ".json": "speedscope"}
    output = Path(args.profile)
    command = [
        str(Path(sys.executable).with_name("py-spy")),
        *("record", "--pid", str(worker_pid(cluster.servers[0].process.pid))),
        *("--duration", str(int(args.hold)), "--rate", "200"),
        *("--format", kind.get(output.suffix, "flamegraph"), "--output", str(output)),
        *(["--native"] if args.native else ["--nonblocking"]),
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--within", type=float, default=20.0, help="seconds they arrive over")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--seed", type=int, default=1, help="seed of the arrival moments")
    parser.add_argument("--give-up", type=float, default=60.0, help="a student's time limit")
    parser.add_argument("--hold", type=float, default=20.0, help="steady state seconds (0: none)")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between steps")
    parser.add_argument("--step-during-arrival", action="store_true")
    parser.add_argument(
        "--no-deflate", action="store_true", help="sockets without permessage-deflate"
    )
    parser.add_argument(
        "--skip-page", action="store_true", help="students only join (the socket's share alone)"
    )
    parser.add_argument("--profile", help="py-spy output of the steady state (.svg/.txt/.json)")
    parser.add_argument("--native", action="store_true", help="the profile shows C frames too")
    args = parser.parse_args()

    print(machine())
    cluster = Instances(1)
    clients = None
    try:
        print(
            "server: gunicorn, 1 gevent worker, --worker-connections 5000, access log, default "
            f"settings but the per-address socket cap, 127.0.0.1; clients: {args.procs} processes"
        )
        clients = Clients(cluster.urls, args.procs, arrival_process)
        arrival(cluster, clients, args)
        if args.hold > 0:
            steady_state(cluster, clients, args)
        cluster.report()
    finally:
        if clients is not None:
            clients.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
