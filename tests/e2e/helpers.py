"""Driving tables as members do: slash commands and button clicks through SimCord."""

from __future__ import annotations

from typing import Any

import discord
from simcord.components import walk_components

from bot.ai import baseline
from bot.ai import red_and_black as rb_ai
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games import thegame as tg
from bot.tables import PLAYING, Table


def components(message: Any) -> list[dict[str, Any]]:
    """A message's components as Discord sends them (dicts), V2 containers included."""
    return [c if isinstance(c, dict) else c.to_dict() for c in message.components]


def buttons(message: Any) -> list[dict[str, Any]]:
    """Every button of a message (a discord.Message or a SimCord ResponseMessage), in order,
    wherever it sits: an action row, a container, a section's accessory."""
    return [c for c in walk_components(components(message)) if c.get("type") == 2]


def button(message: Any, *, label: str | None = None, prefix: str | None = None, suffix: str = "") -> dict:
    for b in buttons(message):
        cid = b.get("custom_id", "")
        if label is not None and b.get("label") != label:
            continue
        if prefix is not None and not (cid.startswith(prefix) and cid.endswith(suffix)):
            continue
        return b
    labels = [b.get("label") for b in buttons(message)]
    raise AssertionError(f"no button label={label!r} prefix={prefix!r} among {labels}")


def text_blocks(message: Any) -> list[str]:
    """The text a member reads, block by block: a V2 message's text displays, or an embed's
    title, description, fields ("name\nvalue") and footer, or the plain content."""
    if message.embeds:
        e = message.embeds[0]
        blocks = [e.author.name or "", e.title or "", e.description or ""]
        blocks += [f"{f.name}\n{f.value}" for f in e.fields]
        blocks.append(e.footer.text or "")
        return [b for b in blocks if b]
    texts = [c["content"] for c in walk_components(components(message)) if c.get("type") == 10]
    return texts or ([message.content] if message.content else [])


def text_of(message: Any) -> str:
    return "\n".join(text_blocks(message))


def fields(message: Any) -> dict[str, str]:
    """The named parts of a message: an embed's fields, or a V2 message's text blocks that start
    with a heading (the heading's words are the name, the lines below the value)."""
    if message.embeds:
        return {f.name: f.value for f in message.embeds[0].fields}
    out = {}
    for block in text_blocks(message):
        first, _, rest = block.partition("\n")
        if first.startswith("#"):
            out[first.lstrip("#").strip()] = rest
            continue
        for line in block.splitlines():  # short figures: "**Turns**: 44"
            name, colon, value = line.partition("**: ")
            if colon and name.startswith("**"):
                out[name[2:]] = value
    return out


def pictures(message: Any) -> list[str]:
    """The images a message shows: an embed's image, or a V2 message's gallery items."""
    if message.embeds:
        return [e.image.url for e in message.embeds if e.image and e.image.url]
    galleries = [c for c in walk_components(components(message)) if c.get("type") == 12]
    return [item["media"]["url"] for g in galleries for item in g["items"]]


def title_of(message: Any) -> str:
    """An embed's title, or a V2 message's first line without its heading marks."""
    if message.embeds:
        return message.embeds[0].title or ""
    blocks = text_blocks(message) if message.components else []
    return blocks[0].partition("\n")[0].lstrip("#").strip() if blocks else ""


def pile_tops(message: Any) -> list[int]:
    """The four pile tops as The Game's board draws them (the middle line of its cards)."""
    for block in text_blocks(message):
        for line in block.splitlines():
            if line.startswith("│"):
                return [int(cell) for cell in line.replace("│", " ").split()]
    raise AssertionError("no piles on this message")


def boards(channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if title_of(m).startswith("The Game: turn")]


def board(channel: Any) -> discord.Message:
    found = boards(channel)
    assert len(found) == 1, f"expected exactly one board, found {len(found)}"
    return found[0]


def reports(channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if title_of(m) == "The Game: final report"]


def turn_notices(channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if "it is your turn" in m.content]


