"""The experiment pool's places (app/web/experiment_pool.py): one experiment per address, and a
new one from an address whose last one is still ending waits for its place (a teacher who
presses Cancel, then Run again, is not refused because the cancelled run's process is still
being stopped); an address whose experiment really runs on is refused with a 429."""

import threading

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
