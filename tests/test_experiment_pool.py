"""The experiment pool's places (app/web/experiment_pool.py): one experiment per address, and a
new one from an address whose last one is still ending waits for its place (a teacher who
presses Cancel, then Run again, is not refused because the cancelled run's process is still
being stopped); an address whose experiment really runs on is refused with a 429. A full
pool queues fairly: the address served longest ago goes first, and one refused keeps its turn
while it retries."""

import threading
import time

import pytest

from app.web.experiment_pool import ExperimentPool, ExperimentsBusy


def test_a_place_given_back_while_waiting_is_taken():
    pool = ExperimentPool(4, address_wait=5.0)
    pool.admit("10.0.0.1")
    threading.Timer(0.2, pool.release, ["10.0.0.1"]).start()
    pool.admit("10.0.0.1")  # waits for the cancelled run's place instead of refusing
    assert pool.running == 1


def test_an_address_still_running_is_refused_after_the_wait():
    pool = ExperimentPool(4, address_wait=0.2)
    pool.admit("10.0.0.1")
    with pytest.raises(ExperimentsBusy, match="still running"):
        pool.admit("10.0.0.1")
    pool.admit("10.0.0.2")  # another address is not held up
    assert pool.running == 2


def test_a_full_pool_refuses_at_once():
    pool = ExperimentPool(1, address_wait=5.0)
    pool.admit("10.0.0.1")
    with pytest.raises(ExperimentsBusy, match="as many experiments as it can"):
        pool.admit("10.0.0.2")


def test_a_refusal_says_when_to_try_again_as_configured():
    pool = ExperimentPool(1, address_wait=0.1, retry_seconds=2)
    pool.admit("10.0.0.1")
    for address in ("10.0.0.1", "10.0.0.2"):  # its own place still held; the pool full
        with pytest.raises(ExperimentsBusy) as refused:
            pool.admit(address)
        assert refused.value.get_response().headers["Retry-After"] == "2"


def waiting(pool, address, admitted):
    """``address`` asks for a place in a thread; ``admitted`` gets it in the order served."""

    def ask():
        pool.admit(address)
        admitted.append(address)

    thread = threading.Thread(target=ask)
    thread.start()
    return thread


def test_an_address_not_served_goes_before_one_just_served():
    pool = ExperimentPool(4, queue_wait=10.0)
    for k in range(1, 5):  # four addresses hold every place
        pool.admit(f"10.0.0.{k}")
    admitted = []
    fifth = waiting(pool, "10.0.0.5", admitted)
    time.sleep(0.2)
    pool.release("10.0.0.1")  # its experiment ends, and it asks again at once
    again = waiting(pool, "10.0.0.1", admitted)
    fifth.join(5)
    assert admitted == ["10.0.0.5"]  # the place went to the address that waited
    pool.release("10.0.0.2")
    again.join(5)
    assert admitted == ["10.0.0.5", "10.0.0.1"] and pool.running == 4


def test_a_refused_address_keeps_its_turn_while_it_retries():
    pool = ExperimentPool(1, queue_wait=0.3)
    pool.admit("10.0.0.1")
    with pytest.raises(ExperimentsBusy, match="as many experiments as it can"):
        pool.admit("10.0.0.2")  # waited its 0.3 s in the queue
    pool.release("10.0.0.1")
    with pytest.raises(ExperimentsBusy):
        pool.admit("10.0.0.1")  # just served: the place is kept for 10.0.0.2's retry
    pool.admit("10.0.0.2")  # its retry
    assert pool.running == 1


def test_a_claim_not_taken_up_lapses():
    pool = ExperimentPool(1, queue_wait=0.2, claim_hold=0.2)
    pool.admit("10.0.0.1")
    with pytest.raises(ExperimentsBusy):
        pool.admit("10.0.0.2")
    pool.release("10.0.0.1")
    time.sleep(0.25)  # 10.0.0.2 did not come back
    pool.admit("10.0.0.1")
    assert pool.running == 1