def world(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A server with a #game-night channel and these members."""
    guild = env.create_guild()
    channel = guild.create_text_channel("game-night")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, members


async def open_lobby(env: Any, channel: Any, host: Any, *others: Any, ai: int = 0, **options: Any) -> Any:
    """/game new by the host, Join clicked by the others, AI seats added; the lobby message."""
    result = await host.slash(channel, "game new", **options)
    lobby = result.response
    assert lobby is not None and not lobby.ephemeral
    for member in others:
        await member.click(lobby, label="Join")
    for _ in range(ai):
        await host.click(lobby, label="Add AI seat: normal")
    return lobby


async def open_table(env: Any, channel: Any, host: Any, *others: Any, ai: int = 0, **options: Any) -> Table:
    """The lobby opened and filled as ``open_lobby`` does, then Start clicked."""
    lobby = await open_lobby(env, channel, host, *others, ai=ai, **options)
    await host.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == PLAYING
    return table


async def show_hand(member: Any, channel: Any) -> Any:
    result = await member.click(board(channel), label="Show my hand")
    assert result.ephemeral
    return result.response


async def play_turn(member: Any, channel: Any, table: Table, seat: int) -> None:
    """The seat's whole turn, as the baseline AI would play it, by clicking the hand's buttons."""
    state = table.state
    assert state is not None
    hand = await show_hand(member, channel)
    turn = state.turn
    while table.status == PLAYING and state.turn == turn:
        move = baseline.choose(tg.seat_view(state, seat))
        if isinstance(move, tg.Play):
            chosen = await member.click(hand, label=str(move.card))
            target = button(
                chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{move.card}_{move.pile}"
            )
            result = await member.click(chosen.response, custom_id=target["custom_id"])
        else:
            result = await member.click(hand, label="End turn")
        assert result.acknowledged
        hand = result.response


async def play_to_the_end(env: Any, channel: Any, table: Table, members: dict[int, Any]) -> None:
    """Every person plays their turns by clicking; AI seats play themselves."""
    state = table.state
    assert state is not None
    while table.status == PLAYING:
        seat = state.current
        user_id = table.seats[seat].user_id
        assert not table.seats[seat].ai, "AI seats move on their own"
        assert user_id is not None
        await play_turn(members[user_id], channel, table, seat)


# ---- the other games -------------------------------------------------------------------------


def titled(channel: Any, start: str) -> list:
    return [m for m in channel.history() if title_of(m).startswith(start)]


def the_board(channel: Any, start: str) -> discord.Message:
    found = titled(channel, start)
    assert len(found) == 1, f"expected one board, found {len(found)}"
    return found[0]


def sb_button_for(table: Table, action: sb.Play) -> str:
    """The board button for the AI's chosen play (any empty place is offered as the first one)."""
    state = table.state
    pile = action.pile
    if state.piles[pile - 1] is None:
        pile = next(p for p in range(1, sb.PILES + 1) if state.piles[p - 1] is None)
    source = "s" if action.source == sb.STOCK else str(action.source)
    return f"dh:act:{table.id}:{table.version}:p{source}_{pile}"


async def rb_turn(member: Any, channel: Any, table: Any, seat: int) -> None:
    """The seat's turn as the baseline AI would play it, clicked in the member's private hand."""
    state = table.state
    board = the_board(channel, "Red and Black: deal")
    opened = await member.click(board, label="My hand")
    assert opened.ephemeral
    hand = opened.response
    assert "Your turn" in hand.embeds[0].description
    deal, turn = state.deal_index, state.turn
    while (
        table.status == PLAYING and state.current == seat and (state.deal_index, state.turn) == (deal, turn)
    ):
        action = rb_ai.next_action(state, seat)
        match action:
            case rb.Draw(source="stock"):
                result = await member.click(hand, label="Draw from the stock")
            case rb.Draw():
                result = await member.click(
                    hand,
                    custom_id=button(hand, prefix=f"dh:act:{table.id}:", suffix=":dd")["custom_id"],
                )
            case rb.Discard():
                result = await member.click(
                    hand,
                    custom_id=button(hand, prefix=f"dh:act:{table.id}:", suffix=f":x{action.card.lower()}")[
                        "custom_id"
                    ],
                )
            case rb.Declare():
                result = await member.click(
                    hand,
                    custom_id=button(hand, prefix=f"dh:act:{table.id}:", suffix=f":w{action.card.lower()}")[
                        "custom_id"
                    ],
                )
            case _:
                result = await member.click(hand, label="End the play")
        assert result.acknowledged
        hand = result.response
