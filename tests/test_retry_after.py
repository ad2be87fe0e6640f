"""A 429's ``Retry-After`` says what its refusal means: the experiments' pool's few seconds
when an experiment from the same address still runs ("one at a time"), and the rate limit's
window when the address is over ``PRUNE_API_RATE_LIMIT``; a 503 of the saved-view store its
own too. Flask-Limiter writes its window over every limited response's header unless the
app keeps the refusal's own."""

from conftest_browser import free_port
from support import make_app

from app.store.common import StoreUnavailable
from app.web.experiment_pool import ExperimentsBusy

EXPERIMENT = "/api/experiments/random-binary?seeds=0-1"
ANOTHER = "/api/experiments/random-binary?seeds=0-2"  # the same one would follow the first
WINDOW_SECONDS = 60


def test_a_second_experiment_waits_the_pools_seconds_and_a_spent_limit_its_window():
    client = make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="2/minute").test_client()
    pool_wait = ExperimentsBusy("").retry_after
    running = client.get(EXPERIMENT, buffered=False)  # held open, never read
    try:
        assert running.status_code == 200
        second = client.get(ANOTHER)
        assert second.status_code == 429
        assert "from your address is still running" in second.get_json()["error"]
        assert second.headers["Retry-After"] == str(pool_wait)
        over = client.get(EXPERIMENT)  # the third request of a 2/minute limit
        assert over.status_code == 429 and "2 per 1 minute" in over.get_json()["error"]
        assert pool_wait < int(over.headers["Retry-After"]) <= WINDOW_SECONDS
    finally:
        running.close()


def test_the_stores_503_keeps_its_own_retry_after():
    unreachable = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    app = make_app(
        RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="100/minute", PRUNE_VIEW_STORE=unreachable
    )
    saved = app.test_client().post("/api/views", json={"tree": [5, 6], "options": {}})
    assert saved.status_code == 503
    assert saved.headers["Retry-After"] == str(StoreUnavailable("").retry_after)
