"""The contract of a room's drill store, run against each store: ``RoomDrills`` in memory,
``SqliteDrills`` in a lecture file and ``RedisDrills`` in a real redis-server. Starting
replaces the drill and its results, a result for a drill no longer running is refused, students are
capped per drill, the tally counts students by trees right, and forgetting a room's drill
(the lecture ended) leaves nothing."""

import threading

import pytest
import redis

from app.lecture.drills import FULL, NOT_OPEN, RoomDrills
from app.lecture.redis_drills import RedisDrills
from app.lecture.rooms import RoomError
from app.lecture.sqlite_drills import SqliteDrills

CODE, OTHER = "ABCDEF", "GHJKMN"
IDLE = 60
CAP = 3  # students per drill, small enough to reach


@pytest.fixture
def redis_client(redis_url):
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture(params=["memory", "sqlite", "redis"])
def drills(request):
    """Each drill store in turn, capped at ``CAP`` students per drill."""
    if request.param == "memory":
        return RoomDrills(max_students=CAP)
    if request.param == "sqlite":
        return SqliteDrills(request.getfixturevalue("lecture_db"), IDLE, max_students=CAP)
    return RedisDrills(request.getfixturevalue("redis_client"), IDLE, max_students=CAP)


def refused(drills, drill_id, student="s:one", right=1, done=1, code=CODE):
    with pytest.raises(RoomError) as refusal:
        drills.report(code, drill_id, student, right, done)
    return str(refusal.value)


def test_a_room_has_no_drill_until_the_presenter_starts_one(drills):
    assert drills.get(CODE) is None
    assert drills.tally(CODE) is None
    assert refused(drills, "anything") == NOT_OPEN
    drill = drills.start(CODE, "ties", 7)
    assert (drill.level, drill.seed) == ("ties", 7)
    assert drills.get(CODE).public() == {"id": drill.id, "level": "ties", "seed": 7}
    assert drills.get(OTHER) is None


def test_the_tally_counts_students_by_trees_right(drills):
    drill = drills.start(CODE, "binary", 0)
    drills.report(CODE, drill.id, "s:one", 2, 3)
    drills.report(CODE, drill.id, "s:two", 2, 2)
    drills.report(CODE, drill.id, "c:three", 0, 1)
    drills.report(CODE, drill.id, "c:three", 1, 2)  # a student's latest replaces their last
    assert drills.tally(CODE) == {
        "drill": {"id": drill.id, "level": "binary", "seed": 0},
        "students": 3,
        "trees": 7,
        "buckets": [[1, 1], [2, 2]],
    }


def test_starting_again_replaces_the_drill_and_forgets_its_results(drills):
    first = drills.start(CODE, "ties", 7)
    drills.report(CODE, first.id, "s:one", 3, 3)
    second = drills.start(CODE, "chance", 8)
    assert second.id != first.id
    assert drills.get(CODE).public() == second.public()
    assert drills.tally(CODE) == {
        "drill": second.public(),
        "students": 0,
        "trees": 0,
        "buckets": [],
    }
    assert refused(drills, first.id) == NOT_OPEN
    drills.report(CODE, second.id, "s:one", 0, 1)
    assert drills.tally(CODE)["buckets"] == [[0, 1]]


def test_a_result_for_another_drill_or_no_drill_is_refused(drills):
    drill = drills.start(CODE, "ties", 7)
    elsewhere = drills.start(OTHER, "ties", 7)
    for wrong in (
        elsewhere.id,
        "",
        None,
        7,
        ["x"],
        {"id": drill.id},
        "é",
        "\ud800",
        drill.id + "x",
    ):
        assert refused(drills, wrong) == NOT_OPEN
    assert drills.tally(CODE)["students"] == 0
    assert refused(drills, drill.id, code="PQRSTU") == NOT_OPEN  # a room with no drill


def test_a_drill_counts_at_most_its_cap_of_students(drills):
    drill = drills.start(CODE, "ties", 7)
    for n in range(CAP):
        drills.report(CODE, drill.id, f"s:{n}", 1, 1)
    assert refused(drills, drill.id, "s:late") == FULL
    drills.report(CODE, drill.id, "s:0", 2, 2)  # one already counted may still change theirs
    tally = drills.tally(CODE)
    assert (tally["students"], tally["trees"]) == (CAP, CAP + 1)
    again = drills.start(CODE, "ties", 9)  # a new drill, a new count
    drills.report(CODE, again.id, "s:late", 1, 1)
    assert drills.tally(CODE)["students"] == 1


def test_forgetting_a_room_drops_its_drill_only(drills):
    drill = drills.start(CODE, "ties", 7)
    kept = drills.start(OTHER, "strict", 1)
    drills.report(CODE, drill.id, "s:one", 1, 1)
    drills.forget(CODE)
    assert drills.get(CODE) is None and drills.tally(CODE) is None
    assert refused(drills, drill.id) == NOT_OPEN
    assert drills.get(OTHER).public() == kept.public()
    drills.forget(CODE)  # twice is harmless


# ----- Redis only: several instances, expiry -----


def test_instances_sharing_redis_share_the_drill_and_its_cap(redis_client):
    """Two instances' stores on one Redis: the drill started on one is the other's, results
    reported on both are counted together, and the cap holds however they race."""
    first, second = (RedisDrills(redis_client, IDLE, max_students=CAP) for _ in range(2))
    drill = first.start(CODE, "ties", 7)
    assert second.get(CODE).public() == drill.public()
    refusals = []

    def report(store, student):
        try:
            store.report(CODE, drill.id, student, 1, 2)
        except RoomError as refusal:
            refusals.append(str(refusal))

    stores = (first, second)
    threads = [threading.Thread(target=report, args=(stores[n % 2], f"s:{n}")) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert refusals == [FULL] * (12 - CAP)
    assert first.tally(CODE) == second.tally(CODE)
    assert first.tally(CODE)["students"] == CAP and first.tally(CODE)["trees"] == 2 * CAP


def test_a_drills_keys_expire_like_its_rooms_and_go_when_forgotten(redis_client):
    drills = RedisDrills(redis_client, IDLE)
    drill = drills.start(CODE, "ties", 7)
    drills.report(CODE, drill.id, "s:one", 1, 1)
    keys = redis_client.keys(f"prune:lecture:{CODE}:drill*")
    assert len(keys) == 2
    assert all(0 < redis_client.ttl(key) <= IDLE for key in keys)
    drills.forget(CODE)
    assert redis_client.keys(f"prune:lecture:{CODE}:*") == []
