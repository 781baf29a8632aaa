"""Every view of every game in the language it is for: what the channel sees (the lobby, the board,
turn notices, the final report) in the server's, what one member sees (a hand, a menu, a refusal)
in that member's, also when it is drawn in the background with nobody clicking.

Buttons are found by their custom_ids here, since their labels are translated.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.ai import baseline
from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.charts import draw, piles_figure
from bot.games import red_and_black as rb
from bot.games import thegame as tg
from bot.i18n import _, using
from bot.tables import PLAYING, Table
from tests.e2e.helpers import buttons, fields, sb_button_for, text_of, title_of
from tests.e2e.test_i18n import click_id, client_locales, open_table, world

__all__ = ["client_locales"]  # the fixture, used by the tests below

# Words and phrases of our views in English: none may be left in a German, French or Spanish view.
# (Names stay: "The Game", "Skip-Bo Junior", "Red and Black", commands.)
ENGLISH = re.compile(
    r"\b(Seats?|turn|Turns|cards?|Draw pile|not laid|Show my hand|This turn|has laid|final report|"
    r"Laid most|Duration|Rematch|your hand|Your hand|table is open|Join|Leave|Start|Goes first|host|"
    r"Options|has started|Game over|game is over|Pile|Piles|pile|gap|trick|fits?|End turn|Refresh|"
    r"Clear|Cancel|signals?|deal|round|Stock|Stockpile|Stack|stack|Dealer|Discard|discard|Scores|"
    r"Standings?|points?|wins?|minutes?|left|with|the|of|and|is|it|on|your)\b"
)


# French writes some of them alike.
FRENCH_TOO = {"pile", "Pile", "Piles", "minute", "minutes", "point", "points", "Scores"}


def english_in(text: str, language: str = "de") -> list[str]:
    # Mentions and the names of the games are not words of ours.
    text = re.sub(r"<@\d+>|The Game|Red and Black|Skip-Bo Junior", "", text)
    return [w for w in ENGLISH.findall(text) if not (language == "fr" and w in FRENCH_TOO)]


def seen_now(channel: Any, seen: dict[int, list[str]]) -> None:
    """Note what every message of the channel says now (boards are edited, notices deleted)."""
    for message in channel.history():
        said = text_of(message) + "\n" + " ".join(b.get("label") or "" for b in buttons(message))
        versions = seen.setdefault(message.id, [])
        if said not in versions:
            versions.append(said)


def titled(channel: Any, start: str) -> list[Any]:
    return [m for m in channel.history() if title_of(m).startswith(start)]


def one_titled(channel: Any, start: str) -> Any:
    found = titled(channel, start)
    assert len(found) == 1, f"expected one message titled {start!r}, found {len(found)}"
    return found[0]


# ---- The Game on a German server --------------------------------------------------------------


async def play_the_game_turn(member: Any, board: Any, table: Table, seat: int) -> str:
    """The seat's whole turn as the baseline AI plays it, clicked in the member's hand; what the
    hand said when it was opened."""
    state = table.state
    assert state is not None
    opened = await click_id(member, board, f"dh:hand:{table.id}:")
    assert opened.ephemeral
    hand, turn = opened.response, state.turn
    first = text_of(hand)
    while table.status == PLAYING and state.turn == turn:
        move = baseline.choose(tg.seat_view(state, seat))
        if isinstance(move, tg.Play):
            chosen = await click_id(member, hand, f"dh:card:{table.id}:", f":{move.card}")
            result = await click_id(
                member, chosen.response, f"dh:act:{table.id}:", f":p{move.card}_{move.pile}"
            )
        else:
            result = await click_id(member, hand, f"dh:act:{table.id}:", ":e")
        assert result.acknowledged
        hand = result.response
    return first


async def test_a_whole_game_of_the_game_on_a_german_server_reads_german(simcord_env, client_locales):
    env = simcord_env
    _, channel, (anna,), _ = world(env, "anna", locale="de")
    client_locales[anna.id] = "de"
    result = await anna.slash(channel, "game new", turn_timer=10)
    lobby = result.response
    lobby_text = text_of(lobby)
    assert title_of(lobby) == "The Game: ein Tisch ist offen"
    assert "Alle spielen gemeinsam gegen das Spiel" in lobby_text
    assert (
        "Optionen: Hand mit 8, mindestens 2 Karten pro Zug" in lobby_text and "Zugzeit 10 Min." in lobby_text
    )
    assert "anna (Gastgeber)" in fields(lobby)["Plätze (1/5)"]
    assert [b["label"] for b in buttons(lobby)][:4] == ["Mitspielen", "Gehen", "Starten", "Abbrechen"]
    await click_id(anna, lobby, "dh:ai:", ":normal")
    await click_id(anna, lobby, "dh:ai:", ":hard")
    assert "🤖 KI 2 (schwer)" in text_of(lobby)
    await click_id(anna, lobby, "dh:start:")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == PLAYING
    assert title_of(lobby) == "The Game: das Spiel hat begonnen"

    seen: dict[int, list[str]] = {}
    state = table.state
    assert state is not None
    board = one_titled(channel, "The Game: Zug ")
    parts = fields(board)
    assert "Nachziehstapel:" in text_of(board) and "noch nicht gelegt" in text_of(board)
    assert "Dieser Zug" in parts and parts["Plätze"].startswith("▶️ anna (Gastgeber): 6 Karten")
    hands = 0
    while table.status == PLAYING:
        await env.settle()
        seen_now(channel, seen)
        if table.status != PLAYING:
            break
        assert table.seats[state.current].user_id == anna.id
        notice = [m for m in channel.history() if m.content.startswith(f"<@{anna.id}>")]
        assert notice and "du bist am Zug: Lege mindestens" in notice[-1].content
        hand = await play_the_game_turn(anna, one_titled(channel, "The Game: Zug "), table, 0)
        if hands == 0:
            assert hand.startswith("### Deine Hand: 6 Karten\n**Du bist am Zug.** Du hast 0 von mindestens 2")
        hands += 1
    await env.settle()
    seen_now(channel, seen)

    report = one_titled(channel, "The Game: Abschlussbericht")
    parts = fields(report)
    assert parts["Züge"] == str(state.turn) and "Am meisten gelegt" in parts and "Dauer" in parts
    assert "gelegt" in parts["Plätze"]
    assert [b["label"] for b in buttons(report)] == ["Revanche"]
    assert "/spiel exportieren liefert das vollständige Protokoll" in text_of(report)
    final_board = one_titled(channel, "The Game: Zug ")
    assert "Plätze" in fields(final_board)
    # Every public message, in every version it had, is German: no word of our English views.
    texts = [t for versions in seen.values() for t in versions]
    assert len(texts) > 10
    for text in texts:
        assert english_in(text) == [], text


async def test_a_french_client_on_a_german_server_plays_in_french_on_a_german_board(
    simcord_env, client_locales
):
    env = simcord_env
    _, channel, (anna, cleo), _ = world(env, "anna", "cleo", locale="de")
    client_locales[cleo.id] = "fr"
    client_locales[anna.id] = "de"
    table = await open_table(env, channel, cleo, anna)
    await env.settle()
    board = one_titled(channel, "The Game: Zug 1")
    assert [b["label"] for b in buttons(board)] == ["Meine Hand zeigen"]
    notice = [m for m in channel.history() if m.content.startswith(f"<@{cleo.id}>")]
    assert "du bist am Zug" in notice[-1].content

    opened = await click_id(cleo, board, f"dh:hand:{table.id}:")
    hand = opened.response
    text = text_of(hand)
    assert text.startswith("### Votre main : 7 cartes")
    assert "**C'est votre tour.** Vous avez posé 0 sur au moins 2." in text
    assert "Piles : " in text and ("Vert : " in text or "Aucune de vos cartes" in text)
    labels = [b["label"] for b in buttons(hand)]
    assert labels[-3:] == ["Finir le tour", "Signaux de pile", "Actualiser"]
    assert english_in(text + " ".join(labels), "fr") == []

    state = table.state
    card = next(c for c in state.hands[0] if c in state.private_view(0).playable)
    choice = await click_id(cleo, hand, f"dh:card:{table.id}:", f":{card}")
    assert text_of(choice.response) == f"### Où poser le **{card}** ?"
    assert all(
        b["label"].startswith("Pile ") and " sur " in b["label"] for b in buttons(choice.response)[:-1]
    )
    assert buttons(choice.response)[-1]["label"] == "Annuler"
    back = await click_id(cleo, choice.response, f"dh:back:{table.id}:")

    panel = await click_id(cleo, back.response, f"dh:sigmenu:{table.id}:")
    panel_text = text_of(panel.response)
    assert panel_text.startswith("### Signaux de pile\nDites aux autres")
    labels = [b["label"] for b in buttons(panel.response)]
    assert labels[:3] == ["Pile 1 : ne pas jouer", "Pile 1 : bonne carte", "Retirer"]
    assert labels[-1] == "Retour à ma main"
    signalled = await click_id(cleo, panel.response, f"dh:act:{table.id}:", ":s1_dont_play")
    assert signalled.acknowledged
    await env.settle()
    # The board shows her signal to the channel in German.
    board = one_titled(channel, "The Game: Zug 1")
    assert "🛑 Stapel 1 · cleo: bitte hier nicht spielen" in text_of(board)

    # A refusal is hers: French; the same refusal to anna, German.
    other = await click_id(anna, board, f"dh:hand:{table.id}:")
    assert other.response.components and text_of(other.response).startswith("### Deine Hand: 7 Karten")
    anna_card = state.hands[1][0]
    refused = await click_id(anna, other.response, f"dh:card:{table.id}:", f":{anna_card}")
    assert refused.response.content == "cleo ist am Zug, nicht du. Deine Hand ist bereit, wenn du dran bist."


async def test_an_open_hand_redrawn_in_the_background_stays_in_its_owners_language(
    simcord_env, client_locales
):
    env = simcord_env
    _, channel, (anna, cleo), _ = world(env, "anna", "cleo", locale="de")
    client_locales[cleo.id] = "fr"
    table = await open_table(env, channel, anna, cleo)
    await env.settle()
    board = one_titled(channel, "The Game: Zug 1")
    cleo_hand = await click_id(cleo, board, f"dh:hand:{table.id}:")
    assert "C'est le tour de anna. Vos cartes :" in text_of(cleo_hand.response)

    await play_the_game_turn(anna, board, table, 0)
    await env.settle()
    # Nobody clicked cleo's hand: the presenter (German, the server's) redrew it in French.
    assert table.state.current == 1
    redrawn = text_of(cleo_hand.response)
    assert redrawn.startswith("### Votre main : ") and "**C'est votre tour.**" in redrawn
    assert [b["label"] for b in buttons(cleo_hand.response)][-3:] == [
        "Finir le tour",
        "Signaux de pile",
        "Actualiser",
    ]
    notice = [m for m in channel.history() if m.content.startswith(f"<@{cleo.id}>")]
    assert "du bist am Zug" in notice[-1].content


# ---- Skip-Bo Junior in Spanish, Red and Black in French ------------------------------------------


async def test_skip_bo_junior_on_a_spanish_server_from_lobby_to_final_report(simcord_env, client_locales):
    env = simcord_env
    _, channel, (ana, beto), _ = world(env, "ana", "beto", locale="es-ES")
    client_locales[beto.id] = "es-419"
    table = await open_table(env, channel, ana, beto, game="skip-bo-junior", stockpile=5)
    seen: dict[int, list[str]] = {}
    members = {ana.id: ana, beto.id: beto}
    state = table.state
    board = one_titled(channel, "Skip-Bo Junior: turno ")  # turn 2 when the first seat had no play
    parts = fields(board)
    assert "Pilas (arriba, y lo que va después)" in parts and "Mazo para robar" in parts
    assert any("Reserva **" in value and "Montón 1" in value for value in parts.values())
    refused = await beto.slash(channel, "game hand")
    assert refused.response.content.startswith("Skip-Bo Junior no tiene mano secreta")
    steps = 0
    while table.status == PLAYING:
        steps += 1
        assert steps < 2000
        await env.settle()
        seen_now(channel, seen)
        seat = state.current
        member = members[table.seats[seat].user_id]
        board = one_titled(channel, "Skip-Bo Junior: turno")
        if steps == 1:
            labels = [b["label"] for b in buttons(board)]
            assert labels and all(" de " in label and " → " in label for label in labels)
        result = await member.click(board, custom_id=sb_button_for(table, sb_ai.next_action(state, seat)))
        assert result.acknowledged
    await env.settle()
    seen_now(channel, seen)
    report = one_titled(channel, "Skip-Bo Junior: informe final")
    parts = fields(report)
    assert "Clasificación" in parts and parts["Turnos"] == str(state.turn) and "Duración" in parts
    assert "gana: su reserva está vacía" in text_of(report) or "sin ganador" in text_of(report)
    assert [b["label"] for b in buttons(report)] == ["Revancha"]
    for text in (t for versions in seen.values() for t in versions):
        assert english_in(text) == [], text


def rb_token(action: Any) -> str:
    match action:
        case rb.Draw(source=source):
            return rb.encode_action({"type": "draw", "source": source})
        case rb.Discard(card=card):
            return rb.encode_action({"type": "discard", "card": card})
        case rb.Declare(card=card):
            return rb.encode_action({"type": "declare", "card": card})
    return "e"


async def test_red_and_black_on_a_french_server_with_a_spanish_client(simcord_env, client_locales):
    env = simcord_env
    _, channel, (ana,), _ = world(env, "ana", locale="fr")
    client_locales[ana.id] = "es-ES"
    table = await open_table(env, channel, ana, ai=3, game="red-and-black")
    seen: dict[int, list[str]] = {}
    state = table.state
    checked = False
    for _ in range(400):
        await env.settle()
        seen_now(channel, seen)
        if table.status != PLAYING or state.deals:
            break
        board = one_titled(channel, "Red and Black : donne 1 sur 8 · manche")
        assert [b["label"] for b in buttons(board)] == ["Ma main"]
        assert {"Défausse", "Talon", "Donneur", "Places", "Scores"} <= set(fields(board))
        opened = await click_id(ana, board, f"dh:hand:{table.id}:")
        hand = opened.response
        assert opened.ephemeral and hand.embeds[0].author.name.startswith("Tu mano: ")
        description = hand.embeds[0].description
        assert "rojo: **" in description and "negro: **" in description and "Más cerca de: " in description
        if not checked:
            assert "**Es tu turno.** Roba una carta." in description
            assert "Robar del mazo" in [b["label"] for b in buttons(hand)]
            checked = True
        deal, turn = state.deal_index, state.turn
        while (
            table.status == PLAYING and state.current == 0 and (state.deal_index, state.turn) == (deal, turn)
        ):
            action = rb_ai.next_action(state, 0)
            result = await ana.click(hand, custom_id=f"dh:act:{table.id}:{table.version}:{rb_token(action)}")
            assert result.acknowledged
            hand = result.response
    assert state.deals, "a deal was played to its end"
    await env.advance_time(5)  # the next deal's board: edits are paced, and AI seats may move first
    await env.settle()
    seen_now(channel, seen)
    # AI seats can play a whole deal out before the human's turn comes (about one game in thirty): the
    # board then shows the deal after that one. It shows the deal being played, numbered from 1.
    board = one_titled(channel, f"Red and Black : donne {state.deal_index + 1} sur 8")
    assert "Dernière donne" in fields(board)
    await click_id(ana, (await ana.slash(channel, "game end")).response, "dh:endok:", ":yes")
    await env.settle()
    seen_now(channel, seen)
    report = one_titled(channel, "Red and Black : classement final")
    parts = fields(report)
    assert "Classement" in parts and "Donne par donne (* a gagné la donne)" in parts
    assert "La partie a été arrêtée avant la fin par" in text_of(report)
    assert "points" in parts["Classement"] or "point" in parts["Classement"]
    for text in (t for versions in seen.values() for t in versions):
        assert english_in(text, "fr") == [], text


# ---- the piles chart ---------------------------------------------------------------------------


def chart_words(figure: Any) -> set[str]:
    axes = figure.axes[0]
    legend = axes.get_legend()
    return {
        axes.get_title(),
        axes.get_xlabel(),
        axes.get_ylabel(),
        *(t.get_text() for t in legend.get_texts()),
    }


def piles_words(tops: list[tuple[int, ...]]) -> bytes:
    """Run in the chart process: the words of the piles chart drawn there, one per line."""
    return "\n".join(sorted(chart_words(piles_figure(tops)))).encode()


async def test_the_piles_chart_is_drawn_in_the_language_of_the_caller_in_the_chart_process():
    tops = [(1, 1, 100, 100), (5, 9, 90, 97), (12, 20, 81, 90)]
    with using("de"):
        words = set((await draw(piles_words, tops)).decode().split("\n"))
    assert words == {
        "Die vier Stapel, Zug um Zug",
        "Zug",
        "oberste Karte",
        "auf 1",
        "auf 2",
        "ab 3",
        "ab 4",
    }
    with using("es"):
        words = set((await draw(piles_words, tops)).decode().split("\n"))
    assert "Las cuatro pilas, turno a turno" in words
    assert "The four piles, turn by turn" in chart_words(piles_figure(tops))


# ---- the rule sheets name the buttons as they read ----------------------------------------------


def test_the_rule_sheets_name_the_signal_buttons_as_the_hand_labels_them():
    root = Path(__file__).resolve().parents[2]
    for language in ("de", "fr", "es"):
        sheet = (root / "seeds" / f"the-game.{language}.md").read_text(encoding="utf-8")
        with using(language):
            for label in (_("Pile signals"), _("don't play"), _("good card")):
                assert f"**{label}**" in sheet, (language, label)
