"""The chat rule keeper, category by category of the policy (RULES.md, "Talking during The Game")."""

from __future__ import annotations

import io
import json
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chatfilter import Context, Verdict
from bot.chatfilter import check as check_with_stage
from bot.chatfilter.cli import check_main
from bot.chatfilter.detector import check_rules


def check(message: str, context: Context | None = None) -> Verdict:
    """The rules alone: these tests are of the hand-written rules, not of the learned stage after them."""
    return check_with_stage(message, context, learned=False)


HERE = Path(__file__).parent


def assert_well_formed(verdict, message: str) -> None:
    """A verdict's severity goes with its flag, and every number it reports lies inside the message."""
    assert verdict.flag == (verdict.severity is not None)
    for found in verdict.numbers:
        assert 0 <= found.start < found.end <= len(message)


def corpus(name: str) -> list[str]:
    lines = (HERE / name).read_text(encoding="utf-8").split("\n")
    return [line for line in lines[1:] if line]


@pytest.mark.parametrize("message", corpus("messages_flag.txt"))
def test_number_sharing_is_flagged(message: str) -> None:
    verdict = check(message)
    assert verdict.flag, f"missed: {message!r} ({verdict.reason})"
    assert verdict.severity in ("high", "medium", "low")


@pytest.mark.parametrize("message", corpus("messages_allowed.txt"))
def test_ordinary_talk_is_left_alone(message: str) -> None:
    verdict = check(message)
    assert not verdict.flag, f"false alarm: {message!r} {verdict.numbers} ({verdict.reason})"
    assert verdict.severity is None and verdict.numbers == ()


def values(message: str, context: Context | None = None) -> list[tuple[int, str]]:
    """Each number found, with the part of the message its span covers."""
    verdict = check(message, context)
    return [(f.value, message[f.start : f.end]) for f in verdict.numbers]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I have 47", [(47, "47")]),
        ("anyone with 58 or 59?", [(58, "58"), (59, "59")]),
        ("I have forty-seven", [(47, "forty-seven")]),
        ("Ich habe siebenundvierzig", [(47, "siebenundvierzig")]),
        ("sieben und vierzig", [(47, "sieben und vierzig")]),
        ("fuenfundzwanzig", [(25, "fuenfundzwanzig")]),  # typed without umlauts
        ("j'ai quatre-vingt-dix-sept", [(97, "quatre-vingt-dix-sept")]),
        ("tengo noventa y nueve", [(99, "noventa y nueve")]),
        ("die Dreiundsechzigste", [(63, "Dreiundsechzigste")]),
        ("the forty-seventh", [(47, "forty-seventh")]),
        # Spanish ordinals past the twentieth, glued as the Academy also writes them
        ("me quedé con la vigesimoctava", [(28, "vigesimoctava")]),
        ("tengo la trigesimoquinta", [(35, "trigesimoquinta")]),
        ("el nonagésimo noveno", [(99, "nonagésimo noveno")]),
    ],
)
def test_numbers_are_read_with_their_spans(message: str, expected: list[tuple[int, str]]) -> None:
    assert values(message) == expected


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("４７", 47),  # fullwidth
        ("𝟒𝟕", 47),  # mathematical bold
        ("4\u200b7", 47),  # zero-width space
        ("4\u20e37\u20e3", 47),  # keycaps without the variation selector
        ("4️⃣7️⃣", 47),
        ("s\u0435v\u0435n", 7),  # Cyrillic e
        ("f0rty", 40),
        ("thr33", 3),
        ("XLVII", 47),
        ("🂧", 7),  # seven of spades
        ("f o r t y  s e v e n", 47),
        ("s-e-v-e-n-t-y", 70),
        ("fortyseven", 47),
        ("fourty", 40),
        ("||forty||||seven||", 47),
        ("**forty** **seven**", 47),
        ("`47`", 47),
        ("50-3", 47),
        ("7*7", 49),
        ("fifty minus three", 47),
        ("half of ninety-four", 47),
        ("100 minus 53", 47),
        ("五十六", 56),  # Chinese and Japanese numerals
        ("j'ai 四七", 47),
        ("my card is the roman numeral XLVII", 47),
        ("hab die neun zehn, passt die?", 19),  # a teen cut by a space
        ("sieben multipliziert mit neun, mehr sag ich nicht", 63),
        ("si tu multiplies six par neuf, c'est ma carte", 54),
    ],
)
def test_disguises_are_seen_through_and_rated_high(message: str, value: int) -> None:
    verdict = check(message)
    assert verdict.flag
    assert value in [f.value for f in verdict.numbers]
    assert verdict.severity == "high", verdict.reason


def test_a_number_in_the_senders_hand_is_high_even_when_plain() -> None:
    plain = check("the 47 would be nice")
    assert plain.severity == "medium"
    mine = check("the 47 would be nice", Context(hand=frozenset({12, 47})))
    assert mine.severity == "high"
    assert "hand" in mine.reason


