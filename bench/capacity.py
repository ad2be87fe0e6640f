"""Capacity: how many Socket.IO connections one instance holds before a new visitor's page
load takes longer than 1 s, and what each connection costs in memory.

    python bench/capacity.py [--steps 250,500,1000,1500,2000,3000,4000] [--max 4000]
                             [--procs 2] [--samples 20] [--settle 5] [--instances 1]
                             [--one-address] [--heavy KIND [--heavy-pace N]]

Starts the app as script/server does (gunicorn, one gevent worker, 5,000 worker
connections, default settings: the page and /healthz are not rate limited) on 127.0.0.1 and
ramps up Socket.IO connections in steps. They are a mix, by connection number: 50% idle,
40% students following one lecture (they join, run the view once as the page does, then
receive a cursor each time the presenter steps, every 0.5 s), 10% running a small search
(the textbook tree or a 121-node random tree) every 10-20 s. The clients are light asyncio
websockets speaking Engine.IO by hand (bench/load_support.py), split over ``--procs``
processes: 500 of them cost the client 0.4 s of CPU to connect and 61 MiB, against 0.64 s
and 70 MiB for python-socketio's AsyncClient, and they decode only what they listen to.

At each step, once the connections are up and ``--settle`` seconds have passed, a fresh
visitor loads the page ``--samples`` times (GET / and every static file it needs, over a
new HTTP connection each time, from this process, which holds no sockets); then /healthz.
Printed per step: connections held, failed and dropped, the page load p50/p95/max, the
worker's RSS and its growth per connection over the idle baseline, the server's and the
clients' CPU use, and the students' and searchers' latencies. A step's way to the students
("cursor") is reported twice: during the join rush (while the step's new connections
connect and their students join and run the view) and in the steady state after it (the
settling seconds and the page loads). The ramp stops when the
page load p95 exceeds 1 s, a connection fails or drops, or after ``--max`` connections.

``--instances N`` (N > 1) starts a redis-server and N such instances sharing it through
MESSAGE_QUEUE (bench/instances.py), spreads the connections over them round-robin (shifted
by one every ten, so each role is spread too) and loads the page on each in turn. The
presenter is on instance 0: "cursor" times its students there, "cursor, other" those on the
other instances (Redis carries both). RSS and CPU are per worker, and redis-server's CPU.

``--one-address`` keeps the server's default per-address socket cap (1,500): every client
is 127.0.0.1, so the ramp is a class behind one NAT address. Up to the cap every connection
must be held; past it the rest must be refused at once while the page stays under 1 s.
``--heavy KIND`` runs one heavy client of bench/heavy_clients.py in a process of
its own beside the whole ramp (the server trusts one proxy hop, so its one-address sockets
come from 10.9.0.1, not from the class); ``--heavy-pace`` is its pace where it has one.
The client processes live in bench/capacity_clients.py.

Targets: page load p95 <= 1 s with >= 1,000 connections open; no failed or
dropped connection.
"""

from __future__ import annotations

import argparse
import time

from capacity_clients import PRESENTER_INTERVAL, RUN_EVERY, Clients
from heavy_clients import HEAVY, Hog
from instances import Instances, plus
from load_clients import Tally
from load_support import PageLoader, Summary, machine, verdict

from app.config import Config

TARGET_CONNECTIONS = 1000
TARGET_PAGE_SECONDS = 1.0
PER_ADDRESS_CAP = Config({}).PRUNE_SOCKETS_PER_ADDRESS  # the default, for --one-address


# --- the main process: ramp, measure, print --------------------------------------------------


def page_loads(loaders: list[PageLoader], samples: int, gap: float):
    """``samples`` cold page loads, ``gap`` seconds apart, on each instance in turn: their
    times (a list per instance) and any failures."""
    times: list[list[float]] = [[] for _ in loaders]
    failures = []
    for sample in range(samples):
        try:
            times[sample % len(loaders)].append(loaders[sample % len(loaders)].load()[0])
        except Exception as err:  # a refused connection or a non-200: counted, not fatal
            failures.append(repr(err))
        time.sleep(gap)
    return times, failures


