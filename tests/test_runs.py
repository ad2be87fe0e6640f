"""Per-connection run state (the run budget and cancellation) and the process's search slots."""

import threading

from app.realtime.runs import Connection, SearchSlots, TokenBucket


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_token_bucket_allows_a_burst_then_refills_over_time():
    clock = Clock()
    bucket = TokenBucket(capacity=3, period=6, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 1.9  # not yet one token (one per 2 s)
    assert not bucket.take()
    clock.now += 0.1
    assert bucket.take()
    assert not bucket.take()
    clock.now += 600  # refills up to capacity, not beyond
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def connection():
    sent = []
    emit = lambda event, data: sent.append((event, data))  # noqa: E731
    return Connection(emit, lambda: 0, TokenBucket(10, 10)), sent


def test_a_new_run_cancels_the_previous_one():
    conn, sent = connection()
    first = conn.start()
    assert first.send("events", {"n": 1})
    second = conn.start()
    assert second.id != first.id
    assert not first.send("events", {"n": 2})
    assert second.send("done", {"n": 3})
    assert sent == [("events", {"n": 1}), ("done", {"n": 3})]


def test_closing_cancels_the_run_and_any_later_one():
    conn, sent = connection()
    run = conn.start()
    conn.close()
    assert not run.send("events", {})
    assert not conn.start().send("events", {})
    assert sent == []


def test_search_slots_cap_the_searches_running_at_once():
    slots = SearchSlots(2)
    with slots.claim(1) as first, slots.claim(1) as second:
        assert first and second and slots.running == 2
        with slots.claim(0.05) as third:
            assert not third, "a third search waits for a slot, then gives up"
        assert slots.running == 2
    assert slots.running == 0


def test_a_waiting_search_gets_the_slot_another_frees():
    slots = SearchSlots(1)
    holding, release, got = threading.Event(), threading.Event(), []

    def hold():
        with slots.claim(1):
            holding.set()
            release.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(5)

    def wait_for_slot():
        with slots.claim(5) as claimed:
            got.append((claimed, slots.running))

    waiter = threading.Thread(target=wait_for_slot)
    waiter.start()
    assert not got, "no slot while the first search holds it"
    release.set()
    holder.join(5)
    waiter.join(5)
    assert got == [(True, 1)] and slots.running == 0