@pytest.mark.parametrize(
    "message",
    [
        "my card is touching pile 2's top",
        "justo la anterior a la de la pila 1",
        "c'est la suivante directe sur la 3",
    ],
)
def test_the_card_next_to_a_top_is_flagged_without_a_number(message: str) -> None:
    verdict = check(message)
    assert verdict.flag and verdict.severity == "low", verdict


def test_asking_without_a_card_in_view_is_left_alone() -> None:
    assert not check("was genau meinst du damit?").flag
    assert not check("what numbers are on the piles now?").flag


def test_asking_for_a_card_is_high() -> None:
    assert check("does anyone have the 58?").severity == "high"
    assert check("hat jemand die zweiundneunzig?").severity == "high"


def test_borderline_hints_are_low() -> None:
    assert check("something in the forties").severity == "low"
    assert check("I have the card right next to the top card").severity == "low"
    assert check("single digits only").severity == "low"


@pytest.mark.parametrize(
    "message",
    [
        "tell me your lowest",
        "was ist deine höchste?",
        "dis-moi ta plus basse",
        "¿cuál es tu carta más alta?",
        "how far is your card from pile 2?",
        "l'écart entre ta carte et la pile 1 ?",
        "what did you draw? exactly",
        "gib mir mal die Zahl, bitte",
        "vous avez quoi comme chiffres en main ?",
        "qué números tenéis?",
        "was genau hast du auf der Hand?",
        "wie viel unter Stapel 3 liegt deine?",
        "qqn peut me donner sa plus haute en chiffres ?",
    ],
)
def test_asking_for_a_value_without_a_number_is_flagged(message: str) -> None:
    assert check(message).flag, message


@pytest.mark.parametrize(
    "message",
    [
        "how far is the station from your place?",
        "what's your best guess for tonight?",
        "what's your phone number?",
        "¿alguien tiene el número de Marta?",
        "c'est qui le numéro 9 de l'équipe ?",
        "wie weit ist es zu dir?",
    ],
)
def test_questions_about_other_things_are_left_alone(message: str) -> None:
    assert not check(message).flag, message


@pytest.mark.parametrize(
    "message",
    [
        "mine is the next one after pile 3",
        "ich hab genau die nächste nach Stapel 2",
        "j'ai la suivante de la pile 4",
        "tengo la siguiente a la de arriba de la pila 3",
        "tengo la que sigue a la de la pila 2",
        "j'ai la suivante directe de la deux",
    ],
)
def test_the_card_that_follows_a_pile_top_is_flagged_without_a_number(message: str) -> None:
    verdict = check(message)
    assert verdict.flag and verdict.severity == "low", verdict
    assert not check("I will put my next card on pile 3").flag
    assert not check("next round I start on pile 2").flag


@pytest.mark.parametrize(
    "message",
    [
        "don't play on pile 2",
        "Stapel 3 bitte nicht",
        "the 3rd pile is yours",
        "piles 3 and 4 are yours",
        "ne jouez pas sur la deuxième pile",
    ],
)
def test_pile_numbers_one_to_four_are_allowed(message: str) -> None:
    assert not check(message).flag


def test_a_count_of_cards_is_allowed_only_up_to_the_hand_size() -> None:
    assert not check("I can play 3 cards").flag
    assert check("I have 47 cards").flag
    small_hand = Context(hand_size=6)
    assert not check("I could lay 6 cards", small_hand).flag
    assert check("I could lay 7 cards", small_hand).flag
    # Cards left in the deck, or at the end, are public.
    assert not check("we lost with 12 cards left").flag
    assert not check("the draw pile has 40 cards left").flag


def test_the_backwards_trick_ten_is_allowed_but_other_offsets_are_not() -> None:
    assert not check("ten below works for me").flag
    assert not check("I can do the 10 trick on the up pile").flag
    assert check("mine is exactly 3 above pile 1").flag
    assert check("one above pile 2's top").flag
    assert check("one below the 40").flag


@pytest.mark.parametrize(
    "message",
    [
        "<@123456789012345678> your turn",
        "<:pepe47:112233445566778899> nice",
        "<a:dance47:123456789012345678>",
        "game starts <t:1735689600:R>",
        "https://discord.com/channels/1/23/45 look",
        "back at 20:30",
        "brb 5 min",
        "100% agree",
        "my 9 year old beats us",
        "there are 5 of us",
        "round 3 after this?",
        "gg 2 ez",
        "1v1 me after this",
    ],
)
def test_discord_tokens_times_and_talk_are_allowed(message: str) -> None:
    assert not check(message).flag


@pytest.mark.parametrize(
    "message",
    [
        "once you play, I'll follow",
        "gib acht, der Stapel ist fast voll",
        "it's a quince tree",
        "elf on the shelf",
    ],
)
def test_words_that_are_numbers_only_in_another_language_are_left_alone(message: str) -> None:
    assert not check(message).flag