def measure_step(cluster: Instances, clients: Clients, loaders, room: str, target: int, args):
    """Grow to ``target`` connections, let them settle, measure; one row of figures."""
    started, cpu_before = time.perf_counter(), cluster.cpu()
    shares = [target // args.procs + (i < target % args.procs) for i in range(args.procs)]
    clients.ask_each("grow", {index: (share, room) for index, share in enumerate(shares)})
    rush = Tally()  # what the students met while the new connections joined
    for report in clients.ask_all("report"):
        rush.add(report["tally"])
    time.sleep(args.settle)
    times, failures = page_loads(loaders, args.samples, args.gap)
    health_seconds, health = cluster.health()
    reports = clients.ask_all("report")
    tally = Tally()
    for report in reports:
        tally.add(report["tally"])
    return {
        "target": target,
        "held": sum(r["held"] for r in reports),
        "failed": sum(r["failed"] for r in reports),
        "dropped": sum(r["dropped"] for r in reports),
        "page": Summary.of(sum(times, [])),
        "page_each": [Summary.of(each) for each in times],
        "page_failures": failures,
        "health": health,
        "health_seconds": health_seconds,
        "rss": cluster.rss(),
        "seconds": time.perf_counter() - started,
        "server_cpu": [now - before for now, before in zip(cluster.cpu(), cpu_before, strict=True)],
        "client_cpu": [r["cpu"] for r in reports],
        "tally": tally,
        "rush": rush,
    }


def print_step(row: dict, baseline_rss: list[float], last_cpu: list[float]) -> None:
    """The figures of one step, each with its target (per instance, then summed, if several)."""
    held, page, tally, n = row["held"], row["page"], row["tally"], len(row["rss"])
    growth = sum(row["rss"]) - sum(baseline_rss)
    per_connection = growth * 1024 / max(1, row["health"]["connections"])
    server_cpu = [seconds / row["seconds"] * 100 for seconds in row["server_cpu"]]
    redis_cpu = f", redis-server {server_cpu[n]:.0f}%" if len(server_cpu) > n else ""
    client_cpu = [
        (now - before) / row["seconds"] * 100
        for now, before in zip(row["client_cpu"], last_cpu, strict=True)
    ]
    print(
        f"\n[{row['target']:,} connections] held {held:,}, failed {row['failed']}, "
        f"dropped {row['dropped']} (target: 0 failed, 0 dropped)"
    )
    print(f"  page load: {page.ms()}  (target p95 <= {TARGET_PAGE_SECONDS * 1000:.0f} ms)")
    if row["page_failures"]:
        print(f"  page load failures: {len(row['page_failures'])}, e.g. {row['page_failures'][0]}")
    if n > 1:
        each = ", ".join(f"{s.p95 * 1000:.1f} ms (n={s.count})" for s in row["page_each"])
        print(f"  page load p95 on each instance: {each}")
    health = row["health"]
    print(
        f"  /healthz: {row['health_seconds'] * 1000:.1f} ms, says {plus(health['each'], ',')} "
        f"connections, {health['searches']} searches streaming"
    )
    print(
        f"  worker{'s' * (n > 1)} RSS {plus(row['rss'])} MiB: +{growth:.0f} MiB over the idle "
        f"baseline, {per_connection:.0f} KiB per connection"
    )
    print(
        f"  CPU over the step ({row['seconds']:.0f} s): server worker{'s' * (n > 1)} "
        f"{plus(server_cpu[:n])}% of a core{redis_cpu}, client processes "
        + ", ".join(f"{c:.0f}%" for c in client_cpu)
    )
    rush = row["rush"]
    for kind in ("cursor", "cursor, other"):  # a step to a student: while joins come, then not
        if kind in rush.times:
            print(f"  {kind:>11} latency, join rush: {Summary.of(rush.times[kind]).ms()}")
        if kind in tally.times:
            print(f"  {kind:>11} latency, steady: {Summary.of(tally.times[kind]).ms()}")
    for kind in ("student run", "run", "cursor ack"):
        times = rush.times.get(kind, []) + tally.times.get(kind, [])
        if times:
            print(f"  {kind:>11} latency: {Summary.of(times).ms()}")
    if rush.errors:
        print(f"  client errors while joining: {dict(rush.errors)}; e.g. {rush.examples}")
    if tally.errors:
        print(f"  client errors: {dict(tally.errors)}; e.g. {tally.examples}")


def step_ok(row: dict) -> bool:
    return (
        row["page"].count > 0
        and row["page"].p95 <= TARGET_PAGE_SECONDS
        and not row["page_failures"]
        and row["failed"] == 0
        and row["dropped"] == 0
        and row["held"] >= row["target"]
    )


def over_the_cap(row: dict) -> bool:
    """``--one-address``, past the cap: the address's first ``PER_ADDRESS_CAP`` connections
    held (the presenter among them), every other one refused, the page still fast."""
    page_fast = row["page"].count > 0 and row["page"].p95 <= TARGET_PAGE_SECONDS
    asked = row["target"] + 1  # the presenter too ("held" counts it)
    refused_the_rest = row["held"] + row["failed"] == asked and row["dropped"] == 0
    ok = page_fast and not row["page_failures"] and row["held"] >= PER_ADDRESS_CAP
    ok = ok and refused_the_rest
    print(
        f"  past the per-address cap ({PER_ADDRESS_CAP:,}): {row['held']:,} held (the presenter "
        f"among them), {row['failed']:,} refused, page load p95 {row['page'].p95 * 1000:.0f} ms "
        f"(expected: the cap held, the rest refused, the page under 1 s: {verdict(ok)})"
    )
    return ok


def ramp(cluster: Instances, args) -> None:
    """Warm up, measure the idle baseline, then grow step by step until a limit is hit."""
    loaders = [PageLoader(url) for url in cluster.urls]
    load_bytes = [loader.load()[1] for loader in loaders][0]  # each one warmed up
    print(f"page: GET / + {len(loaders[0].assets)} static files, {load_bytes:,} bytes")
    idle_times, _ = page_loads(loaders, args.samples, args.gap)
    baseline_rss = cluster.rss()
    print(f"no connections: page load {Summary.of(sum(idle_times, [])).ms()}")
    print(f"no connections: worker{'s' * (len(loaders) > 1)} RSS {plus(baseline_rss)} MiB")
    clients = Clients(cluster.urls, args.procs)
    heavy = Hog(args.heavy, cluster.urls[0], args.heavy_pace) if args.heavy else None
    best = 0
    try:
        room = clients.ask(0, "present")
        last_cpu = [r["cpu"] for r in clients.ask_all("report")]
        for target in [s for s in args.steps if s <= args.max]:
            row = measure_step(cluster, clients, loaders, room, target, args)
            print_step(row, baseline_rss, last_cpu)
            last_cpu = row["client_cpu"]
            if args.one_address and row["target"] + 1 > PER_ADDRESS_CAP:  # + the presenter
                over_the_cap(row)
                break
            if not step_ok(row):
                print("  -> stopping the ramp here")
                break
            best = row["target"]
        final = cluster.health()[1]
        print(
            f"\nconnections held at the end: {final['connections']:,} (server's count; "
            f"the presenter included)"
        )
        print(
            f"largest step with page load p95 <= 1 s and no failures: {best:,} connections "
            + (f"over {len(loaders)} instances " if len(loaders) > 1 else "")
            + f"(target >= {TARGET_CONNECTIONS:,}: {verdict(best >= TARGET_CONNECTIONS)})"
        )
    finally:
        if heavy is not None:
            print(f"meanwhile, {args.heavy}: {heavy.finish()}")
        clients.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--steps",
        type=lambda text: [int(x) for x in text.split(",")],
        default=[250, 500, 1000, 1500, 2000, 3000, 4000],
        help="connection counts to ramp through (comma-separated)",
    )
    parser.add_argument("--max", type=int, default=4000, help="never open more connections")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--samples", type=int, default=20, help="page loads per step")
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between page loads")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--instances", type=int, default=1, help="app instances (>1: Redis)")
    parser.add_argument(
        "--one-address",
        action="store_true",
        help="keep the default per-address socket cap: a class behind one NAT address",
    )
    parser.add_argument(
        "--heavy", choices=sorted(HEAVY), help="a heavy client beside the class (from 10.9.0.1)"
    )
    parser.add_argument("--heavy-pace", type=int, default=0, help="the heavy client's pace")
    args = parser.parse_args()

    print(machine())
    # The heavy client's one-address sockets say X-Forwarded-For: 10.9.0.1 (a trusted proxy).
    environment = {"PRUNE_TRUSTED_PROXIES": "1"} if args.heavy else {}
    cluster = Instances(args.instances, args.one_address, environment)
    try:
        server = "gunicorn, 1 gevent worker, --worker-connections 5000, default settings, 127.0.0.1"
        if cluster.redis is not None:
            server = (
                f"{args.instances} instances ({server}; each) sharing Redis: MESSAGE_QUEUE="
                f"{cluster.redis.url} (redis-server pid {cluster.redis.process.pid})"
            )
        print(f"server: {server}; clients: {args.procs} processes of raw Engine.IO websockets")
        if args.one_address:
            print(f"one address: the default cap of {PER_ADDRESS_CAP:,} sockets per address kept")
        if args.heavy:
            print(f"beside the class: the heavy client {args.heavy!r} (bench/heavy_clients.py)")
        print(
            "mix: 50% idle, 40% students of one lecture (presenter steps every "
            f"{PRESENTER_INTERVAL} s), 10% small searches every "
            f"{RUN_EVERY[0]:.0f}-{RUN_EVERY[1]:.0f} s"
        )
        if cluster.redis is not None:
            print(
                "spread: connections round-robin over the instances; the presenter on "
                "instance 0, its students on all; page loads on each instance in turn"
            )
        ramp(cluster, args)
        cluster.report()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
