"""The click path's shortcuts keep every promise of the long way: a click's action read without a
model is the record the model gives (and anything unusual still goes to the model); logged actions
written together by the store's writer still fail alone, and a failure that ends the transaction
writes the others again."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.games import thegame
from bot.store import SqliteStore, StoreError
from bot.store.sqlite import _compact, _dumps
from bot.tables import TableService
from tests.farm import next_move, open_table


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": 47, "pile": 1},
        {"type": "play", "card": 2, "pile": 4, "player": 3},
        {"type": "end_turn"},
        {"type": "end_turn", "player": 1},
        {"type": "signal", "pile": 2, "signal": "dont_play"},
        {"type": "signal", "pile": 3, "signal": "good_card"},
        {"type": "signal", "pile": 9, "signal": "clear"},
    ],
)
def test_a_plain_action_is_the_record_the_model_gives(action):
    record = thegame.record_of(action, 0)
    model = thegame.ACTION.validate_python({**action, "player": 0}).model_dump()
    assert record == model
    assert list(record) == list(model)  # the same key order, so the same bytes in the log
    assert _compact(record) == _compact(model)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": True, "pile": 1},
        {"type": "play", "card": "47", "pile": 1},
        {"type": "play", "card": 47.0, "pile": 1},
        {"type": "play", "card": 47},
        {"type": "play", "card": 47, "pile": 1, "extra": 1},
        {"type": "end_turn", "card": 3},
        {"type": "signal", "pile": 2, "signal": "shout"},
        {"type": "signal", "pile": 2},
        {"type": "leave"},
        {"type": "abandon"},
        {"type": "nothing"},
        {},
    ],
)
def test_anything_unusual_is_left_to_the_model(action):
    assert thegame.record_of(action, 0) is None


def test_the_seat_must_be_an_int():
    assert thegame.record_of({"type": "end_turn"}, True) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [{"a": 1, "b": [1, 2.5, None, True], "c": 'é"x\n'}, {}, [], "s", 3])
def test_the_store_encoders_write_what_json_dumps_writes(value):
    assert _compact(value) == json.dumps(value, separators=(",", ":"))
    assert _dumps(value) == json.dumps(value)
    with pytest.raises(TypeError):
        _dumps({"a": object()})


async def _service(tmp_path) -> tuple[SqliteStore, TableService]:
    store = SqliteStore(str(tmp_path / "s.sqlite3"))
    await store.open()
    return store, TableService(store)


async def test_one_failing_event_in_a_combined_run_fails_alone(tmp_path):
    """Appends queued together are written by one multi-row statement; when one of them is refused,
    that one fails and every other is written, with its meta."""
    store, service = await _service(tmp_path)
    try:
        tables = [await open_table(service, c, seed=c) for c in range(1, 9)]
        bad = tables[3]
        await store._write(
            [
                (
                    f"CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.table_id = {bad.id} "
                    "BEGIN SELECT RAISE(ABORT, 'injected'); END",
                    (),
                )
            ]
        )
        at = "2026-11-23T20:00:00+00:00"
        results = await asyncio.gather(
            *(
                store.append_action(
                    t.id, 0, {"type": "end_turn", "player": 0}, 1, at, meta={"turn_started": at, "n": t.id}
                )
                for t in tables
            ),
            return_exceptions=True,
        )
        assert [isinstance(r, StoreError) for r in results] == [t is bad for t in tables]
        async with store.db.execute("SELECT table_id FROM events ORDER BY table_id") as cur:
            assert [r[0] for r in await cur.fetchall()] == [t.id for t in tables if t is not bad]
        async with store.db.execute("SELECT id, meta FROM tables ORDER BY id") as cur:
            metas = {r[0]: json.loads(r[1]) for r in await cur.fetchall()}
        for t in tables:
            assert (metas[t.id].get("n") == t.id) is (t is not bad)
    finally:
        await store.close()


_FUSE = {"blown": 0, "calls": 0}


def _blows_once(table_id: int) -> int:
    """In the writer's process: true for the first row inserted after it is armed, then never."""
    _FUSE["calls"] += 1
    if _FUSE["blown"]:
        return 0
    _FUSE["blown"] = table_id
    return 1


def _arm_the_fuse(conn: sqlite3.Connection) -> None:
    conn.create_function("blows_once", 1, _blows_once)


def _the_fuse(conn: sqlite3.Connection) -> dict:
    return dict(_FUSE)


async def test_a_combined_run_that_ends_the_transaction_is_written_again_alone(tmp_path):
    """If the multi-row write makes SQLite roll the whole transaction back, the batch runs again with
    every unit alone: each caller learns what happened to its own action."""
    store, service = await _service(tmp_path)
    try:
        tables = [await open_table(service, c, seed=c) for c in range(1, 6)]
        # The first event row written after this rolls the whole transaction back (as a full disk
        # would); the function lives on the writer's connection, in its process.
        await store.run(_arm_the_fuse)
        await store._write(
            [
                (
                    "CREATE TRIGGER fuse BEFORE INSERT ON events WHEN blows_once(NEW.table_id) "
                    "BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END",
                    (),
                )
            ]
        )
        moves = [next_move(t) for t in tables]
        outcomes = await asyncio.gather(
            *(
                service.act(t.id, user, action, t.version)
                for t, (user, action) in zip(tables, moves, strict=True)
            )
        )
        fuse = await store.run(_the_fuse)
        # The batch's first write (the five rows in one statement) blew the fuse, and its failure
        # cost nobody their action: each was written again alone.
        assert fuse["blown"] == tables[0].id and fuse["calls"] > len(tables)
        assert all(o.table.version == 1 for o in outcomes)
        async with store.db.execute("SELECT COUNT(*) FROM events") as cur:
            assert (await cur.fetchone())[0] == len(tables)
    finally:
        await store.close()


async def test_two_units_of_one_table_are_never_combined(tmp_path):
    """A run stops at a table seen in it already: the meta written last is the one queued last."""
    store, service = await _service(tmp_path)
    try:
        table = await open_table(service, 1, seed=1)
        at = "2026-11-23T20:00:00+00:00"
        await asyncio.gather(
            store.append_action(table.id, 0, {"type": "end_turn", "player": 0}, 1, at, meta={"n": 1}),
            store.append_action(table.id, 1, {"type": "end_turn", "player": 1}, 1, at, meta={"n": 2}),
        )
        async with store.db.execute("SELECT meta FROM tables WHERE id = ?", (table.id,)) as cur:
            assert json.loads((await cur.fetchone())[0]) == {"n": 2}
        async with store.db.execute("SELECT seq FROM events WHERE table_id = ?", (table.id,)) as cur:
            assert [r[0] for r in await cur.fetchall()] == [0, 1]
    finally:
        await store.close()


async def test_many_tables_at_once_replay_exactly(tmp_path):
    """Many tables play at once (the writer combines their appends); a fresh start restores each."""
    store, service = await _service(tmp_path)
    tables = [await open_table(service, c, seed=c) for c in range(1, 41)]
    for _ in range(30):
        moves = [(t, next_move(t)) for t in tables if t.state is not None and not t.state.is_over]
        await asyncio.gather(*(service.act(t.id, u, a, t.version) for t, (u, a) in moves))
    before = {t.id: (t.version, t.state.action_dicts()) for t in tables if t.status == "playing"}
    await store.close()
    store2, service2 = await _service(tmp_path)
    try:
        loaded = {t.id: (t.version, t.state.action_dicts()) for t in await service2.load()}
        assert loaded == before
    finally:
        await store2.close()