def test_a_false_friend_counts_when_the_message_is_in_that_language() -> None:
    assert check("tengo once cartas? no, tengo el once").flag
    assert check("ich hab die acht").flag


def test_languages_can_be_limited() -> None:
    german_only = Context(languages=("de",))
    assert not check("I have forty-seven", german_only).flag
    assert check("ich habe siebenundvierzig", german_only).flag
    assert check("I have 47", german_only).flag  # digits are digits in every language


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_text_gets_a_verdict_with_spans_inside_it(message: str) -> None:
    for verdict in (check(message), check_with_stage(message)):  # the rules, then with the learned stage
        assert_well_formed(verdict, message)
    assert check_with_stage(message) == check_with_stage(message)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=11, max_value=99),
    st.sampled_from(["\u200b", "\u200c", "\u2060", "\ufeff", "\u00ad"]),
)
def test_invisible_characters_never_hide_a_number(value: int, invisible: str) -> None:
    digits = str(value)
    verdict = check(f"I have {digits[0]}{invisible}{digits[1]}")
    assert verdict.flag
    assert value in [f.value for f in verdict.numbers]
    assert verdict.severity == "high"


def run_cli(data: bytes, lang: str = "en,de,fr,es") -> tuple[int, list[str]]:
    sink = io.BytesIO()
    code = check_main(lang, io.BytesIO(data), sink)
    return code, sink.getvalue().decode("utf-8").split("\n")


def test_cli_writes_one_json_object_per_line_blank_lines_included() -> None:
    data = "I have 47\n\ngive me a second\r\nj'ai quarante-sept\n４７ 🎉\nno newline at the end".encode()
    code, out = run_cli(data)
    assert code == 0
    assert out[-1] == ""  # every object ends with a line break
    objects = [json.loads(line) for line in out[:-1]]
    assert len(objects) == 6
    assert objects[0] == {
        "flag": True,
        "severity": "high",
        "numbers": [{"value": 47, "start": 7, "end": 9}],
        "reason": objects[0]["reason"],
    }
    assert objects[1]["flag"] is False and objects[1]["severity"] is None and objects[1]["numbers"] == []
    assert objects[2]["flag"] is False
    assert objects[3]["numbers"] == [{"value": 47, "start": 5, "end": 18}]
    assert objects[4]["numbers"] == [{"value": 47, "start": 0, "end": 2}]  # characters, not bytes
    assert objects[5]["flag"] is False
    assert all(isinstance(o["reason"], str) and o["reason"] for o in objects)


def test_cli_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(b"I have 47\n", lang="en,xx")
    assert code == 2
    assert out == [""]
    assert "xx" in capsys.readouterr().err


NUMBER_CHARACTERS = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) in ("Nd", "No", "Nl")]


@pytest.mark.parametrize("template", ["{0}", "I have {0}{0}", "{0}7 on pile 2", "the {0}⃣ {0}", "x{0}y"])
def test_every_unicode_number_character_gets_a_verdict(template: str) -> None:
    """Digits, circled and parenthesised numbers, fractions, letter-like numerals of every script."""
    for ch in NUMBER_CHARACTERS:
        message = template.format(ch)
        verdict = check(message)
        assert verdict.flag == (verdict.severity is not None), message
        for found in verdict.numbers:
            assert 0 <= found.start < found.end <= len(message), message


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(NUMBER_CHARACTERS + list(" 0123456789-+x*/.,")), max_size=40))
def test_strings_of_number_characters_get_a_verdict(message: str) -> None:
    verdict = check(message)
    assert verdict.flag == (verdict.severity is not None)


def test_a_disguised_number_in_another_script_is_still_read() -> None:
    assert check("I have ⓸⓻").flag
    assert 47 in [n.value for n in check("I have ⓸⓻").numbers]
    assert 47 in [n.value for n in check("ich hab ٤٧").numbers]


KEYCAPS = [d + "\ufe0f\u20e3" for d in "0123456789#*"] + [d + "\u20e3" for d in "0123456789"]
EMOJI = ["🔟", "💯", "👍🏽", "👨‍👩‍👧", "🇩🇪", "🏳️‍🌈", "❤️", "🂧", "⚅", "😈", "🎉", "\u200d", "\ufe0f", "🧑🏿‍🚀"]
SCRIPTS = [
    "четыре",
    "семь",
    "τέσσερα",
    "εφτά",
    "٤٧",
    "४७",
    "௪௭",
    "๔๗",
    "四十七",
    "ⅩⅬⅦ",
    "ⓐⓑ",
    "ｆｏｒｔｙ",
    "é",
    "\u0301",
]
PIECES = [
    "I have",
    "the",
    "forty",
    "seven",
    "siebenundvierzig",
    "quatre-vingt-dix-sept",
    "noventa y nueve",
    "pile 2",
    "um 8",
    "le 3 mars",
    "a dozen",
    "xlvii",
    "4O",
    "l7",
    "²",
    "-",
    "+",
    "x",
    "||",
    "**",
    "`",
    "?",
    ".",
    ",",
    ":",
    "<3",
    "'",
    "\n",
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(KEYCAPS + EMOJI + SCRIPTS + PIECES),
            st.sampled_from(NUMBER_CHARACTERS),
            st.integers(min_value=0, max_value=999).map(str),
            st.text(max_size=3),
        ),
        max_size=30,
    ).flatmap(lambda parts: st.sampled_from(["", " ", "-"]).map(lambda glue: glue.join(parts)))
)
def test_keycaps_emoji_and_mixed_scripts_get_a_verdict(message: str) -> None:
    verdict = check(message, Context(hand=frozenset({5, 47}), pile_tops=(1, 1, 100, 100)))
    assert_well_formed(verdict, message)


