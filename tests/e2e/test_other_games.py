"""Skip-Bo Junior and Red and Black played whole in a simulated Discord channel, clicked as members click."""

from __future__ import annotations

from bot.ai import skipbo_junior as sb_ai
from bot.app import Deckhand
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games.base import Status
from bot.records import parse_record, replay
from bot.tables import PLAYING
from tests.e2e.helpers import (
    button,
    buttons,
    fields,
    open_lobby,
    rb_turn,
    sb_button_for,
    text_blocks,
    text_of,
    the_board,
    title_of,
    titled,
    turn_notices,
    world,
)


async def test_skip_bo_junior_from_lobby_to_final_report_with_board_buttons(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    lobby = await open_lobby(env, channel, ann, bob, game="skip-bo-junior", stockpile=5)
    assert title_of(lobby) == "Skip-Bo Junior: a table is open"
    assert "stockpiles of 5" in text_of(lobby)
    await ann.click(lobby, label="Add AI seat: normal")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == PLAYING and table.game == sb.NAME
    state = table.state
    members = {ann.id: ann, bob.id: bob}

    # Everything but the stockpiles is public: the board names every stockpile top and stack.
    board = the_board(channel, "Skip-Bo Junior: turn")
    text = text_of(board)
    parts = fields(board)
    for seat in range(3):
        top = state.stocks[seat][-1]
        assert f"Stockpile **{'★' if top == 0 else top}**" in text
        # Each side stack on a line of its own, its playable top in bold.
        lines = next(value for name, value in parts.items() if table.name(seat) in name).splitlines()
        for number, stack in enumerate(state.slots[seat], start=1):
            line = next(x for x in lines if x.startswith(f"Stack {number}: "))
            if stack:
                assert line.endswith(f"**{'★' if stack[-1] == 0 else stack[-1]}** ← top")
            else:
                assert line == f"Stack {number}: empty"

    # There is no secret hand; someone not seated and a player out of turn cannot press.
    hand = await cat.slash(channel, "game hand")
    assert "not seated" in hand.response.content
    checked_refusals = False
    steps = 0
    while table.status == PLAYING:
        steps += 1
        assert steps < 3000
        assert len(titled(channel, "Skip-Bo Junior: turn")) == 1, "one board, kept current"
        assert len(turn_notices(channel)) <= 1
        seat = state.current
        assert not table.seats[seat].ai, "AI seats move on their own"
        member = members[table.seats[seat].user_id]
        board = the_board(channel, "Skip-Bo Junior: turn")
        action = sb_ai.next_action(state, seat)
        custom_id = sb_button_for(table, action)
        if not checked_refusals:
            other = bob if member is ann else ann
            before = table.version
            refused = await other.click(board, custom_id=custom_id)
            assert refused.ephemeral and "turn, not yours" in refused.response.content
            outsider = await cat.click(board, custom_id=custom_id)
            assert "not seated" in outsider.response.content
            mine = await member.slash(channel, "game hand")
            assert "no secret hand" in mine.response.content
            assert table.version == before, "a refused click changes nothing"
            checked_refusals = True
        assert custom_id in [b["custom_id"] for b in buttons(board)], "the AI's play is on the board"
        result = await member.click(board, custom_id=custom_id)
        assert result.acknowledged

    assert state.status in (Status.WON, Status.STALLED)
    reports = titled(channel, "Skip-Bo Junior: final report")
    assert len(reports) == 1
    if state.status is Status.WON:
        assert f"{table.name(state.winner)} wins" in text_of(reports[0])
    standing = fields(reports[0])["Standing"]
    first = standing.splitlines()[0]
    assert first.startswith("1. ") and table.name(state.result().standing()[0]) in first
    assert turn_notices(channel) == []

    # The exported record replays to the same end.
    exported = await bob.slash(channel, "game export")
    record = parse_record(await exported.response.attachments[0].read())
    out, code = replay(record)
    assert (
        code == 0 and out["winner"] == state.winner and out["stock_left"] == list(state.result().stock_left)
    )

    # The result feeds the game's own leaderboard.
    shown = await bob.slash(channel, "leaderboard show", game="skip-bo-junior")
    embed = shown.response.embeds[0]
    assert embed.title == "Leaderboard: Skip-Bo Junior"
    ranking = embed.fields[0].value
    for user in (ann, bob):
        seat = table.seat_of(user.id)
        won = int(state.winner == seat)
        assert f"**{user.name}**: won {won} of 1" in ranking
    the_game = await bob.slash(channel, "leaderboard show")
    assert "No games yet." in the_game.response.embeds[0].fields[0].value


async def test_skip_bo_junior_options_and_the_talk_rule(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    wrong = await ann.slash(channel, "game new", game="skip-bo-junior", expert=True)
    assert wrong.ephemeral and "`expert` is not an option of Skip-Bo Junior" in wrong.response.content
    assert env.bot.tables.in_channel(channel.id) is None
    lobby = await open_lobby(env, channel, ann, game="skip-bo-junior", may_stop=True)
    too_few = await ann.click(lobby, label="Start")
    assert "needs at least 2 players" in too_few.response.content
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    # Talk is free in this game: numbers stay in the channel.
    said = await bob.send(channel, "I have a 7 and two wilds, so leave pile 3 at 6 for me")
    assert said.id in [m.id for m in channel.history()]
    # A table that lets players stop early shows End my turn to the player whose turn it is.
    seat = table.state.current
    member = ann if table.seats[seat].user_id == ann.id else bob
    board = the_board(channel, "Skip-Bo Junior: turn")
    turn = table.state.turn
    result = await member.click(board, label="End my turn")
    assert result.acknowledged and table.state.turn > turn


async def test_skip_bo_junior_board_buttons_work_after_a_restart(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, game="skip-bo-junior")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    board = the_board(channel, "Skip-Bo Junior: turn")
    version = table.version
    old_store = env.bot.store
    await env.restart_bot(Deckhand(settings))
    await old_store.close()
    reloaded = env.bot.tables.in_channel(channel.id)
    assert reloaded is not None and reloaded.version == version
    seat = reloaded.state.current
    member = ann if reloaded.seats[seat].user_id == ann.id else bob
    custom_id = sb_button_for(reloaded, sb_ai.next_action(reloaded.state, seat))
    result = await member.click(board, custom_id=custom_id)
    assert result.acknowledged and reloaded.version == version + 1


# ---- Red and Black -------------------------------------------------------------------------------


async def test_red_and_black_eight_deals_with_private_hands_and_final_standings(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    lobby = await open_lobby(env, channel, ann, bob, game="red-and-black")
    too_few = await ann.click(lobby, label="Start")
    assert "needs exactly 4 players" in too_few.response.content
    await ann.click(lobby, label="Add AI seat: normal")
    await ann.click(lobby, label="Add AI seat: normal")
    shown = the_board(channel, "Red and Black: a table is open")
    assert button(shown, label="Join")["disabled"], "a full lobby offers no Join"
    full = await cat.slash(channel, "game join")
    assert "full (4 seats)" in full.response.content
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.game == rb.NAME
    state = table.state
    members = {ann.id: ann, bob.id: bob}

    # A hand is private: it comes as an ephemeral message, and the board names no held card.
    opened = await bob.click(the_board(channel, "Red and Black: deal"), label="My hand")
    assert opened.ephemeral
    bob_seat = table.seat_of(bob.id)
    shown = opened.response.embeds[0].description
    reds = " ".join(rb.name(c)[0] for c in sorted(state.hands[bob_seat]) if c < rb.BLACK)
    assert f"red: **{reds}**" in shown
    outsider = await cat.click(the_board(channel, "Red and Black: deal"), label="My hand")
    assert "not seated" in outsider.response.content

    steps = 0
    while table.status == PLAYING:
        steps += 1
        assert steps < 5000
        assert len(titled(channel, "Red and Black: deal")) == 1
        for message in channel.history():
            text = message.content + " ".join(
                (e.description or "") + " ".join(f.value for f in e.fields) for e in message.embeds
            )
            assert "red: **" not in text, "no hand in a public message"
        seat = state.current
        await rb_turn(members[table.seats[seat].user_id], channel, table, seat)

    assert state.status is Status.FINISHED and len(state.deals) == rb.DEALS
    reports = titled(channel, "Red and Black: final standings")
    assert len(reports) == 1
    result = state.result()
    winners = " and ".join(table.name(s) for s in result.winners)
    assert text_blocks(reports[0])[0].splitlines()[1].startswith(f"**{winners} win")
    parts = fields(reports[0])
    standings = parts["Standings"].splitlines()
    for place, seat in enumerate(result.standing(), start=1):
        assert standings[place - 1].endswith(f": {state.totals[seat]} points")
    table_text = next(value for name, value in parts.items() if name.startswith("Deal by deal"))
    total_row = table_text.strip("`\n").splitlines()[-1].split()
    assert total_row == ["sum", *map(str, state.totals)]

    exported = await bob.slash(channel, "game export")
    out, code = replay(parse_record(await exported.response.attachments[0].read()))
    assert code == 0 and out["totals"] == list(state.totals) and out["winners"] == list(result.winners)

    shown = await ann.slash(channel, "leaderboard show", game="red-and-black")
    ranking = shown.response.embeds[0].fields[0].value
    for user in (ann, bob):
        seat = table.seat_of(user.id)
        won = int(seat in result.winners)
        behind = max(state.totals) - state.totals[seat]
        assert f"**{user.name}**: won {won} of 1 (average {behind:.1f} points behind the winner" in ranking


async def test_a_red_and_black_player_who_leaves_is_replaced_by_an_ai_seat(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, ai=2, game="red-and-black")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    asked = await bob.slash(channel, "game leave")
    assert "An AI seat plays on in your place" in asked.response.embeds[0].description
    done = await bob.click(asked.response, label="Leave the game")
    assert "An AI seat plays on" in done.response.content
    seat = table.seat_of(bob.id)
    assert table.seats[seat].ai and table.status == PLAYING
    # Talk is free in this game too.
    said = await ann.send(channel, "I need a black 7 and two 5s")
    assert said.id in [m.id for m in channel.history()]


async def test_an_absent_red_and_black_player_can_only_be_handed_to_the_ai(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, ai=2, game="red-and-black", turn_timer=5)
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    absent = table.seats[table.state.current]
    assert not absent.ai
    await env.advance_time(5 * 60 + 20)
    notices = [m for m in channel.history() if "turn timer has run out" in m.content]
    assert len(notices) == 1
    assert [b["label"] for b in buttons(notices[0])] == ["Hand seat to AI"], "no seat is removed in this game"
    await ann.click(notices[0], label="Hand seat to AI")
    assert table.seats[table.seat_of(absent.user_id)].ai
    await env.settle()
    assert table.state.turns_total >= 1, "the AI seat took the turn"
