"""What the rate limit charges for routes that answer from the trace cache: a computation
by the time it takes (failing ones too), a large cached answer by its size."""

from support import make_app


def charged_app(**config):
    return make_app(RATELIMIT_ENABLED=True, PRUNE_API_RATE_LIMIT="20/minute", **config)


def test_a_failing_game_computation_is_charged_by_its_cost():
    # A millisecond per request: this search (well over 20 ms) spends the whole minute's budget.
    client = charged_app(PRUNE_COMPUTE_UNIT_MS=1).test_client()
    failing = "/api/games/tictactoe/trace?board=.........&rule=strict"
    first = client.get(failing)
    assert first.status_code == 400 and "50,000 positions" in first.get_json()["error"]
    again = client.get(failing)
    assert again.status_code == 429 and again.headers["Retry-After"]


def test_a_cheap_refusal_costs_nothing():
    client = charged_app().test_client()  # a refusal takes far less than 100 ms
    for _ in range(30):  # more than the 20 a minute
        assert client.get("/api/games/tictactoe/trace?board=XX").status_code == 400
    assert client.get("/api/games/tictactoe/trace?board=X........").status_code == 200


def test_a_spent_count_refuses_before_computing():
    client = charged_app(PRUNE_COMPUTE_UNIT_MS=1).test_client()
    assert client.get("/api/games/tictactoe/trace?board=.........").status_code == 200
    refused = client.get("/api/games/tictactoe/trace?board=X........")
    assert refused.status_code == 429, "the empty board's search spent the count"


def test_a_large_answer_from_the_cache_is_charged_by_its_size():
    app = charged_app(PRUNE_SENT_UNIT_BYTES=100)
    url = "/api/presets/textbook/trace"
    size = len(make_app().test_client().get(url).data)
    assert size // 100 >= 5, "a few units per fetch"
    client = app.test_client()
    fetched = 0
    while client.get(url).status_code == 200:
        fetched += 1
        assert fetched < 20
    assert fetched <= 1 + 20 // (size // 100)


def test_query_integers_are_plain_ascii_digits():
    client = make_app().test_client()
    for spelling in ("5_000", "%D9%A5", "+5", "%205"):
        answer = client.get(f"/api/games/pacman/game?maze=small&seed={spelling}")
        assert answer.status_code == 400 and answer.get_json()["field"] == "seed", spelling