@pytest.mark.parametrize(
    "unit",
    [
        "a ",
        "4 ",
        "4",
        "forty",
        "twenty ",
        "f o r t y ",
        "1+",
        "7*7 ",
        "||x||",
        "l7",
        "sieben und ",
        "4️⃣",
        "İ",
        "xl",
        # a hostile member repeating the cues of the covers and decoders
        "meine Karte kostet 15 Euro ",
        "rot13: frira ",
        "read it backwards: neves ",
        "4-1 zusammen gelesen ",
        "6:38 merkt euch die Minuten ",
        "Zehnerstelle = Stapel, Einerstelle = Karten ",
        "position in the alphabet Q ",
        "ƃᴉzʇɥɔɐ ",
        "<:carte54:123> ",
        "五十六 ",
        # and those of the sixth session's rules
        "Juan dice 12 ",
        "le carré de 7 moins 1 ",
        "elf plus elf ",
        "you owe me 15 ",
        "la cuarentena ",
        "4und90 ",
    ],
)
def test_a_very_long_message_gets_a_verdict_in_time(unit: str) -> None:
    """100,000 characters of one pattern: read in about linear time, never stuck."""
    message = unit * (100_000 // len(unit))
    start = time.perf_counter()
    verdict = check(message)
    assert time.perf_counter() - start < 20
    assert_well_formed(verdict, message)


def test_a_harmless_number_said_to_be_ones_card_is_a_disguise_the_stage_cannot_veto() -> None:
    """A member dresses a card up as a harmless number and ties it to the hand ("39 de fiebre y la
    misma carta en la mano"): the rules flag it as a disguise, severity high, and the learned stage,
    which never saw such a flag, does not take it back."""
    from bot.chatfilter.detector import COVER

    for message, value in (
        ("tengo 38 de fiebre y la misma carta en la mano", 38),
        ("Akku bei 71 %, genau wie meine Karte", 71),
        ("fever of 38 and i'm holding it too", 38),
    ):
        verdict = check(message)
        assert verdict.flag and verdict.reason == COVER and verdict.severity == "high", (message, verdict)
        assert [f.value for f in verdict.numbers] == [value]
    assert not check("got a fever of 39, might log off early").flag


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("meine Karte kostet 15 Euro, keinen Cent mehr", 15),
        ("mi carta es la línea 5 del metro, la verde", 5),
        ("ma carte aurait 39 de fièvre", 39),
        ("my card's worth $12.00 exactly", 12),
        ("ma carte c'est la ligne 9 du métro", 9),
        ("my last card is worth 12 dollars", 12),
    ],
)
def test_ones_card_as_the_subject_of_a_harmless_number_is_a_cover(message: str, value: int) -> None:
    """ "My card is / costs / would have <a price, an hour, a day, a fever, a line>": that is the card."""
    from bot.chatfilter.detector import COVER

    verdict = check(message)
    assert verdict.flag and verdict.reason == COVER and verdict.severity == "high", (message, verdict)
    assert [f.value for f in verdict.numbers] == [value]


@pytest.mark.parametrize(
    "message",
    [
        "mi carta es buena, en 5 min juego",  # another clause
        "ma carte est sur la pile 2",  # a pile
        "my card would be great on pile 3",
        "ma carte est nulle depuis 3 tours",  # how long, not what
        "meine Karte ist seit 2 Runden blockiert",
        "my card is good\nbrb 5 min",  # another line
        "ich weiß nicht was meine Karte ist 5 min Pause",  # not what it is
        "my card is getting charged 15 bucks a month for nitro",  # a bank card
        "ma carte est trop belle <3",  # not a role a card is dressed as
    ],
)
def test_ones_card_as_a_subject_leaves_other_numbers_alone(message: str) -> None:
    assert not check_rules(message).flag, message


