"""The learned stage after the rules (bot/chatfilter/override.py): the combined verdict of check().

The sentences were written for these tests, apart from the corpus the stage was trained on.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chatfilter import Context, check, override
from bot.chatfilter.detector import RESCUED, RESCUED_READ, check_rules

ROOT = Path(__file__).resolve().parents[2]

VETOED = [
    # Talk about the hand size for a variant, and another card game's base value: the rules read a
    # card number; the veto model has seen such talk be harmless.
    "con manos pequeñas y tres jugadores bajamos a 7, ¿no?",
    "skat morgen? null ouvert hat grundwert 23",
]
RESCUED_MESSAGES = [
    # A card told by its place, with no number the rules can read.
    "tengo la carta justo debajo",
    "J'ai la carte juste après la tienne",
    "I'm holding something in the middle",
]


@pytest.mark.parametrize("message", VETOED)
def test_the_veto_drops_a_rule_flag(message: str) -> None:
    assert check_rules(message).flag
    verdict = check(message)
    assert not verdict.flag
    assert verdict.severity is None
    assert verdict.numbers == ()
    assert verdict.reason.startswith("override: ")


def test_the_rescue_reports_the_numbers_the_rules_read_as_harmless() -> None:
    message = "my card is like that old highway song, route 66"
    rules = check_rules(message)
    assert not rules.flag and [f.value for f in rules.read] == [66]
    verdict = check(message)
    assert verdict.flag and verdict.severity == "low"
    assert verdict.reason == RESCUED_READ
    assert [(f.value, message[f.start : f.end]) for f in verdict.numbers] == [(66, "66")]


def test_the_rescue_reports_number_words_when_the_rules_read_no_number() -> None:
    message = "acht. sonst nichts brauchbares"
    assert not check_rules(message).flag and check_rules(message).read == ()
    verdict = check(message)
    assert verdict.reason == RESCUED_READ
    assert [(f.value, message[f.start : f.end]) for f in verdict.numbers] == [(8, "acht")]


@pytest.mark.parametrize(
    ("message", "value", "said"),
    [
        ("think of Jordan's jersey lol", 23, "Jordan's jersey"),
        ("como los mandamientos 😇", 10, "mandamientos"),
        ("wie die Bundesländer, ratet mal", 16, "Bundesländer"),
    ],
)
def test_a_rescue_reports_a_well_known_number_named_without_a_frame(
    monkeypatch: pytest.MonkeyPatch, message: str, value: int, said: str
) -> None:
    """Without "my card" or a verb of having, the rules read a well-known number as talk (no flag);
    when the stage finds the message to be card talk all the same, that number is its value."""
    rules = check_rules(message)
    assert not rules.flag and rules.numbers == ()
    assert [(f.value, message[f.start : f.end]) for f in rules.read] == [(value, said)]
    # A stage that finds this message to be card talk: every feature of its words weighs for a flag.
    # (The stage's model is swapped, not its functions: compiled, the rules call them directly.)
    weights = {"bias": 0.0, **dict.fromkeys(override.role_features(message), 1.0)}
    monkeypatch.setattr(override, "RESCUE_MODEL", override.regroup(weights))
    monkeypatch.setattr(override, "RESCUE_AT_LEAST", 0.5)
    verdict = check(message)
    assert verdict.flag and verdict.severity == "low" and verdict.reason == RESCUED_READ
    assert [(f.value, message[f.start : f.end]) for f in verdict.numbers] == [(value, said)]


def test_a_pile_number_or_the_tricks_ten_is_never_read_as_a_possible_card() -> None:
    assert check_rules("en la pila 2 juego uno").read == ()
    assert check_rules("I can do the 10 back on pile 3").read == ()
    assert check_rules("je peux faire le saut de 10 sur la pile 1").read == ()


@pytest.mark.parametrize("message", RESCUED_MESSAGES)
def test_the_rescue_adds_a_low_flag_without_values(message: str) -> None:
    assert not check_rules(message).flag
    verdict = check(message)
    assert verdict.flag
    assert verdict.severity == "low"
    assert verdict.numbers == ()
    assert verdict.reason == RESCUED == "override: card talk without a readable number"


@pytest.mark.parametrize(
    "message",
    ["I have the 37", "give me 15 please", "see you at 9", "I have 2 cards", "gg wp", "wir sind zu 4"],
)
def test_the_stage_leaves_clear_verdicts_alone(message: str) -> None:
    assert check(message) == check_rules(message)


@pytest.mark.parametrize("message", VETOED + RESCUED_MESSAGES)
def test_learned_false_is_the_rules_alone(message: str) -> None:
    assert check(message, learned=False) == check_rules(message)
    assert check(message, Context(languages=("es",)), learned=False) == check_rules(
        message, Context(languages=("es",))
    )


@pytest.mark.parametrize(
    ("message", "read"),
    [("see you at 9", [(9, "9")]), ("à 21h on joue", [(21, "21h")]), ("wir sind zu 4", [(4, "4")])],
)
def test_a_pass_keeps_the_numbers_the_rules_read_as_harmless(
    message: str, read: list[tuple[int, str]]
) -> None:
    verdict = check_rules(message)
    assert not verdict.flag and verdict.numbers == ()
    assert [(f.value, message[f.start : f.end]) for f in verdict.read] == read


def test_a_flag_or_a_message_without_numbers_reads_nothing_as_harmless() -> None:
    assert check_rules("I have the 37").read == ()
    assert check_rules("gg wp").read == ()
    assert check_rules("I have 1 card left and 100 problems").read == ()  # only 2..99 can be cards


def test_no_rescue_for_a_number_word_of_a_language_the_keeper_does_not_read() -> None:
    """The rescue reads every language's number words; a keeper that reads English only (an English
    server's default) lets a German number pass, as its rules do. Card talk with no number word is
    still rescued there, and a number word of a language it reads too."""
    english = Context(languages=("en",))
    assert check("ich habe siebenundvierzig").flag
    assert check("ich habe siebenundvierzig", english) == check_rules("ich habe siebenundvierzig", english)
    assert not check("ich habe siebenundvierzig", english).flag
    assert check("ich habe siebenundvierzig", Context(languages=("de", "en"))).flag
    assert check("tengo la carta justo debajo", english).reason == RESCUED
    rescued = check("acht. sonst nichts brauchbares", Context(languages=("de", "en")))
    assert rescued.reason == RESCUED_READ and [f.value for f in rescued.numbers] == [8]
    assert not check("acht. sonst nichts brauchbares", english).flag


def test_a_card_in_the_senders_hand_is_never_vetoed() -> None:
    message = VETOED[0]
    hand = Context(hand=frozenset({7, 40}))
    assert check_rules(message, hand).reason == "names a card in the sender's hand"
    assert check(message, hand) == check_rules(message, hand)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_the_stage_never_crashes_and_is_deterministic(message: str) -> None:
    first = check(message)
    assert first == check(message)
    assert first.flag == (first.severity is not None)
    rules = check_rules(message)
    assert first == rules or first.reason.startswith("override: ")
    assert not (rules.flag and rules.read)
    for found in (*first.numbers, *rules.read):
        assert 0 <= found.start < found.end <= len(message)
    assert all(2 <= found.value <= 99 for found in rules.read)


def test_the_model_loads_with_both_models_and_thresholds() -> None:
    model = json.loads(override.MODEL_PATH.read_text(encoding="utf-8"))
    assert override.MODEL is not None
    # r44, r51, r55, r59, r63, r70, r74, r78, r82, r86, r90, r94, r98, r102, r106, r110, r114, r118, r122,
    # r126, r130, r143 and r144 are held out
    held = (
        44,
        51,
        55,
        59,
        63,
        70,
        74,
        78,
        82,
        86,
        90,
        94,
        98,
        102,
        106,
        110,
        114,
        118,
        122,
        126,
        130,
        143,
        144,
    )
    later = [f"r{n}" for n in range(38, 147) if n not in held]
    assert model["rounds"] == [f"r{n}h" for n in range(4, 28)] + later
    assert len(model["veto"]) > 1000 and len(model["rescue"]) > 1000
    assert "bias" in model["veto"] and "bias" in model["rescue"]
    assert 0 < model["thresholds"]["veto_p_flag_below"] < 1
    assert 0 < model["thresholds"]["rescue_p_flag_at_least"] < 1
    assert model["thresholds"]["veto_p_flag_below"] == override.VETO_BELOW
    assert model["thresholds"]["rescue_p_flag_at_least"] == override.RESCUE_AT_LEAST
    assert all(abs(w) >= 1e-4 for part in ("veto", "rescue") for w in model[part].values())


def test_the_committed_model_is_what_the_training_script_makes() -> None:
    """bench/train_override.py --check rebuilds the model from the committed inputs (about two minutes
    on two cores: the thresholds come from a leave-one-round-out over every round)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "train_override.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_error_listing_refuses_a_held_out_part() -> None:
    """--errors prints messages: it must never be pointed at a held-out part, which is scored whole."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "train_override.py"), "--errors", "r28"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "not a development round" in done.stderr
    assert "|" not in done.stdout  # no message listed


@pytest.mark.parametrize("part", ["held-out", "held-out without numbers"])
def test_the_benchmark_never_lists_the_errors_of_a_held_out_part(part: str) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "chatfilter.py"),
            "--parts",
            part,
            "--show-errors",
            "--passes",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "refuses to list the held-out part's errors" in done.stderr
    assert "missed:" not in done.stdout and "false alarm:" not in done.stdout


def test_the_keeper_never_imports_discord_or_the_store() -> None:
    for path in (ROOT / "bot" / "chatfilter").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not name.startswith(("discord", "bot.store")), f"{path.name} imports {name}"


# --- the fast scoring path, and a model file that cannot be read ---------------------------------


def _corpus_messages() -> list[str]:
    import csv

    messages = []
    for path in sorted((ROOT / "tests" / "chatfilter" / "corpus").glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as handle:
            messages += [row["message"] for row in csv.DictReader(handle)]
    return messages


def _both_ways(message: str) -> None:
    rules = check_rules(message)
    values = len({f.value for f in rules.numbers})
    for weights, model in ((override.VETO, override.VETO_MODEL), (override.RESCUE, override.RESCUE_MODEL)):
        for flag, reason in ((rules.flag, rules.reason), (not rules.flag, "allowed: a time")):
            slow = override.p_flag(
                weights, override.role_features(message) + override.rule_features(flag, reason, values)
            )
            assert override.score(model, message, flag, reason, values) == slow, message


def test_the_fast_score_is_the_trained_models_probability_on_every_corpus_message() -> None:
    """decide() reads weights regrouped by word (override.score); the models were trained and are
    checked on feature strings (role_features, p_flag). The two must give the same float."""
    for message in _corpus_messages():
        _both_ways(message)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_the_fast_score_is_the_trained_models_probability_on_any_text(message: str) -> None:
    _both_ways(message)


@pytest.mark.parametrize(
    "content",
    [
        "",  # an empty file
        "{not json",  # cut off in a write
        "[1, 2, 3]",  # not a model
        '{"veto": {}, "rescue": {}}',  # no thresholds
        '{"veto": {"bias": "x"}, "rescue": {}, "thresholds": {"veto_p_flag_below": 0.5, '
        '"rescue_p_flag_at_least": 0.5}}',  # a weight that is no number
        '{"veto": {"zz:what": 1.0}, "rescue": {}, "thresholds": {"veto_p_flag_below": 0.5, '
        '"rescue_p_flag_at_least": 0.5}}',  # a feature no code reads
        '{"veto": {}, "rescue": {}, "thresholds": {"veto_p_flag_below": null}}',
    ],
)
def test_a_model_file_that_cannot_be_read_turns_the_stage_off(tmp_path: Path, content: str, caplog) -> None:
    path = tmp_path / "override.json"
    path.write_text(content, encoding="utf-8")
    assert override.load_stage(path) is None
    assert "the learned stage is off" in caplog.text
    assert override.load_stage(tmp_path / "missing.json") is None


def test_with_the_stage_off_the_rules_alone_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(override, "MODEL", None)
    for message in VETOED + RESCUED_MESSAGES + ["I have 47", "see you at 9"]:
        assert check(message) == check_rules(message)


def test_the_keeper_starts_and_judges_with_a_damaged_model_file(tmp_path: Path) -> None:
    """A bad deploy or a damaged disk leaves override.json half written: importing the keeper (and so
    starting the bot) still works, with the rules alone and a warning in the log."""
    import shutil

    shutil.copytree(ROOT / "bot", tmp_path / "bot", ignore=shutil.ignore_patterns("__pycache__", "locales"))
    (tmp_path / "bot" / "chatfilter" / "override.json").write_text('{"veto": {"u:the": 0.1', encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import logging; logging.basicConfig(); from bot.chatfilter import check; "
            "print(*(check(m).flag for m in ('I have 47', 'see you at 9', 'tengo la carta justo debajo')))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "False"]  # the rules' verdicts; no rescue
    assert "the learned stage is off" in done.stderr


def test_a_rescue_rests_on_the_messages_own_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """However high the rescue model's prior, a message whose words carry no weight for card talk
    ("hmm", "k", an empty line) is never rescued; words that do carry it still are."""
    model = override.regroup({"bias": 3.0, "u:lowest": 0.5, "u:ok": -0.2})
    monkeypatch.setattr(override, "RESCUE_MODEL", model)
    monkeypatch.setattr(override, "RESCUE_AT_LEAST", 0.5)
    for message in ("", "hmm", "k", "👀", "ok"):
        assert override.decide(message, False, "no card number", 0) is None, message
    turn = override.decide("tell me your lowest", False, "no card number", 0)
    assert turn is not None and turn[0] == "rescue"


@pytest.mark.parametrize(
    "message",
    ["", "hmm", "k", "oki", "👀", "idk", "ggwp", "lol 😂", "…", "xD", "lol", "what?", "your turn", "same"],
)
def test_short_talk_without_numbers_is_never_flagged(message: str) -> None:
    """The committed stage: words it knows nothing of, or nothing, never make a warning."""
    assert not check(message).flag, message


# Harmless talk without a number in the words of card talk, written (ninth session) before the stage
# trained on rounds of such talk was built: allowed hints, other hands, other cards, the rule quoted.
CARD_WORDS_HARMLESS = [
    "raise your hand if you want another round",
    "tell me about your hand injury, does it still hurt?",
    "was hast du so vor heute abend?",
    "send your cards to grandma before friday",
    "my hand is terrible tonight lol",
    "please don't play on the going-down pile yet",
    "I have a really good card for the rising pile",
    "we're not allowed to tell our cards, remember",
    "ne dites pas vos cartes, c'est la règle",
    "j'ai une super carte pour la pile qui descend",
    "tengo una carta buenísima para la pila que sube",
    "no juguéis en la pila de bajada todavía, porfa",
    "wessen Zug ist es eigentlich?",
    "ich kann da den Rückwärtstrick machen",
    "the price is way too high for that graphics card",
    "lávate las manos antes de comer",
]


def test_harmless_talk_in_the_words_of_card_talk_is_seldom_warned() -> None:
    """The committed stage warns at most one of the sixteen (that of 75 rounds warned "raise your hand if
    you want another round", that of 78 none); the stages of 69 and 72 rounds, trained on no such talk,
    warned two."""
    warned = [m for m in CARD_WORDS_HARMLESS if check(m).flag]
    assert len(warned) <= 1, warned


@pytest.mark.parametrize(("weight", "flagged"), [(0.3, False), (2.5, True)])
def test_a_message_without_a_number_is_rescued_only_when_card_talk_is_more_likely_than_not(
    monkeypatch: pytest.MonkeyPatch, weight: float, flagged: bool
) -> None:
    """Above the rescue threshold but below P 0.5, a message with no number at all stays a pass (the
    corpus's number-less messages are mostly card talk, a channel's are not); above 0.5 it is rescued."""
    model = override.regroup({"bias": -1.0, "u:rhymes": weight})
    monkeypatch.setattr(override, "RESCUE_MODEL", model)
    monkeypatch.setattr(override, "RESCUE_AT_LEAST", 0.2)
    monkeypatch.setattr(override, "MODEL", {"veto": {}, "rescue": {}, "thresholds": {}})
    verdict = check("it rhymes with dirty")
    assert verdict.flag is flagged
    assert (verdict.reason == RESCUED) is flagged


@pytest.mark.parametrize(
    ("message", "flag"),
    [
        # how many cards someone holds is a count, which the policy leaves alone
        ("how many cards do you have?", False),
        ("how many cards in your hand?", False),
        ("how many cards you got left?", False),
        ("wie viele Karten hast du noch?", False),
        ("¿cuántas cartas te quedan?", False),
        # a riddle that points at a count is still a card
        ("my card is how many cards are in a regular poker deck", True),
        # a hostile member's question with a claim after it, or put to nobody, is still a riddle
        ("how many cards are in a deck? that is what I hold", True),
        ("¿cuántas cartas tiene la baraja española? esa tengo", True),
        ("how many cards are in a deck? 😏", True),
        ("how many cards do you have, my friend?", False),
    ],
)
def test_a_question_about_how_many_cards_is_not_rescued(message: str, flag: bool) -> None:
    assert check(message).flag == flag, check(message)
