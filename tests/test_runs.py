"""Per-connection run state: the run budget and cancellation."""

from app.runs import Connection, TokenBucket


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
    return Connection(lambda event, data: sent.append((event, data)), TokenBucket(10, 10)), sent


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