def test_a_custom_emoji_named_after_a_card_tells_it_and_its_span_is_the_emoji() -> None:
    """Everyone sees the emoji's picture; the keeper reads its name. Other emoji stay harmless."""
    message = "<:carte54:112233445566778899> voilà ma carte"
    verdict = check(message)
    assert verdict.flag and verdict.severity == "high"
    assert [(f.value, message[f.start : f.end]) for f in verdict.numbers] == [
        (54, "<:carte54:112233445566778899>")
    ]
    for harmless in (
        "gg <:pepe2:112233445566778899>",
        "<:100:112233445566778899> agreed",
        "<:kek_99:1234567> lol",
        "react <:num_5:1234567> if you want a rematch",  # a poll's emoji
    ):
        assert not check(harmless).flag, harmless


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("4-1, ma carte c'est le score collé", 41),
        ("Bayern hat 4:1 gewonnen, meine Karte ist das Ergebnis ohne Doppelpunkt", 41),
        ("Stapel 5 und Stapel 7, zusammen gelesen, das bin ich", 57),
        ("je suis sur la pile 7 et la pile 2... lisez-les ensemble", 72),
        ("pile 3 and pile 8, read them together", 38),
    ],
)
def test_two_digits_the_message_says_to_read_together_are_one_card(message: str, value: int) -> None:
    """A score or two pile numbers are harmless alone; told to be read as one number, they are a card,
    high, and the learned stage (which never saw the trick) does not take it back."""
    from bot.chatfilter.detector import READ_TOGETHER

    verdict = check(message)
    assert verdict.flag and verdict.reason == READ_TOGETHER and verdict.severity == "high", verdict
    assert [f.value for f in verdict.numbers] == [value]


def test_reading_together_needs_the_words_that_say_so() -> None:
    for message in (
        "we won 3-1, put the stickers side by side on the fridge",
        "we read the rules together at 8",
        "estoy pegado al móvil, en 5 min juego",
        "ich hab 2 Karten, leg sie nebeneinander",
    ):
        assert not check(message).flag, message


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("read it backwards: eno-ytxis", 61),
        ("rückwärts lesen: gizreivdnunebeis", 47),
        ("al revés: ohco y atnevon", 98),
        ("rot13: frfragn", 60),
        ("first letters 👀 Nobody Is Naming Every Thing Yet", 90),
        ("acrostiche : Quelle Utopie, Apprendre Rapidement À Nager Tous Ensemble", 40),
        ("Position vom Q im Alphabet. Das isses.", 17),
        ("alphabet game: my card is H and B, positions glued together", 82),
        ("Handytastatur: J dann T", 58),
        ("en el teclado del móvil: P y D", 73),
        ("wecker steht auf 6:38, merkt euch die Minuten", 38),
        ("réveillez-moi à 7h52... gardez juste les minutes", 52),
    ],
)
def test_a_number_the_message_says_how_to_decode_is_a_card(message: str, value: int) -> None:
    """Backwards, ROT13, first letters, places in the alphabet, phone keys, one part of a time: the
    message says how to read it, so it is a card, high, and the learned stage does not take it back."""
    verdict = check(message)
    assert verdict.flag and verdict.severity == "high", (message, verdict)
    assert [f.value for f in verdict.numbers] == [value], (message, verdict)


def test_a_riddle_for_each_digit_is_flagged_without_a_value() -> None:
    for message in (
        "first digit = how many piles we got, second = legs on an insect",
        "erste Ziffer = Anzahl Stapel, zweite = Beine vom Hund",
        "mes deux chiffres : le nombre de piles, puis le nombre de cartes qu'il me reste",
    ):
        verdict = check(message)
        assert verdict.flag and verdict.reason == "tells a card value digit by digit", (message, verdict)


@pytest.mark.parametrize(
    "message",
    [
        "rückwärts um zehn geht auf Stapel 2",  # the backwards trick
        "I can't read it backwards lol, pile 2",
        "my keyboard is broken, the A key sticks",
        "initials are fine, sign with J.B. at 8",
        "rot13 is a silly cipher, takes 2 min to learn",
        "the first digit is the hard part, the second is easy",
        "meeting at 18:30, just the minutes matter, be on time",
        "el bus sale a las 9:45, solo la hora importa",
    ],
)
def test_decoding_needs_its_cue_and_its_material(message: str) -> None:
    assert not check_rules(message).flag, message


def test_decoding_works_from_any_thread() -> None:
    """The decoders mark, per thread, that a decoded piece is being read: a keeper called from a
    worker thread reads "rot13: frfragn" as 60 too, and never fails."""
    import threading

    found: list[list[int]] = []
    worker = threading.Thread(target=lambda: found.append([f.value for f in check("rot13: frfragn").numbers]))
    worker.start()
    worker.join()
    assert found == [[60]]


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("mon âge moins 10 😂 (j'ai 35 ans)", 25),
        ("my age minus 10, I'm 35", 25),
        ("mi edad menos 5 (tengo 40)", 35),
    ],
)
def test_ones_age_with_a_step_at_the_start_of_a_message(message: str, value: int) -> None:
    """ "My age minus 10" as the first words (nothing before the cue) once raised an IndexError in the
    keeper; it is the card the age and the step make."""
    assert [f.value for f in check(message).numbers] == [value]


