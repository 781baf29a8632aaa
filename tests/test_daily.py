"""The deal of the day: a stable, documented derivation; the AI's par and its replayable record;
`python -m bot daily`; the store's entries, pars and ranking on SQLite and PostgreSQL; the chart."""

from __future__ import annotations

import hashlib
import json
from datetime import date, timedelta

import pytest

from bot.__main__ import main
from bot.charts import daily_figure
from bot.daily import DealKey, deal, parse_day, play_par, seed_of
from bot.records import parse_record, replay
from bot.store import StoreError, open_store
from tests.test_charts import every_text_inside

DAY = "2026-03-14"
AT = "2026-03-14T20:00:00+00:00"


def test_a_fixed_date_gives_a_fixed_deal_in_every_process():
    key = DealKey(DAY, 3, False)
    # Written down once: a change of the derivation or of the shuffle would change every day's deal.
    assert seed_of(key) == 1296983204235820218
    assert deal(key).hands[0] == [44, 65, 76, 84, 86, 95]
    assert deal(DealKey(DAY, 1, True)).hands[0] == [5, 8, 30, 43, 51, 61, 64, 81]
    # docs/records.md: SHA-256 of the text, first 8 bytes big-endian, halved.
    digest = hashlib.sha256(b"deckhand-daily:2026-03-14:3:basic").digest()
    assert seed_of(key) == int.from_bytes(digest[:8], "big") >> 1


def test_every_count_and_rule_set_is_a_deal_of_its_own_and_seat_zero_moves_first():
    decks = {tuple(deal(DealKey(DAY, n, e)).deck) for n in range(1, 6) for e in (False, True)}
    assert len(decks) == 10
    assert deal(DealKey("2026-03-15", 3, False)).deck != deal(DealKey(DAY, 3, False)).deck
    assert deal(DealKey(DAY, 4, True)).current == 0


@pytest.mark.parametrize("text", ["2026-02-30", "14.03.2026", "20260314", "", "2026-3-14"])
def test_a_bad_date_is_refused_with_the_form_it_needs(text):
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_day(text)


def test_the_par_record_replays_to_the_par_and_says_its_day():
    par = play_par(DealKey(DAY, 2, True))
    record = parse_record(json.dumps(par.record))
    assert record.daily == DAY
    out, code = replay(record)
    assert code == 0 and out["cards_left"] == par.cards_left and out["status"] != "in_progress"


def test_old_records_stay_valid_and_a_bad_daily_field_is_named():
    record = {"game": "the-game", "players": 1, "seed": 5, "actions": []}
    assert parse_record(json.dumps(record)).daily is None
    with pytest.raises(Exception, match="daily"):
        parse_record(json.dumps({**record, "daily": "yesterday"}))


def test_the_daily_command_prints_one_object_that_replays(capsys):
    assert main(["daily", "--date", DAY, "--players", "2", "--expert", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {k: out[k] for k in ("date", "players", "expert")} == {"date": DAY, "players": 2, "expert": True}
    assert out["par"] == play_par(DealKey(DAY, 2, True)).cards_left
    assert replay(parse_record(json.dumps(out["record"])))[0]["cards_left"] == out["par"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--date", "2026-13-01", "--players", "2"], "not a date"),
        (["--date", DAY, "--players", "6"], "1 to 5 players"),
    ],
)
def test_the_daily_command_refuses_bad_input_plainly(capsys, args, words):
    assert main(["daily", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err


@pytest.mark.parametrize("count", [0, 1, 12])
def test_the_daily_chart_keeps_every_word_inside(count):
    today = date(2026, 3, 31)
    games = [(today - timedelta(days=2 * i), 3 + i % 5, 4) for i in range(count)]
    every_text_inside(daily_figure(games, today, "Maximilian-Alexander: the last 30 days"))


@pytest.fixture
async def store(store_url):
    s = open_store(store_url)
    await s.open()
    yield s
    await s.close()


async def finished(store, table_id, guild_id, left, turns, at, people, daily=True):
    row = {
        "guild_id": guild_id,
        "channel_id": table_id,
        "game": "the-game",
        "status": "playing",
        "host_id": people[0],
        "options": {},
        "meta": {},
        "created_at": AT,
        "updated_at": AT,
    }
    table_id = await store.create_table(row, [{"user_id": p, "name": f"p{p}"} for p in people])
    result = {
        "guild_id": guild_id,
        "game": "the-game",
        "players": len(people),
        "options": {},
        "status": "lost",
        "cards_left": left,
        "turns": turns,
        "duration_s": 600.0,
        "seats": [{"user_id": p, "name": f"p{p}", "ai": False, "laid": 1} for p in people],
        "ended_by": None,
        "moderator_ended": False,
        "finished_at": at,
    }
    if daily:
        result["daily"] = {"day": DAY, "players": len(people), "expert": False}
    await store.finish_table(table_id, result, status="finished", finished_at=at)
    return table_id


async def test_a_member_enters_a_deal_once_in_any_server(store):
    assert await store.daily_entered(DAY, 2, False, [1, 2]) == []
    await store.enter_daily(7, DAY, 2, False, [1, 2])
    assert await store.daily_entered(DAY, 2, False, [3, 2, 1]) == [2, 1]
    assert (
        await store.daily_entered(DAY, 3, False, [1]) == []
        and await store.daily_entered(DAY, 2, True, [1]) == []
    )
    with pytest.raises(StoreError):
        await store.enter_daily(8, DAY, 2, False, [3, 1])  # nobody of the two is entered
    assert await store.daily_entered(DAY, 2, False, [3]) == []
    await store.release_daily(7)
    assert await store.daily_entered(DAY, 2, False, [1, 2]) == []


async def test_a_par_is_kept_once_and_the_ranking_orders_every_servers_tables(store):
    await store.save_daily_par(DAY, 2, False, 5, 40, '{"a": 1}', AT)
    await store.save_daily_par(DAY, 2, False, 9, 41, "{}", AT)
    assert await store.daily_par(DAY, 2, False) == {"par": 5, "turns": 40, "record": '{"a": 1}'}
    assert await store.daily_par(DAY, 3, False) is None
    late = await finished(store, 1, 100, 4, 30, "2026-03-14T22:00:00+00:00", [11, 12])
    early = await finished(store, 2, 200, 4, 30, "2026-03-14T21:00:00+00:00", [21, 22])
    fewer_turns = await finished(store, 3, 100, 4, 28, "2026-03-14T23:00:00+00:00", [31, 32])
    best = await finished(store, 4, 300, 1, 50, "2026-03-14T23:30:00+00:00", [41, 42])
    await finished(store, 5, 300, 0, 20, AT, [51, 52], daily=False)  # a practice game: not ranked
    ranking = await store.daily_ranking(DAY, 2, False)
    assert [r["table_id"] for r in ranking] == [best, fewer_turns, early, late]
    assert [r["guild_id"] for r in ranking] == [300, 100, 200, 100]
    assert ranking[0]["seats"][0]["name"] == "p41"
    mine = await store.daily_member(11)
    assert mine == [{"day": DAY, "players": 2, "expert": False, "cards_left": 4, "par": 5}]
    await store.forget_member(11)
    assert await store.daily_member(11) == []
    names = [s["name"] for s in (await store.daily_ranking(DAY))[3]["seats"]]
    assert names == ["a former player", "p12"]