# The cues of the rules that read a card from what is said around it, each of which looks at the
# words before or after itself: alone, first or last in a message, they have nothing on one side.
EDGE_CUES = [
    "mon âge moins", "my age minus", "mi edad más", "mein Alter plus", "less than my age", "que mon âge",
    "meine Karte kostet", "my card is worth", "mi carta es la línea", "same as my card", "ma carte c'est",
    "rot13:", "read it backwards:", "first letters", "Anfangsbuchstaben", "position in the alphabet",
    "Handytastatur", "zusammen gelesen", "merkt euch die Minuten", "ignore the hour", "Zehnerstelle =",
    "first digit =", "the last two digits", "le carré de", "zum Quadrat", "plus", "outta ten",
    "la cuarentena", "arrancamos en", "venmo me", "you owe me", "one above pile", "Schnapszahl",
    "Quersumme", "somme des chiffres", "digits add up to", "ends in 5 in the", "a score and a half", "4-7",
]  # fmt: skip
EDGE_WORDS = [
    "",
    "10",
    "35",
    "47",
    "seven",
    "siete",
    "elf",
    "acht",
    "pile 2",
    "(",
    ")",
    ":",
    ",",
    "😂",
    "?",
    "ans",
]


@given(
    st.sampled_from(EDGE_CUES),
    st.lists(st.sampled_from(EDGE_WORDS), max_size=3),
    st.lists(st.sampled_from(EDGE_WORDS), max_size=3),
)
@settings(max_examples=400, deadline=None)
def test_a_cue_with_nothing_or_anything_around_it_gets_a_verdict(
    cue: str, before: list[str], after: list[str]
) -> None:
    message = " ".join([*before, cue, *after]).strip()
    for context in (None, Context(hand=frozenset({25, 47}), pile_tops=(1, 1, 100, 100))):
        verdict = check(message, context)
        assert_well_formed(verdict, message)


@pytest.mark.parametrize(
    "message",
    [
        "you owe me 47 on pile 2",
        "me debes 45 en el mazo 2",
        "you owe me 47 on the second row",
        "seguimos en 45 en la 2",
        "la pila 2 está en la cuarentena",
    ],
)
def test_money_minutes_and_quarantine_never_cover_a_number_of_the_game(message: str) -> None:
    """Beside game words, "you owe me 47", "seguimos en 45" and "la cuarentena" are no money, no
    minutes and no quarantine: the rules flag them (the learned stage may still weigh them)."""
    assert check_rules(message).flag, message


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("Quersumme 11 und unter 30", 29),
        ("my card: the digits add up to 15, between 60 and 70", 69),
        ("la suma de sus dígitos es 4 y es menor que 20", 13),
        ("somme des chiffres 12, ça commence par 5", 57),
        ("two identical digits, they add up to 14", 77),
        ("digits sum to 10 and it's odd and under 30", 19),
        ("mine ends in 3 and it's in the sixties", 63),
        ("ma carte finit par 2, dans les 70", 72),
        ("tengo una que acaba en 9 y está en los veinte", 29),
    ],
)
def test_a_riddle_of_digits_is_read_as_its_one_card(message: str, value: int) -> None:
    """The card that fits every clue (its digits' sum, its first or last digit, its tens, a bound,
    odd or even, two like digits) is the value, in place of the clues' own numbers."""
    verdict = check_rules(message)
    assert verdict.flag, message
    assert {f.value for f in verdict.numbers} == {value}, verdict


def test_a_riddle_with_more_than_one_answer_keeps_its_clues() -> None:
    verdict = check_rules("Quersumme 13 und über 60")  # 67, 76, 85 and 94 all fit
    assert verdict.flag
    assert {f.value for f in verdict.numbers} == {13, 60}


@pytest.mark.parametrize(
    "message",
    [
        "the movie ends in 5 minutes, then 80s hits",
        "the movie ends in 5 and then the 80s hits",
        "die Quersumme von 2024 ist 8",
        "my phone's digits add up to a lot lol",
    ],
)
def test_clues_of_a_riddle_outside_one_make_no_card(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    ("message", "value"),
    [("a score and a half on my side", 30), ("a dozen and a half, not saying more", 18)],
)
def test_a_quantity_and_a_half(message: str, value: int) -> None:
    verdict = check_rules(message)
    assert verdict.flag
    assert [f.value for f in verdict.numbers] == [value]


@pytest.mark.parametrize(
    ("message", "value"),
    [("j'ai le 7-2 lol", 72), ("I got the 3-8 here", 38), ("tengo el 6–1", 61)],
)
def test_two_dashed_digits_said_as_a_card_are_one_card(message: str, value: int) -> None:
    verdict = check_rules(message)
    assert verdict.flag
    assert [f.value for f in verdict.numbers] == [value]
    start, end = verdict.numbers[0].start, verdict.numbers[0].end
    assert message[start:end] in ("7-2", "3-8", "6–1")


@pytest.mark.parametrize("message", ["we won 4-2 last night", "3-4 cards each is the rule", "score 2-1, gg"])
def test_dashed_digits_of_a_score_or_a_count_stay_harmless(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    "message",
    [
        "the party ends at 9, I have the 90s playlist ready",
        "el partido termina a las 8, tengo los 20 euros",
        "Das Spiel endet um 9, ich hab die 90er Playlist an",
        "la soirée termine à 2, j'ai les 20 balles pour la pizza",
        "Quersumme 8, ich spiel gleich",
        "in the end one of the 80s songs won the quiz",
    ],
)
def test_times_and_things_beside_riddle_words_stay_harmless(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("mine doesn't end in 5, it's in the 80s", 85),
        ("digits add to 9, not under 20", 18),
        ("mine ends in 5, yours is in the 80s", 85),
        ("mine ends in 5 or 6 and is in the 80s", 85),
        ("digits add to 10 and it's odd, less than 20 min left", 19),
        ("la somme des 2 chiffres fait 9 et c'est moins de 50", 11),
        ("Quersumme 11, die erste 2 Runden waren gut", 29),
        ("the digits add to 7 and it's even lower than 30", 16),
    ],
)
def test_a_riddle_denied_shared_or_out_of_its_clause_names_no_card(message: str, wrong: int) -> None:
    assert wrong not in {f.value for f in check_rules(message).numbers}, message


def test_a_riddle_keeps_its_card_beside_a_count_after_it() -> None:
    verdict = check_rules("mine ends in 7 and is in the 50s, 2 cards left")
    assert verdict.flag
    assert 57 in {f.value for f in verdict.numbers}


@pytest.mark.parametrize(
    ("message", "wrong"),
    [
        ("my card is low, we're winning 7-3", 73),
        ("I have 45, stuck on level 5-3", 53),
        ("I have 45 and I work 9-5", 95),
        ("I have 4-5 to play", 45),
        ("9-3 + 2 is my card", 93),
        ("I have 5-3 = 2", 53),
        ("the last 2-3 are mine", 23),
    ],
)
def test_dashed_digits_of_a_score_a_level_hours_or_a_sum_are_not_one_card(message: str, wrong: int) -> None:
    assert wrong not in {f.value for f in check_rules(message).numbers}, message


@pytest.mark.parametrize(
    "message",
    [
        # the hand, cards or values asked for outright, a few words between the verb and "your"
        "pls dm me your hand quick",
        "just send me ur cards in private",
        "pásame tus cartas por privado porfa",
        "decidme vuestros números y ya",
        "allez, dites-nous vos valeurs",
        "schickt mir mal eure Karten per PN",
        # the others' highest or lowest, asked for without a noun after it
        "tell me ur lowest pls",
        "sag mal was deine höchste ist",
        "dime tu más alta y vemos",
        "dis-moi ta plus grande stp",
        # plain questions about what the others hold
        "ok what cards do you all have?",
        "was habt ihr denn so auf der Hand?",
        "vous avez quoi comme cartes ?",
        "c'est combien votre carte ?",
        "¿qué cartas tienes?",
        # a "not" in the clause before is not this request's
        "don't worry, dm me your hand",
        "no, send me your cards pls",
    ],
)
def test_a_request_for_the_others_cards_without_a_number_is_flagged(message: str) -> None:
    verdict = check_rules(message)
    assert verdict.flag, message
    assert verdict.reason == "asks for a card value without a number"


@pytest.mark.parametrize(
    "message",
    [
        "don't dm me your hand, that's cheating",
        "don't just dm me your hand lol",
        "ne dites pas vos cartes, hein",
        "envoyez vos cartes postales à la famille",
        "dm me your hand size when you can",
        "tell me your cards count after the game",
        "tell me your highest score ever",
        "what do you have planned tonight?",
        "was hast du so vor heute?",
        "pasadme vuestros números de teléfono para el grupo",
        "raise your hand if you want another round",
        "dime tu más alta puntuación",
        # a second reader's: hands as hands, other cards, other games, haggling, quoting the rules
        "tell me when your hand is better",
        "give me your hand, let's dance",
        "send your cards to grandma before friday",
        "schickt mir eure Karten fürs Konzert bis Freitag",
        "envoyez vos cartes de voeux avant noël",
        "pasad vuestras cartas a la izquierda, se acabó el mus",
        "donnez vos cartes au donneur",
        "beim Skat: zeigt eure Karten",
        "dime tus números de la lotería",
        "tell me your lowest and I'll take it, it's for a couch",
        "you can't just tell your cards",
        'he literally said "dm me your hand" lol',
        "what do you have? a cold?",
        "was hast du denn auf der Hand? ein Tattoo?",
        "t'as quoi exactement ? t'es malade ?",
        "c'est combien ta carte graphique ?",
        "deine Kleinste ist so süß, wie heißt sie?",
    ],
)
def test_talk_of_hands_cards_and_highs_that_asks_for_no_card_stays_harmless(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("sixty6", 66),
        ("SIXTY7 on pile 2?", 67),
        ("got a 6teen lol", 16),
        ("mine's 7teen", 17),
        ("ich hab 3undvierzig", 43),
        ("hab die 4zehn", 14),
        ("tengo veinti5", 25),
        ("tengo el dieci6", 16),
        ("j'ai quarante2", 42),
        ("j'ai la vingt9", 29),
        ("dreißig5 hab ich", 35),  # folded as words are
    ],
)
def test_a_number_half_in_words_half_in_a_digit_is_the_whole_card(message: str, value: int) -> None:
    verdict = check_rules(message)
    assert verdict.flag, message
    assert [f.value for f in verdict.numbers] == [value], message


@pytest.mark.parametrize(
    ("message", "value"),
    [("ochent4 y d0s", 82), ("novent4 y 5", 95)],  # the digit is the word's missing letter
)
def test_a_digit_that_spells_a_letter_of_a_number_word_stays_a_letter(message: str, value: int) -> None:
    assert [f.value for f in check_rules(message).numbers] == [value], message


@pytest.mark.parametrize(
    "message", ["win10 update tonight", "my mp3 player died", "covid19 again", "level4 boss is hard", "1teen"]
)
def test_words_glued_to_a_digit_that_are_no_number_word_stay_harmless(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    "message",
    [
        "I'm turning sixty5 next week",  # an age, as "sixty five" would be
        "llego en veinti5 minutos",
        "cuesta veinti5 euros",
        "un venti2 por favor",  # a coffee size, not a misspelled tens word
        "Trent2 is afk again",
        "gg mighty5, nice game",
    ],
)
def test_a_glued_half_word_gets_the_roles_of_its_words(message: str) -> None:
    assert not check_rules(message).flag, message


@pytest.mark.parametrize(
    "message",
    [
        "rien de neuf chez moi, et toi ?",  # "neuf" is "new"
        "¿un tres en raya mientras esperamos a Marta?",  # games by name
        "vier gewinnt nach der partie?",
        "n'oubliez pas le truc du dix sur les descendantes",  # the backwards trick, in French
        "deux astuces du dix d'affilée, on est chauds",
        "mis primos son veinteañeros y ya juegan mejor que yo",  # ages by decade, in one word
        "les trentenaires ont gagné le quiz hier",
        "à 21h pile on lance la partie, et si on est plus de six on fait deux tables",  # "pile": exactly
        "le serveur est passé en 2.4, les signaux de pile marchent enfin",  # a version moved on to
        "mi hermano tiene un dado de 20 caras para rol",  # a die by its faces
        "wir haben die letzte partie mit 17 karten vergeigt",  # a lost game's result, in slang
        "beim quiz hatten wir 41 von 60 punkten",  # points of another game
        "they scored 45 in the pub quiz on friday",
    ],
)
def test_harmless_roles_the_rules_read_without_the_stage(message: str) -> None:
    """Harmless by the rules alone, not only after the learned stage (which a new writer may fool)."""
    verdict = check_rules(message)
    assert not verdict.flag, f"{message!r}: {verdict.reason}"


@pytest.mark.parametrize(
    ("message", "flag"),
    [
        ("je viens de piocher la 3, enfin", True),  # "la 3" drawn: a card
        ("t'aurais pas la 2 par hasard ?", True),  # "la 2" someone has: a card
        ("qui a la 4 ?", True),
        ("je joue sur la 3", False),  # "la 3": the pile
        ("mein sechster Sinn sagt, wir schaffen das auf Stapel 2", False),  # idioms and titles
        ("on a regardé Douze hommes en colère hier soir", False),
        ("the 2 falling piles look fine so far", False),  # piles counted
        # a second reader's cases: each must keep its reading
        ("Qui a la 3 ? je la mets sur la pile 1 après", True),  # the card, though a pile is named
        ("quelqu'un a la 4 ?", True),
        ("finally scored 98 from the deck", True),  # "scored": got, away from any game
        ("hab nur noch Endneunziger", True),  # a range of values, not an age
        ("mis cartas son treintañeras jaja", True),  # ages by decade, said of cards: a range
        ("à 20h pile on joue, après on verra", False),  # "pile": exactly
        ("joue ton 10 sur la pile où t'as joué hier, le truc du dix", False),  # "où": a pile named
    ],
)
def test_french_la_with_a_small_number_and_other_readings(message: str, flag: bool) -> None:
    verdict = check_rules(message)
    assert verdict.flag == flag, f"{message!r}: {verdict.reason}"


@pytest.mark.parametrize("message", ["I've got 3 cards, maybe 7", "at least three cards from me, maybe four"])
def test_a_count_corrected_in_passing_is_still_settled_by_the_senders_hand(message: str) -> None:
    """ "3 cards, maybe 7" reads as a count corrected; but a small number that is in the sender's hand
    is flagged in the live keeper, as any small number the rules cannot tie to a card."""
    assert not check(message).flag
    held = Context(hand=frozenset({4, 7, 30, 61}))
    verdict = check(message, held)
    assert verdict.flag and verdict.severity == "high", (message, verdict)
