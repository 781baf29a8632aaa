"""The chat rule keeper of The Game: does a message share a card number?

`check(message, context)` is pure: it reads one message and returns a `Verdict`: the rules' verdict
(`check_rules`), then a small learned stage that may overturn it (bot/chatfilter/override.py;
`learned=False` leaves it out). It does not know Discord. Policy (RULES.md, the chat section): card
values are 2..99; any way of telling one is flagged, and so are ranges, bounds and exact offsets from a
pile top. Pile numbers 1..4, counts of cards up to the hand size, the backwards trick's 10, times,
durations, player counts, round and game numbers, ages, years, percentages and the result of a finished
game are talk, not hints.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import pairwise
from typing import Any

from mypy_extensions import mypyc_attr
from text_to_num import text2num

from bot.chatfilter import override, roles
from bot.chatfilter.lexicon import (
    AMBIGUOUS,
    BY_EAR,
    CARDINALS,
    CENTURY_WORDS,
    COLLECTIVES,
    LANGUAGES,
    ORDINALS,
    QUANTITIES,
    STOPWORDS,
    _distance_one,
    fold,
    one_typo_away,
)
from bot.chatfilter.normalize import Normalized, normalize
from bot.chatfilter.roles import SAYINGS
from bot.chatfilter.verdict import DEFAULT_HAND_SIZE, Context, Found, Verdict
from bot.chatfilter.words import Piece, WordReading, read_leet, read_word

PILE = frozenset("pile piles stack stacks stapel stapels pila pilas monton montones tas row".split())
CARDS = frozenset("card cards karte karten carte cartes carta cartas ones".split())
COUNTABLE = frozenset(
    (
        "turn turns move moves zug zuege zuegen round rounds runde runden game games spiel spiele "
        "partie parties partida partidas manche manches player players spieler people "
        "persons person guys folks leute joueurs jugadores personas win wins loss losses time "
        "times mal fois veces vez tries try attempts attempt plays points pts tours turnos sieg "
        "siege niederlagen seat seats friends others players' draws draw redraws piles stacks "
        "stapel steps"
    ).split()
)
TIME_UNITS = frozenset(
    (
        "s sec secs second seconds min mins minute minutes m h hr hrs hour hours day days week "
        "weeks month months year years yr yrs yo y ms am pm oclock clock sek sekunde sekunden "
        "minuten stunde stunden std tag tage tagen uhr jahr jahre jahren woche wochen monat "
        "monate heure heures jour jours ans an segundo segundos minuto minutos hora horas dia "
        "dias ano anos mois semaine semaines percent prozent pourcent porcentaje pct tonight "
        "tomorrow today"
    ).split()
)
SKIPPABLE = frozenset(
    (
        "more less fewer good great bad low high big small other extra playable useful decent "
        "nice really very of my your our the his her their these those mehr noch gute gut weitere "
        "schlechte hohe niedrige kleine grosse meiner deiner bonnes autres buenas mas otras otros "
        "mis tus more whole entire remaining last first new cards' solid"
    ).split()
)
BEFORE_ALLOWED = frozenset(
    (
        "round game match runde spiel partie ronda partida manche level seat player page step "
        "version season chapter table team turn zug tour turno sitz platz best bo top nr no #"
    ).split()
)
TRICK = frozenset(
    (
        "trick back backward backwards below under lower less down minus reverse rueckwaerts "
        "zurueck weniger unter drunter kleiner niedriger retour arriere moins atras menos jump "
        "jumps sprung above higher up over more hoeher mehr ueber drueber plus mas rule regel "
        "difference diff apart off exactly genau exacto exactement jump recul reculer recule reculons "
        "retroceder retrocede retrocedo retroceso ruecksprung"
    ).split()
)
OFFSET = frozenset(
    (
        "above below over under higher lower after before off away more less up down ueber unter "
        "drueber drunter hoeher niedriger mehr weniger nach vor dessus dessous apres avant plus "
        "moins encima debajo despues antes mas menos"
    ).split()
)
UP_TO = frozenset(
    [
        "at least",
        "at most",
        "up to",
        "mindestens",
        "hoechstens",
        "au moins",
        "au plus",
        "al menos",
        "como mucho",
    ]
)
PLAY_VERBS = frozenset(
    (
        "play playing lay put drop legen lege spiele spielen jouer joue pose poser juego jugar pongo poner"
    ).split()
)
WAITING = frozenset(
    "brb back be ready there done start starting wait zurueck bin gleich leave leaving meet bed go".split()
)
DECK = frozenset("deck draw pile stack nachziehstapel stapel pioche mazo game".split())
PLAYER_COUNT = frozenset(
    {("on", "est"), ("nous", "sommes"), ("we", "are"), ("we", "re"), ("wir", "sind"), ("sind", "wir")}
)
MONEY = frozenset("cent cents euro euros dollar dollars bucks pence quid".split())
PLAIN_OFFSET = frozenset(
    "above below higher lower under ueber unter hoeher niedriger dessus dessous encima debajo".split()
)
RESULT = frozenset("lost won ended finished verloren gewonnen perdu gagne perdimos ganamos".split())
LEFT = frozenset("left remaining remain uebrig restantes restant quedan rest".split())
SLANG_BEFORE = frozenset("gg me you u way too up".split())
SLANG_AFTER = frozenset(
    "ez easy late early much slow fast bad u you me go be get real sure tired lazy good".split()
)
ORDINAL_NOUNS = (
    COUNTABLE
    | TIME_UNITS
    | PILE
    | frozenset(
        (
            "place birthday century anniversary floor grade row spot position edition street try "
            "attempt class level ronda rondas vuelta mano manos juego turno tour partie jugada victoria "
            "victoire sieg versuch essai intento fois vez derrota derrotas defaite niederlage loss win "
            "partida partidas satz saetze set sets manche manches inning innings halbzeit "
            "piso planta etage stock stockwerk lugar puesto platz rang aniversario nivel ebene fila "
            "reihe rangee edicion ausgabe auflage"
        ).split()
    )
)
ASKING = frozenset(
    (
        "have got hold holding has had need needs want play playing anyone anybody someone "
        "somebody who whos mine hab habe hast hat haben brauche braucht jemand wer spiel spielen "
        "leg legen lege ai as jai qui quelqu tengo tienes tiene alguien quien necesito juega "
        "juego give gib"
    ).split()
)
OPERATORS = {
    "+": "+",
    "-": "-",
    "*": "*",
    "x": "*",
    "×": "*",
    "/": "/",
    "÷": "/",
    "plus": "+",
    "minus": "-",
    "times": "*",
    "mal": "*",
    "moins": "-",
    "fois": "*",
    "menos": "-",
    "por": "*",
    "over": "/",
    "weniger": "-",
    "mas": "+",
    "entre": "/",
}
COORDINATION = frozenset("or and to oder und bis ou et a o y & - / ,".split())
ACHT_IDIOM = re.compile(r"\b(?:gib|gebt|gibt|in|ausser|ausser)\s+acht\b|\bacht\s*(?:geben|gibst|gab|nehmen)")
ADJACENT = re.compile(
    r"\b(?:right|directly|just|exactly|immediately)\s+(?:next\s+to|above|below|under|over|after|before|"
    r"beside|on\s+top\s+of|beneath)\b|\bnext\s+to\s+the\s+(?:top|card|pile|last)\b|\badjacent\s+to\b|"
    r"\bthe\s+(?:very\s+)?next\s+(?:card|number|one|value)\s+(?:for|on|onto|to|in|after)\b|"
    r"\b(?:neighbou?r|successor|predecessor|nachfolger|vorgaenger|vorgänger|nachbarn?|nachbarkarte)\b|"
    r"\b(?:direkt|genau|gleich)\s+(?:ueber|über|unter|neben|nach|vor|drunter|drüber|drueber|darunter|darüber|"
    r"darueber)\b|"
    r"\b(?:juste|exactement)\s+(?:au-dessus|en\s+dessous|apres|après|avant|a\s+cote|à\s+côté)\b|"
    r"\b(?:justo|exactamente|inmediatamente)\s+(?:encima|debajo|despues|después|antes|al\s+lado)\b"
)
TARGET_NEAR = frozenset(
    "top card pile stack piles yours his hers theirs oben karte stapel carte carta pila".split()
)
OFF_BY_ONE = re.compile(r"\boff\s+by\s+(?:one|1)\b|\bone\s+off\b")
SINGLE_DIGIT = re.compile(r"\bsingle[\s-]+digits?\b|\beinstellig\w*")
# Strings without which ADJACENT, OFF_BY_ONE and SINGLE_DIGIT cannot match: a message that holds none
# of them is not searched (each pattern is a list of alternatives, and every alternative needs one).
ADJACENT_KEYS = (
    "just", "exact", "mediat", "right", "directly", "direkt", "next", "adjacent", "neighbo", "successor",
    "predecessor", "nachfolger", "vorg", "nachbar", "genau", "gleich",
)  # fmt: skip
SINGLE_DIGIT_KEYS = ("single", "einstellig")


def _mentions(text: str, keys: tuple[str, ...]) -> bool:
    """One of `keys` stands somewhere in `text`: a quick test before a long expression is run."""
    return any(map(text.__contains__, keys))


# How many digits one's card has: "ma carte s'écrit avec un seul chiffre", "mi carta no llega a dos
# cifras", "my card has one digit"; it counts beside a word of one's card.
DIGIT_COUNT = re.compile(
    r"\b(?:un\s+seul\s+chiffre|une?\s+seule?\s+chiffre|una\s+(?:sola\s+)?cifra|un\s+(?:solo\s+)?digito|"
    r"one\s+digit|(?:no|pas|nicht|not|never|kein\w*|n'?\s*a)\s+(?:\w+\s+){0,3}?(?:dos\s+cifras|deux\s+chiffres|"
    r"two\s+digits|double\s+digits|zweistellig\w*|zwei\s+ziffern))\b"
)
DIGIT_WORDS = frozenset("chiffre chiffres cifra cifras digito digitos digit digits ziffern".split())
CARD_OWNED = re.compile(
    r"\b(?:my\s+card|mine|ma\s+carte|la\s+mienne|mi\s+carta|la\s+mia|meine(?:\s+karte)?)\b"
)
TOKEN = re.compile(r"[^\W_]+|[^\w\s]")
ROMAN = re.compile(r"^(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$")
ROMAN_LETTERS = frozenset("ivxlc")
ROMAN_WORDS = frozenset(
    ("i", "v", "x", "l", "c", "ii", "iii", "iv", "vi", "vii", "ix", "xi", "xl", "li", "lx", "xc")
)
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
# Words that say the letters after them are a Roman numeral ("the roman numeral XXIV"): no name
# or film title then. Not "roman" (French for a novel: "le roman XV") nor "Romanos" (an emperor).
ROMAN_CUES = frozenset("numeral numerals romain romains roemisch roemische roemischen roemischer".split())
# "XL" as a size: after a word for size (SIZE_WORDS, below), or beside a thing sold in sizes.
DENIALS = frozenset("not dont don nicht kein keine pas ne no ni".split())
SIZED_THINGS = frozenset(
    "hoodie hoodies shirt shirts tshirt tee sweater sweatshirt pullover pulli jacket jacke veste chaqueta "
    "camiseta camisa sudadera polo jersey trikot maillot pull jeans hose pantalon pantalones pizza "
    "pizzas menu burger fries coffee cafe bag".split()
)
MIXED = re.compile(r"^(\d+)([a-z']+)$")
# The endings that make digits an ordinal: "3rd", "3te", "3e", "3eme", "3o".
ORDINAL_TAILS = frozenset("st nd rd th te ten ter ste sten ster eme e o a ª º".split())
LEET_TENS = re.compile(r"^([2-9])ty([1-9]?)$")


STOPWORDS_ALL = frozenset().union(*STOPWORDS.values())
# Small words that are never numbers: not worth reading.
PLAIN_WORDS = frozenset(w for w in STOPWORDS_ALL if not read_word(w, LANGUAGES) and w not in ROMAN_WORDS)
# How number words begin, to pass over most word pairs without reading them joined.
NUMBER_PREFIXES = frozenset(w[:2] for table in CARDINALS.values() for w in table if len(w) >= 3)
NUMBER_ENDS = frozenset(w[-2:] for table in CARDINALS.values() for w in table if len(w) >= 3)
# The same with three letters, for words broken by a space: a glued compound begins with a number
# word's start and ends with a number word's end ("th irty", "cin quan te").
NUMBER_PREFIXES3 = frozenset(w[:3] for table in CARDINALS.values() for w in table if len(w) >= 3)
NUMBER_ENDS3 = frozenset(w[-3:] for table in CARDINALS.values() for w in table if len(w) >= 3)
# Tens and teens long enough to find inside a sentence typed without spaces.
GLUE_ANCHORS = {
    lang: tuple(w for w, (v, kind) in table.items() if kind in "DT" and v >= 13 and len(w) >= 5)
    for lang, table in CARDINALS.items()
}


@dataclass(slots=True)
class Tok:
    text: str
    start: int
    end: int
    kind: str  # "w" word, "n" digits, "m" letters and digits, "p" punctuation


@dataclass(slots=True)
class Num:
    value: int
    first: int  # token indices, inclusive
    last: int
    how: str  # digits, word, ordinal, decade, roman, glyph, spelled, leet, arithmetic, offset
    odd: bool = False
    allowed: str | None = None
    extra: list[int] = field(default_factory=list)


CLEAN = Verdict(False, None, (), "no card number")
DEFAULT_CONTEXT = Context()  # frozen: one for every call without a context


IN_HAND = "names a card in the sender's hand"
# A harmless number said to be one's card ("Akku bei 85 %, genau wie meine Karte"): its role is a cover.
COVER = "a disguised card number (cover)"
# Two digits the message says to read as one ("4-1, ma carte c'est le score collé"): never vetoed either.
READ_TOGETHER = "a disguised card number (read together)"
# A number the message says how to decode ("read it backwards: eno-ytxis", "rot13: frfragn"): never
# vetoed either.
DECODED = "a disguised card number (encoded)"
DIGIT_CLUES = "tells a card value digit by digit"  # a riddle per digit: never vetoed either
# Reasons the learned stage never saw in training: checked by the rules alone, never taken back.
NEVER_VETOED = frozenset({IN_HAND, COVER, READ_TOGETHER, DECODED, DIGIT_CLUES})
# Roles a rescued message's number is never taken for a card in: it names a pile, or the trick's 10.
NEVER_A_CARD = frozenset({"a pile number", "the backwards trick"})
STAGE = "override: "  # the start of every reason the learned stage gives
RESCUED = STAGE + "card talk without a readable number"
RESCUED_READ = STAGE + "card talk; a number read as harmless may be a card"


def check(message: str, context: Context | None = None, *, learned: bool = True) -> Verdict:
    """The rules' verdict, then (unless learned=False) the learned stage of bot/chatfilter/override.py:
    a rule flag the veto model finds unlikely is dropped, a pass the rescue model finds likely becomes
    (when the context reads every language) a low flag, with the numbers 2..99 the rules had read as
    harmless, or else the number words, as its values. A flag that names a card the sender holds (the
    context's hand) is never vetoed: it is checked against the hand, and the model never saw one."""
    verdict = check_rules(message, context)
    if not learned or verdict.reason in NEVER_VETOED:
        return verdict  # the model never saw either: both are checked by the rules alone
    if not verdict.flag and not any(c.isalnum() for c in message):
        return verdict  # punctuation and emoji alone ("…", "👀"): nothing the stage could rescue
    values = len({f.value for f in verdict.numbers})
    turn = override.decide(message, verdict.flag, verdict.reason, values)
    if turn is None:
        return verdict
    kind, p = turn
    if kind == "veto":
        return Verdict(
            False, None, (), f"{STAGE}not a card number after all (rules: {verdict.reason}; P {p:.2f})"
        )
    languages = LANGUAGES if context is None else context.languages
    if not set(LANGUAGES) <= set(languages) and override.number_words(message) != override.number_words(
        message, languages
    ):
        # The rescue reads the number words of every language it was trained on. Where the keeper
        # reads fewer (the server's language and English by default, or the moderators' choice), a
        # number word of another language ("ich habe siebenundvierzig" on an English server) is not
        # the keeper's to catch, so the rules' pass stands.
        return verdict
    if verdict.read:
        return Verdict(True, "low", verdict.read, RESCUED_READ)
    words = tuple(Found(*found) for found in override.number_words(message, languages))
    if not words and p < override.RESCUE_WITHOUT_NUMBER and not any(c.isdigit() for c in message):
        return verdict  # no number at all, and card talk not more likely than not: "lol", "what?"
    if not words and not any(c.isdigit() for c in message) and _asks_a_count_of_cards(message):
        return verdict  # "how many cards do you have?": a count of cards, which the policy leaves alone
    return Verdict(True, "low", words, RESCUED_READ if words else RESCUED)


# A question to another player about how many cards they hold: a count, not a value. It must end
# the message and be put to someone ("you", "du", "tu", "tienes"...); a pile named ("how many cards
# between yours and pile 2's top?") asks a gap, and a card said to be one's own (roles.MINE) or a
# claim after the question ("how many cards in a deck? that's what I hold") makes it a riddle.
COUNT_OF_CARDS = re.compile(
    r"\b(?:how\s+many|wie\s*viele?|combien\s+de|cuant[ao]s)\s+(?:cards?|karten|cartes?|cartas?)\b"
)
PUT_TO_SOMEONE = re.compile(
    r"\b(?:you|your|u|ur|du|dir|deine[rn]?|hast|habt|ihr|tu|te|tes|toi|vous|tienes|tenes|quedan|"
    r"everyone|everybody|alle|jeder|todos)\b"
)


def _asks_a_count_of_cards(message: str) -> bool:
    """A question put to someone about how many cards they hold, and nothing after it."""
    end = message.rfind("?")
    if end < 0 or any(c.isalnum() for c in message[end:]):
        return False
    folded = fold(message)
    words = set(re.findall(r"\w+", folded))
    return (
        bool(COUNT_OF_CARDS.search(folded))
        and bool(PUT_TO_SOMEONE.search(folded))
        and not roles.MINE.search(folded)
        and words.isdisjoint(PILE_OR_TOP)
        and not PILE_WORD.search(folded)
    )


def check_rules(message: str, context: Context | None = None) -> Verdict:
    """The hand-written rules alone."""
    ctx = context or DEFAULT_CONTEXT
    norm = normalize(message)
    text = norm.text
    if not any(c.isalnum() for c in text):
        return CLEAN
    toks = [
        Tok(g, *m.span(), "w" if g.isalpha() else "n" if g.isdigit() else "m" if g.isalnum() else "p")
        for m in TOKEN.finditer(text)
        for g in (m.group(),)
    ]
    langs = (
        LANGUAGES
        if ctx.languages is LANGUAGES
        else tuple(lang for lang in ctx.languages if lang in LANGUAGES) or LANGUAGES
    )
    scene = _scene(toks, text, message)
    scene.upper = norm.upper
    scene.lookalike = norm.odd
    scene.starts = [t.start for t in toks]
    nums = _numbers(norm, toks, langs, message, scene)
    notes: list[str] = []
    adjacent = ADJACENT.search(text) if _mentions(text, ADJACENT_KEYS) else None
    if (
        (adjacent and _adjacent_target(text, adjacent))
        or ("off" in text and OFF_BY_ONE.search(text))
        or (
            scene.pile_ref
            and _mentions(scene.joined, roles.ADJACENT_WORDS_KEYS)
            and roles.ADJACENT_WORDS.search(scene.joined)
        )
    ):
        notes.append("an exact offset from a pile top")
    if (_mentions(text, SINGLE_DIGIT_KEYS) and SINGLE_DIGIT.search(text)) or (
        (scene.wordset & DIGIT_WORDS or "stellig" in text)
        and DIGIT_COUNT.search(scene.joined)
        and CARD_OWNED.search(scene.joined)
    ):
        notes.append("a range of values")
    cued = scene.wordset & roles.NOTE_WORDS
    if cued and (roles.ASKS_FOR_VALUE.search(scene.joined) or roles.EXTREME_CARD.search(scene.joined)):
        notes.append("asks for or tells a card value without a number")
    range_end = None
    if (
        scene.wordset & roles.WHOLE_RANGE_WORDS
        and (range_end := roles.WHOLE_RANGE_END.search(scene.joined))
        and roles.HOLDING.search(scene.joined)
    ):
        notes.append("tells a card value without a number: the end of the range")
    else:
        range_end = None
    if (
        scene.wordset & REPDIGIT_WORDS
        and scene.wordset & HAVE_OR_CARDS
        and not scene.wordset & DATE_CONTEXT
        and REPDIGIT_TOLD.search(scene.joined)
    ):
        notes.append("tells a card value without a number: two like digits")
    if _asks_for_value(scene):
        notes.append("asks for a card value without a number")
    if scene.wordset & DIGIT_CLUE_WORDS and scene.wordset & GAME_WORDS and DIGIT_BY_CLUE.search(scene.joined):
        notes.append(DIGIT_CLUES)  # "first digit = how many piles we got, second…"
    digits_of = (
        LAST_DIGITS.search(scene.joined) if scene.wordset & DIGIT_PART_WORDS and scene.wordset & TWO else None
    )
    if digits_of and (scene.wordset & HELD_WORDS or not any(t.kind in ("n", "m") for t in toks)):
        notes.append(
            "tells a card value by the digits of another number"
        )  # "the last two digits are my card"
        # "les 2 derniers chiffres de 1986": that number is said, so the card is known (86).
        k = next((k for k, at in enumerate(scene.at) if at >= digits_of.end()), len(scene.words))
        words = scene.words
        if k + 1 < len(words) and words[k] in ("of", "de", "von", "del", "d") and len(words[k + 1]) == 4:
            year = words[k + 1]
            if year.isdigit() and year.isascii():
                first_two = any(w in digits_of.group() for w in ("first", "erst", "premier", "primer"))
                value = int(year[:2] if first_two else year[2:])
                if 2 <= value <= 99:
                    nums = [
                        n
                        for n in nums
                        if n.first != k + 1 and not digits_of.start() <= scene.at[n.first] < digits_of.end()
                    ]
                    nums.append(Num(value, k + 1, k + 1, "arithmetic", odd=True))
    second = roles.SECOND_EXTREME.search(scene.joined) if cued else None
    if second:
        covered = [k for k, at in enumerate(scene.at) if second.start() <= at < second.end()]
        value = (
            3 if "low" in second.group() or "niedrig" in second.group() or "klein" in second.group() else 98
        )
        nums = [n for n in nums if not covered or n.first not in covered]
        nums.append(Num(value, covered[0], covered[0], "saying", odd=True))
    if scene.wordset & TIME_PART_WORDS and (part := TIME_PART_CUE.search(scene.joined)):
        nums = _time_part(nums, scene, "minute" if part.group("minutes") else "hour", part)
    if not nums and not notes:
        if scene.unframed:
            return Verdict(False, None, (), CLEAN.reason, _unframed(scene, norm, toks, nums))
        return CLEAN
    _judge(nums, toks, ctx, scene)
    if scene.wordset & LINK_GATE and CARD_LINK.search(scene.joined):
        # "j'ai 39 de fièvre, et le même nombre dans la main", "Akku bei 85 %, genau wie meine Karte":
        # a harmless number said to be one's card is that card.
        for n in nums:
            if (
                n.allowed
                and n.allowed not in KEPT_WHEN_LINKED
                and 2 <= n.value <= 99
                and not (n.last + 1 < len(scene.words) and scene.words[n.last + 1] in TIMES_WORDS)
            ):  # "deux fois le même chiffre, et c'est un 8": "deux fois" is twice
                n.allowed, n.how, n.odd = None, "cover", True
    if scene.wordset & OWN_CARD_WORDS and scene.wordset & CARD_SUBJECT_GATE:
        _card_as_subject(nums, scene)
    if scene.wordset & GLUE_GATE and (glue := GLUE_CUE.search(scene.joined)):
        nums[:] = _glued_pair(nums, scene, glue)
    if range_end:
        _range_end_value(range_end, nums, scene)
    _arithmetic(nums, toks, scene)
    _step_from_named_card(nums, scene)
    if scene.pile_named:
        _step_from_pile_top(nums, scene)
    if scene.wordset & AGE_NOUNS:
        _age_as_card(nums, scene)
    if scene.wordset & NEIGHBOUR_WORDS:
        _neighbour_of_named_card(nums, scene)
    _offers(nums, toks, scene)
    flagged = [n for n in nums if n.allowed is None and (2 <= n.value <= 99 or n.how in ("offset", "decade"))]
    if scene.riddle and flagged:
        flagged = _riddle_answer(flagged, scene)
    if not flagged and not notes:
        read = tuple(
            Found(n.value, norm.origin[toks[n.first].start], norm.origin[toks[n.last].end - 1] + 1)
            for n in sorted(nums, key=lambda n: n.first)
            if 2 <= n.value <= 99 and n.allowed not in NEVER_A_CARD
        )
        if scene.unframed:
            read = tuple(sorted(read + _unframed(scene, norm, toks, nums), key=lambda f: f.start))
        return Verdict(False, None, (), _allowed_reason(nums), read)
    if flagged and not DASHES.isdisjoint(text):
        flagged = _dashed_digits(flagged, toks, scene)
    found = tuple(
        Found(n.value, norm.origin[toks[n.first].start], norm.origin[toks[n.last].end - 1] + 1)
        for n in sorted(flagged, key=lambda n: n.first)
    )
    return _verdict(flagged, found, notes, toks, norm, ctx)


DASHES = frozenset("-–—")
# What two dashed digits held as a card stand after ("j'ai le 9-8", "got the big 9-9", "tengo el 5-3")
# and before ("… en main", "… on me", "… pour la pile 2"), besides the start and end of the message.
DASH_HOLDERS = frozenset(
    "le la el the du big da ai got have has hab habe tengo tiene tienes a : ( * | `".split()
)
DASH_AFTER = frozenset(
    "en in on dans pour for para auf fur lol mdr jaja haha xd here ici aqui hier main hand mano".split()
)


def _dashed_digits(flagged: list[Num], toks: list[Tok], scene: Scene) -> list[Num]:
    """Two single digits joined by a dash, held or named as a card ("j'ai le 9-8", "tengo el 5-3",
    "I got the big 9-9", "6-4 (…)"), in a message flagged for a number read from them alone: the card
    of those two digits. Not a score, a level, hours or a range ("we're winning 7-3", "level 5-3",
    "I work 9-5", "2-3 off the pile"), not part of a longer figure or a sum ("1-2-3", "9-3 + 2"),
    never a first digit 0."""
    words = scene.words
    for i in range(len(toks) - 2):
        a, dash, b = toks[i], toks[i + 1], toks[i + 2]
        if not (
            a.kind == "n"
            and b.kind == "n"
            and len(a.text) == 1
            and len(b.text) == 1
            and a.text != "0"
            and dash.text in DASHES
            and a.end == dash.start
            and dash.end == b.start
        ):
            continue
        before = toks[i - 1] if i > 0 else None
        after = toks[i + 3] if i + 3 < len(toks) else None
        if before is not None and (
            (before.end == a.start and (before.kind != "p" or before.text in DASHES or before.text in "./"))
            or words[i - 1] not in DASH_HOLDERS
        ):
            continue  # glued to more, or not said to be held: "level 5-3", "winning 7-3"
        if after is not None:
            if after.start == b.end and (after.kind != "p" or after.text in DASHES or after.text in "/+=*"):
                continue  # "1-2-3", "9-3/4"
            if after.text in "+=*×" or words[i + 3] in SUM_OPERATORS | COUNT_MORE:
                continue  # "9-3 + 2 is my card", "5-3 = 2"
            if after.kind == "p" and after.text in ".," and i + 4 < len(toks) and toks[i + 4].kind == "n":
                continue  # "9-3.5"
            if after.kind != "p" and words[i + 3] not in DASH_AFTER:
                continue  # "I have 4-5 to play", "2-3 cards"
        inside = [n for n in flagged if i <= n.first and n.last <= i + 2]
        if not inside:
            continue
        keep = inside[0]
        keep.value = int(a.text) * 10 + int(b.text)
        keep.first, keep.last = i, i + 2
        flagged = [n for n in flagged if n is keep or all(n is not o for o in inside)]
    return flagged


def _card_as_subject(nums: list[Num], scene: Scene) -> None:
    """ "mi carta es la línea 5 del metro", "meine Karte kostet 15 Euro", "ma carte aurait 39 de fièvre":
    one's card is the subject, and what it is, costs or would have is a number the rules read as money,
    a time, a date, a measure or a label, a few words on in the same clause. That number is the card
    (a cover). Only those roles, and only articles, fillers and the nouns of those roles between the
    verb and the number: "my card is trash brb 5 min" and "ma carte est à 2 doigts" stay harmless."""
    if not any(n.allowed in COVER_ROLES or _aged(n, scene) for n in nums) or any(
        n.allowed is None and 2 <= n.value <= 99 for n in nums
    ):
        return  # nothing to dress up, or a card is told already: "meine Karte ist zwei Zehner und ne Sieben"
    toks = scene._toks
    ordered = sorted(nums, key=lambda n: n.first)
    for m in CARD_SUBJECT.finditer(scene.joined):
        first = bisect_right(scene.at, m.start()) - 1  # the possessive
        if first > 0 and scene.words[first - 1] in NOT_A_STATEMENT:
            continue  # "I forgot what my card is", "ce que ma carte vaut": not what it is
        after = bisect_right(scene.at, m.end() - 1)  # the first token after the verb
        for n in _starting_within(ordered, after, after + SUBJECT_REACH):
            if not (
                (n.allowed in COVER_ROLES or _aged(n, scene))
                and 2 <= n.value <= 99
                and after <= n.first <= after + SUBJECT_REACH
            ):
                continue
            between = scene.words[after : n.first]
            following = scene.words[n.last + 1] if n.last + 1 < len(scene.words) else ""
            gap = scene.text[toks[after - 1].end : toks[n.first].start]
            if (
                "\n" in gap
                or following in NOT_WHAT_IT_IS
                or not all(w in BETWEEN_VERB_AND_NUMBER or w in roles.MONTHS for w in between)
            ):
                continue
            n.allowed, n.how, n.odd = None, "cover", True


def _time_part(nums: list[Num], scene: Scene, part: str, cue: re.Match[str]) -> list[Num]:
    """ "wecker steht auf 6:38, merkt euch die Minuten", "19:00, the hour part i mean": one part of the
    time nearest the cue is the card (a cover)."""
    words = scene.words
    at = bisect_right(scene.at, cue.start()) - 1
    clocks = []
    for k, w in enumerate(words):
        clock = CLOCK_TOKEN.fullmatch(w)
        if clock:
            clocks.append((int(clock.group(1)), int(clock.group(2)), k, k))
        elif (
            w.isdigit()
            and len(w) <= 2
            and k + 2 < len(words)
            and words[k + 1] in (":", "h")
            and words[k + 2].isdigit()
            and len(words[k + 2]) == 2
        ):
            clocks.append((int(w), int(words[k + 2]), k, k + 2))
    clocks = [c for c in clocks if c[0] <= 24 and c[1] <= 59]
    if not clocks:
        return nums
    hour, minute, first, last = min(clocks, key=lambda c: min(abs(c[2] - at), abs(c[3] - at)))
    value = minute if part == "minute" else hour
    if not 2 <= value <= 99:
        return nums
    kept = [n for n in nums if n.last < first or n.first > last]
    return sorted([*kept, Num(value, first, last, "cover", odd=True)], key=lambda n: n.first)


CLOCK_TOKEN = re.compile(r"(\d{1,2})h(\d{2})")
# Pointing at one part of a time: "keep only the minutes", "merkt euch die Minuten", "gardez juste les
# minutes", "quedaos con los minutos"; "the hour part", "nur die Stunde", "juste l'heure", "solo la hora".
TIME_PART_CUE = re.compile(
    r"(?P<minutes>\b(?:merkt\s+euch|merk\s+dir|merken)\s+(?:nur\s+|bloss\s+)?die\s+minuten|"
    r"\b(?:gardez|garde|retenez|retiens)\s+(?:juste\s+|seulement\s+)?les\s+minutes\b(?!\s+libres)|"
    r"\b(?:quedaos|quedate)\s+(?:solo\s+)?con\s+(?:solo\s+)?los\s+minutos|"
    r"\bthe\s+minutes\s+(?:bit|part)\b|\bdie\s+minuten\s+sind\s+(?:das\s+)?(?:wichtige|entscheidende)|"
    r"\b(?:seules?\s+)?les\s+minutes\s+comptent\b|\bsolo\s+cuentan\s+los\s+minutos\b|"
    r"\b(?:ignore|forget|drop)\s+the\s+hours?\b|\b(?:vergesst|vergiss|ignoriert)\s+die\s+stunden?\b|"
    r"\b(?:oubliez|oublie)\s+l\s*'\s*heure\b|\b(?:olvidad|olvida|ignora)\s+la\s+hora\b)|"
    r"\bthe\s+hour\s+part\s+i\s+mean\b"
)
TIME_PART_WORDS = frozenset("minutes minuten minutos hour hours stunde stunden heure hora".split())


def _glued_pair(nums: list[Num], scene: Scene, cue: re.Match[str]) -> list[Num]:
    """ "4-1, ma carte c'est le score collé", "Stapel 5 und Stapel 7, zusammen gelesen": two single digits
    joined as a pair ("4-1", "4:1", "5 und 7", "pile 7 et la pile 2") that the message says to read
    as one number, after the pair, are that number. Not in a code or a name ("el código es 4-7 sin el
    guion")."""
    if scene.wordset & CODE_WORDS or any(n.allowed is None and 2 <= n.value <= 99 for n in nums):
        return nums
    digits = [n for n in nums if n.how == "digits" and n.first == n.last and 0 <= n.value <= 9]
    cue_at = bisect_right(scene.at, cue.start()) - 1
    for a, b in pairwise(digits):
        if b.last >= cue_at:
            break  # the pair is read together only when the cue follows it
        between = scene.words[a.last + 1 : b.first]
        if len(between) > 4 or not all(w in PAIR_JOINERS for w in between):
            continue
        value = 10 * a.value + b.value
        if not 2 <= value <= 99:
            return nums
        kept = [n for n in nums if n is not a and n is not b]
        return sorted([*kept, Num(value, a.first, b.last, "read together", odd=True)], key=lambda n: n.first)
    return nums


# What may stand between the two digits of a pair: a dash or a colon, "and", the name of a pile.
PAIR_JOINERS = frozenset(
    "- : – und and et y e & , stapel pile pila la le el der die the et puis dann then".split()
)
CODE_WORDS = frozenset(
    "code codes codigo pin password passwort contrasena pseudo username user nick nickname id room "
    "tag gamertag".split()
)


# Telling the reader to put two digits side by side: "read together", "le score collé", "ohne Doppelpunkt".
GLUE_CUE = re.compile(
    r"\b(?:read\s+(?:them\s+|it\s+|both\s+)?together|without\s+the\s+(?:dash|colon|hyphen)|"
    r"zusammen\s*(?:gelesen|lesen|geschrieben)|ohne\s+(?:den\s+)?(?:doppelpunkt|bindestrich)|"
    r"lisez(?:\s*-\s*les)?\s+ensemble|lus?\s+ensemble|sans\s+(?:le\s+)?(?:tiret|deux\s*-?\s*points)|"
    r"(?:score|resultat|chiffres)\s+colles?|"
    r"le[ií]d[oa]s?\s+juntos|leelos\s+juntos|juntos\s+se\s+leen|(?:resultado|marcador|numeros?)\s+pegados?|"
    r"sin\s+(?:el\s+)?(?:guion|dos\s+puntos))\b"
)
GLUE_GATE = frozenset(
    "together dash colon hyphen zusammen zusammengelesen zusammenlesen zusammengeschrieben doppelpunkt "
    "bindestrich ensemble tiret points deuxpoints colle colles juntos pegado pegados guion puntos".split()
)


def _starting_within(nums: list[Num], first: int, last: int) -> list[Num]:
    """The numbers (`nums` sorted by their first token) that start between two tokens, by bisection: a
    long message that repeats "meine Karte kostet 15 Euro" stays linear."""
    return nums[
        bisect_left(nums, first, key=lambda n: n.first) : bisect_right(nums, last, key=lambda n: n.first)
    ]


def _aged(n: Num, scene: Scene) -> bool:
    """ "ma carte a 22 ans", "mi carta ya tiene 61 tacos": a count followed by a word of age."""
    return (
        n.allowed == "a count or a time"
        and n.last + 1 < len(scene.words)
        and scene.words[n.last + 1] in AGE_UNITS
    )


# One's card as the subject of "is", "costs", "would have": "my card's worth", "my last card is",
# "mi carta costaría", "meine Karte wäre", "ma carte a 39". Before the verb, nothing but spaces.
CARD_SUBJECT = re.compile(
    r"\b(?:my|ma|mi|meine)\s+(?:(?:only|one|last|remaining|single|derniere|seule|unique|ultima|unica|"
    r"letzte|einzige)\s+)?(?:card|carte|carta|karte|handkarte)(?:\s+(?:ya|schon|deja|already|still|noch|encore|todavia)(?=\s))?(?:\s*['\u2019]\s*s(?:\s+worth)?|\s+(?:"
    r"is|was|would\s+be|would\s+have|would\s+cost|will\s+be|costs|is\s+worth|worth|"
    r"c\s*['\u2019]\s*est|est(?!\s*-\s*ce)|etait|serait|aurait|coute|couterait|vaut|vaudrait|fait|ferait|"
    r"a(?=\s+\d)|prend|es(?!\s+que)|era|seria|sera|cuesta|costaria|valdria|tendria|esta|estaria|"
    r"tiene|coge|toma|ist|war|waere|waer|kostet|kostete|wuerde|haette|hat(?=\s+\d)|nimmt|faehrt|takes"
    r"))\b"
)
CARD_SUBJECT_GATE = frozenset(
    "is was would will costs worth s est etait serait aurait coute couterait vaut vaudrait fait ferait a es "
    "era seria sera cuesta costaria valdria tendria esta estaria tiene ist war waere waer kostet kostete "
    "wuerde haette hat prend coge toma nimmt faehrt takes".split()
)
OWN_CARD_WORDS = frozenset("card carte carta karte handkarte".split())
SUBJECT_REACH = 4  # at most this many words between the verb and the number
# The roles a card is dressed up as after "my card is / costs": a price, an hour, a day, a fever, a bus
# line. Not counts, players, ordinals, percentages, idioms or emoticons ("my card is cute <3").
COVER_ROLES = frozenset(
    {
        "money",
        "money, not a card value",
        "a time",
        "a time of day",
        "a date",
        "a date or a time",
        "a measure",
        "a label or a version",
        "a version or a date",
        "a decimal, a version or a date",
        "a year",
        "an address",
        "a size or a shirt number",
        "an age",
    }
)
# "ma carte a 22 ans": a count or a time followed by a word of age is the card's age.
AGE_UNITS = frozenset("ans an years yrs yo jahre jahr anos tacos balais piges lenze".split())
# What may stand between the verb and the number: articles, fillers, the nouns of those roles, currency
# signs (and month names). Anything else ("trash brb", "dans", "bientôt", "getting charged") ends it.
BETWEEN_VERB_AND_NUMBER = frozenset(
    "the a an le la les l un une el los las lo der die das den dem des ein eine einen im am um at à de del "
    "du d like basically exactly around about just only precisely genau so quasi etwa ungefaehr circa ca "
    "exactement environ pile justo exactamente unos unas como comme wie tipo plus mas literally "
    "line linea ligne linie bus hora heure uhr version room zimmer chambre habitacion route ruta calle rue "
    "strasse street nummer numero number no nr page seite pagina level niveau nivel grad degrees "
    "worth ya schon deja already still noch encore todavia : $ € £ ¥ ' ’".split()
)
# A word before "my card" that makes the phrase no statement: "I forgot what my card is".
NOT_A_STATEMENT = frozenset("what how whether if was wie ob ce que lo si comment como".split())
# The word after the number that makes it how long or how often, not what the card is.
NOT_WHAT_IT_IS = frozenset(
    "turns rounds runden tours turnos rondas manches parties partidas zuege zuegen games spiele moves min "
    "mins minutes minuten minutos hours stunden heures horas ago times fois veces mal".split()
)


def _range_end_value(m: re.Match[str], nums: list[Num], scene: Scene) -> None:
    """The value of the end of the range told without a number: 2 for the lowest, 99 for the highest."""
    said = m.group()
    low, high = roles.RANGE_LOW.search(said), roles.RANGE_HIGH.search(said)
    if bool(low) == bool(high):
        return
    covered = [k for k, at in enumerate(scene.at) if m.start() <= at < m.end()]
    if covered and not any(n.allowed is None and 2 <= n.value <= 99 for n in nums):
        nums.append(Num(2 if low else 99, covered[0], covered[-1], "saying", odd=True))


# A card of two like digits told without the digit: "ne Schnapszahl hab ich", "both digits the same",
# "deux chiffres identiques", "un número capicúa".
REPDIGIT_WORDS = frozenset(
    "schnapszahl twin digits digit ziffern chiffres chiffre cifras digitos capicua identical "
    "identiques".split()
)
REPDIGIT_TOLD = re.compile(
    r"\bschnapszahl\b|\btwin\s+number|\b(?:both|two|the\s+two)\s+digits?\s+(?:are\s+)?(?:the\s+)?"
    r"(?:same|identical|equal)|\b(?:same|identical|matching)\s+(?:two\s+)?digits|\bgleiche\w*\s+ziffern|"
    r"\bchiffres?\s+(?:identiques|pareils)|\bdeux\s+fois\s+le\s+meme\s+chiffre|"
    r"\b(?:cifras|digitos)\s+iguales|\bcapicua\b"
)


EACH_NUMBER = re.compile(
    r"\b(?:cada|each|every|jede|jeder|chaque)\s+(?:numero|number|zahl|nummer|valeur|valor)\b"
)
FRENCH_BEFORE_FOUR = frozenset("le du au ce mon ton son un".split())
INSTEAD_OF_NUMBERS = re.compile(
    r"\b(?:instead\s+of|statt|anstatt|au\s+lieu\s+des?|en\s+vez\s+de|en\s+lugar\s+de)\s+(?:\w+\s+)?"
    r"(?:numbers|zahlen|nummern|numeros|chiffres)\b"
)
# A warning against numbers is no request for one: "no pongan números", "don't post numbers".
NO_NUMBERS = re.compile(
    r"\b(?:don'?t|do\s+not|never|no|nunca|ne|n'|nicht|keine|sans|without|ohne|sin|aucune?|ningun|ninguna|"
    r"ningunos|kein|keinen|nada|pas\s+de|jamais\s+de|niemals)\s+(?:\w+\s+){0,2}?"
    r"(?:numbers|numeros|zahlen|nummern|chiffres|nombres|valeurs?|values?|valores?|werte|kartenwerte)\b"
)
# Telling someone not to say: "no need to tell me your cards", "sagt mir nicht eure Karten".
NOT_ASKING = re.compile(
    r"\b(?:(?:no\s+need\s+to|don'?t|do\s+not|never)\s+(?:tell|say|show|post|share)\s+(?:me\s+|us\s+)?"
    r"(?:(?:your|ur|yr|the|any)\s+)?(?:cards?|numbers?|values?|hand)|"
    r"(?:sagt|sag|zeigt|zeig|schreibt|schreib)\s+(?:mir\s+|uns\s+)?(?:bloss\s+|ja\s+)?nicht\s+(?:eure|deine|die)\s+"
    r"(?:karten?|zahlen?|werte?)|"
    r"pas\s+besoin\s+de\s+(?:me\s+|nous\s+)?(?:dire|montrer|donner)\s+(?:tes|vos|les)\s+(?:cartes|nombres|chiffres)|"
    r"ne\s+(?:me\s+|nous\s+)?(?:dis|dites|montre|montrez)\s+pas\s+(?:tes|vos|les)\s+(?:cartes|nombres|chiffres)|"
    r"no\s+(?:hace\s+falta\s+(?:que\s+)?(?:me\s+|nos\s+)?(?:decir|digas|digan)|me\s+digas|nos\s+digas|digas|digan)"
    r"\s+(?:tus|vuestras|sus|las)\s+(?:cartas|numeros|valores))\b"
)
HAND_WORDS = frozenset("hand hands main mano karten cards card carte carta cartas cartes".split())


# A number tied to one's card in so many words: the harmless role it has in the sentence is a cover.
CARD_LINK = re.compile(
    r"\b(?:my|ma|mi|meine?)\s+(?:card|carte|carta|karte)\s+(?:too|aussi|tambien|auch|as\s+well|also)\b|"
    r"\b(?:same|meme|misma|mismo|dieselbe|derselbe|gleiche|selbe)\s+(?:number|nombre|numero|zahl|chiffre|carta|"
    r"karte|carte|card)\b(?!\s+(?:of|de|d|an|von)\b)|"
    r"\b(?:that|this|ce|cette|ese|esa|este|esta|diese|diesen|dieser|genau\s+die|genau\s+so\s+eine)\s+"
    r"(?:number|nombre|numero|zahl|chiffre)\b.{0,40}\b(?:hold|holding|have|got|tiens|tengo|halte|halt|hab|habe|"
    r"hand|main|mano|carta|karte|card|carte)\b|"
    r"\b(?:genau\s+wie|exakt\s+wie|genauso\s+wie|just\s+like|exactly\s+like|same\s+as|comme|como|wie)\s+"
    r"(?:my|ma|mi|meine)\s+(?:card|carte|carta|karte|hand)\b|"
    r"\b(?:pareil|pareille|la\s+meme\s+chose)\s+que\s+(?:ma\s+carte|ce\s+que\s+j\s*'\s*ai\s+en\s+main)\b|"
    r"\b(?:igual|igualito|igualita|lo\s+mismo)\s+que\s+(?:mi\s+carta|mi\s+mano|lo\s+que\s+tengo\s+en\s+la\s+mano)\b|"
    r"\b(?:holding|hold|have|got)\s+(?:it|that|that\s+one)\s+(?:too|as\s+well)\b|\blo\s+tengo\s+tambien\b|"
    r"\bhab\s+ich\s+auch\b|\bje\s+l\W?ai\s+aussi\b|"
    # "... that's my card", "esa es mi carta", "c'est ma carte", "das ist meine (Karte)"
    r"\b(?:that'?s|thats|that\s+is|c'?est|esa\s+es|ese\s+es|es|das\s+ist|is)\s+(?:my|ma|mi|meine?)\s+"
    r"(?:card|carte|carta|karte)\b|\bdas\s+ist\s+meine\b|\b(?:voila|voici)\s+(?:ma|mi|my)\b|"
    # "my card = ...", "mi carta en hora:", "ma carte en heure", "meine Karte als Uhrzeit"
    r"\b(?:my|ma|mi|meine)\s+(?:card|carte|carta|karte)\s*(?:=|:|\s(?:en|als|in|as|comme|como)\s)|"
    # "igual que mi carta", "passt zu meiner Hand", "como en mi mano", "same as my hand"
    r"\b(?:igual\s+que|passt\s+zu|como\s+en|same\s+as|wie\s+in|comme\s+dans)\s+(?:my|ma|mi|meiner?|meinem)\s+"
    r"(?:card|carte|carta|karte|hand|main|mano)\b|"
    # "... also what's in my hand", "c'est aussi ce que je tiens", "eso mismo tengo", "genau die halt ich"
    r"\b(?:what'?s\s+in\s+my\s+hand|what\s+i'?m\s+holding|ce\s+que\s+je\s+tiens|lo\s+que\s+tengo|"
    r"eso\s+mismo\s+tengo|genau\s+die\s+halt(?:e|et|st)?)\b|"
    # "the number is no coincidence, look at my hand"
    r"\b(?:no\s+coincidence|kein\s+zufall|pas\s+un\s+hasard|no\s+es\s+casualidad)\b|"
    r"\bmy\s+card\s+agrees\b"
)
# A card told by a riddle for each of its digits: "first digit = how many piles we got, second = legs
# on an insect", "erste Ziffer = Anzahl Stapel, zweite = …", "mes deux chiffres : le nombre de piles,
# puis …".
DIGIT_BY_CLUE = re.compile(
    r"\b(?:(?:first|1st)\s+digit|erste\s+ziffer|premier\s+chiffre|primera\s+cifra|primer\s+digito)\b\s*"
    r"[=:]\s*.{0,80}?\b(?:second|2nd|zweite|deuxieme|segunda|segundo)\b|"
    r"\b(?:zehnerstelle|zehner|dizaine|decena|tens\s+digit|the\s+tens)\s*[=:].{0,80}?\b(?:einerstelle|einer|"
    r"unite|unidad|ones\s+digit|the\s+ones|units)\s*[=:]|"
    r"\b(?:my\s+two\s+digits|meine\s+(?:zwei|beiden)\s+ziffern|mes\s+deux\s+chiffres|mis\s+dos\s+cifras)"
    r"\s*[:=]"
)
DIGIT_CLUE_WORDS = frozenset(
    "digit digits ziffer ziffern chiffre chiffres cifra cifras digito zehnerstelle zehner dizaine decena "
    "tens".split()
)
# A riddle per digit is about the game when it names piles, cards or the hand.
GAME_WORDS = frozenset(
    "card cards carte cartes karte karten carta cartas pile piles stapel pila pilas hand main mano".split()
)


# Two digits taken out of a longer number: "call me at 555-0173, the last two digits are my card".
LAST_DIGITS = re.compile(
    r"\b(?:last|first|letzten|ersten|derniers|premiers|ultimos|ultimas|primeros)\s+(?:two|zwei|deux|dos|2)\s+"
    r"(?:digits|numbers|ziffern|zahlen|chiffres|numeros|cifras|digitos)\b|"
    r"\b(?:(?:deux|2)\s+(?:derniers|premiers)\s+chiffres|(?:dos|2)\s+(?:ultimos|primeros|ultimas|primeras)\s+"
    r"(?:digitos|numeros|cifras)|dos\s+(?:ultimos|primeros|ultimas|primeras)\s+son|"
    r"(?:zwei|2)\s+(?:letzten|ersten)\s+(?:ziffern|zahlen))\b"
)
DIGIT_PART_WORDS = frozenset(
    "last first letzten ersten derniers premiers ultimos ultimas primeros primeras".split()
)
TWO = frozenset("two zwei deux dos 2".split())
HELD_WORDS = frozenset(
    "card carte carta karte hand main mano holding hold tengo hab habe halte tiens".split()
)
# Every way CARD_LINK reads holds one of these words: the expression is run only then.
LINK_GATE = frozenset(
    "card cards carte cartes carta cartas karte karten hand hands main mano same meme misma mismo dieselbe "
    "derselbe gleiche selbe number nombre numero zahl chiffre holding tiens tengo hab halt halte haltet "
    "haltst aussi too well voila voici meine coincidence zufall hasard casualidad pareil pareille igual "
    "igualito igualita mismo exakt genauso".split()
)
KEPT_WHEN_LINKED = frozenset({"a pile number", "the backwards trick", "a count of cards", "part of a sum"})


def _asks_for_value(scene: Scene) -> bool:
    """ "dis-moi juste ta plus haute", "wie weit bist du von Stapel 3 weg?", "what did you draw? the exact
    one", "pásame el número exacto": a request for a card's value that names no number."""
    words = scene.wordset
    gated = bool(words & roles.ASK_GATE)
    held = bool(words & roles.ASKS_HELD_WORDS)
    if not (gated or held) or words & roles.PHONE_WORDS:
        return False
    joined = scene.joined
    if (
        EACH_NUMBER.search(joined)
        or INSTEAD_OF_NUMBERS.search(joined)
        or NO_NUMBERS.search(joined)
        or NOT_ASKING.search(joined)
    ):
        return False  # "8 cartas de cada número, ¿lo sabían?": about the deck, not a card
    if (
        gated
        and roles.ASK_WHAT.search(joined)
        and roles.ASK_CUE.search(joined)
        and roles.ASK_TARGET.search(joined)
    ):
        return True
    if not held:
        return False
    if roles.ASKS_WHAT_HELD.search(joined):
        return True
    if (m := roles.ASKS_FOR_HAND.search(joined)) and (
        not joined[m.start()].isalnum() or not roles.NOT_BEFORE.search(joined[: m.start()])
    ):
        # "dm me your hand", but not "don't (just) dm me your hand"; a "not" of the clause before a
        # comma or a full stop is not this request's: "don't worry, dm me your hand"
        return True
    return not words & roles.PRICE_WORDS and bool(roles.ASKS_FOR_EXTREME.search(joined))


def _kind(text: str) -> str:
    if text.isalpha():
        return "w"
    if text.isdigit():
        return "n"
    return "m" if text.isalnum() else "p"


def _verdict(
    flagged: list[Num],
    found: tuple[Found, ...],
    notes: list[str],
    toks: list[Tok],
    norm: Normalized,
    ctx: Context,
) -> Verdict:
    values = [n.value for n in flagged]
    words = {t.text for t in toks if t.kind == "w"}
    in_hand = [v for v in values if v in ctx.hand]
    on_top = [v for v in values if v in ctx.pile_tops]
    disguised = [n for n in flagged if n.odd or n.how in ("spelled", "leet", "roman", "glyph", "arithmetic")]
    if in_hand:
        return Verdict(True, "high", found, IN_HAND)
    if disguised or (flagged and norm.markup):
        return Verdict(
            True, "high", found, f"a disguised card number ({disguised[0].how if disguised else 'markup'})"
        )
    plain = [n for n in flagged if n.how not in ("decade", "offset")]
    if plain and ("?" in norm.text or words & ASKING):
        return Verdict(True, "high", found, "offers or asks for a card number")
    if plain:
        if on_top:
            return Verdict(True, "medium", found, "names a visible pile top")
        return Verdict(True, "medium", found, "a card number" if len(plain) == 1 else "card numbers")
    if flagged:
        reason = "a range of values" if flagged[0].how == "decade" else "an exact offset from a pile top"
        return Verdict(True, "low", found, reason)
    return Verdict(True, "low", found, notes[0])


# Articles and pronouns French and Swiss German cut before a vowel or any word: "d'", "l'", "s'".
ELIDED = frozenset("d l s z j m n t c qu".split())


def _unframed(scene: Scene, norm: Normalized, toks: list[Tok], nums: list[Num]) -> tuple[Found, ...]:
    """The well-known numbers named as talk (see Scene.unframed), where no number was read."""
    return tuple(
        Found(value, norm.origin[toks[first].start], norm.origin[toks[last].end - 1] + 1)
        for value, first, last in scene.unframed
        if not any(n.first <= last and first <= n.last for n in nums)
    )


def _allowed_reason(nums: list[Num]) -> str:
    reasons = sorted({n.allowed for n in nums if n.allowed})
    return "allowed: " + ", ".join(reasons) if reasons else "no card number"


def _adjacent_target(text: str, m: re.Match[str]) -> bool:
    """A pile, its top or a card is named just after "right next to", "directly above"..."""
    if m.group().startswith(("neighb", "nachbar")):
        before = TOKEN.findall(text[max(0, m.start() - 24) : m.start()])
        after = TOKEN.findall(text[m.end() :])[:2]
        if (
            "its" in before[-3:]
            and _mentions(text, PILE_WORD_KEYS)
            and not any(w in roles.PILE or w.isdigit() for w in after)
            and not set(before[-4:]) & {"or", "and"}
        ):
            return (
                True  # "can u hold off on pile 4? I have its exact neighbour" (not "pile 3 or its neighbour")
            )
        if (
            set([w for w in before if w.isalpha()][-3:]) & PERSON_OWNERS
        ):  # "my old neighbour", "our next-door one"
            return False  # "my neighbour turned 80 today": a person next door
    tail = TOKEN.findall(text[m.end() :])[:5]
    if any(
        w in TARGET_NEAR or (w.isdigit() and not (k + 1 < len(tail) and tail[k + 1] in COUNTED_THINGS))
        for k, w in enumerate(tail)
    ):
        return True  # not "right under 100 points", "just under 100 members": a count of things
    # Straight above or below a pile named just before: "en la pila 3 pego una justo debajo".
    before = TOKEN.findall(text[max(0, m.start() - 40) : m.start()])[-6:]
    return (
        VERTICAL.search(m.group()) is not None
        and before[-1:]
        in (["una"], ["uno"], ["une"], ["eine"], ["one"], ["die"], ["la"], ["meine"], ["mine"])
        and any(w in roles.PILE for w in before)
        and any(w.isdigit() for w in before)
    )


VERTICAL = re.compile(r"above|below|debajo|encima|dessous|dessus|unter|drunter|dr[uü]e?ber")


PERSON_OWNERS = frozenset(
    "my our his her their your mein meine unser unsere dein deine sein seine ihr ihre".split()
)


# --- finding numbers -------------------------------------------------------------------------


# Function words that tell the language of a message, beyond the stopwords: pronouns, articles,
# prepositions and the commonest verbs of chat.
LANGUAGE_HINTS: dict[str, frozenset[str]] = {
    lang: STOPWORDS[lang] | frozenset(extra.split())
    for lang, extra in {
        "en": "it's i'm im don't can't won't mine yours his her our their from be was were been next "
        "top up down lay put go goes",
        "de": "nicht nix mein meine dein deine wie was hat haben sind hier jetzt gleich bei beim "
        "nach vor den dem im am zum zur ueber unter drauf hoch runter",
        "fr": "ce cette c j en au aux mon ma mes ton ta tes sa son ses peux veux fait tout tous trop "
        "alors encore aussi comme quand vais va suis",
        "es": "la el al lo le se me te puedo pongo muy esta este hay ya como mas tambien porque "
        "cuando donde nada bien vale vamos sube baja",
    }.items()
}


# For each word that tells a language, the languages it votes for: its function words, and the number
# words of one language only ("huit", "zwölf").
_VOTES: dict[str, list[str]] = {}
for _lang, _words in LANGUAGE_HINTS.items():
    for _hint in _words:
        _VOTES.setdefault(_hint, []).append(_lang)
for _hint in {w for table in CARDINALS.values() for w in table}:
    _langs = [lang for lang, table in CARDINALS.items() if _hint in table]
    if len(_langs) == 1 and _hint not in AMBIGUOUS and len(_hint) > 2:
        _VOTES.setdefault(_hint, []).append(_langs[0])
VOTES: dict[str, tuple[str, ...]] = {w: tuple(langs) for w, langs in _VOTES.items()}


def _language_scores(toks: list[Tok], words: list[str]) -> dict[str, int]:
    scores = dict.fromkeys(LANGUAGES, 0)
    for t, word in zip(toks, words, strict=True):
        if t.kind == "w":
            for lang in VOTES.get(word, ()):
                scores[lang] += 1
        elif t.text in ("¿", "¡"):
            scores["es"] += 2  # only Spanish opens a question or a cry with a mark
    return scores


def _numbers(
    norm: Normalized, toks: list[Tok], langs: tuple[str, ...], message: str, scene: Scene
) -> list[Num]:
    nums: list[Num] = []
    used: set[int] = set()
    text = norm.text
    _spelled_letters(toks, text, langs, nums, used)
    _sayings(scene, nums, used)
    scores: dict[str, int] | None = None
    readings: dict[int, tuple[WordReading, ...]] = {}
    extend: dict[int, int] = {}
    for i, t in enumerate(toks):
        if i in used:
            continue
        if t.kind == "w":
            word = scene.words[i]
            if word in QUANTITIES or word in COLLECTIVES:
                _quantity(i, toks, scene, nums, used, readings)
                continue
            if word in BY_EAR and "fr" in langs and _by_ear(i, scene, text, toks):
                readings[i] = (WordReading("fr", (Piece(*BY_EAR[word]),), odd=True),)
                continue
            if (
                word in ("dies", "dis")
                and "es" in langs
                and i + 2 < len(toks)
                and scene.words[i + 1] == "y"
                and scene.words[i + 2] in SPANISH_UNITS_AFTER_TEN
            ):
                readings[i] = (WordReading("es", (Piece(10, "T"),), odd=True),)
                continue  # "dies y siete": diez y siete, by ear
            if (
                i + 1 < len(toks)
                and TEEN_TAILS.get(scene.words[i + 1], "") in langs
                and toks[i + 1].start == t.end + 1
                and _unit_value(word) >= 3  # not "auch zehn" read as "fuchzehn"
                and (
                    i + 2 >= len(toks) or scene.words[i + 2] not in roles.MONEY_WORDS
                )  # "drei zehn Euro Scheine"
                and (
                    split := [
                        r
                        for r in read_word(t.text + toks[i + 1].text, (TEEN_TAILS[scene.words[i + 1]],))
                        if len(r.pieces) == 1 and 13 <= r.pieces[0].value <= 19
                    ]
                )
            ):  # "acht zehn", "seven teen": a teen cut by a space
                readings[i] = tuple(WordReading(r.lang, r.pieces, r.ordinal, r.decade, True) for r in split)
                extend[i] = i + 1
                used.add(i + 1)
                continue
            if (
                "de" in langs
                and i + 2 < len(toks)
                and toks[i + 1].text == "-"
                and toks[i + 1].start == t.end
                and toks[i + 2].start == toks[i + 1].end
                and scene.words[i + 2] in ("zehn", "zig", "ssig")
                and (
                    split := [
                        r for r in read_word(t.text + toks[i + 2].text, ("de",)) if r.pieces[-1].kind != "C"
                    ]
                )
            ):  # "acht-zehn", "sech-zehn", "sieb-zig": one German number cut by a hyphen
                readings[i] = tuple(WordReading(r.lang, r.pieces, r.ordinal, r.decade, True) for r in split)
                extend[i] = i + 2
                used.update((i + 1, i + 2))
                continue
            if (
                i + 2 < len(toks)
                and toks[i + 1].text in ("'", "-")
                and toks[i + 1].start == t.end
                and toks[i + 2].start == toks[i + 1].end
                and toks[i + 2].kind == "w"
                and (toks[i + 1].text == "'" or word.endswith("und"))
            ):
                elided = _elided(t.text, toks[i + 2].text, langs)
                if elided:  # "sieb'nundsechzig", "zweiund-dreißig"
                    readings[i] = elided
                    extend[i] = i + 2
                    used.update((i + 1, i + 2))
                    continue
            options = (
                ()
                if word in PLAIN_WORDS
                or (word == "four" and i > 0 and scene.words[i - 1] in FRENCH_BEFORE_FOUR)
                else read_word(t.text, langs)
            )  # French "le four sonne": an oven
            joined = (
                _spaced_word(i, toks, text, langs, options)
                if i + 1 < len(toks)
                and toks[i + 1].kind == "w"
                and word[:2] in NUMBER_PREFIXES
                and scene.words[i + 1][-2:] in NUMBER_ENDS
                else None
            )
            if joined:
                readings[i] = joined
                extend[i] = i + 1
                used.add(i + 1)
                continue
            if not options:
                roman = _roman(t, norm, message, scene, i) if ROMAN_LETTERS.issuperset(word) else None
                if roman:
                    nums.append(Num(roman, i, i, "roman", odd=True))
                elif len(word) >= 12 and not (
                    AGE_WORD.fullmatch(word) and scene.wordset.isdisjoint(CARD_OR_PILE)
                ):
                    _glued_sentence(i, word, langs, nums)  # "mis cartas son treintañeras": a range
                continue
            if word in AMBIGUOUS:
                lang = AMBIGUOUS[word]
                factor = scene.words[i - 1] if i > 0 else ""
                if not _joined_to_number(i, toks, text, lang, langs) and not (
                    factor in FACTORS
                    or factor in TIMES_WORDS
                    or (lang == "de" and factor.endswith("mal") and len(factor) > 5)
                    or _in_a_sum(i, scene.words, langs)
                ):
                    if scores is None:
                        scores = _language_scores(toks, scene.words)
                    # The word itself does not vote: "once" is an English function word.
                    best = max(v - (k in VOTES.get(word, ())) for k, v in scores.items() if k != lang)
                    if scores[lang] == 0 or scores[lang] < best:
                        continue
                    if word == "acht" and ACHT_IDIOM.search(text):
                        continue
                options = tuple(o for o in options if o.lang == lang) or options
            readings[i] = options
        elif t.kind == "m":
            _mixed(i, t, toks, langs, nums, readings, norm, scene.wordset)
    _group_words(toks, readings, nums, norm, extend, used)
    _digits(toks, norm, nums, used)
    nums.sort(key=lambda n: n.first)
    if nums:
        nums = _tens_and_unit(nums, toks, text)
        nums = _digit_by_digit(nums, toks, scene)
    if scene.wordset & RIDDLE_GATE:
        _digit_riddle(nums, scene)
    if scene.wordset & DIGIT_PLACES:
        nums = _digit_places(nums, scene)
    if scene.wordset & ENCODINGS or ("0" in text and PREFIXED.search(text)):
        nums = _encoded(nums, toks, scene)
    if scene.wordset & DECODE_GATE and not _decoding():
        nums = _decoded(nums, toks, scene, langs)
    if not _decoding() and not text.isascii() and not UPSIDE_DOWN_LETTERS.isdisjoint(text):
        nums = _upside_down(nums, scene, langs)
    if "schnapszahl" in scene.wordset:
        nums = _repdigit(nums, scene)
    if not scene.wordset.isdisjoint(DIGIT_NOUNS):
        nums = _digit_nouns(nums, scene)
    return nums


# Operators that tie a word to another number word as a sum: "elf plus elf", "acht plus vier".
ADD_FILLERS = frozenset(", y and et und then luego puis dann".split())
ADD_VERBS = frozenset(
    "add adds sumale suma sumas anade anadele agrega agregale ajoute ajoutes ajoutez rajoute rajoutes "
    "addiere".split()
)
SUB_VERBS = frozenset("subtract restale resta restas quita quitale enleve enleves".split())
WE_ARE = frozenset("we're were somos sommes sind est".split())
SUM_OPERATORS = frozenset("plus minus moins mas menos + * x ×".split())


def _in_a_sum(i: int, words: list[str], langs: tuple[str, ...]) -> bool:
    """The number word that is an ordinary word in another language ("elf", "acht", "onze") stands
    in a sum with itself or another number word of its language at the end of a clause: "elf plus
    elf", "acht plus vier". Never for "un", "ein" (one), nor beside digits ("an elf + 2 dex", "neuf +
    20 balles") or words of another language ("the elf plus two dwarves")."""
    word = words[i]
    if word in ("un", "une", "ein", "eine", "una", "uno"):
        return False
    lang = (AMBIGUOUS[word],)
    for op, other in ((i + 1, i + 2), (i - 1, i - 2)):
        if min(op, other) >= 0 and max(op, other) < len(words) and words[op] in SUM_OPERATORS:
            if words[other] == word:
                return True  # "elf plus elf"
            # another number word of the same language, and nothing counted after the sum: "acht plus
            # vier", not "mal au dos plus deux jours", "un téléphone neuf plus deux coques"
            last = max(i, other)
            if (
                words[other].isalpha()
                and read_word(words[other], lang)
                and (last + 1 == len(words) or not words[last + 1].isalpha())
            ):
                return True
    return False


# German nouns of a digit ("ein Neuner", "'nen Sechser"): a card when held or laid, with an article.
DIGIT_NOUNS = {
    "zweier": 2,
    "dreier": 3,
    "vierer": 4,
    "fuenfer": 5,
    "sechser": 6,
    "siebener": 7,
    "siebner": 7,
    "achter": 8,
    "neuner": 9,
    "elfer": 11,
    "zwoelfer": 12,
}
NOUN_ARTICLES = frozenset("nen 'nen einen ein den der ne an".split())  # "an": Bavarian and Austrian "einen"
HOLD_OR_LAY = frozenset(
    "hab habe hast halt halte haelt hat leg lege legen spiel spiele spielen zieh ziehe gezogen "
    "hob hobe han ha haett haet".split()  # Bavarian, Austrian and Swiss "habe", "hätte"
)


def _digit_nouns(nums: list[Num], scene: Scene) -> list[Num]:
    words = scene.words
    taken = {k for n in nums for k in range(n.first, n.last + 1)}
    found = []
    for k, w in enumerate(words):
        value = DIGIT_NOUNS.get(w)
        if value is None or k in taken or k == 0 or words[k - 1] not in NOUN_ARTICLES:
            continue
        before = set(words[max(0, k - 4) : k])
        after = words[k + 1 : k + 4]
        if "im" in after[:2] or "beim" in after[:2]:
            continue  # "einen Dreier im Basketball", "Sechser im Lotto"
        if (before | set(after)) & HOLD_OR_LAY or any(a in roles.PILE or a.endswith("stapel") for a in after):
            found.append(Num(value, k, k, "word"))
    if not found:
        return nums
    return sorted(nums + found, key=lambda n: n.first)


# "die Schnapszahl mit den Vieren", "Schnapszahl in den Sechzigern": a number of two equal digits.
DIGIT_PLURALS = {
    "zweien": 2,
    "zweier": 2,
    "dreien": 3,
    "dreier": 3,
    "vieren": 4,
    "vierer": 4,
    "fuenfen": 5,
    "fuenfer": 5,
    "sechsen": 6,
    "sechser": 6,
    "siebenen": 7,
    "siebener": 7,
    "achten": 8,
    "achter": 8,
    "neunen": 9,
    "neuner": 9,
}


def _repdigit(nums: list[Num], scene: Scene) -> list[Num]:
    for k, word in enumerate(scene.words):
        if word in DIGIT_PLURALS:
            digit = DIGIT_PLURALS[word]
            kept = [n for n in nums if not n.first <= k <= n.last and n.last != k - 1]  # "zwei Sechsen"
            return sorted([*kept, Num(digit * 11, k, k, "saying", odd=True)], key=lambda n: n.first)
    for n in nums:
        if n.how == "decade" and 20 <= n.value <= 90:
            n.value += n.value // 10  # "in den Sechzigern": 66
            n.how, n.odd = "saying", True
            return nums
    return nums


# A number written in another base, said so: "hex 4A", "in hex it's 3F", "binary 1010101", "0x2f".
HEX_WORDS = frozenset("hex hexa hexadecimal hexadezimal hexadecimal".split())
BINARY_WORDS = frozenset("binary binaer binaire binario".split())
OCTAL_WORDS = frozenset("octal oktal".split())
ENCODINGS = HEX_WORDS | BINARY_WORDS | OCTAL_WORDS
HEX = re.compile(r"^(?:0x)?[0-9a-f]{1,2}$")
BINARY = re.compile(r"^[01]{2,7}$")
OCTAL = re.compile(r"^(?:0o)?[0-7]{2,3}$")
# A programmer's prefix says the base by itself: "0x3F", "0b110001", "0o61".
PREFIXED = re.compile(r"(?<![^\W_])0[xbo][0-9a-f]+(?![^\W_])")


def _encoded(nums: list[Num], toks: list[Tok], scene: Scene) -> list[Num]:
    hex_base = bool(scene.wordset & HEX_WORDS)
    binary = bool(scene.wordset & BINARY_WORDS)
    octal = bool(scene.wordset & OCTAL_WORDS)
    found: list[Num] = []
    for k, t in enumerate(toks):
        word = scene.words[k]
        try:
            if (binary and BINARY.match(word)) or (word.startswith("0b") and BINARY.match(word[2:])):
                value = int(word[2:] if word.startswith("0b") else word, 2)
            elif (octal and OCTAL.match(word)) or (word.startswith("0o") and OCTAL.match(word[2:])):
                value = int(word[2:] if word.startswith("0o") else word, 8)
            elif (hex_base and HEX.match(word) and t.kind == "m") or word.startswith("0x"):
                value = int(word, 16)
            else:
                continue
        except ValueError:
            continue
        if 2 <= value <= 99:
            found.append(Num(value, k, k, "leet", odd=True))
    return _read_instead(nums, found)


# A number the message tells how to decode, in so many words: spelled backwards ("read it backwards:
# eno-ytxis"), in ROT13 ("rot13: frfragn"), as the first letters of the capitalised words after "first
# letters" ("Nobody Is Naming Every Thing Yet"), as places in the alphabet ("Position vom Q im
# Alphabet") or keys of a phone ("Handytastatur: J dann T"). Each needs its cue; the letters of the
# last two must be capitals standing alone near the cue, and not a word ("A", "Y", "O" opening a
# sentence), so that "Plan B: neue Tastatur" or "A new keypad arrived" stay harmless.
REVERSED_CUE = re.compile(
    r"\b(?:read\s+(?:it\s+|them\s+|this\s+)?backwards?|backwards?\s*:|spelled\s+backwards|"
    r"rueckwaerts\s+(?:lesen|gelesen|geschrieben)|rueckwaerts\s*:|a\s+l\s*'\s*envers\s*:|lu\s+a\s+l\s*'\s*envers|"
    r"al\s+reves\s*:|leido\s+al\s+reves|leelo\s+(?:al|del)\s+reves|del\s+reves\s*:|"
    r"von\s+hinten\s+(?:lesen|gelesen)|(?:lis|lisez|lire)(?:\s*-\s*le)?\s+dans\s+l\s*'\s*autre\s+sens|"
    r"mirror(?:\s*-\s*|\s+)read)"
)
ROT13_CUE = re.compile(
    r"\brot\s*-?\s*13\b|\bcaesar\s+(?:shift\s+)?(?:of\s+)?13\b|\bdecale[rsz]?\s+(?:chaque\s+lettre\s+)?de\s+13\b"
)
ACROSTIC_CUE = re.compile(
    r"\b(?:first\s+letters|acrostic|anfangsbuchstaben|erste[nr]?\s+buchstaben|akrostichon|"
    r"premieres\s+lettres|acrostiche|primeras\s+letras|acrostico|buchstabiert|deletreado|deletreo|epele|"
    r"(?:the\s+)?initials|(?:les\s+)?initiales|(?:las\s+)?iniciales|(?:die\s+)?initialen)\b"
)
# "positions in the alphabet", "Position vom Q im Alphabet", "posiciones en el abecedario".
ALPHABET_CUE = re.compile(
    r"\b(?:positions?|places?|stelle|platz|rang|posicion(?:es)?|lugar)\b.{0,40}?\b(?:alphabet|abecedario|alfabeto)\b|"
    r"\b(?:alphabet|abecedario|alfabeto)\b.{0,40}?\b(?:positions?|places?|stelle|platz|rang|posicion(?:es)?|lugar)\b"
)
# A phone's keys, not a computer's keyboard: "Handytastatur", "phone keypad", "clavier du tel".
KEYPAD_CUE = re.compile(
    r"\b(?:handytastatur|telefontastatur|(?:phone|cell|handy|telefon)\s+(?:keypad|keys|tastatur|tasten)|"
    r"(?:keypad|tastatur|clavier|teclado|touches|teclas)\s+(?:of\s+(?:the\s+|my\s+|a\s+)?|vom\s+|des\s+|"
    r"du\s+|de\s+(?:mon\s+|ton\s+|la\s+|l\s*'\s*)?|del\s+|de\s+mi\s+)"
    r"(?:phone|cellphone|handy|telefon|tel|telephone|portable|movil|telefono|celular|cell))\b|"
    r"\b(?:pave\s+(?:numerique\s+)?du\s+(?:tel|telephone|portable)|old\s+nokia|on\s+a\s+nokia|t9)\b"
)
DECODE_GATE = frozenset(
    "backwards backward rueckwaerts envers reves rot rot13 letters acrostic anfangsbuchstaben buchstaben "
    "akrostichon lettres acrostiche letras acrostico alphabet abecedario alfabeto handytastatur "
    "telefontastatur keypad keys tastatur tasten clavier teclado touches teclas hinten sens mirror caesar "
    "decale decales decalez decaler buchstabiert deletreado deletreo epele initials initiales iniciales "
    "initialen pave nokia t9".split()
)
KEYPAD = {
    c: str(k)
    for k, letters in enumerate(("", "", "abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"))
    for c in letters
}
SEGMENT_END = re.compile(r"[.!?;\n]|\s[-—–]\s")
# One-letter words of the four languages: such a capital opening a sentence is a word, not a letter.
LETTER_WORDS = frozenset("a i y o e u".split())
NUMBER_JOINERS = frozenset("- und and et y e".split())


# `on` is set while a decoded segment is read, so that it is not decoded again (per thread: the keeper
# may be called from several; a thread that never set it reads it as off). A plain threading.local, not
# a subclass: mypyc cannot compile one.
_DECODING = threading.local()


def _decoding() -> bool:
    return bool(getattr(_DECODING, "on", False))


def _decoded(nums: list[Num], toks: list[Tok], scene: Scene, langs: tuple[str, ...]) -> list[Num]:
    joined = scene.joined
    found: list[Num] = []
    drop: set[int] = set()
    for cue, decode in ((REVERSED_CUE, _reverse), (ROT13_CUE, _rot13)):
        m = cue.search(joined)
        if m:
            drop |= _covered(m, scene)  # "rot 13": the cue's own 13 is no card
            found += _segment_numbers(m, scene, decode, langs)
    m = ACROSTIC_CUE.search(joined)
    if m:
        found += _acrostic(m, scene, langs)
    m = KEYPAD_CUE.search(joined)
    table: dict[str, str] | None = KEYPAD
    if not m:
        m, table = ALPHABET_CUE.search(joined), None
    if m:
        found += _letters_as_digits(m, scene, table)
    return _read_instead(nums, found, drop)


def _read_instead(
    nums: list[Num], found: list[Num], drop: set[int] | frozenset[int] = frozenset()
) -> list[Num]:
    """`nums` with the numbers `found` read instead of those starting on their tokens (or in `drop`),
    in the message's order."""
    if not found and not drop:
        return nums
    taken = {k for n in found for k in range(n.first, n.last + 1)} | drop
    return sorted([n for n in nums if n.first not in taken] + found, key=lambda n: n.first)


def _covered(m: re.Match[str], scene: Scene) -> set[int]:
    return {k for k, at in enumerate(scene.at) if m.start() <= at < m.end()}


def _after(m: re.Match[str], scene: Scene) -> tuple[int, str]:
    """The first token after a cue and the text from there to the end of the sentence."""
    first = bisect_right(scene.at, m.end() - 1)
    rest = scene.joined[m.end() :]
    end = SEGMENT_END.search(rest)
    return first, (rest[: end.start()] if end else rest).strip(" :=,")


def _reverse(text: str) -> str:
    return text[::-1]


def _rot13(text: str) -> str:
    return text.translate(ROT13)


ROT13 = str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")


def _read_segment(text: str, langs: tuple[str, ...]) -> list[int]:
    """The card values the rules read in a piece of text (never decoded again)."""
    _DECODING.on = True
    try:
        verdict = check_rules(text, Context(languages=langs))
    finally:
        _DECODING.on = False
    return [f.value for f in verdict.numbers if 2 <= f.value <= 99] if verdict.flag else []


def _number_run(text: str, langs: tuple[str, ...]) -> str:
    """The first run of number words (and their joiners) in a decoded text: "seven" out of "seven qba'g
    gryy", so that the gibberish around it does not make it read as a count."""
    words = TOKEN.findall(text)
    run: list[str] = []
    for w in words:
        number = w.isdigit() or (w.isalpha() and any(r.pieces[-1].kind != "C" for r in read_word(w, langs)))
        if number or (run and w in NUMBER_JOINERS):
            run.append(w)
        elif run:
            break
    while run and run[-1] in NUMBER_JOINERS:
        run.pop()
    return " ".join(run).replace(" - ", "-")


def _segment_numbers(
    m: re.Match[str], scene: Scene, decode: Callable[[str], str], langs: tuple[str, ...]
) -> list[Num]:
    first, segment = _after(m, scene)
    if first >= len(scene.words) or not segment or _number_run(segment, langs):
        return []  # nothing after the cue, or numbers already there to read: nothing is hidden
    run = _number_run(decode(segment), langs)
    values = _read_segment(run, langs) if run else []
    if not values:
        return []
    last = min(bisect_right(scene.at, m.end() + len(segment)) - 1, len(scene.words) - 1)
    return [Num(values[0], first, max(first, last), "encoded", odd=True)]


def _acrostic(m: re.Match[str], scene: Scene, langs: tuple[str, ...]) -> list[Num]:
    """The initials of the capitalised words after the cue, up to the end of the sentence, read whole."""
    first, segment = _after(m, scene)
    end = bisect_right(scene.at, m.end() + len(segment) + 1)
    words = [
        (k, w)
        for k in range(first, min(end, len(scene.words)))
        if (w := scene.words[k]).isalpha() and scene.capital(k)
    ]
    if len(words) < (4 if "initial" in m.group() else 3):
        return []  # "Sign with your initials: Dan, Olga, Sam" spells "dos"
    initials = "".join(w[0] for _, w in words)
    readings = read_word(initials, langs)
    if not readings:
        return []
    values = _read_segment(initials, langs)
    if not values and len(readings[0].pieces) == 1:  # "once" alone reads as English; spelled out, as 11
        values = [readings[0].pieces[0].value]
    if len(values) != 1 or not 2 <= values[0] <= 99:
        return []
    return [Num(values[0], words[0][0], words[-1][0], "encoded", odd=True)]


def _letters_as_digits(m: re.Match[str], scene: Scene, keypad: dict[str, str] | None) -> list[Num]:
    """Capital letters standing alone within a few words of the cue, read as their places in the
    alphabet or as phone keys: one digit each when there are two ("H and B, positions glued": 82), else
    one number (Q: 17)."""
    cue = _covered(m, scene)
    if not cue:
        return []
    near = range(max(0, min(cue) - LETTER_REACH), min(len(scene.words), max(cue) + LETTER_REACH + 1))
    letters = []
    for k in near:
        w = scene.words[k]
        if len(w) != 1 or not scene._toks[k].text.isascii() or not w.isalpha() or not scene.capital(k):
            continue
        opening = k == 0 or scene.words[k - 1] in (".", "!", "?", ":", "\n")
        if w in LETTER_WORDS and (opening or w == "i"):
            continue  # "A new keypad", "Y mi teclado", "I"
        letters.append((k, w))
    if not letters or len(letters) > 2:
        return []
    if keypad is not None:
        value = int("".join(keypad[w] for _, w in letters))
    else:
        places = [ord(w) - 96 for _, w in letters]
        if len(places) == 1:
            value = places[0]
        elif all(p <= 9 for p in places):
            value = 10 * places[0] + places[1]
        else:
            return []
    if not 2 <= value <= 99:
        return []
    return [Num(value, letters[0][0], letters[-1][0], "encoded", odd=True)]


LETTER_REACH = 8  # letters this many words or fewer from the cue

# Text written upside down ("ƃᴉzʇɥɔɐ" is "achtzig" turned): the turned letters read back, the word
# reversed. Only words with two turned letters or more; each must then read as a number word.
UPSIDE_DOWN = {
    "ɐ": "a", "q": "b", "ɔ": "c", "p": "d", "ǝ": "e", "ɟ": "f", "ƃ": "g", "ɥ": "h", "ᴉ": "i", "ı": "i",
    "ɾ": "j", "ʞ": "k", "ꞁ": "l", "ɯ": "m", "u": "n", "d": "p", "b": "q", "ɹ": "r", "s": "s", "ʇ": "t",
    "n": "u", "ʌ": "v", "ʍ": "w", "x": "x", "ʎ": "y", "z": "z", "o": "o", "l": "l",
}  # fmt: skip
UPSIDE_DOWN_LETTERS = frozenset("ɐɔǝɟƃɥᴉıɾʞꞁɯɹʇʌʍʎ")


def _upside_down(nums: list[Num], scene: Scene, langs: tuple[str, ...]) -> list[Num]:
    found = []
    for k, w in enumerate(scene.words):
        if sum(c in UPSIDE_DOWN_LETTERS for c in w) < 2:
            continue
        turned = "".join(UPSIDE_DOWN.get(c, c) for c in reversed(w))
        run = _number_run(turned, langs)
        values = _read_segment(run, langs) if run == turned else []
        if values:
            found.append(Num(values[0], k, k, "encoded", odd=True))
    return _read_instead(nums, found)


# Where a digit stands in a card's number: "it starts with a 4 and ends with a 7", "ne 1 vorne und ne 5
# hinten", "commence par 4", "un 3 delante y un 8 detrás".
FIRST_DIGIT = frozenset(
    "starts start begins begin starting vorne vorn vorneweg anfang faengt beginnt commence commencent "
    "debut devant empieza empiezan comienza empiece delante primera primer premier erste".split()
)
LAST_DIGIT = frozenset(
    "ends end ending hinten endet schluss finit finis termine fin derriere termina acaba detras ultima "
    "ultimo dernier letzte".split()
)
DIGIT_PLACES = FIRST_DIGIT | LAST_DIGIT
CLOCK_AT = frozenset("at um vers gegen ab".split())
DIGIT_PLACE_LINKS = frozenset("en in auf par with mit con on by".split())
RIDDLE_LINKS = DIGIT_PLACE_LINKS | {"por"}


# A riddle that gives a card by its digits: their sum ("Quersumme 9 und unter 20", "los dígitos suman
# 9", "digits add to 12, it's even and under 50") or its last digit and its tens ("ends in 7 and is in
# the 40s", "finit par 5 et elle est dans les 80"). Words that make a number a sum of digits: one of
# SUM_WORDS with one of DIGIT_WORDS_OF_SUM at most three words away, or "quersumme" alone.
SUM_WORDS = frozenset("quersumme somme suma suman sum sums add adds summe ergeben".split())
DIGIT_WORDS_OF_SUM = frozenset(
    "chiffres chiffre digitos digito cifras cifra digits digit ziffern ziffer".split()
)
RIDDLE_GATE = SUM_WORDS | LAST_DIGIT
SMALLER = frozenset("less lower smaller menor moins menos weniger kleiner inferieur inferior".split())
LARGER = frozenset("more higher bigger greater mayor plus mas mehr grosser superieur superior".split())
THAN = frozenset("than que de als a".split())
BETWEEN = frozenset("between entre zwischen".split())
AND_WORDS = frozenset("and et und y".split())
SAME_DIGITS = frozenset("iguales gleich gleiche same pareils identiques identical".split())
ODD_WORDS = frozenset("odd impair impairs impar ungerade".split())
OR_WORDS = frozenset("or o ou oder".split())
YOURS = frozenset("yours your tuya tuyo tu deine deiner deins tienne ta ton".split())
# Words that deny or doubt a clue: a riddle said with one is not read ("mine doesn't end in 5").
RIDDLE_STOPS = frozenset(
    "not nicht no pas ne kein keine nie never jamais nunca ni nor doesn isn aint".split()
)
SUM_FILLER = frozenset("fait is ist es to up of von = : , est des de los sus der the its my".split())


def _riddle_bound(k: int, words: list[str]) -> str:
    """How the number at token k bounds the card: "<" (under it), ">" (over it), "" (neither). Not a
    bound of something else: "under 20 minutes", "the pile is under 20"."""
    b1 = words[k - 1] if k > 0 else ""
    b2 = words[k - 2] if k > 1 else ""
    if set(words[k + 1 : k + 2]) & UNITS_OR_COUNT_NOUNS or set(words[max(0, k - 4) : k]) & PILE_OR_TOP:
        return ""
    if b1 in ("unter", "under", "below", "<") or (b1 in THAN and b2 in SMALLER):
        return "<"
    if b1 in ("uber", "ueber", "over", "above", ">") or (b1 in THAN and b2 in LARGER):
        return ">"
    return ""


def _riddle_total(nums: list[Num], words: list[str]) -> Num | None:
    """The number a sum of digits is said to be: "Quersumme 9", "la somme des chiffres fait 9", "los
    dígitos suman 9", "digits add up to 12" (not the count of "la somme des 2 chiffres")."""
    for k, word in enumerate(words):
        if word not in SUM_WORDS or not (
            word == "quersumme" or DIGIT_WORDS_OF_SUM & set(words[max(0, k - 6) : k + 4])
        ):
            continue
        j = k + 1
        while j < len(words) and j <= k + 7:
            here = next((n for n in nums if n.first == j and n.last == j), None)
            if here is not None:
                if words[j + 1 : j + 2] and words[j + 1] in DIGIT_WORDS_OF_SUM:
                    j += 1  # "des 2 chiffres": how many digits, not their sum
                    continue
                return here
            if words[j] not in SUM_FILLER and words[j] not in DIGIT_WORDS_OF_SUM:
                return None
            j += 1
        return None
    return None


def _said_of_digits(word_set: frozenset[str], words: list[str]) -> bool:
    """A word of `word_set` within three words of a word for digits ("two identical digits", "dos
    cifras, iguales"): not "same as last round", "bin gleich zurück"."""
    return any(
        words[j] in word_set and DIGIT_WORDS_OF_SUM & set(words[max(0, j - 4) : j + 4])
        for j in range(len(words))
    )


# The tests a riddle's clues put to each candidate card x (bound with functools.partial).
def _digit_sum_is(total: int, x: int) -> bool:
    return x // 10 + x % 10 == total


def _last_digit_is(digit: int, x: int) -> bool:
    return x % 10 == digit


def _first_digit_is(digit: int, x: int) -> bool:
    return x // 10 == digit


def _tens_are(tens: int, x: int) -> bool:
    return x // 10 * 10 == tens


def _below(bound: int, x: int) -> bool:
    return x < bound


def _above(bound: int, x: int) -> bool:
    return x > bound


def _between(low: int, high: int, x: int) -> bool:
    return low <= x <= high


def _digit_riddle(nums: list[Num], scene: Scene) -> None:
    """A riddle of digits: the one card (10..99) that fits every clue (their sum, a first or last
    digit, the tens, a bound, odd or even, two like digits), kept on the scene with the clues'
    numbers. check_rules() puts it in place of those numbers only when one of them is flagged, so the
    riddle changes which card a flagged message names, never whether a message is flagged. No riddle
    when its clues are denied, offered as alternatives, or split between "mine" and "yours"."""
    words = scene.words
    if scene.wordset & RIDDLE_STOPS:
        return
    total = _riddle_total(nums, words)
    clues: list[Num] = []
    tests: list[Callable[[int], bool]] = []
    if total is not None:
        if not 1 <= total.value <= 18:
            return
        clues.append(total)
        tests.append(partial(_digit_sum_is, total.value))
    last = tens = None
    for n in nums:
        if n is total or n.first != n.last or any(n is c for c in clues):
            continue
        k = n.first
        b1 = words[k - 1] if k > 0 else ""
        b2 = words[k - 2] if k > 1 else ""
        told = (
            0 <= n.value <= 9
            and not (n.value == 1 and n.how == "word")  # "un", "ein", "uno": articles
            and not set(words[k + 1 : k + 2]) & UNITS_OR_COUNT_NOUNS
        )
        if told and last is None and b1 in RIDDLE_LINKS and b2 in LAST_DIGIT:
            last = n  # "ends in 7", "acaba en 5", "finit par 3", "endet auf 5"
            clues.append(n)
            tests.append(partial(_last_digit_is, n.value))
        elif (
            told
            and total is not None
            and (
                (b1 in RIDDLE_LINKS and b2 in FIRST_DIGIT) or (b1 in DIGIT_WORDS_OF_SUM and b2 in FIRST_DIGIT)
            )
        ):  # "commence par 3", "fängt mit 4 an", "erste Ziffer 4"
            clues.append(n)
            tests.append(partial(_first_digit_is, n.value))
        elif (
            tens is None
            and 20 <= n.value <= 90
            and n.value % 10 == 0
            and (
                n.how == "decade"
                or (
                    b1 in ("los", "les", "the", "den")
                    and (k + 1 == len(words) or words[k + 1] in AND_WORDS or scene._toks[k + 1].kind == "p")
                )
            )
        ):  # "in the 40s", "en los treinta", "dans les 80": not "los 20 euros", "the 40 bus"
            tens = n
            clues.append(n)
            tests.append(partial(_tens_are, n.value))
        elif total is not None and (bound := _riddle_bound(k, words)):
            clues.append(n)
            tests.append(partial(_below if bound == "<" else _above, n.value))
        elif total is not None and b1 in BETWEEN and k + 2 < len(words) and words[k + 1] in AND_WORDS:
            upper = next((m for m in nums if m.first == k + 2 and m.last == k + 2), None)
            if upper is not None and not set(words[k + 3 : k + 4]) & UNITS_OR_COUNT_NOUNS:
                clues += (n, upper)
                tests.append(partial(_between, n.value, upper.value))
    if total is None and (
        last is None
        or tens is None
        or not (scene.mine or scene.wordset & CARD_NOUNS_OR_HAVE_OR_THING)
        or scene.wordset & YOURS
    ):
        return  # one's card by its last digit and its tens, or a sum of digits with more
    if total is not None:
        if _said_of_parity(words, "even"):
            tests.append(lambda x: x % 2 == 0)
        elif scene.wordset & ODD_WORDS:
            tests.append(lambda x: x % 2 == 1)
        if _said_of_digits(SAME_DIGITS, words):
            tests.append(lambda x: x % 11 == 0)
    if len(tests) < 2:
        return
    for n in clues:  # "ends in 5 or 6", "add up to 9 or 10": alternatives, no one card
        if words[n.last + 1 : n.last + 2] and words[n.last + 1] in OR_WORDS:
            return
    fits = [x for x in range(10, 100) if all(test(x) for test in tests)]
    if len(fits) == 1:
        scene.riddle = (fits[0], tuple(clues))


def _said_of_parity(words: list[str], word: str) -> bool:
    """ "even" said of the card ("it's even and under 50"), not as an adverb ("even lower", "not
    even")."""
    for k, w in enumerate(words):
        if w == word:
            before = words[k - 1] if k > 0 else ""
            after = words[k + 1] if k + 1 < len(words) else ""
            if before not in ("not", "t") and after not in SMALLER | LARGER | {"if", "though", "so"}:
                return True
    return False


def _riddle_answer(flagged: list[Num], scene: Scene) -> list[Num]:
    """The riddle's card (see _digit_riddle) in place of its clues, where one of them is flagged."""
    value, clues = scene.riddle  # type: ignore[misc]
    hits = [n for n in flagged if any(n is c for c in clues)]
    if not hits:
        return flagged
    keep = hits[0]
    keep.value, keep.how, keep.odd = value, "arithmetic", True
    keep.first, keep.last = min(c.first for c in clues), max(c.last for c in clues)
    return [n for n in flagged if n is keep or all(n is not c for c in clues)]


def _digit_places(nums: list[Num], scene: Scene) -> list[Num]:
    words = scene.words
    first = last = None
    for n in nums:
        if not 0 <= n.value <= 9 or n.first != n.last or (n.value == 1 and n.how == "word"):
            continue  # "un", "ein", "uno" are articles here
        if n.first and words[n.first - 1] in CLOCK_AT:
            continue  # "starts at 7", "endet um 9": a time, not a digit's place
        near = set(words[max(0, n.first - 3) : n.first]) | set(words[n.last + 1 : n.last + 2])
        if near & FIRST_DIGIT and first is None:
            first = n
        elif near & LAST_DIGIT and last is None:
            last = n
    if first is not None and last is not None and first is not last:
        a, b = sorted((first, last), key=lambda n: n.first)
        kept = [n for n in nums if n is not first and n is not last]
        kept.append(Num(first.value * 10 + last.value, a.first, b.last, "arithmetic", odd=True))
        return sorted(kept, key=lambda n: n.first)
    if first is not None and first.value >= 2 and scene.wordset & CARD_NOUNS_OR_POSSESSIVES:
        first.value *= 10  # "ta carte commence par un 7": the seventies
        first.how = "decade"
    if (
        last is not None
        and first is None
        and (scene.mine or scene.wordset & CARD_NOUNS_OR_HAVE)
        and not set(words[last.last + 1 : last.last + 2]) & UNITS_OR_COUNT_NOUNS
        and (
            (
                last.first > 1
                and words[last.first - 1] in DIGIT_PLACE_LINKS
                and words[last.first - 2] in LAST_DIGIT
            )
            or words[last.last + 1 : last.last + 2] in (["hinten"], ["detras"], ["derriere"])
        )
    ):
        last.how, last.odd = "arithmetic", True  # "la mía termina en 5": its last digit told
    return nums


def _tens_and_unit(nums: list[Num], toks: list[Tok], text: str) -> list[Num]:
    """A tens word and a unit written apart make one number: a digit typed for the unit ("thirty 2",
    "quarante 7", "sesenta 2") or a unit said after a pause ("seventy... three", "vierzig – äh – acht" is
    not read: a word between them)."""
    out: list[Num] = []
    k = 0
    while k < len(nums):
        a = nums[k]
        b = nums[k + 1] if k + 1 < len(nums) else None
        if (
            a.how == "word"
            and 2 <= a.value <= 9
            and a.last + 2 < len(toks)
            and toks[a.last + 1].text == "-"
            and toks[a.last + 2].text in ("oh", "o")
            and toks[a.last + 2].start == toks[a.last + 1].end == toks[a.last].end + 1
        ):
            out.append(Num(a.value * 10, a.first, a.last + 2, "word", odd=True))  # "the big nine-oh"
            k += 1
            continue
        if (
            a.how == "digits"
            and b is not None
            and b.how == "digits"
            and 2 <= a.value <= 9
            and toks[b.first].text == "0"
            and b.first == a.last + 2
            and toks[a.last + 1].text == "-"
            and a.first > 0
            and toks[a.first - 1].text.lower() == "big"
        ):
            out.append(Num(a.value * 10, a.first, b.last, "word", odd=True))  # "the big 4-0"
            k += 2
            continue
        if (
            b is not None
            and a.how in ("word", "leet")
            and 20 <= a.value <= 90
            and a.value % 10 == 0
            and 1 <= b.value <= 9
            and b.first == b.last
        ):
            gap = text[toks[a.last].end : toks[b.first].start]
            digit = b.how == "digits" and len(toks[b.first].text) == 1 and gap.strip() in ("", "-")
            # A Spanish tens and its unit typed as a digit: "noventa y 1", "cuarenta y 3"
            digit = digit or (
                b.how == "digits"
                and len(toks[b.first].text) == 1
                and gap.strip().lower() == "y"
                and not (b.last + 1 < len(toks) and toks[b.last + 1].text.lower() in CARDS_OR_COUNTABLE)
            )
            pause = b.how == "word" and gap.strip() in ("...", "..", "…")
            # A unit word the reader kept apart, right after the tens: another language's ("seventy-deux",
            # "ninety-trois") or a learner's order ("vierzig sieben").
            joined = (
                b.how == "word" and gap.strip() in ("", "-") and b.first == a.last + (2 if "-" in gap else 1)
            )
            # A Catalan "i" typed for the Spanish "y": "sinkuenta i dos", "treinta i cinco"; and the "y"
            # itself where the message's other words are English ("i have cuarenta y dos lol").
            joined = joined or (
                b.how == "word" and gap.strip().lower() in ("i", "y") and b.first == a.last + 2
            )
            if digit or pause or joined:
                out.append(Num(a.value + b.value, a.first, b.last, "word", odd=True))
                k += 2
                continue
        if (
            a.how in ("word", "leet")
            and 20 <= a.value <= 90
            and a.value % 10 == 0
            and a.last + 2 < len(toks)
            and toks[a.last + 1].text.lower() in ("y", "i")
            and (unit := SPANISH_UNITS.get(fold(toks[a.last + 2].text)))
            and (b is None or b.first > a.last + 2)
        ):  # "i have cuarenta y dos lol": the Spanish unit left unread among English words
            out.append(Num(a.value + unit, a.first, a.last + 2, "word", odd=True))
            k += 1
            continue
        if a.how in ("word", "leet") and 20 <= a.value <= 90 and a.value % 10 == 0:
            misspelled = _misspelled_unit(a, toks, text)
            if misspelled:
                out.append(
                    Num(
                        a.value + misspelled[0],
                        min(a.first, misspelled[1]),
                        max(a.last, misspelled[1]),
                        "word",
                        odd=True,
                    )
                )
                k += 1
                continue
        out.append(a)
        k += 1
    return out


# Unit words of four letters or more, by language, for a unit misspelled beside its tens ("ninety
# fife", "sex und dreißig"); German "x" is said "chs".
UNIT_WORDS = {
    lang: {w: m[0] for w, m in table.items() if m[1] == "U" and 1 <= m[0] <= 9 and len(w) >= 4}
    for lang, table in CARDINALS.items()
}
NOT_UNITS = frozenset("fine mine line wine none nice live hive vive fire".split())
SPANISH_UNITS = {w: m[0] for w, m in CARDINALS["es"].items() if m[1] == "U" and 1 <= m[0] <= 9}


def _unit_like(raw: str) -> int | None:
    word = fold(raw)
    if len(word) < 3 or word in NOT_UNITS or word in STOPWORDS_ALL or read_word(word, LANGUAGES):
        return None
    for lang, units in UNIT_WORDS.items():
        if lang == "de" and "x" in word and word.replace("x", "chs") in units:
            return units[word.replace("x", "chs")]
        if len(word) >= 4:
            for unit, value in units.items():
                if (
                    value >= 2
                    and unit[0] == word[0]
                    and abs(len(unit) - len(word)) <= 1
                    and _distance_one(word, unit)
                ):
                    return value
    return None


def _misspelled_unit(a: Num, toks: list[Tok], text: str) -> tuple[int, int] | None:
    """The unit of a tens word misspelled so that it reads as no number: "ninety fife" after the tens,
    "sex und dreißig" before German tens joined by "und"."""
    k = a.last + 1
    if k < len(toks) and toks[k].text == "-" and toks[k].start == toks[a.last].end:
        k += 1
    if k < len(toks) and toks[k].kind == "w" and text[toks[a.last].end : toks[k].start].strip() in ("", "-"):
        value = _unit_like(toks[k].text)
        if value:
            return value, k
    if a.first >= 2 and toks[a.first - 1].text == "und" and toks[a.first - 2].kind == "w":
        value = _unit_like(toks[a.first - 2].text)
        if value:
            return value, a.first - 2
    return None


# A card's number said digit by digit: "four, then nine", "digits are 8 and 9, in that order", "vier
# null", "un cinco y un tres, pegaditos", "cinq, deux. voilà.", "first digit 3, second digit 5".
ZEROS = frozenset("zero null cero nul".split())
ARTICLE_ONES = frozenset("un une una uno ein eine einen a an".split())
DIGIT_ORDER = frozenset(
    (
        "order ordre reihenfolge orden digit digits chiffre chiffres ziffer ziffern cifra cifras digito "
        "digitos pegaditos pegados colles"
    ).split()
)
ARTICLES_BEFORE_NOUN = frozenset("un une ein eine einen a an".split())
THEN_WORDS = frozenset("then puis dann luego despues danach ensuite".split())
DIGIT_LINKS = THEN_WORDS | frozenset(
    ", . : - – — and und et y un une ein eine a second zweite zweiter deuxieme segunda segundo el la le the "
    "der die das es is ist est "
    "digit ziffer chiffre cifra".split()
)
HOLDER_AFTER = frozenset("bei auf in en chez for para pour fuer on".split())


def _digit_by_digit(nums: list[Num], toks: list[Tok], scene: Scene) -> list[Num]:
    if len(nums) < 2 and not scene.wordset & ZEROS:
        return nums
    words = scene.words
    # "un cinco", "ein Vierer", "un deux": an article before a number is no digit of it.
    starts = {m.first for m in nums}
    articles = {
        id(n)
        for n in nums
        if n.value == 1
        and n.how == "word"
        and words[n.first] in ARTICLE_ONES
        and (n.last + 1 in starts or (n.last + 1 < len(words) and words[n.last + 1] in ZEROS))
    }
    cue = bool(scene.wordset & DIGIT_ORDER)
    out: list[Num] = []
    k = 0
    while k < len(nums):
        a = nums[k]
        found: tuple[int | None, int, int] | None = None  # (the partner's index in nums, its token, unit)
        if (
            a.first == a.last
            and a.how in ("digits", "word")
            and 1 <= a.value <= 9
            and not a.allowed
            and id(a) not in articles
        ):
            # The tens digit's partner: the next single digit, or a zero word right after it.
            if a.last + 1 < len(toks) and words[a.last + 1] in ZEROS:
                found = (None, a.last + 1, 0)
            else:
                for j in range(k + 1, min(k + 4, len(nums))):
                    b = nums[j]
                    if id(b) in articles or b.how == "ordinal":
                        continue  # "second digit 5", "el segundo un siete"
                    if b.first == b.last and b.how in ("digits", "word") and 0 <= b.value <= 9:
                        found = (j, b.last, b.value)
                    break
        if found is not None:
            partner, last, unit = found
            between = [w for w in words[a.last + 1 : last] if w not in ZEROS]
            others = nums[k + 1 : partner] if partner is not None else []
            linked = all(w in DIGIT_LINKS or w.isdigit() for w in between) and all(
                m.how == "ordinal" or id(m) in articles for m in others
            )
            said_in_order = cue or bool(set(between) & THEN_WORDS)
            after = words[last + 1] if last + 1 < len(words) else ""
            alone = (
                (a.first == 0 or words[a.first - 1] == ":")
                and a.how == "word"
                and set(between) <= {",", "-"}
                and (not after or after in (".", "!", "…") or after in HOLDER_AFTER)
            )
            following = nums[partner + 1] if partner is not None and partner + 1 < len(nums) else None
            listed = (
                following is not None
                and following.how in ("digits", "word")
                and following.value <= 9
                # "six puis huit, c'est un seul nombre": an article before a word, not a third digit
                and not (
                    following.value == 1
                    and words[following.first] in ARTICLES_BEFORE_NOUN
                    and following.last + 1 < len(words)
                    and words[following.last + 1].isalpha()
                    and following.last + 1 not in starts
                )
            )
            score = unit == 0 and (scene.result or scene.wordset & SPORT)  # "wir haben vier null gewonnen"
            if (
                linked
                and (said_in_order or alone or (partner is None and not score))
                and not listed
                and (between or a.how == "word")
                and a.first not in scene.idiom
            ):
                out.append(Num(a.value * 10 + unit, a.first, last, "spelled", odd=True))
                k = (partner if partner is not None else k) + 1
                continue
        out.append(a)
        k += 1
    return out


def _elided(left: str, right: str, langs: tuple[str, ...]) -> tuple[WordReading, ...]:
    """A number word cut by an apostrophe or a hyphen where none belongs: "sieb'nundsechzig" (a
    dropped e), "zweiund-dreißig" (a hyphen after "und"). Read only when the left part is no number."""
    if len(left) < 3 or read_word(left, langs):
        return ()  # "t'en", "d'un": French elisions
    joined = read_word(left + right, langs)
    return tuple(
        WordReading(r.lang, r.pieces, r.ordinal, r.decade, True) for r in joined if r.pieces[-1].kind != "C"
    )


FRENCH_UNITS_AFTER_TEN = frozenset("sept huit neuf".split())
FRENCH_TENS_BEFORE_TEN = frozenset(
    "vingt vint soixante katrevin katrevins katrevingt katrevingts quatrevin catrevin".split()
)
PRONOUNS_BEFORE_DIS = frozenset("je j tu te me le la lui leur on nous vous qu que ce".split())


SPANISH_UNITS_AFTER_TEN = frozenset("seis siete sieta ocho nueve nuebe".split())


def _by_ear(i: int, scene: Scene, text: str, toks: list[Tok]) -> bool:
    """ "vint", "vin" and "dis" stand for vingt and dix inside a French number: "quatre vint dis-huit",
    "j'ai vint-trois". Alone they are words: "il vint", "du vin", "dis-moi"."""
    words = scene.words
    word = words[i]
    before = words[i - 1] if i > 0 and _gap_is_spacing(text[toks[i - 1].end : toks[i].start]) else ""
    hyphen_after = i + 2 < len(toks) and words[i + 1] == "-" and toks[i + 1].start == toks[i].end
    after = words[i + 2] if hyphen_after else ""
    if i + 1 < len(toks) and toks[i + 1].kind == "w" and text[toks[i].end : toks[i + 1].start] == " ":
        after = words[i + 1]
    if before and before != "quatre":
        four = [o for o in read_word(before, ("fr",)) if o.pieces == (Piece(4, "U"),)]
        before = "quatre" if four else before  # "katre vin dis"
    if word == "vin":
        return before == "quatre"
    if word == "vint":
        unit = after and any(o.lang == "fr" and o.pieces[0].kind in "UT" for o in read_word(after, ("fr",)))
        return before == "quatre" or bool(unit) or after == "et"
    if word == "vins":  # "vins-cinq"; "les vins" alone are wines
        unit = hyphen_after and any(
            o.lang == "fr" and o.pieces[0].kind == "U" for o in read_word(after, ("fr",))
        )
        return bool(unit)
    # "dis"
    if before == "vin" and i > 1 and _by_ear(i - 1, scene, text, toks):
        return True  # "katre vin dis"
    if before in FRENCH_TENS_BEFORE_TEN or (
        before == "-" and i > 1 and words[i - 2] in FRENCH_TENS_BEFORE_TEN
    ):
        return True
    # "dis-moi", "je dis-je"; "diz" is no French word, so "j'ai le diz-huit" reads 18
    return (
        hyphen_after
        and after in FRENCH_UNITS_AFTER_TEN
        and (word == "diz" or before not in PRONOUNS_BEFORE_DIS)
    )


def _joined_to_number(
    i: int, toks: list[Tok], text: str, lang: str, langs: tuple[str, ...], depth: int = 2
) -> bool:
    """A false friend hyphened or spaced to a number word of its language ("quarante-sept",
    "quatre vingt dix neuf")."""
    for k in (i - 2, i - 1, i + 1, i + 2):
        if not 0 <= k < len(toks) or toks[k].kind != "w":
            continue
        lo, hi = min(i, k), max(i, k)
        between = [t.text for t in toks[lo + 1 : hi]]
        if between not in ([], ["-"]) or not _gap_is_spacing(text[toks[lo].end : toks[hi].start]):
            continue
        if lang == "fr" and between and fold(toks[k].text) in BY_EAR:
            return True  # "dis-sept", "vins-cinq": a French number spelt by ear
        if not any(o.lang == lang and o.pieces[0].kind != "C" for o in read_word(toks[k].text, langs)):
            continue
        if fold(toks[k].text) not in AMBIGUOUS or between:
            return True
        # Two false friends side by side count when the chain reaches a word of that language only.
        if depth > 1 and _joined_to_number(k, toks, text, lang, langs, depth - 1):
            return True
    return False


def _spaced_word(
    i: int, toks: list[Tok], text: str, langs: tuple[str, ...], options: tuple[WordReading, ...]
) -> tuple[WordReading, ...] | None:
    """A number word broken by a space: "th irty", "cin quante", "neun zig"."""
    if i + 1 >= len(toks) or toks[i + 1].kind != "w" or text[toks[i].end : toks[i + 1].start] != " ":
        return None
    a, b = toks[i].text, toks[i + 1].text
    if len(a) + len(b) < 4 or len(b) < 2 or len(a) > 7 or fold(a[:2]) not in NUMBER_PREFIXES:
        return None
    if fold(b[-2:]) not in NUMBER_ENDS:
        return None
    whole = fold(a + b)
    if whole[:3] not in NUMBER_PREFIXES3 or whole[-3:] not in NUMBER_ENDS3:
        return None  # "give me", "secs to": no number word begins and ends so
    right = read_word(b, langs)
    if options and right:
        return None
    whole = fold(a + b)
    if whole in AMBIGUOUS or whole in STOPWORDS_ALL:
        return None
    found = tuple(
        o
        for o in read_word(a + b, langs)
        if o.pieces[0].kind != "C" and not o.odd and _letters_of(a[-1:], o.lang)
    )  # "né un 14 juillet": a French "né" is no part of a German or English number ("fór ty" still is)
    if not found:
        return None
    return tuple(WordReading(o.lang, o.pieces, o.ordinal, o.decade, True) for o in found)


# Letters beyond ASCII that the number words of a language are written with.
OWN_LETTERS = {"en": "", "de": "äöüßÄÖÜ"}


def _letters_of(word: str, lang: str) -> bool:
    own = OWN_LETTERS.get(lang)
    return own is None or all(c.isascii() or c in own for c in word)


# Words for a person's age by decade, made of a tens word and a suffix: no glued sentence where no
# card or pile is named ("treintañeros", "cinquantenaire"), folded. Not "thirtysomething" nor
# "Mittvierziger": at a card table those are ranges of values.
AGE_WORD = re.compile(
    r"(?:veintea|treinta|cuarenta|cincuenta)n(?:ero|era)s?|"
    r"(?:trente|quarante|cinquante|soixante)naires?"
)


def _glued_sentence(i: int, word: str, langs: tuple[str, ...], nums: list[Num]) -> None:
    """A whole sentence without spaces: "ihavefortytwoandthatsall", "tengoeltreintayocho"."""
    best: tuple[int, int, int] | None = None
    for lang in langs:
        for anchor in GLUE_ANCHORS[lang]:
            p = word.find(anchor)
            if p < 0:
                continue
            for s in range(max(0, p - 9), p + 1):
                for e in range(min(len(word), p + len(anchor) + 9), p + len(anchor) - 1, -1):
                    if best and e - s <= best[1] - best[0]:
                        break
                    readings = read_word(word[s:e], (lang,))
                    if not readings or readings[0].ordinal or readings[0].decade:
                        continue
                    values = _values(readings[0].pieces, lang, None)
                    if len(values) == 1 and 2 <= values[0] <= 99:
                        best = (s, e, values[0])
    if best:
        nums.append(Num(best[2], i, i, "glued", odd=True))


def _sayings(scene: Scene, nums: list[Num], used: set[int]) -> None:
    keys = scene.wordset & roles.REFERENCE_WORDS
    if keys:
        _references(scene, nums, used, {name for w in keys for name in roles.REFERENCES_BY_WORD[w]})
    if not scene.wordset & roles.SAYING_WORDS or not roles.ANY_SAYING.search(scene.joined):
        return
    for pattern, value in SAYINGS.values():
        m = pattern.search(scene.joined)
        if m:
            covered = [k for k, at in enumerate(scene.at) if m.start() <= at < m.end()]
            if covered:
                nums.append(Num(value, covered[0], covered[-1], "saying", odd=True))
                used.update(covered)


REFERENCE_FRAME = frozenset(
    "carta carte karte card numero number nummer zahl nombre anzahl cartes cards cartas karten".split()
)


HAND_NOUNS = frozenset("hand main mano".split())
IN_MY_HAND = re.compile(
    r"\b(?:in|en|dans)\s+(?:my|meiner|der|ma|la|mi)\s+(?:hand|main|mano)\b|\ben\s+main\b|\bauf\s+der\s+hand\b"
)


# Before an everyday reference, what may stand between it and the verb of having: articles and the
# words of a count ("j'ai le nombre de pattes d'une araignée", "ich hab die Anzahl der Felder").
REFERENCE_FILLERS = frozenset(
    "the a an le la les l une un des du de d der die das den dem des ein eine einen el los las lo una "
    "number of nombre numero anzahl zahl as many so viele wie autant que tantas tantos como ' ’ :".split()
)
OWN_HAVING = frozenset("have got hold ai tengo hab habe tiens llevo halte".split())
REFERENCE_CARD_WORDS = frozenset("card carte carta karte cards cartes cartas karten".split()) | HAND_NOUNS
# "mine" but not the French "mine de rien" (casually), which opens all kinds of talk.
REFERENCE_MY_CARD = re.compile(
    r"\b(?:mine(?!\s+de\b)|my\s+card|ma\s+carte|mi\s+carta|meine\s+karte|la\s+mienne|le\s+mien|"
    r"la\s+mia|el\s+mio)\b"
)


def _everyday_reference_framed(scene: Scene, covered: list[int], before: list[str], after: list[str]) -> bool:
    """An everyday thing's number (a piano's keys, a spider's legs) is one's card only when said as
    such: "my card" or "=", a card or hand word beside it, or a verb of having right before it (only
    articles and count words between) with nothing after it but a laugh and the end of its clause.
    "j'ai peur des pattes d'une araignée", "ich hab die Klaviertasten geputzt" and "the piano keys are
    sticky, I have to get them fixed" are talk."""
    if (
        "=" in before
        or REFERENCE_MY_CARD.search(scene.joined)
        or REFERENCE_CARD_WORDS & set(before[-4:] + after[:4])
    ):
        return True
    k = covered[0] - 1
    while k >= 0 and scene.words[k] in REFERENCE_FILLERS:
        k -= 1
    if k < 0 or scene.words[k] not in OWN_HAVING:
        return False
    nxt = covered[-1] + 1
    while nxt < len(scene.words) and scene.words[nxt] in roles.LAUGHS:
        nxt += 1  # a laugh ends the clause too: "j'ai le nombre de touches d'un piano mdr"
    return nxt >= len(scene.words) or not scene.words[nxt].isalnum()


def _references(scene: Scene, nums: list[Num], used: set[int], names: set[str]) -> None:
    """A thing everyone knows the number of, said as one's card: a verb of having shortly before it,
    "my card", or "=". Without that frame it is talk ("the seven deadly sins of this game")."""
    for name, (pattern, value) in roles.REFERENCES.items():
        if name not in names:
            continue
        m = pattern.search(scene.joined)
        if not m:
            continue
        covered = [k for k, at in enumerate(scene.at) if m.start() <= at < m.end()]
        if not covered or covered[0] in used:
            continue
        before = scene.words[max(0, covered[0] - 8) : covered[0]]
        after = scene.words[covered[-1] + 1 : covered[-1] + 7]
        framed: object
        if name in roles.EVERYDAY_REFERENCES:
            framed = _everyday_reference_framed(scene, covered, before, after)
        else:
            framed = (
                (set(before) | set(after)) & HAVE_BUT_ME
                or roles.MINE.search(scene.joined)
                or "=" in before
                or REFERENCE_FRAME & set(before)
                or ((set(after) | set(before)) & HAND_NOUNS and IN_MY_HAND.search(scene.joined))
            )
        if framed and not scene.wordset & roles.AGE_VERBS:
            nums.append(Num(value, covered[0], covered[-1], "saying", odd=True))
            used.update(covered)
        elif name not in roles.EVERYDAY_REFERENCES:
            # The learned stage may still read it as a card. Not an everyday thing talked of for
            # itself ("j'ai nettoyé les touches du piano"): its number would tip the stage over.
            scene.unframed.append((value, covered[0], covered[-1]))


def _quantity(
    i: int,
    toks: list[Tok],
    scene: Scene,
    nums: list[Num],
    used: set[int],
    readings: dict[int, tuple[WordReading, ...]],
) -> None:
    """Dozen, score, Dutzend, douzaine, docena...: alone, halved, multiplied or with a half added."""
    word = scene.words[i]
    w = scene.words
    first, last = i, i
    if word in COLLECTIVES:
        after = next((x for x in w[i + 1 : i + 3] if x.isalnum()), "")
        if after in ("de", "d"):
            return  # "une trentaine de minutes"
        value = COLLECTIVES[word]
        b1 = w[i - 1] if i > 0 else ""
        if (
            (word == "cuarentena" and b1 in QUARANTINE_BEFORE) or (word == "quarantaine" and b1 == "en")
        ) and not set(w[max(0, i - 6) : i]) & GAME_TALK:
            return  # "la cuarentena nos enseñó a jugar online", "mis en quarantaine": a quarantine
        age = (i > 1 and w[i - 1] == "la" and w[i - 2] in ("a", "as", "ai", "avez", "ont")) or (
            after in ("bien", "passee", "tassee", "largement", "sonnee")
        )  # "elle a la trentaine", "la trentaine bien tassée"
        nums.append(Num(value, i, i, "decade", allowed="an age" if age else None))
        return
    value, _lang = QUANTITIES[word]
    prev = [k for k in range(max(0, i - 3), i) if toks[k].kind != "p" or toks[k].text == "-"]
    b1 = w[i - 1] if i > 0 else ""
    b2 = w[i - 2] if i > 1 else ""
    if word == "score" and b1 not in ("a", "four", "three", "two", "five", "six") and not (b1.isdigit()):
        return  # "the score", "score final"
    half_of_a = b1 == "a" and b2 == "of" and i > 2 and w[i - 3] == "half"  # "half of a hundred"
    if (
        b1 in ("half", "halbes", "halbe", "halbs", "hoibs", "hoibe", "media", "medio", "demi")
        or (b1 == "a" and b2 == "half")
        or (b1 == "-" and b2 == "demi")
        or half_of_a
    ):
        value //= 2
        first = i - 3 if half_of_a else i - 1 if b1 != "a" and b1 != "-" else i - 2
    elif word == "dozen" and b1 == "s" and b2 == "'" and i > 2 and w[i - 3] == "baker":
        return
    elif i > 0 and (i - 1) in readings:
        options = readings.pop(i - 1)
        factor = _values(options[0].pieces, options[0].lang, None)
        if len(factor) == 1:
            value *= factor[0]
            first = i - 1
    elif i > 0 and toks[i - 1].kind == "n":
        value *= int(toks[i - 1].text) if len(toks[i - 1].text) < 4 else 1
        first = i - 1
        used.add(i - 1)
    del prev
    a1 = w[i + 1] if i + 1 < len(w) else ""
    a2 = w[i + 2] if i + 2 < len(w) else ""
    a3 = w[i + 3] if i + 3 < len(w) else ""
    if a1 in ("y", "et", "und", "and") and a2 in ("media", "demie", "halb", "half"):
        value += QUANTITIES[word][0] // 2
        last = i + 2
        used.update((i + 1, i + 2))
    elif (
        a1 == "and"
        and a2 == "a"
        and a3 == "half"
        and not (i + 4 < len(w) and (w[i + 4] == "-" or w[i + 4] in QUANTITIES))
    ):  # "a score and a half": thirty (not "a half-time show", "a half dozen")
        value += QUANTITIES[word][0] // 2
        last = i + 3
        used.update((i + 1, i + 2, i + 3))
    elif a1 in ("and", "y", "et", "und") and i + 2 < len(toks):
        options = read_word(toks[i + 2].text, LANGUAGES)
        added = _values(options[0].pieces, options[0].lang, None) if options else []
        # A unit or a teen after "and": "four score and seven", "three score and ten".
        if len(options[0].pieces if options else ()) == 1 and len(added) == 1 and 1 <= added[0] <= 19:
            value += added[0]
            last = i + 2
            used.update((i + 1, i + 2))
    nums.append(Num(value, first, last, "quantity", odd=True))


SINGLE_LETTER = re.compile(r"(?<![^\W_])[^\W\d_](?![^\W_])")  # a word of one letter


def _spelled_letters(
    toks: list[Tok], text: str, langs: tuple[str, ...], nums: list[Num], used: set[int]
) -> None:
    """Runs of single letters: "f o r t y  s e v e n", "s-e-v-e-n-t-y"."""
    # Every word of one letter is a token of one character: fewer than three such tokens, no run.
    if sum(len(t.text) == 1 and t.kind != "p" for t in toks) < 3 or len(SINGLE_LETTER.findall(text, 0)) < 3:
        return
    i = 0
    while i < len(toks):
        j = i
        while (
            j < len(toks)
            and toks[j].kind == "w"
            and len(toks[j].text) == 1
            and (j == i or _gap_is_spacing(text[toks[j - 1].end : toks[j].start], allow_punct=True))
        ):
            j += 1
            while j < len(toks) and toks[j].kind == "p" and toks[j].text in "-._" and j + 1 < len(toks):
                j += 1
        letters = [t for t in toks[i:j] if t.kind == "w"]
        if 3 <= len(letters) <= 40:
            word = "".join(t.text for t in letters)
            found = read_word(word, langs)
            if found:
                first, last = i, j - 1
                while toks[last].kind != "w":
                    last -= 1
                for value in _values(found[0].pieces, found[0].lang, None):
                    nums.append(Num(value, first, last, "spelled", odd=True))
                used.update(range(first, last + 1))
            i = j
        elif len(letters) > 40:
            i = j
        else:
            i += 1


def _gap_is_spacing(gap: str, allow_punct: bool = False) -> bool:
    allowed = " \t-._" if allow_punct else " \t-_"
    return len(gap) <= 3 and all(c in allowed for c in gap)


CLITICS = frozenset("lo la le los las les me te se nos ya".split())  # "lo vi": I saw it


def _roman(t: Tok, norm: Normalized, message: str, scene: Scene, i: int) -> int | None:
    if len(t.text) < 2 or not ROMAN_LETTERS.issuperset(t.text):
        return None
    word = t.text.upper()
    if not ROMAN.match(word):
        return None
    if not all(norm.upper[t.start : t.end]):
        # Lower case: three letters or more that are not kisses ("xxx"), or two after a card cue.
        b1 = next((w for w in reversed(scene.words[:i]) if w.isalnum()), "")
        if set(word) == {"X"} or (
            len(word) == 2
            and ((b1 not in roles.ARTICLES and b1 not in roles.HAVE) or b1 in CLITICS)
            and not (b1 in ("is", "ist", "est", "es") and scene.mine)  # "meine kleinste ist ix"
        ):
            return None
    elif i > 0 and scene.words[i - 1] in ROMAN_CUES and not scene.capital(i - 1):
        pass  # "the roman numeral XXIV", "en chiffres romains XLII": said to be one
    else:
        # Shouting in capitals is not Roman numerals.
        if scene.shouting and scene.letters > len(word) + 3:
            return None
        if word == "XL" and (
            (i + 1 < len(scene.words) and scene.words[i + 1] in SIZED_THINGS)
            or (i > 0 and scene.words[i - 1] in SIZED_THINGS)
            or (
                i > 0
                and scene.words[i - 1] in SIZE_WORDS
                and scene.wordset & SIZED_THINGS
                and not set(scene.words[i + 1 : i + 6]) & DENIALS  # "size XL, and I don't mean shirts"
            )
        ):
            return None  # a size: "my XL hoodie", "una pizza XL", "la camiseta talla XL"
        if i > 0 and _name(i - 1, scene):
            return None  # a king or a sequel: "Louis XIV", "Felipe II", "Rocky IV"
        if i > 1 and _sequel_list(i, scene):
            return None  # "Rocky II, III und IV": the sequels of a name, listed
        if i > 0 and _regnal(i, scene):
            return None  # "ludwig der XIV.", "henry the VIII", "rocky IV läuft"
    total = 0
    for a, b in zip(word, word[1:] + " ", strict=True):
        value = ROMAN_VALUES[a]
        total += -value if b != " " and ROMAN_VALUES[b] > value else value
    return total if 2 <= total <= 99 else None


# Money owed or sent: "you owe me 15", "venmo me 10", "du schuldest mir 20", "me debes 12".
OWING = frozenset(
    "owe owes owed venmo paypal zelle bizum twint lydia schuldest schuldet schulde debes debe debo dois "
    "doit".split()
)
OWED_TO = frozenset("me mir moi us uns nous you dir te nos vous euch".split())
# Words of the game anywhere in a message: then a number beside "owe me", "arrancamos en" or "la
# cuarentena" may be a card ("you owe me 47 on pile 2", "la pila 2 está en la cuarentena").
GAME_TALK = (
    roles.CARD_NOUNS
    | roles.PILE
    | PLAY_VERBS
    | HAND_WORDS
    | frozenset(
        "have got hold holding tengo tienes tiene hab habe hast jai play plays played juega jugar juego "
        "jouer spiel spiele spielt mine mia mio meine row rows fila filas reihe haufen mazo pioche "
        "deck".split()
    )
)
QUARANTINE_BEFORE = frozenset("la en esta esa de durante tras".split())
GERMAN_DIGITS_AND = re.compile(r"([1-9])und([2-9]0)")
PRODUCT = re.compile(r"(\d{1,2})[x×](\d{1,2})(?:[x×](\d{1,2}))?")  # "7x7", "3x3x3"
CUBES = frozenset("cube cubo cubos wuerfel zauberwuerfel rubik rubiks rubix".split())
PROCESSOR = frozenset(
    "intel core cpu laptop pc prozessor procesador processeur rechner ordi computer bmw".split()
)


def _mixed(
    i: int,
    t: Tok,
    toks: list[Tok],
    langs: tuple[str, ...],
    nums: list[Num],
    readings: dict[int, tuple[WordReading, ...]],
    norm: Normalized,
    wordset: set[str],
) -> None:
    """Letters and digits together: 47th, 40s, 60ish, 5min, 10er, 4O, l7, f0rty, thr33, my77now.
    `wordset`: the message's folded words, read once (a scan of all tokens per token would make a
    message of many such tokens quadratic)."""
    tens = LEET_TENS.match(t.text)
    if tens:  # "4ty5", "6ty": a digit for the first letters of a tens word
        nums.append(Num(int(tens.group(1)) * 10 + int(tens.group(2) or 0), i, i, "leet", odd=True))
        return
    if len(t.text) == 2 and t.text[0].isdigit() and t.text[1] == "o" and norm.upper[t.start + 1]:
        nums.append(Num(int(t.text[0]) * 10, i, i, "leet", odd=True))  # a capital O for a zero
        return
    if (
        len(t.text) == 2
        and t.text[1].isdigit()
        and (
            t.text[0] == "l"
            or (
                t.text[0] == "i"
                and norm.upper[t.start]
                and i > 1
                and fold(toks[i - 1].text) in ("el", "la", "die", "the", "le")
                and fold(toks[i - 2].text) in roles.HAVE
                and not wordset & PROCESSOR
            )
        )
    ):
        nums.append(Num(10 + int(t.text[1]), i, i, "leet", odd=True))  # l7, "tengo el I7" (not an Intel i7)
        return
    unit_and_tens = GERMAN_DIGITS_AND.fullmatch(t.text)
    if unit_and_tens:  # "4und90": a unit and its tens the German way, glued
        nums.append(Num(int(unit_and_tens.group(2)) + int(unit_and_tens.group(1)), i, i, "digits"))
        return
    product = PRODUCT.fullmatch(t.text)
    if product:
        value = int(product.group(1)) * int(product.group(2)) * int(product.group(3) or 1)
        if 2 <= value <= 99 and not (
            product.group(3)
            and (wordset & CUBES or (i + 1 < len(toks) and fold(toks[i + 1].text) not in roles.LAUGHS))
        ):
            nums.append(Num(value, i, i, "arithmetic", odd=True))
        return
    m = MIXED.match(t.text)
    if m:
        value, tail = int(m.group(1)), m.group(2)
        if tail in ("h", "pm", "am", "uhr", "hrs"):
            nums.append(Num(value, i, i, "digits", allowed="a time"))
            return
        if (
            tail == "o"
            and len(m.group(1)) == 1
            and value >= 1
            and i > 0
            and fold(toks[i - 1].text) in roles.HAVE
            and toks[i - 1].kind == "w"
        ):
            nums.append(Num(value * 10, i, i, "leet", odd=True))  # "i got 3o": a letter o for a zero
            return
        if tail in ORDINAL_TAILS:
            nums.append(Num(value, i, i, "ordinal"))
            return
        before = fold(toks[i - 1].text) if i > 0 else ""
        if tail == "s" and before in ("brb", "wait", "in", "give", "gimme", "warte", "attends", "espera"):
            nums.append(Num(value, i, i, "digits", allowed="a time"))  # "brb 30s"
            return
        if tail in ("s", "'s", "ies", "ern", "er") and value % 10 == 0 and 20 <= value <= 90:
            nums.append(Num(value, i, i, "decade"))
            return
        if tail in ("s", "'s") and 2 <= value <= 99:
            nums.append(Num(value, i, i, "digits"))  # "any 7s?": cards of that value
            return
        if tail in ("ish", "something"):
            nums.append(Num(value, i, i, "decade"))
            return
        if tail == "ty" and 2 <= value <= 9:
            nums.append(Num(value * 10, i, i, "leet", odd=True))  # 4ty
            return
        if tail in ("er",):
            nums.append(Num(value, i, i, "digits"))
            return
        if tail in TIME_UNITS or tail in (
            "x",
            "k",
            "p",
            "v",
            "gb",
            "mb",
            "fps",
            "hz",
            "d",
            "g",
            "kg",
            "km",
            "cm",
        ):
            return
    # "sixty6", "veinti5", "6teen", "3undvierzig": half a number in words, half in a digit. Not the
    # end of a hyphened compound ("quatre-vingt5"), and read as words are: "turning sixty5" is an age.
    joined = i > 1 and toks[i - 1].text == "-" and toks[i - 2].end == toks[i - 1].start
    half = 0 if joined else _half_word(t.text, langs)
    if half:
        nums.append(Num(half, i, i, "word", odd=True))
        return
    if not t.text[0].isdigit() or not t.text[-1].isdigit() or any(c.isalpha() for c in t.text):
        found = read_leet(t.text, langs)
        if found and found[0].pieces[0].kind != "C":
            readings[i] = found
            return
        _glued_digits(i, t, nums)


WORD_THEN_DIGIT = re.compile(r"([a-z]{4,})([1-9])")
DIGIT_THEN_WORD = re.compile(r"([1-9])([a-z]{4,})")
TEEN_TAILS = {"teen": "en", "zehn": "de"}  # "6teen", "7zehn"


def _half_word(text: str, langs: tuple[str, ...]) -> int:
    """A card number written half in words and half as a digit, glued: a tens word and its unit
    ("sixty6", "SIXTY7", "veinti5", "quarante2", "dreißig5"), a unit and its teen ending ("6teen",
    "7zehn") or a unit and its tens the German way ("3undvierzig"). 0 for anything else ("win10",
    "mp3", "covid19"). The word part must be a tens word spelled right in one of the keeper's
    languages, not an ordinal: "venti2" (a coffee), "mighty5" or "Trent2" are no misspelled tens."""
    text = fold(text)
    m = WORD_THEN_DIGIT.fullmatch(text)
    if m:
        for reading in read_word(m.group(1), langs):
            piece = reading.pieces[0]
            if len(reading.pieces) == 1 and piece.kind in "DP" and not (reading.odd or reading.ordinal):
                return piece.value + int(m.group(2))  # D: tens; P: "dieci", "veinti"
        return 0
    m = DIGIT_THEN_WORD.fullmatch(text)
    if not m:
        return 0
    unit, tail = int(m.group(1)), m.group(2)
    if TEEN_TAILS.get(tail) in langs and unit >= 3:
        return 10 + unit
    if "de" in langs and tail.startswith("und"):
        for reading in read_word(tail[3:], ("de",)):
            piece = reading.pieces[0]
            if len(reading.pieces) == 1 and piece.kind == "D" and not (reading.odd or reading.ordinal):
                return piece.value + unit
    return 0


GLUE_WORDS = frozenset("ai have got my el le la hab habe tengo die der the is es est mine".split())
# Having glued to its article or subject: "jai67", "gotthe84", "tengoel74", "habdie55".
GLUED_HAVING = ("jai", "gotthe", "gota", "havethe", "ihave", "igot", "tengoel", "tengola", "habdie", "habne")


def _glued_digits(i: int, t: Tok, nums: list[Num]) -> None:
    """Digits glued into words: "canIplaymy77now", "j'ai47", "pila4queyotengoel96"."""
    letters = sum(c.isalpha() for c in t.text)
    for m in re.finditer(r"(?<=[a-z])(\d{1,2})(?!\d)|^(\d{1,2})(?=[a-z]{4})", t.text):
        head = t.text[max(0, m.start() - 12) : m.start()]
        word = re.search(r"[a-z]+$", head)
        prefix = word.group() if word else ""
        if letters < 8 and prefix not in GLUE_WORDS and not prefix.endswith(GLUED_HAVING):
            continue
        if prefix.endswith(("pila", "pile", "stapel")) and int(m.group()) <= 4:
            continue
        value = int(m.group())
        if 2 <= value <= 99:
            nums.append(Num(value, i, i, "glued", odd=True))


def _group_words(
    toks: list[Tok],
    readings: dict[int, tuple[WordReading, ...]],
    nums: list[Num],
    norm: Normalized,
    extend: dict[int, int],
    used: set[int],
) -> None:
    """Join neighbouring number words ("forty seven", "sieben und vierzig", "noventa y nueve")."""
    text = norm.text
    order = sorted(readings)
    k = 0
    while k < len(order):
        best_run: list[int] = []
        best_lang = readings[order[k]][0].lang
        for option in readings[order[k]]:
            run = [order[k]]
            j = k + 1
            while j < len(order):
                nxt = order[j]
                prev = run[-1]
                end = extend.get(prev, prev)
                gap = text[toks[end].end : toks[nxt].start]
                between = toks[end + 1 : nxt]
                joined = nxt == end + 1 and _gap_is_spacing(gap)
                hyphen = [t.text for t in between] in (["-"], ["·"]) and _gap_is_spacing(
                    gap.replace("·", "-")
                )
                here = next((r for r in readings[nxt] if r.lang == option.lang), None)
                before = next((r for r in readings[prev] if r.lang == option.lang), None)
                ordinal_pair = (
                    before is not None
                    and here is not None
                    and before.ordinal
                    and here.ordinal
                    and before.pieces[-1].kind == "D"
                    and here.pieces[0].kind == "U"
                )
                # Each word in its own quotes: "vingt" "sept", 'twenty' 'three'.
                quoted = (
                    len(between) == 2
                    and between[0].text == between[1].text
                    and between[0].text in ("'", '"')
                    and len(gap) <= 4
                    and all(c in " '\"" for c in gap)
                )
                if (joined or hyphen or quoted) and here and before and (not before.ordinal or ordinal_pair):
                    run.append(nxt)
                    j += 1
                else:
                    break
            if len(run) > len(best_run):
                best_run, best_lang = run, option.lang
        k += len(best_run)
        run, lang = best_run, best_lang
        chosen = [next((r for r in readings[i] if r.lang == lang), readings[i][0]) for i in run]
        _read_run(run, chosen, lang, toks, norm, nums, extend)


def _read_run(
    run: list[int],
    chosen: list[WordReading],
    lang: str,
    toks: list[Tok],
    norm: Normalized,
    nums: list[Num],
    extend: dict[int, int],
) -> None:
    """The numbers a run of number words spells, each with its own span."""
    text = norm.text
    start = 0
    while start < len(run):
        # The longest stretch from `start` that reads as one number.
        best_end, best_value = start, None
        pieces: list[Piece] = []
        for end in range(start, min(len(run), start + 8)):
            pieces.extend(chosen[end].pieces)
            trimmed = list(pieces)
            while trimmed and trimmed[-1].kind == "C":
                trimmed.pop()
            while trimmed and trimmed[0].kind == "C":
                trimmed.pop(0)
            if not trimmed:
                continue
            phrase = text[toks[run[start]].start : toks[extend.get(run[end], run[end])].end]
            values = _values(tuple(trimmed), lang, phrase if end > start else None)
            if len(values) == 1:
                best_end, best_value = end, values[0]
        if best_value is None:
            start += 1
            continue
        odd = any(chosen[x].odd or _odd(norm, toks[run[x]]) for x in range(start, best_end + 1))
        lead = start
        while lead < best_end and all(p.kind == "C" for p in chosen[lead].pieces):
            lead += 1
        tail = best_end
        while tail > lead and all(p.kind == "C" for p in chosen[tail].pieces):
            tail -= 1
        reading = chosen[tail]  # the last word that is not a connector ("forties and ...")
        how = "ordinal" if reading.ordinal else "decade" if reading.decade else "word"
        first, last = run[lead], extend.get(run[tail], run[tail])
        # Two units side by side, digit by digit: "zwei drei", "cinq six".
        if (
            best_end == start
            and start + 1 < len(run)
            and all(p.kind == "U" for p in chosen[start].pieces + chosen[start + 1].pieces)
            and len(chosen[start].pieces) == len(chosen[start + 1].pieces) == 1
            and best_value >= 2
            and chosen[start + 1].pieces[0].value >= 2
            and not chosen[start].ordinal
            and not chosen[start + 1].ordinal
            and text[toks[last].end : toks[run[start + 1]].start].strip(" -") == ""
            and not (start + 2 < len(run))
        ):
            value = best_value * 10 + chosen[start + 1].pieces[0].value
            nums.append(Num(value, first, extend.get(run[start + 1], run[start + 1]), "word", odd=True))
            start += 2
            continue
        nums.append(Num(best_value, first, last, how, odd=odd))
        start = best_end + 1


def _odd(norm: Normalized, t: Tok) -> bool:
    """Look-alike characters, or something invisible inside the token."""
    return any(norm.odd[t.start : t.end]) or any(t.start < g < t.end for g in norm.glued_gap)


def _values(pieces: tuple[Piece, ...], lang: str, phrase: str | None) -> list[int]:
    """The numbers a piece sequence spells; text2num reads well-formed phrases."""
    if phrase and len(pieces) > 1:
        try:
            value = text2num(phrase, lang)
        except (ValueError, TypeError):
            value = None
        if value is not None and 0 < value < 1000:
            return [value]
    out: list[int] = []
    i = 0
    n = len(pieces)
    while i < n:
        p = pieces[i]
        nxt = pieces[i + 1] if i + 1 < n else None
        after = pieces[i + 2] if i + 2 < n else None
        if p.kind == "C":
            i += 1
            continue
        if p.kind == "U" and nxt and nxt.kind == "C" and after and after.kind == "D" and lang == "de":
            out.append(p.value + after.value)
            i += 3
            continue
        if p.kind == "U" and nxt and nxt.kind == "D" and lang == "de":
            out.append(p.value + nxt.value)  # "siebenvierzig": a missing "und"
            i += 2
            continue
        if p.kind == "U" and p.value == 4 and nxt and nxt.kind == "D" and nxt.value == 20 and lang == "fr":
            value, i = 80, i + 2
            if i < n and pieces[i].kind in "UT":
                value += pieces[i].value
                i += 1
                if value == 90 and i < n and pieces[i].kind == "U":
                    value += pieces[i].value
                    i += 1
            out.append(value)
            continue
        if p.kind == "T" and p.value == 10 and lang in ("fr", "es"):
            j = i + 1
            if j < n and pieces[j].kind == "C" and lang == "es":
                j += 1
            if j < n and pieces[j].kind == "U" and pieces[j].value >= 6:
                out.append(10 + pieces[j].value)  # "dix neuf", "diez y ocho"
                i = j + 1
                continue
        if p.kind == "P" and nxt and nxt.kind == "U":
            out.append(10 + nxt.value)
            i += 2
            continue
        if p.kind == "U" and nxt and nxt.kind == "H":
            value, i = p.value * 100, i + 2
            if i < n and pieces[i].kind in "UTD":
                value += pieces[i].value
                i += 1
            out.append(value)
            continue
        if p.kind == "D":
            j = i + 1
            if j < n and pieces[j].kind == "C" and lang != "de":
                j += 1
            if j < n and pieces[j].kind == "U" and lang != "de":
                out.append(p.value + pieces[j].value)
                i = j + 1
                continue
            if j < n and pieces[j].kind == "T" and p.value in (60, 80) and lang == "fr":
                value = p.value + pieces[j].value
                i = j + 1
                if value == 70 and i < n and pieces[i].kind == "U":
                    value += pieces[i].value
                    i += 1
                out.append(value)
                continue
        out.append(p.value)
        i += 1
    return out


DOT_MARKS = ".,\u00b7\u2022\u2219"  # a dot, a comma, a middle dot, a bullet: "4.7", "3·5"
SPACED_DIGIT_GAPS = (" ", "  ", "   ", "", "_")  # "4 7", "6   5": one number split by spaces


def _digits(toks: list[Tok], norm: Normalized, nums: list[Num], used: set[int]) -> None:
    text = norm.text
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind != "n" or i in used:
            i += 1
            continue
        odd = _odd(norm, t)
        # 20:30 is a time of day.
        if (
            i + 2 < len(toks)
            and toks[i + 1].text == ":"
            and toks[i + 2].kind == "n"
            and len(toks[i + 2].text) == 2
            and toks[i + 2].start == toks[i + 1].end  # "Stapel 1: 15 und 16" is no time
        ):
            used.update((i, i + 1, i + 2))
            nums.append(Num(int(t.text), i, i + 2, "digits", allowed="a time of day"))
            i += 3
            continue
        # 4.7 or 4,7: one digit on each side reads as 47; 14,95, 3.12, 1.0.2 and 31.10. are decimals,
        # versions and dates.
        if (
            i > 0
            and toks[i - 1].text in DOT_MARKS
            and toks[i - 1].end == t.start
            and i > 1
            and toks[i - 2].end == toks[i - 1].start
            and toks[i - 2].kind != "p"
        ):
            nums.append(
                Num(
                    int(t.text) if len(t.text) < 7 else 10**6,
                    i,
                    i,
                    "digits",
                    allowed=DECIMAL,
                )
            )
            used.add(i)
            i += 1
            continue
        if (
            i + 2 < len(toks)
            and toks[i + 1].text in DOT_MARKS
            and toks[i + 2].kind == "n"
            and toks[i + 1].start == t.end
            and toks[i + 2].start == toks[i + 1].end
        ):
            left, right = t.text, toks[i + 2].text
            j = i + 2
            while (
                j + 2 < len(toks)
                and toks[j + 1].text == "."
                and toks[j + 2].kind == "n"
                and toks[j + 2].start == toks[j + 1].end == toks[j].end + 1
            ):
                j += 2
            dotted_end = j + 1 < len(toks) and toks[j + 1].text == "." and toks[j + 1].start == toks[j].end
            if len(left) == 1 and len(right) == 1 and j == i + 2 and not dotted_end:
                nums.append(Num(int(left + right), i, i + 2, "digits", odd=True))
            else:
                value = int(left) if len(left) < 7 else 10**6
                nums.append(Num(value, i, j, "digits", allowed=DECIMAL))
            used.update(range(i, j + 1))
            i = j + 1
            continue
        # "5 . 3": two single digits around a dot set apart by spaces, one number (no date, no decimal)
        if (
            len(t.text) == 1
            and i + 2 < len(toks)
            and toks[i + 1].text == "."
            and toks[i + 2].kind == "n"
            and len(toks[i + 2].text) == 1
            and text[t.end : toks[i + 1].start] == " "
            and text[toks[i + 1].end : toks[i + 2].start] == " "
            and not (i + 3 < len(toks) and toks[i + 3].text == ".")  # "3 . 2 . 1 go": a countdown
            and not (i >= 2 and toks[i - 1].text == "." and toks[i - 2].kind == "n")
        ):
            nums.append(Num(int(t.text + toks[i + 2].text), i, i + 2, "digits", odd=True))
            used.update((i, i + 1, i + 2))
            i += 3
            continue
        # 4 7, or 4 and 7 glued by something invisible: one number.
        j = i
        while (
            j < i + 1
            and j + 1 < len(toks)
            and toks[j + 1].kind == "n"
            and len(toks[j + 1].text) == 1
            and len(toks[j].text) == 1
            and text[toks[j].end : toks[j + 1].start] in SPACED_DIGIT_GAPS
            and (text[toks[j].end : toks[j + 1].start] != "" or toks[j].end in norm.glued_gap)
            and not (text[toks[j].end : toks[j + 1].start] == "_" and toks[j].text == toks[j + 1].text)
        ):
            j += 1
        in_list = (
            j + 1 < len(toks)
            and toks[j + 1].kind == "n"
            and text[toks[j].end : toks[j + 1].start] in SPACED_DIGIT_GAPS[:3]
        ) or (i > 0 and toks[i - 1].kind == "n" and text[toks[i - 1].end : t.start] in SPACED_DIGIT_GAPS[:3])
        if j > i and in_list:
            j = i  # "2 3 4" is a list of digits, not one number
        if j > i:
            value = int("".join(tok.text for tok in toks[i : j + 1]))
            nums.append(Num(value, i, j, "digits", odd=True))
            i = j + 1
            continue
        nums.append(Num(int(t.text) if len(t.text) < 7 else 10**6, i, i, "digits", odd=odd))
        i += 1


# Compiled (see bot/chatfilter/__init__.py), these two stay Python classes: the one is a descriptor, the
# other keeps what it has computed in its instance's __dict__.
@mypyc_attr(native_class=False)
class cached_property:  # like functools.cached_property, without its lock
    """A value computed on first use and kept on the instance; a Scene lives in one call, one thread."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name  # not func.__name__: a compiled function has none

    def __get__(self, obj: Any, cls: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


# --- judging numbers in their context --------------------------------------------------------


@lru_cache(maxsize=16384)
def _idiom_keys_of(word: str) -> frozenset[str]:
    """The idiom keys a word begins with, read once per word."""
    return roles.IDIOM_KEYS.intersection([word[:k] for k in roles.IDIOM_KEY_LENGTHS])


def _word(toks: list[Tok], i: int) -> str:
    return fold(toks[i].text) if 0 <= i < len(toks) else ""


@mypyc_attr(native_class=False)
class Scene:
    """What the whole message says, read once: folded words, its cues and fixed expressions.

    The cues that take a regular expression are read only when a number has to be judged.
    """

    def __init__(self, toks: list[Tok], text: str, message: str = "") -> None:
        self.text = text
        self.message = message
        self.upper: bytes | list[bool] = b""
        self.lookalike: list[bool] = []
        self.starts: list[int] = []
        self._at: dict[frozenset[str], set[int]] = {}
        # The text is lower case already: an ASCII token is folded as it stands.
        self.words = [t.text if t.text.isascii() else fold(t.text) for t in toks]
        self._toks = toks
        wordset = set(self.words)
        self.wordset = wordset
        self.has_month = bool(wordset & roles.MONTHS)
        self.has_weekday = bool(wordset & roles.WEEKDAYS)
        self.pile_named = (
            bool(wordset & PILE_OR_TOP) or (_mentions(text, PILE_WORD_KEYS) and bool(PILE_WORD.search(text)))
        ) and not ("pile" in wordset and _pile_means_exactly(self.words))
        if self.pile_named and "top" in wordset and _top_means_great(self.words):
            self.pile_named = _mentions(text, PILE_WORD_KEYS) and bool(PILE_WORD.search(text))
        self.question = "?" in text
        # Things everyone knows the number of, named without being said to be one's card ("Jordan's
        # jersey", "los mandamientos"): (value, first token, last token). No card for the rules; the
        # value the learned stage reports when it finds the message to be card talk after all.
        self.unframed: list[tuple[int, int, int]] = []
        # A riddle of digits (_digit_riddle): its one card and the numbers of its clues.
        self.riddle: tuple[int, tuple[Num, ...]] | None = None

    @cached_property
    def _joined(self) -> tuple[str, list[int]]:
        parts: list[str] = []
        at: list[int] = []
        length = 0
        previous_end = -1
        for word, t in zip(self.words, self._toks, strict=True):
            if 0 <= previous_end < t.start:
                parts.append(" ")
                length += 1
            at.append(length)
            parts.append(word)
            length += len(word)
            previous_end = t.end
        return "".join(parts), at

    @property
    def joined(self) -> str:
        """The folded tokens, spaced as in the message."""
        return self._joined[0]

    @property
    def at(self) -> list[int]:
        """The offset of each token in `joined`."""
        return self._joined[1]

    def covered(self, pattern: re.Pattern[str]) -> set[int]:
        """The tokens inside a match of `pattern`."""
        found: set[int] = set()
        for m in pattern.finditer(self.joined):
            k = max(0, bisect_right(self.at, m.start()) - 1)
            while k < len(self.at) and self.at[k] < m.end():
                if self.at[k] + len(self.words[k]) > m.start():
                    found.add(k)
                k += 1
        return found

    @cached_property
    def only_numbers(self) -> bool:
        """Every word of the message reads as a number: the message is a number."""
        return all(read_word(w, LANGUAGES) for w in self.words if w.isalpha())

    def capital(self, k: int) -> bool:
        """The token was written with a capital letter (a German noun)."""
        return bool(self.upper) and self.words[k].isalpha() and bool(self.upper[self.starts[k]])

    @cached_property
    def capitals(self) -> bool:
        """Some character of the message was upper case: else no token is `capital`."""
        return 1 in self.upper  # `upper` is bytes (ASCII) or a list of bools

    @cached_property
    def letters(self) -> int:
        return sum(c.isalpha() for c in self.message)

    @cached_property
    def shouting(self) -> bool:
        return sum(c.isupper() for c in self.message) > 0.8 * self.letters > 0

    @cached_property
    def idiom(self) -> set[int]:
        present = set().union(*map(_idiom_keys_of, self.wordset))
        found: set[int] = set()
        joined = self.joined
        has = joined.__contains__
        for key in present:
            # Most keys are common words: run their idioms only if one of them has every piece it
            # needs somewhere in the text.
            if any(all(any(map(has, choice)) for choice in needs) for needs in roles.IDIOM_NEEDS[key]):
                found |= self.covered(roles.IDIOMS_BY_KEY[key])
        return found

    @cached_property
    def says_not_dice(self) -> bool:
        """The only word of dice is "dice", and not in an English phrase of dice: Spanish "dice",
        says ("mi sexto sentido me dice que tienes el 8", "Juan dice 12"). Read once per message."""
        return self.wordset & DICE == {"dice"} and not ENGLISH_DICE.search(self.joined)

    @cached_property
    def time_words(self) -> set[int]:
        if not _mentions(self.joined, roles.TIME_WORDS_KEYS):
            return set()
        return self.covered(roles.TIME_WORDS)

    def near(self, found: set[int], n: Num, before: int = 6, after: int = 4) -> bool:
        """One of the tokens `found` stands within a few tokens of the number."""
        if len(found) > 16:
            return any(k in found for k in range(n.first - before, n.last + after + 1))
        return any(n.first - before <= k <= n.last + after for k in found)

    def words_at(self, words: frozenset[str]) -> set[int]:
        found = self._at.get(words)
        if found is None:
            found = self._at[words] = {k for k, w in enumerate(self.words) if w in words}
        return found

    @cached_property
    def time_question_at(self) -> set[int]:
        return self.covered(roles.TIME_QUESTION) if self.time_question else set()

    @cached_property
    def mine_at(self) -> set[int]:
        return self.covered(roles.MINE) if self.mine else set()

    @cached_property
    def time_question(self) -> bool:
        return bool(self.wordset & roles.TIME_QUESTION_WORDS) and bool(
            roles.TIME_QUESTION.search(self.joined)
        )

    @cached_property
    def count_question(self) -> bool:
        cued = bool(self.wordset & roles.COUNT_QUESTION_WORDS) or "pflicht" in self.joined
        return cued and bool(roles.COUNT_QUESTION.search(self.joined))

    @cached_property
    def result(self) -> bool:
        return bool(self.wordset & roles.RESULT_WORDS) and bool(roles.RESULT.search(self.joined))

    @cached_property
    def result_at(self) -> set[int]:
        """The tokens of the words that tell a finished game."""
        return self.covered(roles.RESULT)

    @cached_property
    def pile_ref(self) -> bool:
        """A pile is named: by a word ("pile", "Stapel", "top") or, in French and Spanish, by its
        article and number alone ("la 3", "de la dos", "sur la quatre")."""
        if self.pile_named:
            return True
        words = self.words
        return any(
            w == "la" and k + 1 < len(words) and words[k + 1] in PILE_NUMBERS for k, w in enumerate(words)
        )

    @cached_property
    def money(self) -> bool:
        """A price or an amount of money is named somewhere in the message."""
        return any(c in roles.CURRENCY for c in self.text) or bool(self.wordset & roles.MONEY_WORDS)

    @cached_property
    def mine(self) -> bool:
        return bool(roles.MINE.search(self.joined))


PILE_OR_TOP = roles.PILE | roles.TOP
# A word that ends in a pile ("Aufwärtsstapel", "pile", "pila"), not the draw pile ("Nachziehstapel").
PILE_WORD = re.compile(r"(?<![^\W_])(?!nachzieh|zieh)[^\W_]*(?:stapel|pile|pila)(?![^\W_])")
PILE_WORD_KEYS = ("stapel", "pile", "pila")  # PILE_WORD cannot match without one


# French "pile" for "exactly" or "just right": after an hour ("à 20h30 pile", "à midi pile"), in
# "pile poil", "pile ou face", "ça tombe pile" ("où" folds to "ou": "la pile où" is a pile).
CLOCK_WORD = re.compile(r"\d{1,2}h\d{0,2}")
PILE_EXACTLY_BEFORE = frozenset("h heure heures midi minuit tombe tombes tombait tomber tombee".split())


# French "top" for "great": "ce serait top", "c'est trop top", "au top".
TOP_GREAT_BEFORE = frozenset("serait sera est etait trop super vraiment hyper au grave".split())


def _top_means_great(words: list[str]) -> bool:
    """Every pile or top word of the message is a French "top" that means "great": no pile named."""
    if any(w in PILE_OR_TOP and w != "top" for w in words) or words[:1] == ["top"]:
        return False
    return all(words[k - 1] in TOP_GREAT_BEFORE for k, w in enumerate(words) if w == "top")


def _pile_means_exactly(words: list[str]) -> bool:
    """Every pile word of the message is a French "pile" that means "exactly", and no other names a
    pile: then no pile is named."""
    for k, w in enumerate(words):
        if w == "pile":
            before = words[k - 1] if k else ""
            after = words[k + 1] if k + 1 < len(words) else ""
            after2 = words[k + 2] if k + 2 < len(words) else ""
            if not (
                before in PILE_EXACTLY_BEFORE
                or CLOCK_WORD.fullmatch(before)
                or after == "poil"
                or (after, after2) in (("ou", "face"), ("-", "poil"))  # not "la pile où j'ai joué"
            ):
                return False
        elif w in PILE_OR_TOP or (any(key in w for key in PILE_WORD_KEYS) and PILE_WORD.fullmatch(w)):
            return False
    return True


def _scene(toks: list[Tok], text: str, message: str) -> Scene:
    return Scene(toks, text, message)


def _near(scene: Scene, first: int, last: int, before: int, after: int) -> tuple[list[str], list[str]]:
    """Up to `before` words before the number (nearest first) and `after` words after it."""
    prev: list[str] = []
    for w in reversed(scene.words[max(0, first - before * 2) : first]):
        if w in STOPS or (w == "." and prev_is_sentence_end(scene, first)):
            break
        if w.isalnum() or w in ("+", "-", "#"):
            prev.append(w)
    nxt: list[str] = []
    for w in scene.words[last + 1 : last + 1 + after * 2]:
        if w in STOPS:
            break
        if w.isalnum() or w in ("-",):
            nxt.append(w)
    return prev[:before], nxt[:after]


STOPS = frozenset("?!;")


def prev_is_sentence_end(scene: Scene, first: int) -> bool:
    """A full stop before the number ends a sentence unless it closes an abbreviation ("No.")."""
    k = first - 1
    while k >= 0 and scene.words[k] != ".":
        k -= 1
    return (
        k >= 1
        and scene.words[k - 1] not in ("no", "nr", "n", "nº", "vs", "ca", "approx", "env")
        and not _street(scene.words[k - 1])  # "Bahnhofstr. 17", "Elm St. 4"
    )


SPOILER = re.compile(r"\|\|([^|]{1,60})\|\|")
ROUGHLY = frozenset("tantos tantas pico quelques some something paar bisschen".split())
LIST_ARTICLES = frozenset("le la el the die den der l".split())


def _judge(nums: list[Num], toks: list[Tok], ctx: Context, scene: Scene) -> None:
    for n in nums:
        if n.allowed is None:
            n.allowed = _role(n, toks, ctx, scene)
    # "piles 3 and 4": a list of pile numbers; "one or two cards", "du 12 au 15 avril": a list shares
    # the role of its last member.
    for k in range(len(nums) - 2, -1, -1):
        a, b = nums[k], nums[k + 1]
        between = [w for w in scene.words[a.last + 1 : b.first] if w not in LIST_ARTICLES]
        if between[:1] == ["?"] and between[1:] and between[1] in COORDINATION:
            between = between[1:]  # "un tournoi le 9 ? ou le 16 ?"
        if not between or not all(
            w in COORDINATION or w in ("au", "al", "bis", "to", "til", "et") for w in between
        ):
            continue
        if (
            b.allowed
            and (not a.allowed or (a.allowed == "a small number" and b.allowed == "the result of a game"))
            and b.allowed not in ("not a card value", "a small number")
        ):
            if (
                (b.allowed != "a count of cards" or a.value <= ctx.hand_size)
                and not (b.allowed in ("a player count", "a margin") and a.value > 12)
                and not (b.allowed == "a pile number" and a.value > 4)
                # "is anyone holding like 2 or 3? the up pile needs it": cards held, not piles
                and not (
                    b.allowed == "a pile number"
                    and set(scene.words[max(0, a.first - 2) : a.first]) & roles.HAVE
                    and scene.words[a.first - 1 : a.first] in (["like"], ["holding"], ["have"], ["got"])
                )
            ):
                a.allowed = b.allowed
        elif (
            a.allowed
            and not b.allowed
            and a.allowed in ("a pile number", "a date", "a time")
            and (b.value <= 4 or a.allowed != "a pile number")
        ):
            b.allowed = a.allowed
    # A count corrected in passing: "at least three cards from me, maybe four", "zwei Karten, vielleicht
    # drei".
    for a, b in pairwise(nums):
        between = scene.words[a.last + 1 : b.first]
        if (
            a.allowed in ("a count of cards", "a count of things")
            and b.allowed in (None, "a small number")
            and b.value <= ctx.hand_size
            and b.value not in ctx.hand  # the live keeper's hand settles it, as any small number
            and len(between) <= 6
            and between[-1:]
            and between[-1] in MAYBE
            and not set(between) & NOT_A_CORRECTION
        ):
            b.allowed = a.allowed
    # Numbers labelled by ordinals one after another share the first one's role: "erste Partie 14 Karten
    # übrig, zweite 9", "first game 12 left, second 7".
    labelled = [
        (o, x)
        for o, x in pairwise(nums)
        if o.how == "ordinal" and o.value <= 10 and o.last < x.first <= o.last + 2
    ]
    for (o1, x1), (o2, x2) in pairwise(labelled):
        after = set(scene.words[x2.last + 1 : x2.last + 3])
        if (
            o2.value == o1.value + 1
            and x1.allowed not in (None, "not a card value", "a small number")
            and x2.allowed in (None, "a small number")
            and (scene.result or scene.wordset & LEFT)
            and not after & (roles.PILE | HAND_WORDS | roles.ON_PILE)
        ):
            x2.allowed = x1.allowed
    # One's card said to be someone's age: "la carte que j'ai c'est l'âge de mon père, 57 ans", "meine
    # Karte ist so alt wie ich, bin 28 geworden": the age is the card.
    if scene.wordset & AGE_LINK_WORDS and CARD_AGE.search(scene.joined):
        for n in nums:
            if n.allowed in ("an age", "a count or a time", "a duration") and 2 <= n.value <= 99:
                n.allowed = None
    # Piles listed by their numbers: "Stapel eins und zwei sind gut, drei und vier eher nicht".
    pair_words = ("und", "and", "et", "y", "or", "oder", "ou", "o", ",")
    if any(
        a.value <= 4
        and a.first
        and scene.words[a.first - 1] in roles.PILE
        and b.value <= 4
        and all(w in pair_words or w in roles.PILE for w in scene.words[a.last + 1 : b.first])
        for a, b in pairwise(nums)
    ):
        for a, b in pairwise(nums):
            between = scene.words[a.last + 1 : b.first]
            if (
                a.allowed in (None, "a small number")
                and not set(scene.words[max(0, a.first - 3) : a.first]) & (HAVE_OR_PLAY | MY_WORDS)
                and not set(scene.words[b.last + 1 : b.last + 3]) & roles.OFFSET_WORDS
                and b.allowed in (None, "a small number")
                and 1 <= a.value <= 4
                and 1 <= b.value <= 4
                and between
                and all(w in pair_words for w in between)
            ):
                a.allowed = b.allowed = "a pile number"
    # Counting aloud: "un, deux, trois", "1 2 3 go", "a la de tres: una, dos y tres" (the idiom aside).
    counted = [n for n in nums if n.allowed != "an idiom or a title"]
    if (
        len(counted) >= 3
        and [n.value for n in counted] == list(range(1, len(counted) + 1))
        # said one after another, not "hab eine, die zwei unter dem liegt, was auf Stapel 3 oben ist"
        and all(
            sum(w.isalpha() for w in scene.words[a.last + 1 : b.first]) <= 2 for a, b in pairwise(counted)
        )
    ):
        for n in counted:
            n.allowed = "counting"
        return
    # Counting down: "3, 2, 1 ... los!", "cinco, cuatro, tres, dos, uno": three or more numbers, each one
    # less than the one before, down to 1 or 0, with nothing but punctuation between them.
    k = 0
    while k < len(nums):
        j = k
        while (
            j + 1 < len(nums)
            and nums[j + 1].value == nums[j].value - 1
            and not any(w.isalnum() for w in scene.words[nums[j].last + 1 : nums[j + 1].first])
        ):
            j += 1
        if j - k >= 2 and nums[j].value <= 1:
            for m in nums[k : j + 1]:
                m.allowed = "counting down"
        k = j + 1
    # "I got 3 and 4", "hand: 2 3 4": a list of small numbers that nothing explains names cards.
    for k in range(len(nums) - 1):
        a, b = nums[k], nums[k + 1]
        between = [w for w in scene.words[a.last + 1 : b.first] if w.strip()]
        if (
            "a small number" in (a.allowed, b.allowed)
            and a.allowed in (None, "a small number")
            and b.allowed in (None, "a small number")
            and all(w in (",", "and", "und", "et", "y", "&") for w in between)
        ):
            a.allowed = b.allowed = None  # "j'ai 3 et 5": the second card shares the first one's cue
    # A small number hidden under a spoiler is hidden because it is a card: "spoiler: ||huit||".
    if "||" in scene.message:
        hidden = {fold(w) for m in SPOILER.finditer(scene.message) for w in TOKEN.findall(m.group(1))}
        for n in nums:
            if n.allowed == "a small number" and all(w in hidden for w in scene.words[n.first : n.last + 1]):
                n.allowed = None
    # A small number left undecided: the live keeper asks the sender's hand.
    for n in nums:
        if n.allowed == "a small number" and (n.value in ctx.hand or n.value > ctx.hand_size):
            n.allowed = None


AGE_LINK_WORDS = frozenset("age alt edad old alter".split())
AGE_LINK = re.compile(
    r"\b(?:(?:l'?\s?age\s+d[e']|the\s+age\s+of|(?:la\s+)?edad\s+de)\s*(?:mon|ma|mes|ton|ta|son|sa|notre|votre|"
    r"leur|mi|tu|su|my|your|his|her|our|their)\b|so\s+alt\s+wie|genauso\s+alt|as\s+old\s+as|"
    r"same\s+age|meme\s+age|gleich\s+alt|misma\s+edad|alter\s+(?:von|meine[sr]?|deine[sr]?))\b"
)
# One's card and the link in one clause: "la carte que j'ai c'est l'âge de mon père", "meine Karte ist
# so alt wie ich", "j'ai l'âge de ma grand-mère en main".
CARD_AGE = re.compile(
    r"\b(?:card|carte|karte|carta|mine|meine|la\s+mienne|la\s+mia)\b[^.,!?;]{0,30}?(?:"
    + AGE_LINK.pattern
    + r")|(?:"
    + AGE_LINK.pattern
    + r")[^.,!?;]{0,40}?\b(?:en\s+main|in\s+der\s+hand|in\s+my\s+hand|en\s+la\s+mano)\b"
)
THIRD_PERSONS = frozenset("she he s they er sie il elle ella el".split())
# "I've got 3 cards, the lowest is maybe 7": a card, not the count corrected.
NOT_A_CORRECTION = frozenset(
    "the la le el die der is ist est es lowest highest smallest biggest niedrigste hoechste kleinste "
    "groesste plus mas".split()
)
MAYBE = frozenset("maybe perhaps vielleicht eventuell evtl peut etre quizas quiza talvez vez".split())
PLAYED_CARDS = frozenset(
    "gelegte gelegten gespielte gespielten abgelegte abgelegten played laid posees jouees jugadas tiradas "
    "puestas".split()
)
COMPARE_AFTER = frozenset(
    "lower higher less more off away under over above below cards card up down than on in".split()
)
MODALS_DE = frozenset("sollte sollt soll kann konnte darf durfte muss musste ist war hat hatte wird".split())
# A place in a race or a ranking, out of a field: "quedé tercero de 12 en el Mario Kart".
PLACE_OF = frozenset("de of sur von out".split())
PLACING = frozenset(
    "came come finished finish placed ended ranked quede quedo quedaste quedamos termine llegue arrive "
    "arrivee fini finis suis wurde wurdest geworden gelandet platz place puesto rang race course carrera "
    "rennen kart".split()
)


def _place(word: str) -> int:
    """The place an ordinal word names ("third", "3rd", "3e", "tercero", "dritter"), or 100."""
    if (m := MIXED.match(word)) and m.group(2) in ORDINAL_TAILS:
        return int(m.group(1))
    for table in ORDINALS.values():
        for ending in ("", "r", "n", "s", "m"):  # "dritter", "dritten"
            if ending and not word.endswith(ending):
                continue
            found = table.get(word[: len(word) - len(ending)] if ending else word)
            if found is not None:
                return found[0]
    return 100


def _role(n: Num, toks: list[Tok], ctx: Context, scene: Scene) -> str | None:
    """Why the number is harmless, or None when it is a card value."""
    if n.how in ("encoded", "cover"):
        return None  # the message said how to read it: "rot13: frfragn", "merkt euch die Minuten"
    value = n.value
    prev, nxt = _near(scene, n.first, n.last, 4, 4)
    b1 = prev[0] if prev else ""
    b2 = prev[1] if len(prev) > 1 else ""
    a1 = nxt[0] if nxt else ""
    a2 = nxt[1] if len(nxt) > 1 else ""
    before_tok = scene.words[n.first - 1] if n.first > 0 else ""
    after_tok = scene.words[n.last + 1] if n.last + 1 < len(toks) else ""
    if value > 99 or value < 1:
        return "not a card value"
    if _other_game_card(n, toks, scene):
        return "a card of another game"
    if (
        after_tok == "%"
        or a1 in ("percent", "prozent", "pourcent", "porciento", "pct")
        or (a1 in ("por", "pour", "per") and a2 in ("ciento", "cent", "cento"))
    ):
        return "a percentage"
    if scene.words[n.first].endswith(("avo", "ava", "avos", "avas")) and (b1 in ("un", "una") or a1 == "de"):
        return "a fraction"  # "me comí un doceavo de la pizza"; "la treceava es mía" is a card
    at = 2 if b1 == "of" and b2 == "out" else 1  # "3rd out of 12"
    if (
        b1 in PLACE_OF
        and (set(prev[at + 1 : at + 3]) & PLACING or (nxt[:1] and nxt[0] in PLACING))
        and prev[at + 1 : at + 2] not in (["ma"], ["mi"], ["my"], ["meine"], ["mon"])
        and _place(prev[at] if len(prev) > at else "") < value <= 40
    ):
        return "a count of things"  # a field: "quedé tercero de 12", "I came 3rd of 12", "3e sur 12"
    being = 0 if b1 == "being" else 1 if b1 in ("like", "about", "around") and b2 == "being" else -1
    if (
        value <= 25
        and being >= 0
        and prev[being + 1 : being + 2] in (["of"], ["me"], ["remember"], ["since"], ["about"])
        and a1 not in COMPARE_AFTER
        and not (scene.pile_ref or scene.mine or scene.wordset & HAND_WORDS)
    ):
        return "an age"  # "this game reminds me of being like 10 at my grandma's"
    if (
        b1 == "mit"
        and a1 in MODALS_DE
        and "man" in nxt[1:3]
        and not scene.wordset & roles.CARD_NOUNS
        and not scene.pile_ref
    ):
        return "an age"  # "mit 31 sollte man eigentlich nicht mehr so rumheulen"
    if b1 in CENTURIES or a1 in CENTURIES:
        return "a century"  # "el siglo XXI", "im 19. Jahrhundert", "the 21st century"
    if value <= 24 and n.how in ("digits", "word") and {n.first - 2, n.first - 1} & scene.time_words:
        return "a time"
    if (
        n.first in scene.idiom
        and n.last in scene.idiom
        and n.how not in ("spelled", "leet", "glyph", "saying")
        # "trеnte-six" with a Cyrillic e is a disguise, not the saying
        and not any(scene.lookalike[toks[n.first].start : toks[n.last].end])
        # "tengo la carta del área 51", "the card of Area 51": a card, by its name
        and not (
            set(prev[:3]) & CARD_OF and set(scene.words[max(0, n.first - 5) : n.first]) & roles.CARD_NOUNS
        )
        and not _title_held(n, scene)
    ):
        return "an idiom or a title"
    if (
        n.how == "leet"
        and toks[n.first].text.upper() in STUDY_YEARS
        and n.first > 0
        and scene.words[n.first - 1] == "en"
    ):
        return "a year of study"  # "je suis en L3 info"
    disguised = n.odd or n.how in ("spelled", "leet", "roman", "glyph", "arithmetic", "quantity", "saying")
    if n.how == "saying":
        if scene.wordset & roles.AGE_VERBS:
            return "an age"  # "este año cumplo la edad de Cristo"
        return None
    if n.how == "quantity":
        if value == 10 and _trick(prev, nxt, scene):
            return "the backwards trick"  # "le truc de la dizaine", "el truco de la decena"
        if scene.words[n.last] in WEAK_QUANTITIES and not (
            set(prev[:3]) & roles.HAVE or scene.near(scene.mine_at, n, 4, 2)
        ):
            return "an ordinary word"  # "was für ein Schock"; "meine ist ne Mandel" is a card
        if scene.words[n.last] in CENTURY_WORDS and not (
            (set(prev[:4]) | set(nxt[:3])) & roles.HAVE or scene.near(scene.mine_at, n, 5, 4)
        ):
            return "a span of years"  # "half a century ago"; "half a century sitting in my hand" is a card
        if set(prev[:3]) & WORTH:
            return None  # "ma carte vaut une douzaine d'œufs": the card is worth the quantity
        if a1 in ("of", "de", "von", "mal", "times", "fois", "veces", "d") and (
            value != 6 or (len(nxt) > 1 and nxt[1] in roles.CARD_NOUNS)
        ):
            return "a quantity of things"
        if (
            a1 in roles.COUNT_NOUNS
            or a1 in roles.UNITS
            or a1 in roles.PLAYER_NOUNS
            or _plural_noun(n, toks, nxt, scene)
            or (n.last + 1 < len(toks) and scene.capital(n.last + 1))
        ):
            return "a quantity of things"  # "a dozen games", "ein Dutzend Partien", "a dozen people"
        return None
    if n.how == "decade":
        return _decade_role(n, prev, nxt, scene)
    if a1 in ("y", "et", "and", "und") and a2 in ROUGHLY:
        if _age(b1, b2, a1, prev) or nxt[2:3] in (["anos"], ["years"], ["jahre"], ["ans"]):
            return "an age"  # "mi tía tiene treinta y tantos"
        return None  # "treinta y tantos": a range
    if (
        value <= 3
        and a1 in ("-", "to", "bis", "a", "au")
        and a2 in ("2", "3", "4")
        and (b1 in roles.PILE or (b1 in ("numbers", "nummern", "numeros") and b2 in roles.PILE))
    ):
        return "a pile number"  # "pile numbers 1-4 are fine"
    if (
        value == 2
        and (a1 in PILE_WAYS or (a1 in GOING and a2 in PILE_WAYS))
        and PILES_COUNTED.search(scene.joined)
    ):
        return "a count of piles"  # the rules' piles: "es gibt 4 stapel, 2 rauf und 2 runter"
    share = (a1 == "out" and a2 == "of") or (b1 == "of" and b2 == "out")
    if n.how == "digits" and (share or _digit_groups(n, toks) >= 3):
        # Before offsets, and the only place phone numbers are read: "4 out of 5 dentists ... pile 1",
        # "+1 (415) 555-0193", three or more groups of digits in a row.
        return "a share of a group" if share else "a phone number"
    if (
        n.how == "word"
        and value % 10 == 0
        and n.first > 0
        and toks[n.first - 1].text.lower() == "big"
        and not (HAND_WORDS & scene.wordset or scene.pile_ref or scene.mine)
        # "I've got the big 5-0 lol": held, not "she's got the big 4-0 coming up"
        and not (
            set(prev[1:3]) & OWN_HAVING
            and not set(prev[2:5]) & (roles.PEOPLE | THIRD_PERSONS)
            and (not nxt or nxt[0] in roles.LAUGHS)
        )
    ):
        return "an age"  # "the big 3-0 next month"; "the big 4-0 in my hand" is a card
    if value == 1 or n.how == "offset":
        return _offset_role(n, prev, nxt, scene)
    # Offsets from a pile's top come before everything else that reads small numbers.
    # "a ten-higher for falling pile 4": the step glued to its word by a hyphen.
    glued = nxt[1:] if nxt[:1] == ["-"] and nxt[1:2] and nxt[1] in roles.OFFSET_WORDS else nxt
    offset = _offset_cue(n, prev, glued, scene)
    if (
        offset
        and value == 10
        and not set(prev[:4]) & NOTHING
        and not set(prev[:2]) & BOUND_BEFORE
        and not _ten_the_wrong_way(n, glued, scene)
    ):
        return "the backwards trick"  # an exact step of ten from a top, in any words or direction
    if offset and not (value == 10 and _trick(prev, nxt, scene) and not _ten_the_wrong_way(n, glued, scene)):
        n.how = "offset"
        return None
    if n.how == "ordinal":
        return _ordinal_role(n, prev, nxt, scene, toks)
    if n.how in ("spelled", "leet", "glued", "roman", "glyph", "arithmetic"):
        if value <= 4 and (b1 in roles.PILE or a1 in roles.PILE):
            return "a pile number"
        return None
    if a1 in THOUSANDS and a1 == after_tok and (a1 != "grand" or not scene.wordset & STOPWORDS["fr"]):
        # "the sixty-four thousand dollar question", "cuarenta mil", "5 grand"; not "à vingt, grand max"
        return "not a card value"
    if b1 in ("mid", "mitte", "mediados") and value % 10 == 0:
        if (
            b1 == "mitte"
            and len(prev) > 1
            and prev[1] in AGE_COPULAS
            and not scene.mine
            and not scene.pile_ref
        ):
            return "an age"  # "mein Chef ist Mitte fünfzig"
        n.value += 5
        return None
    harmless = _harmless(n, prev, nxt, b1, b2, a1, a2, before_tok, after_tok, toks, ctx, scene)
    if harmless:
        return harmless
    if disguised:
        return None
    if value >= 10 or _card_cue(n, prev, nxt, b1, a1, scene, toks):
        return None
    return "a small number"


# The verbs after "mit <number>" that tell what one did or knew at that age ("mit 18 kannte ich…").
AGED_WITH_VERBS = frozenset(
    "hab habe hatte war bin konnte durfte jahren fing spielte ist "
    "lern lerne lernte kannte wusste heiratete".split()
)


def _harmless(
    n: Num,
    prev: list[str],
    nxt: list[str],
    b1: str,
    b2: str,
    a1: str,
    a2: str,
    before_tok: str,
    after_tok: str,
    toks: list[Tok],
    ctx: Context,
    scene: Scene,
) -> str | None:
    value = n.value
    digits = n.how == "digits"
    glued_before = n.first > 0 and toks[n.first - 1].end == toks[n.first].start
    # "my 11 y/o nephew": years old.
    if (
        a1 == "y"
        and a2 == "o"
        and after_tok == "y"
        and "/" in scene.text[toks[n.last].end : toks[n.last].end + 4]
    ):
        return "an age"
    # Counts spread over piles: "i can dump two on pile 3 and one on pile 1" (one is no card).
    if (
        value <= ctx.hand_size
        and b1 not in roles.ARTICLES
        and b1 not in MY_WORDS
        and b1 not in ("your", "deine", "ne", "tu", "ta", "ton")
        and a1 in ON_A_PILE
        and (a2 in roles.PILE or (a2 == "la" and len(nxt) > 2 and nxt[2] in roles.PILE))
        and _one_on_another_pile(n, scene)
    ):
        return "a count of cards"
    # Two unit words hyphened before a count: "deux-trois cartes pour la pile 1" (two or three).
    if (
        n.how == "word"
        and a1 in PLURAL_CARDS
        and b1 not in roles.ARTICLES
        and len(scene.words[n.first : n.last + 1]) == 3
        and scene.words[n.first + 1] == "-"
        and scene.words[n.first] in HYPHEN_UNITS
        and scene.words[n.last] in HYPHEN_UNITS
        and HYPHEN_UNITS[scene.words[n.first]] + 1 == HYPHEN_UNITS[scene.words[n.last]]
    ):
        return "a count of cards"
    # Things bought, ordered, eaten: "hab direkt zwei gekauft", "I ordered 3".
    if value <= 20 and (a1 in BOUGHT or (b1 in BOUGHT and not scene.mine)):
        return "a count of things"
    # The hand's size in a variant: "en la variante difícil la mano baja a 5".
    if (
        value <= 8
        and b1 in ("a", "auf", "to")
        and set(prev[1:4]) & HAND_ITSELF
        and set(prev[1:3]) & HAND_CHANGES
    ):
        return "a count of cards"
    # Someone's age: "you're 19", "meine oma, stolze 84", "mit 35 fühl ich mich zu alt".
    if b1 in ("stolze", "stolzen") and (set(prev[1:4]) & roles.PEOPLE or set(nxt[:2]) & {"jahre", "alt"}):
        return "an age"
    if (
        ((b1 == "re" and b2 == "'" and prev[2:3] == ["you"]) or b1 == "youre")
        and a1 not in roles.OFFSET_WORDS
        and not scene.pile_named
        and not scene.wordset & roles.CARD_NOUNS
    ):
        return "an age"
    if (
        b1 == "mit"
        and any(
            w in ("alt", "jung") and later[k - 1 : k] in (["zu"], ["so"], ["noch"])
            for later in [scene.words[n.last + 1 : n.last + 7]]
            for k, w in enumerate(later)
        )
        and not set(scene.words[n.last + 1 : n.last + 9]) & {"aus", "sehen", "sieht", "sehn"}
    ):
        return "an age"
    if a1 == "augen" and scene.wordset & DICE_OR_SKAT:
        return "a score"  # "beim Schafkopf hatte ich 61 Augen"
    # A meal or someone coming back in so many minutes: "mom says dinner in 20".
    if b1 in ("in", "dans") and b2 in SOON_NOUNS and value <= 60:
        return "a time"
    # Numbers one calls: "mon voisin a appelé le 18", "ruf die 110", "llamé al 112".
    if b1 in CALLED or (b1 in ("le", "el", "al", "die", "the") and b2 in CALLED):
        return "a phone number"
    # Emergency numbers beside their service: "les pompiers c'est le 18", "la police, le 17".
    if value in EMERGENCY_NUMBERS and scene.wordset & EMERGENCY_WORDS and not scene.wordset & HAND_WORDS:
        return "a phone number"
    # An age limit: "is this server 18+?", "ist der Kanal ab 18?", "+18 only".
    if (
        value in (12, 16, 18, 21)
        and (
            (
                after_tok == "+"
                and (
                    n.last + 2 >= len(toks)
                    or toks[n.last + 2].kind == "p"
                    or (toks[n.last + 2].kind == "w" and not read_word(toks[n.last + 2].text, LANGUAGES))
                )
            )
            or (before_tok == "+" and (n.first < 2 or toks[n.first - 2].kind == "p"))
            or b1 == "ab"
        )  # "18+ ?", "+18 only"; "douze + douze" is a sum
        and scene.wordset & AGE_LIMIT_CONTEXT
        and not scene.wordset & CARDS_OR_HAVE_BUT_ME
        and not scene.wordset & CARD_OR_PILE
        and not scene.wordset & PLAY_VERBS
    ):
        return "an age"
    # School years: "I'm teaching year 9 tomorrow", "meine Tochter ist in Klasse 7".
    if (
        value <= 13
        and b1 in SCHOOL_YEARS
        and before_tok == b1  # "in Klasse 7"; "Klasse, 12 passt auf Stapel 2" is "great"
        and (b1 == "year" or b2 in SCHOOL_YEAR_BEFORE)
        and not set(prev[1:3]) & roles.HAVE
        and not scene.pile_ref
    ):
        return "a school year"
    # Minutes until one arrives or is back: "llego en 10", "back in 20", "bin in 15 wieder da".
    if (
        b1 in ("in", "en", "dans")
        and value <= 60
        and (
            b2 in ARRIVING
            or (b2 in BEING and set(nxt[:3]) & BACK_AFTER)
            or (
                (b2 in STARTING or (b2 in STARTING_AFTER_ON and prev[2:3] == ["on"]))
                and (value <= 3 or (value % 5 == 0 and value <= 30))
                and not scene.wordset & GAME_TALK
                and not any(w.isdigit() for w in nxt[:3])  # "seguimos en 45 en la 2": a pile's top
            )
        )
        and not set(nxt[:2]) & CARD_OR_PILE
    ):
        return "a time"
    # The backwards trick named as a thing: "explain the 10 thing", "la regla del 10", "das 10er-Ding".
    if value == 10 and b1 in TEN_THING_BEFORE and a1 in TEN_THING_NOUNS:
        return "the backwards trick"
    # The minute of a match: "golazo en el minuto 90", "in der 89. Minute" is read as an ordinal.
    if b1 in MATCH_MINUTE and value <= 99 and not set(prev[1:3]) & roles.HAVE:
        return "a time"
    # A size of memory or a speed of a machine: "16 gigas de ram", "32 GB", "144 Hz".
    if a1 in MACHINE_UNITS:
        return "a measure"
    # A French mobile number by its first digits: "mon 06 a changé".
    if digits and toks[n.first].text in ("06", "07") and b1 in PHONE_OWNERS_FR:
        return "a phone number"
    # A time after which one is free: "hit me up after 11", "ab 9 bin ich da" is read elsewhere.
    if (
        b1 in ("after", "before")
        and value <= 12
        and n.how in ("digits", "word")
        and b2 not in roles.PILE
        and not b2.startswith(PLAY_STEMS)
        and b2 not in ("go", "goes", "lay", "put", "drop", "come", "comes", "one", "card")
        and not scene.pile_ref
        and not scene.mine
        and not scene.wordset & CARDS_OR_HAVE_BUT_ME
    ):
        return "a time"
    # A date said with today or tomorrow: "mañana es 18", "heute ist der 3.", "tomorrow is the 18th".
    if value <= 31 and (
        (b1 in DATE_COPULAS and b2 in DAY_WORDS)
        or (
            b1 in ("el", "der", "the", "le") and b2 in DATE_COPULAS and len(prev) > 2 and prev[2] in DAY_WORDS
        )
    ):
        return "a date"
    # Told one's age, with a parent who lets one do things: "tengo 16 y mi mamá me deja salir".
    if (
        b1 in ("tengo", "tiene", "tienes")
        and 10 <= value <= 25
        and a1 in ("y", "pero")
        and set(nxt[1:3]) & PARENTS
    ):
        return "an age"
    # A year, the Spanish way, with a past event after it: "en el 94 fuimos al mundial".
    if value >= 10 and b1 == "el" and b2 == "en" and a1 in PAST_EVENTS:
        return "a year"
    # A day of the month after an appointment: "tengo examen el 3", "I've got a dentist thing on the 5".
    if (
        value <= 31
        and b1 in ("el", "le", "the", "am")
        and (b2 in APPOINTMENTS or (b2 == "on" and len(prev) > 2 and prev[2] in APPOINTMENTS))
    ):
        return "a date"
    # Episodes and seasons of a series counted: "die Staffel hat 8 Folgen", "9 épisodes", "12 capítulos".
    if a1 in EPISODES or (a1 in ("folgen", "folge") and scene.wordset & SERIES_WORDS):
        return "a count"
    # Points scored in a game won or lost: "gané una mano con 37 puntos", "j'ai marqué 40 points".
    if a1 in POINTS and scene.wordset & SCORING:
        return "a score"
    # A temperature below zero: "il faisait -20", "hace -5 afuera", "it was -12 this morning".
    if (
        b1 == "-"
        and toks[n.first - 1].end == toks[n.first].start
        and (n.first < 2 or toks[n.first - 2].end < toks[n.first - 1].start)
        and (b2 in WEATHER_VERBS or scene.wordset & COLD_WORDS)
        and not scene.pile_ref
    ):
        return "a temperature"
    # A French département where one lives or grew up: "j'ai grandi dans le 93", "je viens du 13".
    if (
        (b1 == "le" and b2 == "dans" and len(prev) > 2 and prev[2] in LIVING_FR)
        or (b1 == "du" and b2 in LIVING_FR)
    ) and not scene.pile_ref:
        return "a place"
    # A clock time with its minutes glued to am or pm: "it's 9:45pm here".
    if (
        digits
        and after_tok == ":"
        and n.last + 2 < len(toks)
        and toks[n.last + 2].start == toks[n.last + 1].end
        and TIME_TAIL.fullmatch(toks[n.last + 2].text)
    ):
        return "a time"
    # What we had at the end of a game, in the past: "we had 8 left", "wir hatten 5".
    if b1 in HAD_PAST and b2 in WE_SUBJECTS and not scene.pile_ref and a1 not in roles.CARD_NOUNS:
        return "a count"
    # Cards laid out of all at the end, a fraction: "we won with 98/98 laid".
    if (
        digits
        and (after_tok == "/" or before_tok == "/")
        and scene.wordset & SCORING_OR_LAID
        and not scene.pile_ref
    ):
        return "a score"
    # A day of the month to meet or play again: "on se refait ça le 14 ?", "rematch on the 3rd".
    if value <= 31 and b1 in ("le", "el", "the", "am") and set(prev[1:4]) & REMATCH:
        return "a date"
    # Blood pressure, a French saying for being sluggish: "t'as 2 de tension".
    if a1 == "de" and a2 == "tension":
        return "a measure"
    # Swiss German hours after "am": "bis am nüüni", "ab am achti".
    if b1 == "am" and b2 in SWISS_TIME_BEFORE and value <= 24:
        return "a time"
    # The ages of children one has mentioned: "2 Kinder am Tisch, die sind 6 und 8".
    if (
        value <= 17
        and (
            (b1 in KIDS_ARE and b2 in KIDS_THEY)
            or (
                b1 in ("und", "and", "et", "y")
                and len(prev) > 3
                and prev[2] in KIDS_ARE
                and prev[3] in KIDS_THEY
            )
        )
        and scene.wordset & FAMILY_OR_PEOPLE
        and not scene.pile_ref
    ):
        return "an age"
    # Working or opening hours: "I work 9 to 5", "trabajo de 8 a 3", "ich arbeite von 8 bis 16".
    if (
        scene.wordset & WORK_WORDS
        and value <= 24
        and ((a1 in HOUR_RANGE and _hour(a2)) or (b1 in HOUR_RANGE and _hour(b2)))
    ):
        return "a time"
    # Degrees: "31°C", "12 °F", "-3°".
    if after_tok in ("°", "º") and b1 not in ("n", "no", "nr"):
        return "a measure"
    # A number written with a dot beside a word of software is a version: "la app va por la 3.2".
    if (
        digits
        and n.first < n.last
        and "." in scene.text[toks[n.first].end : toks[n.last].start]
        and (
            scene.wordset & roles.SOFTWARE
            or any(w.startswith(UPDATE_STEMS) for w in scene.wordset)
            or (  # the game's bot or a server: only where nothing speaks of cards or play
                scene.wordset & roles.SOFTWARE_NEAR
                and not scene.wordset & CARD_OR_PILE
                and not scene.wordset & PLAY_VERBS
            )
            # or moved on to it: "le bot est passé en 1.8", "el server pasó a la 2.3"
            or (
                scene.wordset & roles.SOFTWARE_NEAR
                and (tuple(prev[:2]) in MOVED_TO or tuple(prev[:3]) in MOVED_TO)
            )
        )
        # "the bot says I have 4.5", "tengo el 3.0", "el bot 2.1 en la mano": a card with a dot in it
        and not (b1 in roles.HAVE or (b1 in roles.ARTICLES and b2 in roles.HAVE))
        and not set(nxt[:4]) & HAND_WORDS
    ):
        return "a label or a version"
    # A year after an event in the past, the Spanish way: "mi viejo se casó en el 82".
    if (
        value >= 10
        and b1 == "el"
        and b2 == "en"
        and PRETERITE.search(scene.message[: toks[n.first].start])
        and not set(prev) & PLAY_PRETERITES
    ):
        return "a year"
    # Days from one to another: "el finde del 14 al 16", "du 3 au 5 juillet".
    if (
        value <= 31
        and scene.wordset & DATE_RANGE_CONTEXT
        and (
            (b1 in ("del", "du") and a1 in ("al", "au") and a2.isdigit())
            or (b1 in ("al", "au") and b2.isdigit() and len(prev) > 2 and prev[2] in ("del", "du"))
        )
    ):
        return "a date"
    # Decades: "en los 90 se jugaba a esto".
    if (
        value % 10 == 0
        and value >= 20
        and b1 == "los"
        and b2 == "en"
        and not set(nxt[:2]) & CARD_OR_PILE
        and not set(prev[2:5]) & HAVE_OR_SOME
        and not scene.pile_ref
    ):
        return "a decade of years"
    # The size of teams or groups: "16 teams of 4", "el torneo es de 8 equipos de 3".
    if b1 in ("of", "de", "zu", "a", "von") and b2 in GROUP_NOUNS:
        return "a count of people"
    # A year told with its event in the past: "en el 92 fueron las Olimpiadas", "im 98 war die WM".
    if value >= 10 and ((b1 == "el" and b2 == "en") or b1 in ("im", "anno")) and set(nxt[:3]) & PAST_EVENT:
        return "a year"
    # A round birthday as a German ordinal: "zu Omas 90.", "an meinem 40.", "zum 60. von Papa".
    if (
        value >= 10
        and after_tok == "."
        and n.first > 1
        and (
            b1 in DATIVE_POSSESSIVES
            or (
                scene.capital(n.first - 1)
                and b1.endswith("s")
                and scene.words[n.first - 2] in BIRTHDAY_PREPOSITIONS
            )
        )
    ):
        return "an age"
    # Emoticons: "<3", ":3", "8)".
    if digits and glued_before and before_tok in ("<", ":", "=") and value in (3, 33, 333, 8, 0):
        return "an emoticon"
    if digits and value == 8 and after_tok == ")" and toks[n.last + 1].start == toks[n.last].end:
        return "an emoticon"
    if digits and glued_before and before_tok == "!" and set(toks[n.first].text) == {"1"}:
        return "an emoticon"  # "gg!!!11": a shift key let go
    # "die deutsche Elf", "unsere Elf hat gewonnen", "nen Elf spielen": a team or an elf, not eleven.
    if (
        scene.words[n.first] == "elf"
        and (
            (
                scene.capital(n.first)
                and (b1 in ELF_BEFORE or scene.wordset & TEAM_WORDS or "⚽" in scene.message)
            )
            or (b1 in ELF_BEFORE and scene.wordset & TEAM_WORDS)
            or (scene.capital(n.first) and b1 in ("die", "der") and a1 in ("vom", "von", "des", "aus"))
        )
        and not set(prev[:3]) & roles.HAVE
    ):
        return "a team or a creature"
    # "le onze de départ de l'OM", "el once de gala del Madrid": the eleven players of a team.
    if (
        scene.words[n.first] in ("onze", "once")
        and b1 in TEAM_ARTICLES
        and (a1 in TEAM_AFTER or scene.wordset & TEAM_WORDS)
        and not set(prev[:3]) & roles.HAVE
    ) or (
        # "on avait un onze de départ de malade": a starting eleven, whoever had it
        scene.words[n.first] in ("onze", "once")
        and b1 in ("un", "notre", "votre", "leur", "ce", "nuestro", "su", "tu", "ton")
        and a1 == "de"
        and a2 in ("depart", "gala", "reve", "lujo")
    ):
        return "a team"
    # Chilean "once" is the afternoon meal: "¿tomamos once?", "¿hay once? tengo hambre".
    if (
        scene.words[n.first] == "once"
        and n.first == n.last
        and (b1 in TAKE_A_MEAL or scene.wordset & MEAL_WORDS)
        and not (set(prev[:2]) - {"hay"}) & roles.HAVE
        and a1 not in CARD_OR_PILE
    ):
        return "a meal"
    # French "neuf" after a noun is "new": "un clavier neuf", "mon vélo neuf", "des chaussures neuves".
    if (
        scene.words[n.first] == "neuf"
        and n.first >= 2
        and toks[n.first - 1].kind == "w"
        and scene.words[n.first - 2] in DETERMINERS_FR
        and before_tok not in NOT_NOUNS_FR
        and not read_word(before_tok, LANGUAGES)
    ):
        return "an adjective (new)"
    # A phone number called: "appelle le 15", "call 112", "llama al 091", "ruf die 110 an".
    if b1 in CALL or (b1 in ("le", "la", "al", "el", "die", "the") and b2 in CALL):
        return "a phone number"
    # A sports score: "Lakers up 98-94", "2:1 gegen Bayern".
    if (
        digits
        and after_tok in ("-", ":")
        and n.last + 2 < len(toks)
        and toks[n.last + 2].kind == "n"
        and scene.wordset & SPORT
    ) or (
        digits
        and before_tok in ("-", ":")
        and n.first >= 2
        and toks[n.first - 2].kind == "n"
        and scene.wordset & SPORT
    ):
        return "a score"
    if (
        digits
        and after_tok in ("-", ":")
        and n.first >= 1
        and n.last + 3 < len(toks)
        and toks[n.last + 2].kind == "n"
        and _name(n.first - 1, scene)
        and _name(n.last + 3, scene)
    ) or (
        digits
        and before_tok in ("-", ":")
        and n.first >= 3
        and n.last + 1 < len(toks)
        and toks[n.first - 2].kind == "n"
        and _name(n.first - 3, scene)
        and _name(n.last + 1, scene)
    ):
        return "a score"  # "Toulouse 27 - 13 Racing": a name on each side
    # A score for a team named after it: "3-0 pour Servette", "2:1 for Arsenal", "1-0 para el Betis".
    if digits and after_tok in ("-", ":") and n.last + 3 < len(toks) and toks[n.last + 2].kind == "n":
        k = n.last + 3
        if k < len(toks) and scene.words[k] in SCORE_FOR:
            k += 1
            if k < len(toks) and scene.words[k] in SCORE_ARTICLES:
                k += 1  # "1-0 para el Betis"
            if k < len(toks) and _name(k, scene):
                return "a score"
    if (
        digits
        and (
            (a1 in ("a", "to", "zu") and nxt[1:2] and nxt[1].isdigit())
            or (b1 in ("a", "to", "zu") and b2.isdigit())
        )
        and scene.wordset & SPORT
    ):
        return "a score"  # "on a gagné 78 à 65 au basket"
    if (
        digits
        and after_tok == "/"
        and n.last + 2 < len(toks)
        and toks[n.last + 2].text in ("10", "20", "100")
    ):
        return "a mark"  # "14/20 en philo"
    if (
        digits
        and before_tok == "/"
        and toks[n.first].text in ("10", "20", "100")
        and n.first >= 2
        and toks[n.first - 2].kind == "n"
        and int(toks[n.first - 2].text[:3]) <= value
    ):
        return "a mark"
    start, end = toks[n.first].start, toks[n.last].end
    if digits and n.first == n.last and "_" in (scene.text[end : end + 1], scene.text[start - 1 : start]):
        return "an emoticon"  # "9_9", "0_0"
    # The deck and the rules: "the game has 98 cards", "cards go from 2 to 99".
    if value in (98, 99) and a1 in roles.CARD_NOUNS:
        return "the deck"
    if (
        value == 99
        and b1 in ("to", "bis", "a", "al")
        and len(prev) > 1
        and prev[1] in ("2", "two", "zwei", "deux", "dos")
    ):
        return "the rules"
    if value == 2 and a1 in ("to", "bis", "a", "al") and a2 in ("99", "ninety-nine", "neunundneunzig"):
        return "the rules"
    # Ages and birthdays: "Paul (34)", "happy 30th birthday", "feliz 60 cumpleaños".
    if (
        before_tok == "("
        and after_tok == ")"
        and n.first > 1
        and (scene.capital(n.first - 2) or scene.words[n.first - 2] in roles.PEOPLE)
    ):
        return "an age"  # "Paul (34)", "meine tochter (12)"
    if (
        value >= 10
        and b1 in ("is", "ist", "est", "es")
        and b2 in ("die", "der", "sie", "er", "she", "he", "elle", "il", "ella", "el")
        and scene.wordset & roles.PEOPLE
        and not scene.mine
        and not set(nxt[:2]) & CARD_OR_PILE
    ):
        return "an age"  # "oma erna, die is 84"
    if (
        value >= 10
        and b1 == "at"
        and len(prev) == 1
        and a1 in ("i", "we", "he", "she", "you", "my", "his", "her", "our")
    ):
        return "an age"  # "At 65 I finally understand this game"
    if a1 in roles.BIRTHDAY or a2 in roles.BIRTHDAY or b1 in roles.BIRTHDAY:  # b1 is prev[0]
        return "an age"
    if digits and after_tok == "." and b1 in ("zum", "zur"):
        return "an ordinal"
    # Addresses: "42 Elm Street", "Hauptstraße 47", "au 12 rue de la Paix", "calle Mayor 5".
    if (
        _street(b1)
        or _street(a1)
        or (a1 and a2 and _street(a2) and scene.capital(n.last + 1))
        or (b2 in STREETS and n.first > 0 and scene.capital(n.first - 1))  # "Calle Mayor 23"
    ):
        return "an address"
    if (
        value <= 24
        and b1 in ("like", "about", "around", "so", "gegen", "vers", "como")
        and b2 in roles.TIME_BEFORE
        and b2 != "at"
    ):
        return "a time"  # "I'm up till like 11"
    if (before_tok == "#" or (before_tok == "-" and n.first > 2 and scene.words[n.first - 3] == "#")) and any(
        _street(w) for w in scene.words[max(0, n.first - 6) : n.first]
    ):
        return "an address"  # "calle 45 #12-30"
    # A range of piles: "Número de pila (1 a 4)", "piles 1 to 4".
    if (
        value <= 4
        and b1 in ("a", "to", "bis", "au", "-")
        and b2 in ("1", "2", "3")
        and len(prev) > 2
        and (
            prev[2] in roles.PILE
            or (prev[2] in ("numbers", "nummern", "numeros") and prev[3:4] and prev[3] in roles.PILE)
        )
    ):
        return "a pile number"
    # Cards of a kind counted: "hab 2 richtig gute für die absteigenden stapel", "tengo 3 buenas".
    if (
        value <= 8
        and b1 not in roles.ARTICLES
        and (a1 in GOOD_ONES or (a1 in INTENSIFIERS and a2 in GOOD_ONES))
    ):
        return "a count of cards"
    if value <= 31 and b1 in ("le", "el") and b2 in EVENT_NOUNS:
        return "a date"  # "on se fait une partie le 14 ?"
    if value <= 31 and b1 in roles.DAY_NAMES and not set(prev[:3]) & roles.HAVE:
        return "a date"  # "el domingo 14 jugamos"
    # Another game named, with nothing of this one around: "au yams j'ai fait trois 6", "skat:
    # Grundwert 24", "en el truco el 7 de espadas".
    if (
        a1 in ("at", "in", "beim", "au", "al", "en")
        and a2 in OTHER_GAMES
        and not scene.pile_named
        and not scene.mine
        and not scene.wordset & HAND_WORDS
    ):
        return "a number of another game"  # "i got 72 at bowling yesterday"
    if (
        _other_game(scene)
        and not set(prev[:4]) & roles.HAVE  # "in poker I have 47", "sitting on the 21, blackjack"
        and not scene.pile_named
        and not scene.mine
        and not scene.wordset & HAND_WORDS_BUT_CARDS
        and a1 not in ("comme", "wie", "like", "como")  # "einundzwanzig, wie beim Blackjack": compared
    ):
        return "a number of another game"
    # Time said by the quarter: "zwanzig nach acht", "ten past nine", "twenty to six".
    if value in (5, 10, 15, 20, 25) and a1 in ("nach", "vor", "past", "to") and _hour(a2) and a2 != "":
        return "a time"
    # Cards left, said with a verb of remaining: "me quedan 2, las dos altas", "il m'en reste 3".
    if value <= ctx.hand_size and b1 in ("quedan", "queda", "restent", "reste", "bleiben", "remain"):
        return "a count of cards"
    # A member introducing themselves: "hi im new! 19, from Ohio".
    if 13 <= value <= 99 and a1 in ("from", "aus"):
        at = next((j for j in range(n.last + 1, min(len(toks), n.last + 4)) if scene.words[j] == a1), None)
        if at is not None and at + 1 < len(toks) and scene.capital(at + 1):
            return "an age"
    # A pet's age: "my cat is 14", "mein Hund ist 12".
    if value >= 2 and b1 in ("is", "ist", "est", "es", "tiene", "has", "hat", "a") and b2 in PETS:
        return "an age"
    # A goal counted: "2 more games to hit 50 this month".
    if (
        value % 10 == 0
        and b1 in ("hit", "reach", "erreichen", "atteindre", "alcanzar", "llegar")
        and not scene.pile_named
    ):
        return "a goal counted"
    # The hour after a quarter: "um 5 vor 12", "twenty past 9".
    if (
        value <= 12
        and b1 in ("nach", "vor", "past", "to")
        and b2.isdigit()
        and int(b2) in (5, 10, 15, 20, 25)
    ):
        return "a time"
    # A game for a number of players: "¿echamos una a 2?", "une à 3 ?".
    if value <= 8 and b1 in ("a", "à") and b2 in ("una", "une", "partida", "partie"):
        return "a player count"
    # The hour after "son las": "son recién las 22".
    if value <= 24 and b1 == "las" and set(prev[1:3]) & {"son", "eran", "seran"}:
        return "a time"
    # Points scored, in a game of any kind: "we scored 38 at trivia night".
    if b1 == "scored" and a1 in ("at", "in", "on", "points", "pts") and not scene.wordset & CARD_OR_PILE:
        return "a sports figure"
    # Sports figures: "82 off 53 balls", "287/6 in 50 overs", "2 goals".
    if not SPORT_UNITS.isdisjoint(nxt[:3]) and (scene.wordset & SPORT or a1 in SPORT_UNITS):
        return "a sports figure"
    # A bus or a tram by its number: "on the 42 bus", "la línea 5".
    if a1 in TRANSPORT and b1 in ("the", "le", "la", "el", "der", "die", "den", "dem", "my", "mon", "mi"):
        return "a label or a version"
    # Ratings out of a scale: "0 von 10 Witz", "4,7 étoiles", "4.5 stars".
    if a1 in STARS or (b1 in ("von", "of", "sur", "de") and b2.isdigit() and value in (5, 10, 20, 100)):
        return "a rating"
    # Dice: "saqué 12 con los dados", "rolled a 6".
    if value <= 12 and scene.wordset & DICE and not scene.says_not_dice:
        return "a roll of dice"
    # A die by its faces: "dados de 20 caras", "un dé à 20 faces", "ein Würfel mit 20 Seiten".
    if value in DIE_FACES and a1 in FACES and (scene.wordset & DIE_NOUNS or a1 in ("faces", "sided")):
        return "a roll of dice"
    # Family counted: "5 enkel und 12 urenkel".
    if a1 in FAMILY_PLURALS:
        return "a count of people"
    # "he's 14 and very patient": an age.
    if value >= 10 and b1 in ("s", "is") and b2 in ("he", "she") and not scene.mine:
        return "an age"
    # A share of a group: "4 out of 5 dentists", "3 von 4 Leuten", "9 de cada 10" ("47 sur 3" is a pile).
    if (a1 == "out" and a2 == "of") or (a1 == "von" and a2.isdigit()) or (a1 == "de" and a2 == "cada"):
        return "a share of a group"
    # A day of the month: "le 2 du mois prochain", "el 3 del mes que viene".
    if value <= 31 and ((a1 == "du" and a2 == "mois") or (a1 == "del" and a2 == "mes")):
        return "a date"
    # An age one had since or when: "since I was 8", "seit ich 10 war", "desde que tenía 9".
    if (b1 in WAS or a1 in WAS) and set(prev[:3]) & SINCE_OR_WHEN and not set(nxt[:2]) & CARD_OR_PILE:
        return "an age"
    # An age said roughly: "er ist Anfang achtzig", "sie ist Ende zwanzig", "Mitte fünfzig".
    if (
        value % 10 == 0
        and value >= 20
        and b1 in ("anfang", "ende", "mitte")
        and (b2 in AGE_COPULAS or (len(prev) > 2 and prev[2] in AGE_COPULAS))
        and not scene.mine  # "meine ist so Ende zwanzig" is a card
        and not scene.pile_ref  # "Stapel 3 war schon Ende 60" is a pile's top
    ):
        return "an age"
    # Ages of people: "I am 71", "ich bin 34", "mi sobrino de 13", "adults over 18", "Ende zwanzig".
    if (
        value >= 10
        and b2 in ("i", "ich")
        and b1 in ("am", "bin", "was", "war")
        and not set(nxt[:2]) & CARD_OR_PILE
    ):
        return "an age"
    if b1 == "de" and b2 in roles.PEOPLE:
        return "an age"
    if (
        value % 10 == 0
        and b1 in ("den", "los", "les")
        and b2 in ("in", "por", "dans", "en")
        and set(prev) & roles.PEOPLE
    ):
        return "an age"  # "mein Onkel ist in den Fünfzigern", "mi tía anda por los cincuenta"
    if (
        b1 in ("ende", "anfang")
        and value % 10 == 0
        and (b2 in ("ist", "bin", "bist", "sind", "war") or set(prev) & roles.PEOPLE)
    ):
        return "an age"  # "sie ist Ende zwanzig"; "Anfang achtzig" alone is a range
    if (
        b1 in ("over", "ueber", "ab", "de", "plus")
        and scene.wordset & ADULTS
        and b2 not in EVERYTHING
        # "mis cartas son (todas) mayores de 60": a bound on cards
        and not set(scene.words[max(0, n.first - 7) : n.first]) & roles.CARD_NOUNS
        and not set(nxt[:4]) & HAND_WORDS
    ):
        return "an age"
    # Years and eras: "soy del 92", "mis padres se conocieron en los 90".
    if b1 == "del" and b2 in ("soy", "eres", "es", "somos", "son"):
        return "a year"
    if value % 10 == 0 and b1 in ("los", "las") and (scene.wordset & ERA_CUES or b2 in ("anos", "decada")):
        return "a decade of years"
    # The date said as "we are the 31st": "on est le 31", "estamos a 3", "heute ist der 12.".
    if (
        value <= 31
        and b1 in ("le", "a", "der")
        and b2 in ("est", "estamos", "ist")
        and (
            (len(prev) > 2 and prev[2] in ("on", "nous", "heute", "today")) or (b2 == "estamos" and b1 == "a")
        )
    ):
        return "a date"
    # Temperatures, weights and heights: "máxima de 41", "peso 70 kilos", "mido 1,75".
    # ("hab grad 62 gezogen": German "grad" before a number is "gerade", just now.)
    if (
        (
            b1 in TEMPERATURE
            and b1 != "grad"
            # "max 22 in my hand": the highest card held
            and not (b1 in ("max", "min") and (scene.wordset & HAND_WORDS or scene.mine))
        )
        or (b1 in ("de", "of", "von") and b2 in TEMPERATURE)
        or a1 in WEIGHTS
    ):
        return "a measure"
    if (
        a1 in FEVER
        or (a1 in ("de", "of", "grad", "grados", "degres", "degrees") and a2 in FEVER)
        or (b1 in ("of", "de", "von", "mit") and b2 in FEVER)
    ):
        return "a measure"  # "tengo 38 de fiebre", "ich hab 39 Fieber", "a fever of 39"
    if b1 in AGE_RATINGS or (b1 == "-" and b2 in AGE_RATINGS):
        return "an age rating"  # "der Film ist FSK 16", "rated PG-13"
    if a1 == "to" and a2 == "the" and nxt[2:3] and nxt[2] in MONEY:
        return "money"  # "the peso is at 58 to the dollar": a rate of exchange
    if (
        ((before_tok in OWED_TO and b2 in OWING) or (before_tok in OWING and b2 in OWED_TO))
        and not scene.wordset & GAME_TALK
        and value <= 50
        and (n.how == "digits" or value <= 12 or value % 5 == 0)  # "you owe me twenty", not "forty-seven"
    ):
        return "money"  # "venmo me 10 for the snacks", "you owe me 15", "te debo 20" (not "on pile 2")
    # A label a few words back: "Android a la 14", "update auf die 15".
    if (b2 in roles.LABELS and b1 in LABEL_LINKS) or (
        len(prev) > 2 and prev[2] in roles.LABELS and b2 in LABEL_LINKS and b1 in LABEL_LINKS
    ):
        return "a label or a version"
    # Clothes sizes: "unos vaqueros de la 38", "Schuhe in 43", "my shoe size is 11".
    if (b1 in ("la", "el", "in", "en", "is", "ist", "es", "est") and b2 in SIZE_WORDS) or (
        b1 == "la" and b2 == "de" and len(prev) > 2 and prev[2] in SIZE_WORDS
    ):
        return "a size or a shirt number"
    # Titles written in capitals after the number, inside a sentence: "watch 50 First Dates", "99 Red
    # Balloons"; a capitalised article before it: "¿habéis visto El 47?".
    if (
        digits
        and n.first > 0
        and n.last + 2 < len(toks)
        and scene.capital(n.last + 1)
        and scene.capital(n.last + 2)
        and (_name(n.last + 1, scene) or _name(n.last + 2, scene))
        and not scene.wordset & STOPWORDS["de"]
    ):
        return "a title"
    if (
        digits
        and n.first > 1
        and scene.words[n.first - 1] in roles.ARTICLES
        and scene.capital(n.first - 1)
        and scene.words[n.first - 2] not in (".", "!", "?", ":")
        and not scene.wordset & STOPWORDS["de"]
    ):
        return "a title"
    # A work's title that starts with a number word, the work named after it: "Nueve reinas es la mejor
    # película", "Twelve Angry Men is a great film", "Die drei ??? war mein Lieblingsbuch".
    if (
        n.how == "word"
        and scene.capital(n.first)
        and scene.wordset & WORKS
        and scene.near(scene.words_at(WORKS), n, 0, 8)
        and not set(prev[:3] + nxt[:2]) & HAVE_OR_PLAY
        and not scene.pile_ref
        and not scene.mine
    ):
        return "a title"
    # Cards laid in a game that is over: "we got 96 down last night", "95 posées, on a failli l'avoir".
    if (
        value > ctx.hand_size
        and a1 in LAID
        and not set(nxt[1:4]) & roles.PILE
        and (scene.result or "fois" in scene.wordset)
    ):
        return "a result"
    if (b1 == "mis" and b2 == "a") or (b1 in ("mes", "mis") and b2 in ("a", "à") and a1 in roles.AGE_AFTER):
        return "an age"  # "a mis 40 me he comprado una Switch": "at my forty (years)"
    if b1 == "mit" and scene.wordset & LIFE_STARTS and not (set(nxt[:2]) & CARD_NOUNS_OR_PILE):
        return "an age"  # "mit 35 fang ich jetzt mit Brettspielen an"
    # A compound word: "a 3-way tie", "a 6-pack", "2-for-1".
    if (
        digits
        and after_tok == "-"
        and n.last + 2 < len(toks)
        and toks[n.last + 2].kind == "w"
        and toks[n.last + 1].start == toks[n.last].end
        and toks[n.last + 2].start == toks[n.last + 1].end
        and not read_word(toks[n.last + 2].text, LANGUAGES)
        and scene.words[n.last + 2] not in ("ish", "something", "irgendwas", "quelque", "algo", "odd", "plus")
        and not (n.value > 4 and PILE_WORD.fullmatch(scene.words[n.last + 2]))  # "der 71er-Stapel"
    ):
        return "part of a compound word"
    if b1 in ("a", "à") and (a1 == "pres" or (a1 in ("ou", "o", "or") and nxt[2:3] == ["pres"])):
        return "a margin"  # "à deux ou trois près"
    if a1 == "pres" and len(prev) > 0 and prev[0] in ("ou", "o"):
        return "a margin"
    # Sizes, jerseys and marks at school: "je chausse du 44", "el dorsal 10", "14/20 en philo".
    if b1 in SIZE_WORDS or (
        b1 in ("du", "un", "el", "le", "la", "die", "the", "a", "una") and b2 in SIZE_WORDS
    ):
        return "a size or a shirt number"
    if a1 == "de" and a2 in ("zapato", "zapatos", "pie", "calzado"):
        return "a size or a shirt number"
    school = scene.words_at(SCHOOL)
    if _school(scene) and (
        (not set(prev[:3]) & HAVE_BUT_ME and scene.near(school, n, 12, 12)) or scene.near(school, n, 0, 6)
    ):
        # "hab ne 2,3 in der Mathe-Klausur": the test follows the mark. A number far from the test
        # ("more stress than my exams, but ... i can drop a sixty-two there") is read on its own.
        return "a mark at school"
    if b1 in ("un", "una", "ein", "eine", "ne") and b2 in GIVEN_A_MARK:
        return "a mark at school"  # "me han puesto un 7", "m'a mis un 12"
    if value <= 20 and a1 in ("en", "in", "im") and a2 in SCHOOL:
        return "a mark at school"  # "ha sacado un 9 en inglés", "15 en anglais"
    if b1 in roles.ARTICLES and b2 in roles.LABELS and b2 not in ("day", "tag", "jour", "dia"):
        return "a label or a version"  # "mi bus, el 27"
    if (
        b1 in LABEL_COPULAS
        and (
            b2 in PLACE_LABELS
            or (b2 in ("number", "nummer", "numero", "nr") and len(prev) > 2 and prev[2] in ADDRESS_NOUNS)
        )
        and not scene.pile_named
    ):
        return "a label or a version"  # "Hausnummer ist 17", "my room number is 17", "the gate is 12"
    # Money and decimals: "€12.99", "14,95", "47 €", "15 balles".
    if before_tok in roles.CURRENCY or after_tok in roles.CURRENCY or a1 in roles.MONEY_WORDS:
        return "money"
    if b1 in roles.MONEY_WORDS and b1 != "cent" and b2 in ("de", "of", "von"):
        return "money"
    # Versions and identifiers: "v3.0.2", "Android 14", "bus 52", "Partie Nummer 14".
    # A label right before the number, with nothing between ("bus 52", "No. 5", "n° 2"): after a
    # comma the word belongs to the sentence before ("my turn, 47 goes on pile 2").
    label = before_tok
    if before_tok in (".", "°", "º") and n.first > 1 and scene.words[n.first - 2] in ("no", "nr", "n"):
        label = "nr"
    if label in ("number", "no", "nummer", "numero", "nr", "#") and b2 in COUNTABLE and b2 not in roles.PILE:
        return "a round, game or seat number"  # "win number 12", "Partie Nummer 14"
    if label in ("number", "no", "nummer", "numero", "nr") and b2 in roles.LABELS:
        return "a label or a version"  # "the bus number 52", "Zimmer Nummer 14"
    # "who has card no. 37", "Nummer 62 hat wer?", "llevo la número cuarenta y cinco": a card's number.
    card_number = label in NUMBER_LABELS and (
        b2 in roles.CARD_NOUNS
        or (b2 in ("la", "die") and len(prev) > 2 and prev[2] in roles.HAVE)
        or (set(nxt[:2]) & roles.HAVE and set(nxt[:3]) & WHO)
        or (set(prev[1:4]) & roles.HAVE and set(prev[1:4]) & WHO)
    )
    if (
        not card_number
        and label in roles.LABELS
        and not (label in NUMBER_LABELS and b2 in roles.PILE)
        and a1 not in roles.CARD_NOUNS
    ):
        return "a label or a version" if label not in NUMBER_LABELS else "a number of a game"
    if (
        b1 in roles.PILE or (b1 in ("nummer", "numero", "no", "nr", "n", "#") and b2 in roles.PILE)
    ) and value <= 4:
        return "a pile number"  # over 4, French "pile dix" is "exactly ten", not a pile
    # Titles and names: "Twelve Monkeys", "Area 51", "Studio 54".
    if _title(n, toks, scene, prev):
        return "a title or a name"
    if label in roles.GAME_ORDINAL_BEFORE or (b1 == "of" and b2 == "best" and before_tok == "of"):
        return "a round, game or seat number"
    if before_tok in SEAT_NOUNS and value <= 12 and a1 not in roles.CARD_NOUNS:
        return "a round, game or seat number"  # "c'est qui le joueur 4 ?", "wer ist Spieler 4?"
    if a1 in roles.PILE and value <= 4 and b1 not in ("a", "an", "ne", "un", "une", "una", "el", "le"):
        return "a pile number"
    if value in (2, 4) and a1 in PILE_KINDS and a2 in roles.PILE:
        return "a pile number"  # "the 2 rising piles", "die 2 absteigenden Stapel": piles counted
    if (
        b1 == "la"
        and value <= 4
        and not _holds_or_draws(b2, prev[2] if len(prev) > 2 else "")
        and (
            scene.pile_named
            or (b2 not in roles.HAVE and b2 not in PLAY_VERBS and not scene.near(scene.mine_at, n, 3, 0))
        )
    ):
        return "a pile number"  # "la 2": la pila 2, la pile 2; "sur la 3", "la cuatro es mía"
    if (
        value <= 4
        and b1 in PILE_BY_ARTICLE
        and b2 in PILE_BY_PREPOSITION
        and set(prev[2:4]) & NONE_FOR_PILE  # "none for the 3"; "waiting for the 3" is a card
        and a1 not in roles.CARD_NOUNS
        and a1 not in ("of", "von", "vom", "auf")  # "auf die 4 von Stapel 1": that pile's top card
        and _pile_numbered(scene)
    ):
        return "a pile number"  # "2 cards for pile 1, none for the 3", "für Stapel 2, keine für die 4"
    # Times: "um 8", "at 10 sharp", "22h", "a las diez", "Viertel nach neun", "9ish" for "when?".
    time_words = scene.time_words
    near_time = time_words and {n.first - 2, n.first - 1, n.first, n.last, n.last + 1} & time_words
    if near_time and (value <= 24 or n.first in time_words):
        return "a time"
    if a1 in roles.TIME_AFTER and value <= 24 and not (a1 == "pile" and b1 not in ("a", "at")):
        return "a time"
    if (
        b1 in roles.TIME_BEFORE
        and value <= 24
        and b2 not in roles.PILE
        and b2 not in AT_A_PLACE
        and not (b1 == "at" and value > 12 and not scene.wordset & CLOCK_WORDS)
    ) and (b1 in ("at", "um", "gegen", "vers", "hacia", "till", "until", "by") or scene.has_weekday):
        return "a time"  # "at 17" with no clock word is a place in the game, not an hour
    if (
        value <= 24
        and scene.time_question  # else `time_question_at` is empty
        and scene.near(scene.time_question_at, n)
        and not scene.near(scene.mine_at, n)
        and b1 not in roles.ARTICLES
        and b1 not in POSSESSIVES
        and not set(prev[:3]) & HAVE_OR_PLAY
    ):
        return "a time"
    if (b1 == "past" and value <= 12 and b2 not in GO_PAST) or (
        b1 in ("in", "dans") and (not a1 or a1 in ("or", "oder", "ou", "o"))
    ):
        return "a time"  # "past 11 already"; "don't go past 80 on the up pile" is a bound
    if (
        before_tok == "half"
        and value <= 12
        and (
            not nxt
            or a1 in ("for", "then", "ok", "tonight", "at", "works", "on", "tomorrow", "today", "sharp")
            or scene.has_weekday
        )
    ):
        return "a time"  # "half 10 for me": half past nine, said the British way
    # Money worked out: "47 €, durch 4 sind das knapp 12", "split 3 ways that's 8 each".
    if scene.wordset & SHARE_WORDS and set(prev[:4]) & SHARE_WORDS and scene.money:
        return "money"
    if b1 in ("a", "at", "um") and b2 in roles.WEEKDAYS and value <= 24:
        return "a time"  # "on reprend demain à 14"
    if (
        value <= 31
        and not scene.wordset.isdisjoint(MEETING)
        and scene.near(scene.words_at(MEETING), n)
        and not set(prev[:3]) & roles.HAVE
    ):
        return "a date or a time"
    if (
        value <= 31
        and b1 in ("le", "el", "am", "the")
        # the number is not its own month: "moi c'est le sept" (sept, Sept.)
        and scene.near(scene.words_at(DATE_CONTEXT) - set(range(n.first, n.last + 1)), n)
        and not set(prev[:3]) & HAVE_OR_PLAY
    ):
        return "a date"  # "elle a eu 90 ans le 3"
    if (
        value <= 31
        and b1 in ("le", "el", "the", "am", "den")
        and (scene.wordset & EVENTS or _we_verb(prev[:3]))
        and not set(prev[:3]) & HAVE_OR_PLAY
    ):
        return "a date"  # "el 14 imposible, cena con los suegros", "on rejoue le 31", "jugamos el 31?"
    if b1 in ("en", "in", "el", "im") and set(prev[:3]) & BORN:
        return "a year"  # "nací en el 98"
    if b1 in ("en", "in") and value >= 30 and set(prev[1:4]) & WAS_BETTER:
        return "a year"  # "c'était mieux en 98 avec Zidane"
    if value <= 31 and ((a1, a2, nxt[2] if len(nxt) > 2 else "") in THIS_MONTH or (a1, a2, "") in THIS_MONTH):
        return "a date"  # "el 21 de este mes", "le 3 du mois"
    if _tournament(scene) and (n.how == "digits" or b1 in TOURNAMENTS) and set(prev[:4]) & TOURNAMENTS:
        return "a year"  # "la coupe du monde 98", "WM 2014"
    # Dates: "march 3", "le 3 mars", "el 8 de junio", "am 12. Mai", "31.10.", "friday 14".
    if a1 in roles.MONTHS or b1 in roles.MONTHS or (a1 == "de" and a2 in roles.MONTHS):
        return "a date" if value <= 31 else None
    if (
        value <= 31
        and (
            b1 in roles.DAY_NAMES
            or b2 in roles.DAY_NAMES
            or (b1 in ("le", "el", "den", "the") and scene.wordset & roles.DAY_NAMES)
        )
        and not set(prev[:3]) & roles.HAVE
    ):
        return "a date"
    if (
        digits
        and after_tok == "."
        and n.last + 2 < len(toks)
        and (scene.capital(n.last + 2) or scene.words[n.last + 2] in ORDINAL_NOUNS)
        and (b1 in GERMAN_BEFORE_ORDINAL or not prev)
    ):
        return "an ordinal"  # German: "beim 30. Versuch", "mein 3. versuch heute"
    if (
        digits
        and after_tok == "."
        and value <= 31
        and (
            b1 in ("am", "den", "vom", "zum", "bis", "ab", "der", "dem", "unser", "unsere", "im")
            or a1 in roles.MONTHS
        )
    ):
        return "a date or a position"
    if (
        digits
        and after_tok in ("/", ".")
        and n.last + 2 < len(toks)
        and toks[n.last + 2].kind == "n"
        and toks[n.last + 1].start == toks[n.last].end  # "5.3", "24. 12."; not "5 . 3": a digit cut in two
    ):
        other = int(toks[n.last + 2].text) if len(toks[n.last + 2].text) < 5 else 99
        if value <= 31 and 1 <= other <= 12 and len(toks[n.last + 2].text) <= 2:
            return "a date"
    if (
        digits
        and before_tok in ("/", ".")
        and n.first >= 2
        and toks[n.first - 2].kind == "n"
        and toks[n.first - 1].start == toks[n.first - 2].end
        and value <= 12
        and int(toks[n.first - 2].text[:3]) <= 31
    ):
        return "a date"
    # Durations and ages: "40 Minuten", "9 year old", "I'm 34 and", "Opa ist 87", "cumplo 40".
    if a1 == "grad" and (after_tok != "grad" or a2 in GRAD_AS_JUST_NOW):
        pass  # "siebenundvierzig, grad gezogen", "die 47 grad gezogen": "gerade", not degrees
    elif (a1 in roles.UNITS or (a1 == "-" and a2 in roles.UNITS) or a1.startswith(UNIT_STEMS)) and not (
        a1 == "an" and b1 in ("bei", "ab")  # "meine Hand fängt erst bei vierzig an": German "an", no year
    ):
        return "a count or a time"
    if (
        a1 in roles.AGE_AFTER
        or a1 == "geworden"
        or (a1 in ("wird", "werden") and not a2)  # "dass sie 90 wird", not "bei 40 wird es eng"
        or b1 in roles.AGE_VERBS
        or (b1 in ("is", "ist", "est", "es", "s", "tiene", "a", "hat") and b2 in roles.PEOPLE)
    ):
        return "an age"
    if (
        (b1 in ("im", "bin") or (b1 == "m" and b2 == "i"))
        and a1 not in ("on", "at", "auf", "bei", "with", "mit", "the", "die", "der")
        and value >= 10
    ):
        return "an age"
    if set(prev[:3]) & roles.AGE_VERBS and value >= 10:
        return "an age"
    if b1 == "mit" and value >= 10 and a1 in AGED_WITH_VERBS:
        return "an age"  # "mit 18 kannte ich das Spiel nicht", "mit 72 lern ich noch Discord"
    if (
        b1 in ("like", "wie", "comme", "como", "de")
        and set(prev[:4]) & FEEL
        and not ("siento" in prev[:4] and prev[prev.index("siento") + 1 : prev.index("siento") + 2] == ["lo"])
    ):
        # "fühl mich wie 70", "I feel like 80 today"; not "lo siento pero de 40 para abajo": sorry
        return "an age"
    if (
        value >= 10
        and (b1 in FEEL or (b1 in ("me", "mich", "moi") and b2 in FEEL))
        and (not nxt or a1 in AFTER_FEELING)
    ):
        return "an age"  # "this game makes me feel 80", "ich fühl mich 90 heute"; not "I feel 47 is safe"
    # An age in apposition: "mein Neffe, 12, hat uns fertig gemacht", "my niece, 9, beat us".
    if before_tok == "," and after_tok == "," and n.first >= 2 and scene.words[n.first - 2] in roles.PEOPLE:
        return "an age"
    # A birthday named in a message about no card: "happy bday Tom!! 30 already??".
    if (
        value >= 10
        and scene.wordset & roles.BIRTHDAY
        and not scene.wordset & CARD_OR_PILE
        and not set(prev[:3]) & HAVE_OR_PLAY
    ):
        return "an age"
    if b1 == "at" and value >= 5 and set(prev[:5]) & LIFE_STARTS:
        return "an age"  # "I first played this at 16"
    if b1 == "los" and b2 == "a" and value >= 5 and not set(prev[:4]) & HAVE_OR_PLAY:
        return "an age"  # "a los 16 aprendí"
    if (
        before_tok == "'"
        and after_tok != "'"
        # not a number word after an elided article: "d'sibenefüfzg" (Swiss "the 57"), "l'octante-deux";
        # "Summer'69", "l'93" stay a year and a place as before
        and not (
            n.how != "digits"
            and n.first >= 2
            and scene.words[n.first - 2] in ELIDED
            and toks[n.first - 2].end == toks[n.first - 1].start
        )
    ) or b1 in (  # "'79", but not a number in quotes: 'twenty three'
        "jahrgang",
        "class",
        "since",
        "seit",
        "depuis",
        "desde",
        "annees",
        "anos",
    ):
        return "a year"
    years = b1 in ("annees", "anos", "decada", "decennie") or b2 in ("annees", "anos")
    if (
        value % 10 == 0
        and value >= 20
        and (years or (b1 in ("los", "les", "the") and (scene.wordset & YEARS or a1 in ERA_VERBS)))
    ):
        return "a decade of years"
    # Player counts: "zu dritt", "we're 5", "5 of us", "a 5-player game", "à deux", "de a dos".
    if (
        a1 in roles.PLAYER_NOUNS
        or (a1 == "-" and a2 in roles.PLAYER_NOUNS)
        or (
            a1 in ("of", "von", "de", "d")
            and a2 in ("us", "you", "them", "uns", "euch", "nous", "vous", "nosotros")
        )
    ):
        return "a player count"
    # Ratings: "10 out of 10", "un 10 sur 10", "eine 10 von 10".
    if (
        (a1 == "out" and a2 == "of")
        or (
            a1 in ("outta", "outa")
            and a2 in RATING_SCALES
            and (value <= 20 or (a2 == "100" and value % 5 == 0))
            and not set(prev[:3]) & HAVE_OR_PLAY
        )
        or (a1 in ("sur", "von", "de", "of") and a2 in RATING_SCALES)
    ):
        return "a rating"
    if value in (5, 10, 20, 100) and (
        (b1 in ("of", "sur", "von", "de") and (b2 == "out" or b2 in RATING_SCALES)) or b1 in ("outta", "outa")
    ):
        return "a rating"
    if (
        (b2, b1) in PLAYER_COUNT
        or b1 in ("zu", "somos", "eramos", "sommes", "sera", "seront", "serons", "juntamos", "nosotros")
        or (b2 == "for" and b1 == "table")
        or b1 == "table"
    ) and value <= 12:  # "entre nosotros: sesenta y ocho" is no table of 68
        return "a player count"
    accented = n.first > 0 and toks[n.first - 1].text == "à"
    pile_at = b2 in ("est", "esta") and bool(set(prev[2:5]) & roles.PILE)  # "la pile 1 est à 8": its top
    if (
        b1 == "a"
        and (b2 in ("partie", "de", "jouer", "joue", "partida", "jugar", "juego", "jugamos") or accented)
        and value <= 8
        and not pile_at
    ):
        return "a player count"
    if b1 in ("we", "were", "we're") or (b2 == "we" and b1 in ("are", "re")):
        return "a player count"
    if (
        b1 in ("a", "à", "zu", "with")
        and value <= 8
        and not pile_at
        and any(w.startswith(PLAY_STEMS) for w in nxt[:3])
    ):
        return "a player count"  # "a tres se juega mejor", "à quatre on joue mieux"
    if (b1 == "a" and b2 == "de") or (b1 in ("los", "tous") and a1 in ("solos", "les")):
        return "a player count"
    # The result of a finished game.
    if (
        scene.result
        and (not _card_cue(n, prev, nxt, b1, a1, scene, toks) or a1 in roles.CARD_NOUNS)
        and (not scene.near(scene.mine_at, n) or b1 in ("with", "mit", "con", "avec", "de", "on", "auf"))
        and (
            a1 in roles.CARD_NOUNS
            or a1 in LEFT
            or b1 in ("with", "mit", "con", "avec", "on", "auf", "de", "at", "a", "bei", "sur", "en")
            or any(0 < n.first - k <= 2 for k in scene.result_at)
            or any(0 < k - n.last <= 2 for k in scene.result_at)
        )
    ):
        return "the result of a game"
    if b1 in ("alle", "all", "las", "toutes") and value == 98:
        return "the result of a game"
    if a1 in PLAYED_CARDS and a2 in roles.CARD_NOUNS and value > ctx.hand_size:
        return "the result of a game"  # "Rekord bisher: 94 gelegte Karten", "87 cartes posées"
    if scene.result and (
        (b1 in ("from", "von", "de", "desde") and set(nxt[:2]) & {"to", "auf", "a", "hasta", "down"})
        or (b1 in ("to", "auf", "a", "hasta") and set(prev[1:4]) & {"from", "von", "de", "desde"})
    ):
        return "the result of a game"  # "new record, we went from 14 down to 6"
    # The backwards trick's 10.
    if value == 10 and _trick(prev, nxt, scene):
        return "the backwards trick"
    # Counts of cards or things: "3 Karten", "two more", "all 5", "only 2 playable", "j'en pose 3".
    k = 0
    while k < len(nxt) and nxt[k] in SKIPPABLE:
        k += 1
    noun = nxt[k] if k < len(nxt) else ""
    if a1 in roles.PILE and value > 4:
        return None  # "the 47 pile", "der 47er Stapel": a pile named by its top
    if noun not in roles.CARD_NOUNS and value <= ctx.hand_size and after_tok not in (",", ";"):
        # "2 spielbare Karten"; "sous la barre des 7, ma carte" names one's card, no count of cards,
        # and so does "j'ai tiré la 2, la pire carte"
        noun = next(
            (w for k2, w in enumerate(nxt[:3]) if w in roles.CARD_NOUNS and not set(nxt[:k2]) & POSSESSIVES),
            noun,
        )
    if noun in roles.CARD_NOUNS:
        rest = nxt[k + 1 :]
        if any(w in LEFT for w in rest[:2]) or scene.result or b1 in LEFT_BEFORE or scene.wordset & DRAW:
            return "cards left in the game"
        return "a count of cards" if value <= ctx.hand_size else None
    if (
        (noun in roles.COUNT_NOUNS or noun in roles.UNITS)
        and noun not in roles.CARD_NOUNS
        and not (
            noun == "grad"
            and (after_tok != "grad" or (nxt[k + 1 : k + 2] and nxt[k + 1] in GRAD_AS_JUST_NOW))
        )
    ):
        return "a count of things"
    if a1 in LEFT and (scene.pile_named or scene.result or scene.wordset & DECK) and b1 not in roles.ARTICLES:
        return "cards left in the game"
    if b1 in ("brb", "afk", "bin", "back"):
        return "a time"
    if _plural_noun(n, toks, nxt, scene):
        return "a count of things"
    small = value <= ctx.hand_size
    more = (
        a1 in roles.MORE
        or b1 in roles.MORE
        or b1 in ("all", "alle", "les", "toutes", "todas")
        # "drei oder mehr legen"; "anyone have a 6 or more?" asks for a card
        or (a1 in ("or", "oder", "ou", "o") and a2 in COUNT_MORE_WORDS and b1 not in roles.ARTICLES)
    )
    comparing = a2 in ("than", "als", "que") or (a1 == "de" and a2 == "plus" and nxt[2:3] == ["que"])
    if small and more and not comparing:
        return "a count of cards"
    if (
        small
        and (a1 in ("de", "d") and a2 in ("plus", "moins"))
        and not (len(nxt) > 2 and nxt[2] in ("que", "qu"))
    ):
        return "a count of cards"
    if (
        small
        and (
            b1 in roles.ONLY
            or b2 in roles.ONLY
            or "en" in prev[:3]
            or a1 in ("playable", "spielbar", "jouables", "jugables")
        )
        and b1 not in roles.ARTICLES
    ):
        return "a count of cards"
    if small and roles.IN_HAND.match(" ".join(nxt)) and b1 not in roles.ARTICLES and b2 not in roles.ARTICLES:
        return "a count of cards"
    if small and _at_once(nxt):
        return "a count of cards"  # "hab ich 5 auf einmal gelegt", "j'en ai posé 4 d'un coup"
    if small and (b1 in EACH or (b1 == "uno" and b2 == "cada")):
        return "a count of cards"  # "zu zweit hat jeder 7"
    if small and a1 in RELATIVES and b1 not in roles.ARTICLES and after_tok not in (",", ".", ":"):
        return "a count of cards"  # "I've got two that are really close"
    if (
        small
        and (
            scene.count_question
            or b1 in ("minimum", "min", "minimo", "soit", "at", "up", "hasta", "jusqu")
            or (b1 == "de" and b2 in ("main", "mano", "hand"))
        )
        and (b1 not in roles.ARTICLES or b1 == "a")
    ):
        return "a count of cards"
    if small and (a1 in ("von", "of", "de") and a2 in ("meinen", "my", "mes", "mis", "them", "ihnen", "eux")):
        return "a count of cards"
    if (
        small
        and b1 in ("my", "meine", "mes", "mis")
        and a1 not in SINGULAR_VERBS
        and a1 not in SINGULAR_MODALS
        and b2 not in PLAY_VERBS
        and (a1 not in ("there", "da", "la", "alli", "now", "jetzt"))
        and not (a1 in roles.ON_PILE and a2 in roles.PILE)  # "darf ich meine 5 auf Stapel 1 legen": a card
    ):
        return "a count of cards"
    if (
        value <= 4
        and (a1 in roles.DIRECTION or a2 in roles.DIRECTION or b1 in roles.DIRECTION)
        and b1 not in roles.HAVE
        # "I can put the 2 down on pile 1": a card put down on a pile
        and not (b1 in roles.ARTICLES and a1 in ("down", "up") and a2 in roles.ON_PILE)
    ):
        return "a pile number"
    if (
        value <= 4
        and scene.pile_named
        and any(w in roles.DIRECTION for w in scene.words)
        and b1 not in roles.ARTICLES
        and b1 not in roles.HAVE
        and not (b1 == "like" and b2 in roles.HAVE)  # "is anyone holding like 2 or 3? the up pile..."
    ):
        return "a pile number"
    if (
        scene.words[n.first] in ("neuf", "neufs")
        and b1 in ("est", "sont", "etait", "tout", "flambant", "comme", "a")
        and b2 not in ("c", "mienne", "mien", "carte")
    ):
        return "an adjective (new)"  # "mon jeu est neuf", "flambant neuf"
    if value <= 4 and b1 in TAKE_ON and not nxt and scene.pile_named and _pile_numbered(scene):
        return "a pile number"  # "I'm on pile 1, someone take 2"
    # Slang and emoticons: "2 tired 2 think", "gg 2 ez", "koi 2 9", "thx 4 the game".
    between_words = (
        n.first > 0 and n.last + 1 < len(toks) and toks[n.first - 1].kind == toks[n.last + 1].kind == "w"
    )
    if (
        digits
        and len(toks[n.first].text) == 1
        and value in (2, 4)
        and between_words
        and a1 not in roles.PILE
        and b1 not in roles.HAVE
        and b1 not in roles.ARTICLES
        and b1 not in POSSESSIVES  # "my 2 is still stuck in my hand"
        and b1 not in roles.CARD_NOUNS  # "j'ai la carte 4 mais c pas ouf"
        and b2 not in POSSESSIVES  # "mon petit 2 attend sagement son tour"
        and not (b1 == "like" and b2 in roles.HAVE)
        # "9 und 4 hab ich": a second number held, not "for"
        and not (
            b1 in AND_OR
            and b2.isdigit()
            and (set(prev[2:4]) | set(nxt[:3])) & HAVE_OR_PLAY
            and not any(toks[k].text in ",;." for k in range(max(0, n.first - 5), n.first))
        )
    ):
        return "slang, not a number"
    if digits and b1 in ("koi", "quoi"):
        return "slang, not a number"
    if digits and value == 9 and b1 == "2" and b2 in ("koi", "quoi"):
        return "slang, not a number"
    if (
        digits
        and (b1 in SLANG_BEFORE or a1 in SLANG_AFTER)
        and value in (2, 4)
        and len(toks[n.first].text) == 1
    ):
        return "slang, not a number"
    if (value <= 4 and b1 == "v") or a1 == "v":
        return "a match-up (1v1)"
    if (
        digits
        and (after_tok == ":" or after_tok == "-")
        and n.last + 2 < len(toks)
        and toks[n.last + 2].kind == "n"
    ):
        other = int(toks[n.last + 2].text) if len(toks[n.last + 2].text) < 4 else 999
        if other < 30 and value < 30 and after_tok == ":":
            return "a score"
    if (
        digits
        and before_tok == ":"
        and n.first >= 2
        and toks[n.first - 2].kind == "n"
        and value < 30
        # "Stapel 1: 15 und 16": a colon glued to the word before and a space after is a label
        and not (
            toks[n.first - 1].start == toks[n.first - 2].end and toks[n.first].start > toks[n.first - 1].end
        )
    ):
        return "a score"
    if a1 in ("zu", "a") and len(nxt) > 1 and nxt[1].isdigit() and b1 in ("stehen", "odds", "chances"):
        return "odds"
    if b1 in ("stehen",) or (a1 == "zu" and value % 10 == 0):
        return "odds"
    if (
        b1 in ("zu", "to", "a")
        and b2.isdigit()
        and len(prev) > 2
        and prev[2] in ("stehen", "odds", "chances")
    ):
        return "odds"  # "Chancen stehen 60 zu 40": the second number of the odds
    return None


WORKS = frozenset(
    "pelicula peli film films movie movies serie series book buch livre libro novela roman song lied "
    "chanson cancion album disco".split()
)
SCORE_FOR = frozenset("pour for para fuer".split())
SCORE_ARTICLES = frozenset("the le la l el den die der".split())
APPOINTMENTS = frozenset(
    "examen exam exams test cita turno dentista medico doctor dentist appointment rdv rendez vous partiel "
    "oral entrevista interview termin arzt zahnarzt pruefung klausur".split()
)
EPISODES = frozenset(
    "episodes episode episodios episodio capitulos chapters chapitres kapitel staffeln seasons saisons "
    "temporadas".split()
)
SERIES_WORDS = frozenset("staffel serie series netflix season saison temporada".split())
POINTS = frozenset("puntos points punkte pts punkten".split())
SCORING = frozenset(
    "gane gano ganamos ganaste perdi perdimos won win lost scored score marque marquer gagne perdu "
    "gewonnen verloren gemacht hice hizo made".split()
)
WEATHER_VERBS = frozenset("faisait fait fera hace hacia hizo hara was is its waren sind hatte hat".split())
COLD_WORDS = frozenset(
    "froid cold kalt frio frais grados degrees grad degres meteo weather wetter clima neige snow schnee "
    "nieve".split()
)
LIVING_FR = frozenset(
    "grandi habite habitais habitait vis vit vivais vivait ne nee viens vient venais bosse travaille "
    "demenage originaire suis sommes".split()
)
WE_SUBJECTS = frozenset("we wir nous on nosotros".split())
HAD_PAST = frozenset("had hatten avions avait teniamos".split())
LAID_WORDS = frozenset("laid played gelegt gespielt posees posee jouees colocadas jugadas".split())
REMATCH = frozenset("refait refaire remet remettre revoit retrouve repetimos quedamos rematch".split())
SWISS_TIME_BEFORE = frozenset("bis ab vor nach gegen".split())
TIME_TAIL = re.compile(r"\d\d(?:am|pm|h)")
KIDS_THEY = frozenset("die they ils elles ellos ellas".split())
KIDS_ARE = frozenset("sind are sont son".split())
TEN_THING_BEFORE = frozenset("the that this das dieses le ce el lo la".split())
TEN_THING_NOUNS = frozenset(
    "thing things rule move trick ding sache regel trick truc regle coup cosa regla truco".split()
)
MATCH_MINUTE = frozenset("minuto minute minuten min".split())
MACHINE_UNITS = frozenset("gigas giga gb mb tb megas gigs ghz mhz hz fps ram".split())
PHONE_OWNERS_FR = frozenset("mon ton son le notre votre".split())
DATE_COPULAS = frozenset("es era sera fue ist war is was".split())
DAY_WORDS = frozenset("manana hoy ayer morgen heute gestern tomorrow today yesterday".split())
PARENTS = frozenset("mama mami papa papi madre padre padres viejos vieja viejo jefa jefes".split())
PAST_EVENTS = frozenset(
    "fuimos fui fue fueron naci nacio nacimos estuve estuvimos vivia viviamos viaje viajamos era eramos "
    "ganamos gano perdimos".split()
)
TAKE_A_MEAL = frozenset("tomar tomamos tomemos toman tomo tomas toma".split())
MEAL_WORDS = frozenset(
    "hambre comer comida comemos tecito pan marraqueta merienda palta cafe cena cenar".split()
)
ARRIVING = frozenset(
    "back there here home online arrive arrives arriving llego llegas llega llegamos vuelvo vuelve volvemos "
    "regreso regresa arrivons reviens revient zurueck komme kommen".split()
)
# The game that starts or goes on in so many minutes: "arrancamos en 10", "on reprend dans 15" (round
# minutes only: "la mía empieza en 47" is a card).
STARTING = frozenset(
    "arrancamos empezamos comenzamos seguimos continuamos starten beginnen commencons reprenons".split()
)
STARTING_AFTER_ON = frozenset("commence reprend continue".split())  # "on reprend dans 15"
BEING = frozenset("bin sind estoy suis sommes".split())
BACK_AFTER = frozenset("da zurueck wieder online la ahi alli back".split())
SEAT_NOUNS = frozenset("player spieler spielerin joueur joueuse jugador jugadora".split())
# The words before a version something moved on to, nearest first: "passé en", "pasó a la", "went to".
MOVED_TO = frozenset(
    {
        ("en", "passe"),
        ("en", "passee"),
        ("a", "paso"),
        ("a", "pasado"),
        ("la", "a", "paso"),
        ("la", "a", "pasado"),
        ("to", "went"),
        ("to", "moved"),
    }
)
UPDATE_STEMS = ("actualiz", "actualic", "aktualisier", "updat", "geupdat", "upgrad", "geupgrad")
ANY_ONE = frozenset("algun alguna any irgendeine irgendeinen irgendwer".split())
AFTER_FEELING = frozenset(
    "today again already now lol haha and heute schon jetzt wieder aujourd deja maintenant hoy ya "
    "ahora".split()
)
AT_ONCE = (
    ("at", "once"),
    ("in", "one", "go"),
    ("auf", "einmal"),
    ("auf", "einen", "schlag"),
    ("in", "einem", "zug"),
    ("d", "un", "coup"),
    ("en", "un", "coup"),
    ("de", "golpe"),
    ("de", "una", "vez"),
    ("del", "tiron"),
)
AT_ONCE_FIRST = frozenset(words[0] for words in AT_ONCE)
OTHER_GAME = re.compile(r"\b(?:UNO|Uno)\b")


def _at_once(nxt: list[str]) -> bool:
    """The words after a count say it was done in one go: "5 auf einmal", "4 d'un coup"."""
    return (
        bool(nxt) and nxt[0] in AT_ONCE_FIRST and any(tuple(nxt[: len(words)]) == words for words in AT_ONCE)
    )


# Suits of other card games (The Game has none): "el 7 de espadas", "the 10 of spades", "Herz Zehn".
SUITS = frozenset(
    "spades spade hearts heart diamonds diamond clubs club trumps trump espadas copas oros bastos "
    "corazones picas treboles trebol diamantes pique piques coeur coeurs carreau carreaux trefle trefles "
    "atout atouts pik herz karo kreuz trumpf".split()
)


def _other_game_card(n: Num, toks: list[Tok], scene: Scene) -> bool:
    """A draw card of UNO, named with its game: "ayer en el UNO me comí un +4"; a card of a suit."""
    last = n.last
    words = scene.words
    if not scene.wordset.isdisjoint(SUITS):  # both checks of a suit need one in the message
        after = [w for w in words[last + 1 : last + 5] if w.isalnum()][:2]
        if after[:1] in (["of"], ["de"], ["d"], ["von"]) and after[1:] and after[1] in SUITS:
            return True
        if (
            n.first > 0
            and words[n.first - 1] in SUITS
            and words[n.first - 1] in ("pik", "herz", "karo", "kreuz")
        ):
            return True  # "Herz 10", "Pik Sieben"
    return (
        toks[last].text in ("2", "4")
        and last > 0
        and toks[last - 1].text == "+"
        and toks[last - 1].end == toks[last].start
        and bool(OTHER_GAME.search(scene.message))
    )


WORK_WORDS = frozenset(
    (
        "work works working shift shifts job arbeite arbeitet arbeiten arbeit schicht dienst travaille "
        "travailles bosse boulot taf trabajo trabajas trabaja curro curra turno open opens offen "
        "geoeffnet ouvert ouverte abierto abre"
    ).split()
)
HOUR_RANGE = frozenset("to till until bis a au hasta".split())


def _hour(word: str) -> bool:
    """A number word or digits that can be an hour of the day."""
    if word.isdigit():
        return int(word) <= 24
    readings = read_word(word, LANGUAGES) if word.isalpha() else ()
    return bool(readings) and len(readings[0].pieces) == 1 and readings[0].pieces[0].value <= 24


ELF_BEFORE = frozenset(
    "nen einen ein einem der den dem unsere unserer unsre deutsche deutschen die_nationalelf".split()
)
TEAM_WORDS = frozenset(
    "gewonnen verloren enttaeuscht gespielt tor tore trainer bundesliga fussball wm em stadion "
    "d dnd rollenspiel zwerg ork magier match equipe equipo entraineur entrenador partido liga ligue "
    "catastrophique titulaire titulaires titular titulares gala depart".split()
)
TEAM_ARTICLES = frozenset("le l el son su notre nuestro leur mon mi du del".split())
TEAM_AFTER = frozenset("de del titulaire titular inicial type ideal gala depart".split())
CENTURIES = frozenset("siglo siglos siecle siecles century centuries jahrhundert jahrhunderts jh".split())
DETERMINERS_FR = frozenset(
    "un une le la l les des mon ma mes ton ta tes son sa ses ce cet cette notre votre leur".split()
)
NOT_NOUNS_FR = frozenset(
    "carte cartes pile tas numero chiffre valeur plus moins avec sur sous de du et ou est a j ai".split()
)
CALL = frozenset(
    "call calls calling dial appelle appeler appelez compose composez llama llamar llamad marca marcar "
    "ruf rufe ruft anrufen waehl waehle waehlt".split()
)
SPORT = frozenset(
    "up down lead leads leading vs gegen contre contra halftime halbzeit quarter 4th 3rd overtime "
    "lakers bayern barca madrid psg score spielstand marcador beat beaten match basket baloncesto "
    "basketball foot futbol football fussball handball rugby partido gagne ganamos perdimos won lost "
    "gewonnen verloren hockey cricket overs over balls wickets wicket runs innings knock perdu perdue "
    "perdus perdi perdio perdieron ganaron gano gagnent perdent volleyball beachvolleyball voleibol "
    "voley tennis tenis tischtennis badminton baseball bowling darts tischkicker".split()
)
SHARE_WORDS = frozenset(
    "durch geteilt knapp ungefaehr etwa divided split each makes thats environ chacun soit cada sale salen "
    "unos".split()
)
EVENTS = frozenset(
    (
        "imposible impossible dispo disponible libre frei free busy occupe ocupado ocupada cena dinner "
        "diner abendessen anniv anniversaire cumple cumpleanos birthday geburtstag reveillon nochevieja "
        "nochebuena silvester weihnachten noel navidad christmas fiesta party soiree feier vacances "
        "vacaciones urlaub holiday holidays suegros boda mariage hochzeit wedding"
    ).split()
)
BORN = frozenset(
    "naci nacio nacimos born geboren ne nee nes casaron casamos married heirateten geheiratet maries".split()
)
# "c'était mieux en 98", "war besser in 98": an era remembered.
WAS_BETTER = frozenset("mieux better besser mejor".split())
THIS_MONTH = frozenset(
    [
        ("de", "este", "mes"),
        ("del", "mes", ""),
        ("du", "mois", ""),
        ("de", "ce", "mois"),
        ("of", "this", "month"),
        ("of", "next", "month"),
        ("dieses", "monats", ""),
        ("des", "monats", ""),
        ("this", "month", ""),
        ("next", "month", ""),
        ("du", "mois", "prochain"),
        ("del", "mes", "que"),
    ]
)
TOURNAMENTS = frozenset("mundial world cup coupe wm em euro olympics jo juegos".split())
PLAY_STEMS = ("jueg", "jug", "jou", "spiel", "play")


def _tournament(scene: Scene) -> bool:
    """A tournament is named; "JO" (the Olympics) only in capitals: German "jo" is "yes"."""
    found = scene.wordset & TOURNAMENTS
    return bool(found - {"jo"}) or ("jo" in found and " JO" in f" {scene.message}")


def _we_verb(prev: list[str]) -> bool:
    """A verb of "we" before the article: "jugamos el 31", "on rejoue le 31", "spielen wir am 3."."""
    for k in range(1, len(prev)):
        w = prev[k]
        if w.endswith(("amos", "emos", "imos", "ons")) or w in ("nous", "we", "wir", "let's", "lets"):
            return True
        if w == "on" and prev[k - 1].startswith((*PLAY_STEMS, "rejou", "voit", "retrouv")):
            # French "on joue le 14", not "on the 15" nor "on laisse le 14"
            return True
    return False


SIZE_WORDS = frozenset(
    "dorsal camiseta maillot trikot jersey shirt chausse chausses chausser calzo calzas calza pointure "
    "talla groesse schuhgroesse taille size vaqueros pantalones jeans hose schuhe zapatos jean "
    "pantalon".split()
)


# "truco del diez", "truco de los diez", and the trick denied ("no es el truco, es la carta").
TRUCO_DEL_DIEZ = re.compile(
    r"\btruco\s+(?:del|de\s+la|de\s+los|de\s+l[ao]s?)\s+(?:diez|10|decena|dieces)\b|"
    r"\bno\s+es\s+(?:el\s+)?truco\b"
)


def _other_game(scene: Scene) -> bool:
    """Another game is named: not "truco" alone when it is this game's "truco del diez"."""
    found = scene.wordset & OTHER_GAMES
    return bool(found) and not (found == {"truco"} and TRUCO_DEL_DIEZ.search(scene.joined))


def _school(scene: Scene) -> bool:
    """A school subject or test is talked about: not "do the math", nor a language switched to."""
    found = scene.wordset & SCHOOL
    if not found:
        return False
    if found <= SCHOOL_MATH and DO_THE_MATH.search(scene.joined):
        return False
    return not found <= SCHOOL_LANGUAGES


SCHOOL_MATH = frozenset("math maths mates".split())
SCHOOL_LANGUAGES = frozenset("latein latin ingles anglais englisch".split())
DO_THE_MATH = re.compile(r"\b(?:do|does|did|doing)\s+(?:the|your)\s+maths?\b")
SCHOOL = frozenset(
    "examen exam exams prufung pruefung klausur notas bac philo mates maths math controle interro "
    "schulaufgabe zeugnis mathe matematicas mathematiques historia histoire geschichte physik "
    "physique fisica chemie chimie quimica biologie biologia latein latin ingles anglais englisch "
    "deberes devoirs hausaufgabe hausaufgaben midterm midterms finals quiz exam exams "
    "parcial parciales selectividad evau ebau oposiciones recuperacion partiel partiels brevet "
    "abitur abi klassenarbeit klausuren semesterarbeit".split()
)
GIVEN_A_MARK = frozenset("puesto pusieron puso ponen pone mis mise gegeben gibt".split())
EACH = frozenset("each jeder jede jeweils chacun chacune cada".split())
RELATIVES = frozenset("that which die welche qui que".split())
TAKE_ON = frozenset(
    "take takes nimmt nehm nehme nimm prend prends prenez toma coge cojo handle übernimmt".split()
)


GO_PAST = frozenset("go goes going went get gets getting play playing".split())


def _title_held(n: Num, scene: Scene) -> bool:
    """A title that ends in the number, said to be held or to be one's card: "I've got Apollo 13 lol",
    "I have Area 51 in my hand", "mi carta es el área 51". ("I got 99 problems" starts with it.)"""
    start = n.first
    while start - 1 in scene.idiom:
        start -= 1
    words = scene.words
    if start == n.first or words[n.first - 1] in ("los", "las", "les", "tous", "toutes"):
        return False  # "tengo las dos seguidas": "las dos" is both, no title
    before = words[max(0, start - 3) : start]
    after = words[n.last + 1 : n.last + 5]
    held = before[-1:] if not before[-1:] or before[-1] not in roles.ARTICLES else before[-2:-1]
    return bool(
        set(held) & HOLD_BEFORE_TITLE
        or (set(before) & CARD_IS and set(words[max(0, start - 6) : start]) & roles.CARD_NOUNS)
        or (set(after[:2]) & IN_WORDS and set(after) & HAND_WORDS)
    )


# Holding, said right before a title: "I've got Apollo 13", "j'ai le neuf-trois", "tengo el área 51".
HOLD_BEFORE_TITLE = frozenset("have got holding hold hab habe halte tiens ai tengo llevo".split())
CARD_IS = frozenset("is es ist est c = s".split())
IN_WORDS = frozenset("in en auf dans".split())
CARD_OF = frozenset("of from del de von vom du".split())
# "... for pile 1, none for the 3": a pile named by its number once, then by an article and a number.
PILE_BY_ARTICLE = frozenset("the die den der".split())
NONE_FOR_PILE = frozenset("none nothing keine keinen nix nichts nothin zero".split())
PILE_BY_PREPOSITION = frozenset("for fuer auf on onto".split())


def _pile_numbered(scene: Scene) -> bool:
    """A pile is named by its number somewhere in the message: "pile 1", "Stapel 3"."""
    words = scene.words
    return any(w in roles.PILE and k + 1 < len(words) and words[k + 1] in "1234" for k, w in enumerate(words))


def _title(n: Num, toks: list[Tok], scene: Scene, prev: list[str]) -> bool:
    """A capitalised name beside the number, as in a title: "Twelve Monkeys", "Area 51"."""
    if not scene.capitals or set(prev[:3]) & TITLE_BLOCKERS:
        return False  # each way of `_titled` needs a word written with a capital
    return _titled(n, toks, scene, prev) and not scene.shouting


def _titled(n: Num, toks: list[Tok], scene: Scene, prev: list[str]) -> bool:
    words = scene.words
    after, before = n.last + 1, n.first - 1
    if n.how == "word" and scene.capital(n.first) and after < len(toks) and _name(after, scene):
        return True
    german = scene.wordset & STOPWORDS["de"]  # every German noun is capitalised
    # Not the first word of a sentence: a comma or a dash may stand before it, a full stop may not.
    inside = before >= 1 and words[before - 1] not in (".", "!", "?", "\n")
    if n.how == "digits" and inside and not german and _name(before, scene):
        return True  # "Agent 47", "Area 51"
    starts = before < 0 or words[before] in (".", "!", "?")
    if (
        n.how == "word"
        and not german
        and not _german_only(words[n.first])  # "ne glatte Achtzig": a German noun
        and not starts
        and scene.capital(n.first)
        and not toks[n.first].text.isupper()
        and (not prev or (prev[0] not in roles.ARTICLES and prev[0] not in POSSESSIVES))
    ):
        return True  # a number word written with a capital inside a sentence: "Eleven is the best"
    if (
        n.first == 0
        and scene.capital(0)
        and after + 1 < len(toks)
        and words[after] in ("de", "by", "von", "di", "del", "of")
        and _name(after + 1, scene)
    ):
        return True  # "Quatre-vingt-treize de Hugo"
    # A message that opens with a number and a name: "99 Luftballons läuft grad", "13 Rue del Percebe".
    return (
        n.first == 0
        and after + 1 < len(toks)
        and _name(after, scene)
        and words[after + 1] not in (",", "?", "!", ".")
    )


def _german_only(word: str) -> bool:
    readings = read_word(word, LANGUAGES)
    return bool(readings) and all(r.lang == "de" for r in readings)


def _name(k: int, scene: Scene) -> bool:
    word = scene.words[k]
    return (
        scene.capital(k)
        and len(word) >= 3
        and word not in STOPWORDS_ALL
        and word not in TITLE_EXCLUDED
        and not read_word(word, LANGUAGES)
    )


PHONE_MARKS = frozenset("-+()")


def _digit_groups(n: Num, toks: list[Tok]) -> int:
    """How many groups of digits stand in a row around the number, when they look like a phone number."""
    first = last = n.first
    while first > max(0, n.first - 12) and (
        toks[first - 1].kind == "n" or toks[first - 1].text in PHONE_MARKS
    ):
        first -= 1
    while last + 1 < min(len(toks), n.first + 12) and (
        toks[last + 1].kind == "n" or toks[last + 1].text in ("-", "(", ")")
    ):
        last += 1
    groups = [t.text for t in toks[first : last + 1] if t.kind == "n"]
    if not groups:
        return 1
    plus = toks[first].text == "+" or (toks[first].text == "(" and first > 0 and toks[first - 1].text == "+")
    phone = any(len(g) >= 3 for g in groups) or groups[0].startswith("0") or plus
    return len(groups) if phone else 1


NOT_NOUNS = frozenset(
    (
        "is was goes fits sits works does has comes looks seems stays needs plays lands belongs makes "
        "takes gets lies us this his its yes pls plz thanks thx lol lmao yours hers theirs ours as "
        "sus mis tus nos les des mes tes ses ces dans sans sous sus plus puis pas mais apres dos tres "
        "seis mas pues despues antes entonces sobre hasta es was bis aus als uns des les vous nous "
        "ils elles ellos ellas todos todas tous autres otras otros alles mais jamais toujours nomas "
        "ademas jamas always perhaps sometimes anyways afterwards seguiditos seguidas seguidos"
    ).split()
)


def _plural_noun(n: Num, toks: list[Tok], nxt: list[str], scene: Scene) -> bool:
    """A noun that is not a card follows: "2 pizzas", "3 Kinder", "2 paquets de chips"."""
    k = n.last + 1
    if k >= len(toks) or toks[k].kind != "w":
        return False
    word = scene.words[k]

    if word in NOT_NOUNS or word in roles.PILE or word in roles.CARD_NOUNS or word in ON_WORDS:
        return False
    if n.value <= DEFAULT_HAND_SIZE and scene.capital(k) and word not in roles.TOP and len(word) >= 3:
        return True  # a German noun: "die 2 Tüten Chips"
    if n.value > DEFAULT_HAND_SIZE:
        return word in roles.COUNT_NOUNS or word in roles.UNITS
    return bool(word.endswith(("s", "x")) and len(word) >= 4 and not word.endswith("ss"))


GERMAN_BEFORE_ORDINAL = frozenset(
    "beim im am zum zur der die das den dem des unser unsere unseren mein meine sein seine ihr ihre vom "
    "ins nach vor seit bis ab jeder jede jedes".split()
)
LEFT_BEFORE = frozenset("reste restent restait quedan quedaban noch remaining".split())
DRAW = frozenset("deck draw nachziehstapel pioche mazo talon".split())
DATE_CONTEXT = roles.BIRTHDAY | roles.MONTHS | frozenset("years jahre ans anos geworden cumplio fete".split())
MEETING = frozenset(
    "meet meeting rendez-vous rendez rdv quedamos quedar treffen treffpunkt termin voit vemos".split()
)
TITLE_EXCLUDED = (
    roles.CARD_NOUNS
    | roles.PILE
    | roles.TOP
    | roles.ARTICLES
    | roles.HAVE
    | frozenset("mine meine meiner deine seine mienne mia mio yours die der das den dem des".split())
)
RATING_SCALES = frozenset(
    "5 10 20 98 100 cinq dix vingt fuenf zehn zwanzig cinco diez veinte five ten twenty".split()
)
AT_A_PLACE = frozenset("sitting sits sit is ist est am m stuck are re was stands stand bin suis es".split())
CLOCK_WORDS = (
    roles.WEEKDAYS
    | (roles.TIME_AFTER - {"pile"})
    | frozenset("meet start stop leave see back bed sleep quit done".split())
)
NUMBER_LABELS = frozenset("nummer numero nr".split())
LABEL_COPULAS = frozenset("is ist est es was war".split())
# Places one is sent to by their number, named before "is": "Hausnummer ist 17", "the gate is 12".
PLACE_LABELS = frozenset(
    "hausnummer hausnr zimmernummer room zimmer salle habitacion chambre gate gleis platform quai anden "
    "terminal seat sitz flight vol".split()
)
ADDRESS_NOUNS = frozenset(
    "house haus casa maison room zimmer door tuer puerta porte apartment wohnung".split()
)
WHO = frozenset("who wer qui quien alguien anyone jemand quelqu qqn".split())
POSSESSIVES = frozenset("my mine your meine meinen mein deine dein mon ma ton ta mi tu".split())
AND_OR = frozenset("and und et y or oder ou o".split())

# Verbs of one subject after "my 2": one card, not two ("meine 2 muss auf Stapel 1").
SINGULAR_MODALS = frozenset(
    "has needs wants muss kann soll darf moechte doit peut veut debe tiene puede quiere".split()
)
SINGULAR_VERBS = frozenset("goes fits is passt geht ist va rentre est cabe entra es va".split())
DEMONSTRATIVES = frozenset("ce cette this that dieser diese diesen ese esa este esta".split())
ON_WORDS = frozenset("on auf sur en onto for fuer pour para".split())


FOND = frozenset(
    (
        "little lonely poor stupid damn lone sad tiny cute ugly petit petite pauvre gros grosse vieux "
        "vieille fichu sale kleine kleinen einsame einsamen arme armen bloede doofe pequeno pequena "
        "pobre triste maldito maldita solito solita chiquito chiquita real literal actual echte echten "
        "vraie vrai verdadero verdadera"
    ).split()
)


# One's lowest or highest card, said with a superlative: the number after it is that card.
SUPERLATIVES = frozenset(
    "lowest highest worst smallest biggest hoechste hoechster niedrigste niedrigster kleinste kleinster "
    "groesste groesster tiefste tiefster schlechteste schlechtester peor".split()
)
RANKED_NOT_CARDS = frozenset(
    "score scores punkte punktzahl points puntos puntaje record rekord streak level round runde ronde ronda "
    "game games spiel partie partida win wins".split()
)
COMPARED = frozenset("basse haute petite bas haut petit faible baja alta bajo alto".split())


def _superlative(words: list[str]) -> bool:
    return any(
        w in SUPERLATIVES or (w in COMPARED and k + 1 < len(words) and words[k + 1] in ("plus", "mas"))
        for k, w in enumerate(words)
    )


def _card_cue(
    n: Num, prev: list[str], nxt: list[str], b1: str, a1: str, scene: Scene, toks: list[Tok]
) -> bool:
    """Something ties the number to a card: an article, a verb of having, a pile it goes on."""
    if a1 in ("here", "hier", "ici", "aqui", "aca") and not prev:
        return True  # "3 here": the answer to "who has...?"
    if b1 in ("du", "del") and len(prev) > 1 and prev[1] in roles.PILE:
        return True  # "ne touchez pas à la pile du 5": the pile named by its top
    if b1 == "de" and len(prev) > 2 and prev[1] in ("una", "uno", "otra", "otro") and prev[2] in HAVE_OR_Y:
        return True  # "tengo una de 4 y otra de 5"
    if len(prev) > 1 and prev[1] in DEMONSTRATIVES:
        return True  # "ce fichu 5", "this stupid 7"
    if (
        b1 in FOND
        and len(prev) > 1
        and (prev[1] in roles.ARTICLES or prev[1] in POSSESSIVES or prev[1] in FOND)
    ):
        return True  # "un petit deux", "the lonely little four", "my lonely 3"
    if b1 in ("mon", "ma", "mi", "mein") or (b1 in ("my", "meine") and (a1 in SINGULAR_VERBS or n.value > 8)):
        return True
    if a1 in SINGULAR_VERBS and len(nxt) > 1 and nxt[1] in ("on", "auf", "sur", "en", "onto", "in"):
        return True
    if b1 in ("your", "deine", "deinen", "ta", "ton", "tu", "tus", "tes") or (
        b1 in ("my", "meine") and b2_is_play(prev)
    ):
        return True
    if (
        b1 in roles.ARTICLES
        or b1 in roles.HAVE
        or (len(prev) > 1 and prev[1] in roles.HAVE and b1 not in roles.ONLY)
    ):
        return True
    if scene.near(scene.mine_at, n, 5, 3) or (
        a1 in ("on", "auf", "sur", "en")
        and len(nxt) > 1
        and (nxt[1] in roles.PILE or (nxt[2:3] and nxt[2] in roles.PILE))
    ):
        return True
    if ASKING_WORDS & set(prev[:3]):
        return True
    if (
        _superlative(before := scene.words[max(0, n.first - 7) : n.first][::-1])
        and not set(before) & RANKED_NOT_CARDS  # "my highest score in the whole game was 3"
        and a1 not in DIGIT_NOUNS  # "mein tiefster Wert: zwei Zweier, also 22": a count of twos
        and (
            scene.mine
            or scene.wordset & HAND_WORDS
            or set(scene.words[max(0, n.first - 6) : n.first]) & POSSESSIVES
        )
    ):
        return True  # "ma plus basse c'est 6", "lowest thing in my hand is like 7"
    if b1 in ANY_ONE and scene.question:
        return True  # "hay algún 5?", "any 5s?", "irgendwer ne 5?"
    if set(prev[:3]) & BOUND_WORDS and (scene.mine or scene.wordset & roles.HAVE):
        return True  # a bound on one's card: "sous la barre des 7, ma carte", "por debajo de 6 tengo una"
    if not prev and scene.question and ASKING_WORDS & set(scene.words[n.last + 1 :]):
        return True  # "Sieben, wer will?"
    # The number is the whole message, give or take punctuation, emoji and other numbers.
    return scene.only_numbers


def b2_is_play(prev: list[str]) -> bool:
    return len(prev) > 1 and prev[1] in PLAY_VERBS


BOUND_WORDS = frozenset(
    "below under unter sous barre debajo above ueber unterhalb oberhalb dessous dessus encima arriba".split()
)
# Words before a number that make it a bound ("moins de dix", "unter zehn"), not a step.
BOUND_BEFORE = BOUND_WORDS | frozenset(
    "moins plus less more fewer weniger mehr menos mas than als que over".split()
)
ASKING_WORDS = frozenset(
    "any anyone anybody someone somebody who wer jemand qui quelqu quien alguien".split()
)


NOTHING = frozenset("nothing rien nada nichts none aucune aucun ninguna ninguno keine kein".split())


SEQUEL_LINKS = frozenset(", und and et y & - /".split())


REGNAL_ARTICLES = frozenset("der the".split())
SCREEN_WORDS = (
    WORKS
    | SERIES_WORDS
    | frozenset(
        "tv tele kino cinema cine laeuft watching watched schaue schauen gucke gucken regarde viendo "
        "remake remaster dlc trailer ads halftime sequel".split()
    )
)
NOT_A_NAME = roles.HAVE | roles.PILE | roles.TOP | roles.CARD_NOUNS | PLAY_VERBS | roles.ARTICLES


def _regnal(i: int, scene: Scene) -> bool:
    """A Roman numeral in capitals after "der" and a name, or after a film's name in lower case."""
    k = i - 1
    if scene.words[k] in REGNAL_ARTICLES and k > 0:
        k -= 1
    elif not scene.wordset & SCREEN_WORDS:
        return False
    word = scene.words[k]
    return (
        len(word) >= 3
        and word.isalpha()
        and word not in STOPWORDS_ALL
        and word not in NOT_A_NAME
        and word not in TITLE_EXCLUDED
        and not word.startswith(PLAY_STEMS)
        and not read_word(word, LANGUAGES)
    )


def _sequel_list(i: int, scene: Scene) -> bool:
    """A Roman numeral in a list of them that starts after a name: "Rocky II, III und IV"."""
    k = i - 1
    while k >= 1 and scene.words[k] in SEQUEL_LINKS:
        k -= 1
        word = scene.words[k]
        if not (ROMAN_LETTERS.issuperset(word) and ROMAN.match(word.upper()) and scene.capital(k)):
            return False
        if k > 0 and _name(k - 1, scene):
            return True
        k -= 1
    return False


def _trick(prev: list[str], nxt: list[str], scene: Scene) -> bool:
    if any(w in ("under", "unter", "than", "als", "que", "de") for w in prev[:1]) and scene.mine:
        return False
    if set(prev[:4]) & NOTHING:
        return False  # "rien au-dessus de dix", "nada encima de diez": a bound, not the trick
    if (
        prev[:1] in (["than"], ["als"], ["de"], ["que"])
        and prev[1:2]
        and prev[1] in BOUND_COMPARATIVES
        and not (nxt[:1] and nxt[0] in roles.CARD_NOUNS)  # "finir avec moins de 10 cartes": a count
        and not scene.wordset & DRAW_PILE  # "il reste moins de 10 dans la pioche": the draw pile's count
    ):
        return False  # "tipo menos de diez", "en dessous de 10", "less than ten": a bound
    if (
        prev[:1]
        and prev[0] in ("under", "below", "unter", "sous", "debajo")
        and prev[1:2]
        and prev[1] in ANYTHING
    ):
        return False  # "who has anything under 10?": a bound, not the trick
    near = set(prev[:3]) | set(nxt[:4])
    if near & roles.TRICK or "-" in prev[:1] or "+" in prev[:1]:
        return True
    if scene.pile_named and nxt[:1] and nxt[0] in TEN_STEP_AFTER:
        return True  # "hab genau die zehn mehr für Stapel 4"
    if prev[:2] in (["del", "lo"], ["del", "jugada"], ["del", "regla"]):
        return True  # "hacé lo del diez en la 3": the ten thing; "la jugada del diez"
    if prev[:1] in (["du"], ["des"]) and prev[1:2] in (["truc"], ["trucs"]):
        return True  # "pensez au truc du dix": French "truc" is any thing, so only just before "du dix"
    # A pile named without a trick word: "10 on pile 2" is the trick, "I have a 10 for pile 2" a card.
    return scene.pile_named and not set(prev[:2]) & ARTICLES_OR_HAVE


PILE_DIGITS = {
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "eins": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "un": 1,
    "une": 1,
    "deux": 2,
    "trois": 3,
    "quatre": 4,
    "uno": 1,
    "una": 1,
    "dos": 2,
    "tres": 3,
    "cuatro": 4,
}
TEN_UP = frozenset(
    "above over higher more up ueber drueber hoeher mehr rauf hoch dessus plus encima mas arriba subir "
    "monter".split()
)
TEN_DOWN = frozenset(
    "below under lower less down unter drunter niedriger weniger runter dessous moins debajo menos abajo "
    "bajar baisser descendre".split()
)


def _ten_the_wrong_way(n: Num, nxt: list[str], scene: Scene) -> bool:
    """Ten above a rising pile (1, 2) or ten below a falling one (3, 4), the one pile the message
    names: an ordinary exact step from that top, not the backwards trick ("j'ai dix de plus que la
    pile 1", "diez por debajo de la pila 3")."""
    words = scene.words
    if scene.wordset & TRICK_NAMES and not NO_TRICK.search(scene.joined):
        return False
    # The pile is named after the ten: "ten above pile 1", not "pile 2's top is ten above my card".
    piles = {
        PILE_DIGITS[words[k + 1]]
        for k, w in enumerate(words[:-1])
        if (w in roles.PILE or w == "la") and words[k + 1] in PILE_DIGITS
    }
    if len(piles) != 1 or any(w in roles.PILE or w in roles.TOP for w in words[: n.first]):
        return False
    near = set(nxt[:3])
    up, down = bool(near & TEN_UP), bool(near & TEN_DOWN)
    if up == down:
        return False
    if piles.pop() <= 2:
        return up
    # Ten below a falling pile is read as the trick by many players ("10 runter auf Stapel 3"), unless
    # it is compared with the pile ("dix de moins que la pile 3") or said to be no trick ("diez por
    # debajo de la pila 3, entra normal sin truco").
    return down and (bool(set(nxt[:4]) & {"than", "als", "que", "qu"}) or bool(NO_TRICK.search(scene.joined)))


TRICK_NAMES = frozenset(
    "trick truco truc astuce rueckwaerts backwards backward reverse retour zurueck rueckwaertstrick".split()
)


NO_TRICK = re.compile(
    r"\b(?:sin\s+(?:el\s+)?truco|without\s+the\s+trick|no\s+trick|ohne\s+(?:den\s+)?trick|"
    r"sans\s+(?:le\s+)?(?:truc|retour)|entra\s+normal|normal\s+play)\b"
)


DRAW_PILE = frozenset("pioche mazo deck nachziehstapel draw".split())
BOUGHT = frozenset(
    "gekauft bestellt getrunken gegessen bought ordered compre compramos comprado achete commande".split()
)
ON_A_PILE = frozenset("on onto auf sur en".split())
# Participles after which German "grad" is "gerade" (just now): "die 47 grad gezogen".
GRAD_AS_JUST_NOW = frozenset("gezogen gelegt gespielt gekriegt bekommen erwischt gehabt".split())
DICE_OR_SKAT = frozenset("skat schafkopf doppelkopf wuerfel gewuerfelt kniffel stich stiche".split())
SOON_NOUNS = frozenset("dinner lunch food pizza essen cena comida diner repas back zurueck".split())
# The unit words of the four languages with their values ("deux" 2, "zwo" 2), from the lexicon.
HYPHEN_UNITS = {
    w: value
    for table in CARDINALS.values()
    for w, (value, kind) in table.items()
    if kind == "U" and 1 <= value <= 9
}
PLURAL_CARDS = frozenset("cards karten cartes cartas".split())


def _one_on_another_pile(n: Num, scene: Scene) -> bool:
    """Another number of the message is one, put on a pile too: "... and one on pile 1"."""
    words = scene.words
    return any(
        k != n.first
        and w in ("one", "eins", "eine", "une", "un", "una", "uno", "1")
        and k + 2 < len(words)
        and words[k + 1] in ON_A_PILE
        and (
            words[k + 2] in roles.PILE
            or (words[k + 2] == "la" and k + 3 < len(words) and words[k + 3] in roles.PILE)
        )
        for k, w in enumerate(words)
    )


HAND_ITSELF = frozenset("mano main hand".split())
HAND_CHANGES = frozenset("baja sube pasa passe descend monte drops goes sinkt steigt geht".split())
MY_WORDS = frozenset("my mine meine meiner mes mis mon ma mi".split())
ANYTHING = frozenset("anything something whatever alles etwas quelque chose algo".split())
TEN_STEP_AFTER = frozenset("mehr more hoeher higher weniger less lower niedriger".split())
BOUND_COMPARATIVES = frozenset(
    "less more fewer weniger mehr menos mas moins plus dessous dessus debajo encima".split()
)


def _offset_cue(n: Num, prev: list[str], nxt: list[str], scene: Scene) -> bool:
    """An exact step from a pile's top: "3 above pile 1", "bump pile 1 up by two", "à 4 du sommet"."""
    if not scene.pile_ref:
        return False
    if nxt[:1] and len(nxt[0]) > 2 and nxt[0] in TIME_UNITS:
        return False  # "en moins de 20 minutes": a duration
    if prev[:1] and prev[0] in roles.PILE and n.value <= 4 and n.how == "digits":
        return False  # "auf Stapel 2 nur kleine Schritte": the pile's own number
    if _step_after_pile(n, scene) or _steps_from_top(nxt):
        return True
    if nxt[:2] in (["away", "from"], ["weg", "von"], ["short", "of"]) or nxt[:1] == ["entfernt"]:
        return True  # "two away from the pile 1 top", "zwei weg von Stapel 3"
    if (set(prev[:3]) | set(nxt[:3])) & GAP_WORDS:
        return True  # "a gap of 4 from pile 1", "écart de quatre avec la pile 3", "Abstand 3 zu Stapel 4"
    if prev[:1] and prev[0] in EXACTLY and scene.wordset & roles.OFFSET_WORDS and not nxt:
        return True  # "un pelín por encima de la pila 1, exactamente uno"
    prev = [w for w in prev if w not in ("just", "only", "nur", "exactly", "genau", "juste", "justo", "solo")]
    b1 = prev[0] if prev else ""
    a1 = nxt[0] if nxt else ""
    a2 = nxt[1] if len(nxt) > 1 else ""
    # "3 above pile 1"; "3 more" is a count unless "3 more than pile 1" or "tres más alta".
    compared = a2 in ("than", "als", "que", "qu") or a2 in roles.OFFSET_WORDS
    if (
        a1 in roles.OFFSET_WORDS
        and a1 not in NOT_AFTER_OFFSET
        and a1 not in roles.DIRECTION
        and (a1 not in COUNT_MORE or compared)
    ):
        return True
    if a1 in ("step", "steps", "pas") and a2 in roles.OFFSET_WORDS:
        return True
    if a1 in ("au", "en", "par") and ("dessus" in nxt[1:3] or "dessous" in nxt[1:3]):
        return True
    if a1 == "de" and a2 in ("plus", "moins") and nxt[2:3] in (["que"], ["qu"]):
        return True
    if a1 in ("mehr", "more") and a2 in ("than", "als"):
        return True
    if a1 in ("more", "less", "mehr", "weniger", "menos", "mas") and a2 in ("than", "als", "que"):
        return True
    if a1 in ("por",) and a2 in ("encima", "debajo"):
        return True
    if b1 in ("moins", "menos") and len(prev) > 1 and prev[1] in ("au", "al", "lo", "du"):
        return False  # "au moins 2", "al menos dos", "por lo menos": at least, not minus
    if b1 in ("by", "um", "de", "plus", "minus", "moins", "menos", "mas", "+", "-") and (
        set(prev[1:4]) & OFFSET_OR_TOP or b1 in ("plus", "minus", "moins", "menos", "mas", "+", "-")
    ):
        return True
    if b1 in ("a", "à") and (a1 in ("du", "del") or (a1 == "de" and a2 in ("la", "l"))):
        return True  # "à 4 du sommet", "está a una de la 4"
    if b1 in ("up", "down", "hoch", "runter", "rauf") and len(prev) > 1 and prev[1] in MOVE_VERBS:
        return True  # "go up 2"
    if b1 in OFFSET_VERBS or a1.startswith(("runter", "hoch", "rauf", "drauf")):
        return True  # "tu ajoutes trois", "súmale cuatro", "um zwei runterdrücken"
    if b1 in ("saut", "salto", "saltito", "jump", "sprung") or (
        b1 == "de" and len(prev) > 1 and prev[1] in ("saut", "salto", "saltito")
    ):
        return True
    if (
        b1 in ("sumo", "suma", "add", "shave", "subtract")
        or (b1 == "noch" and a1 in ("drauf", "dazu", "rauf"))
        or (len(prev) > 1 and prev[1] in ("subtract",))
    ):
        return True
    return bool(b1 in ("exactly", "genau", "exactement", "exactamente", "justo") and a1 in roles.OFFSET_WORDS)


PILE_NUMBERS = frozenset("1 2 3 4 une un deux trois quatre una uno dos tres cuatro".split())
GAP_WORDS = frozenset(
    "gap gaps ecart abstand distance distancia diferencia difference cran crans steps schritte pasos".split()
)
EXACTLY = frozenset("exactly exactement exactamente genau exacto exacta exactos justo".split())


# A card drawn ("je viens de piocher la 2", "robé la 3") or had by someone ("qui a la 2 ?",
# "t'aurais pas la 3 ?"): the card, not the pile the article names elsewhere.
DRAWN = frozenset("pioche pioches piocher piochee tire tirer tiree robe robo robaste robar".split())
HAS_FR = frozenset("aurais aurait auriez aurai avez avait".split())
WHO_HAS = frozenset("qui il elle personne un".split())  # "un": quelqu'un, chacun


PILE_KINDS = frozenset(
    "rising falling ascending descending aufsteigenden absteigenden aufsteigende absteigende "
    "steigenden fallenden".split()
)


def _holds_or_draws(b2: str, b3: str) -> bool:
    """The two words before "la" (nearest first) draw a card or say someone has it."""
    return (
        b2 in DRAWN
        or b2 in HAS_FR
        or (b2 == "pas" and (b3 in HAS_FR or b3 in roles.HAVE))
        or (b2 == "a" and b3 in WHO_HAS)
    )


def _step_after_pile(n: Num, scene: Scene) -> bool:
    """A pile named just before the number, linked to it by "by", "de", "en", "only"...: the number
    of steps that pile's top moves ("mine trails pile 4 by seven", "la pila 2 en cinco exactos")."""
    words = scene.words
    k = n.first - 1
    links = 0
    while k >= 0 and words[k] in roles.STEP_LINKS and links < 2:
        k -= 1
        links += 1
    if not links or k < 1:
        return False
    if words[k].isdigit() or (words[k] and read_word(words[k], LANGUAGES)):
        k -= 1  # the pile's own number: "pile 4 by seven"
    if k < 0 or (words[k] not in roles.PILE and words[k] != "la"):
        return False
    _, nxt = _near(scene, n.first, n.last, 0, 2)
    return not (set(nxt) & COUNTED_NOUNS)


STEP_FILLERS = frozenset(
    "du del al from the vom von zum de la le el a l to of crans cran steps step pas schritte schritt "
    "pasos paso points punkte puntos".split()
)


def _steps_from_top(nxt: list[str]) -> bool:
    """The number counts steps from a pile's top: "à cinq crans du sommet", "tres al tope"."""
    for w in nxt[:4]:
        if w in roles.TOP and w != "dessus":
            return True
        if w not in STEP_FILLERS:
            return False
    return False


OFFSET_VERBS = frozenset(
    (
        "add adds subtract subtracts nudge bump raise ajoute ajoutes ajouter ajoutez retire retires retirer "
        "retirez enleve enleves enlever soustrais suma sumale sumas anade anadele resta restale restas quita "
        "quitale addier addiere zieh ziehe abziehen saca sacas saco bajar subir bajarle subirle"
    ).split()
)
MOVE_VERBS = frozenset("go goes going bump raise move push geh gehe gehen schieb schiebe".split())
TAKE_AWAY = frozenset("quitas quita quitamos restas resta enleves enleve retires retire".split())
COUNT_MORE = frozenset("more less mehr weniger plus moins mas menos".split())
NOT_AFTER_OFFSET = frozenset("up down saut salto saltito sprung jump jumps step steps pas".split())


AGREE_AFTER = frozenset("to for from on that this von fuer pour de para a auf".split())


def _offset_role(n: Num, prev: list[str], nxt: list[str], scene: Scene) -> str | None:
    """One: an offset from a top ("one above pile 2"), else not a card value."""
    before_plus = scene.words[n.first - 2] if n.first > 1 else ""
    if (
        prev[:1] == ["+"]
        and n.how == "digits"
        and not before_plus.isdigit()
        and not read_word(before_plus, LANGUAGES)
        and (n.first == 1 or not nxt or nxt[0] in AGREE_AFTER)
        # "je suis à +1 de la pile 2": a step from a pile, not a vote
        and not (nxt[:1] and nxt[0] in ("de", "from", "von", "vom", "del") and set(nxt[1:3]) & roles.PILE)
    ):
        return "agreement (+1)"  # "+1", "+1 to what Sam said"
    if n.how == "offset" or _offset_cue(n, prev, nxt, scene):
        n.how = "offset"
        return None
    a1 = nxt[0] if nxt else ""
    b1 = prev[0] if prev else ""
    comparing = len(nxt) > 1 and nxt[1] in ("than", "als", "que", "from", "von", "de", "of")
    if (a1 in OFFSET and (a1 in PLAIN_OFFSET or comparing)) or b1 in ("plus", "minus", "+"):
        n.how = "offset"
        return None
    return "not a card value"


YEARS = frozenset(
    (
        "music musik musique musica songs song lieder playlist kid kids called vibes style movies films "
        "filme peliculas schlager hits radio rock pop disco gab gabs damals back born geboren annees "
        "anos jahre decade jahrzehnt fashion mode aus kind waren were etaient eran when during era "
        "grew childhood kindheit enfance infancia"
    ).split()
)


# Verbs of a sentence set in an era that opens it: "in the nineties this game would've been a hit".
ERA_CLAUSE_VERBS = frozenset(
    "would wouldve was were used could waere waeren wuerde war waren haette etait etaient aurait serait "
    "era eran fue fueron habria seria".split()
)
# The subject of such a sentence: a thing or people of the time, not "it" (a card: "in the forties it
# would fit").
ERA_SUBJECTS = frozenset(
    "this that these those everyone everybody people nobody we they games music kids die das alle man "
    "wir on tout tous les todo todos la el los".split()
)
# Verbs that make a decade the subject of a sentence about an era: "the nineties had", "los
# noventa fueron", "die 80er waren".
ERA_VERBS = frozenset(
    "had were was fueron eran fue era tenian tenia waren hatten war etaient etait furent avaient".split()
)
# Time units with any ending: "minutazos", "minutitos", "segunditos", "Stündchen", "horitas".
UNIT_STEMS = ("minut", "segund", "sekund", "stuend", "horit", "heurett")
THOUSANDS = frozenset(
    "thousand thousands grand k tausend tausende mille milles mil miles million millions millionen "
    "millones millon milliard milliards billion billions".split()
)
WORTH = frozenset("vaut valent vale valen worth wert equals egale".split())
WEAK_QUANTITIES = frozenset("schock mandel".split())
FEEL = frozenset(
    "feel feels feeling felt look looks fuehl fuehle fuehlt fuehlen aussehen aus sens sent sentir "
    "siento siente parezco parece".split()
)
LIFE_STARTS = frozenset(
    "first started start began begun learned learnt taught erstmals angefangen gelernt "
    "commence appris empece aprendi fang fange fing aufgehoert".split()
)


def _age(b1: str, b2: str, a1: str, prev: list[str]) -> bool:
    """The number is someone's age: "Opa ist 87", "tiene treinta y tantos", "turns 90"."""
    return (
        a1 in roles.AGE_AFTER
        or b1 in roles.AGE_VERBS
        or (b1 in ("is", "ist", "est", "es", "s", "tiene", "a", "hat") and b2 in roles.PEOPLE)
    )


IN_TIME = frozenset("dans ici sous pendant durant depuis en".split())
WE_WERE = frozenset("eramos somos seremos fuimos etions etait sommes serons were are waren sind seid".split())


def _decade_role(n: Num, prev: list[str], nxt: list[str], scene: Scene) -> str | None:
    years = YEARS
    if (scene.near(scene.time_question_at, n) or scene.words[n.first].endswith("ish")) and n.value <= 12:
        return "a time"
    bare = [w for w in prev if w != "-"]
    if bare[:1] in (["early"], ["late"], ["mid"]) and len(bare) > 1 and bare[1] in AGE_POSSESSIVES:
        return "an age"  # "she's in her early forties", "in his mid-thirties"
    if bare[:1] in (["their"], ["her"], ["his"], ["our"]) and bare[1:2] == ["in"]:
        return "an age"  # "who else here is in their 40s"
    if bare[:1] in (["mid"], ["mitte"], ["mediados"]) and n.value % 10 == 0:
        n.value += 5  # "mid-seventies"
    if _age(prev[0] if prev else "", prev[1] if len(prev) > 1 else "", nxt[0] if nxt else "", prev):
        return "an age"  # "mi tía tiene veintitantos"
    if nxt[:1] and nxt[0] in ERA_VERBS:
        return "a decade of years"  # "the nineties had better games", "die 80er waren"
    if nxt[:1] in (["de"], ["d"]) and len(nxt) > 1 and nxt[1] in roles.UNITS:
        return "a duration"  # "dans une quinzaine de jours"
    if (
        scene.words[n.first] in ("quinzaine", "huitaine")
        and prev[:1] == ["une"]
        and (
            (prev[1:2] and prev[1] in IN_TIME) or (nxt[:1] and nxt[0] in ("prochaine", "derniere", "passee"))
        )
    ):
        return "a duration"  # "dans une quinzaine je serai plus dispo": a fortnight
    if set(prev[:5]) & roles.PEOPLE:
        return "an age"  # "mein Onkel ist in den Fünfzigern", "my aunt is in her fifties"
    if (
        n.first <= 3
        and bare[:2] in (["the", "in"], ["den", "in"], ["los", "en"], ["les", "dans"], ["annees", "les"])
        and nxt[:1]
        and nxt[0] in ERA_SUBJECTS
        and not scene.wordset & CARD_OR_PILE
        and set(nxt[1:6]) & ERA_CLAUSE_VERBS
        # "I have one", not "would have been"
        and not any(w in roles.HAVE and nxt[k - 1 : k] != ["would"] for k, w in enumerate(nxt[:6]))
    ):
        return "a decade of years"  # "in the nineties this game would've been a hit"
    if (
        scene.wordset & ERA_CUES
        or _perfect_tense(scene)
        or (scene.wordset & (DECADE_WORDS | CULTURE_WORDS) and not scene.wordset & CARD_OR_PILE)
    ):
        return (
            "a decade of years"  # "my grandpa played this in the 60s", "in den 90ern haben wir ... gespielt"
        )
    if (
        n.first + 1 < len(scene.words)
        and scene.capital(n.first + 1)
        and scene.words[n.first + 1] not in CARD_NOUNS_OR_PILE
    ):
        return "a decade of years"  # German compounds: "80er Partymusik", "die 90er Jahre"
    if scene.words[n.first] in COLLECTIVES and set(prev[:3]) & WE_WERE:
        return "a count of people"  # "éramos una treintena", "on était une trentaine"
    if (
        len(prev) > 2
        and prev[1] in ("aus", "from", "de")
        and prev[2] in ONE_CARD
        and set(prev[3:5]) & roles.HAVE
        and not scene.wordset & CULTURE_WORDS
    ):
        return None  # one card of a decade: "hab eine aus den Dreißigern", "I've got one from the 70s"
    near = set(prev[:3]) | set(nxt[:3])
    if near & years or (prev[:1] == ["the"] and nxt[:1] == ["called"]):
        return "a decade of years"
    if any(w in ("annees", "anos", "decada", "jahre") for w in prev[:2]):
        return "a decade of years"
    return None


ERA_CUES = frozenset(
    "grandpa grandma granny grandad grandfather grandmother grandparents parents opa oma grosseltern eltern "
    "abuelo abuela abuelos padres papy papi mamie grandpere grandmere damals frueher autrefois dad mom mum "
    "father mother vater mutter papa mama pere mere padre madre "
    "jadis antano back then childhood kindheit enfance infancia kid kids".split()
) - {"then"}
# "best music decade? 80s": a decade of years, when the message names neither a card nor a pile.
DECADE_WORDS = frozenset("decade decades jahrzehnt jahrzehnte decennie decennies decada decadas".split())
HAVE_DE = frozenset("haben hatten hatte habt hab habe hat".split())
ONE_CARD = frozenset("eine ne one une una".split())
# Music, films and fashion of a decade: "die Musik hier klingt voll nach den 90ern".
CULTURE_WORDS = frozenset(
    "musik music musique musica song songs lied lieder chanson chansons cancion canciones playlist radio "
    "film films filme movie movies pelicula peliculas mode fashion frisur vinyl album albums band platte "
    "disque disco".split()
)


STREETS = frozenset(
    "street st avenue ave road rd lane drive strasse str weg gasse allee platz rue avenue boulevard bd "
    "chemin impasse calle avenida plaza paseo camino".split()
)
STREET_ENDS = ("strasse", "gasse", "allee", "str")


def _street(word: str) -> bool:
    return word in STREETS or (len(word) > 7 and word.endswith(STREET_ENDS))


CARD_OR_PILE = roles.CARD_NOUNS | roles.PILE
EVERYTHING = frozenset(
    "alles nichts everything anything nothing tout rien todo nada algo etwas something".split()
)  # "alles über 80, sorry Leute": a bound on the cards, not people over 80
ADULTS = frozenset(
    "adults adult people erwachsene volljaehrig leute adultes majeurs gens adultos mayores gente".split()
)
# Two-digit emergency numbers in France and Spain (15 SAMU, 17 police, 18 pompiers; 061, 062, 080,
# 085, 091, 092), said beside the service.
EMERGENCY_NUMBERS = frozenset({15, 17, 18, 61, 62, 80, 85, 91, 92})
EMERGENCY_WORDS = frozenset(
    "police polizei policia pompiers feuerwehr bomberos samu ambulance ambulancia krankenwagen notruf "
    "notfall urgences urgencias emergencias emergency gendarmerie guardia rettung".split()
)
LOTTERY_WORDS = frozenset("gordo loteria sorteo navidad nino billete compras comprais comprar compro".split())
CALLED = frozenset(
    "appele appeler appelle appelez call called calling calls angerufen anrufen ruf rufe rufen waehl waehlen "
    "llame llamar llama llamo llamaron".split()
)
SCHOOL_YEARS = frozenset("year grade klasse classe curso".split())
SCHOOL_YEAR_BEFORE = frozenset("in im en la die der meine mein ma mi su sa seine ihre 7th".split())
AGE_LIMIT_CONTEXT = frozenset(
    "server kanal channel chat discord film movie filme movies pelicula peli serie series "
    "game spiel jeu juego "
    "nsfw adults adult erwachsene kids kinder enfants ninos fsk usk pegi rated "
    "interdit prohibido verboten jahre years ans anos age alter edad".split()
)
AGE_RATINGS = frozenset("fsk usk pegi pg".split())
FEVER = frozenset("fiebre fievre fieber fever temperatura".split())
TEMPERATURE = frozenset(
    "maxima minima max min temperatura temperature temperatur grados degrees grad degres".split()
)
WEIGHTS = frozenset(
    "kilos kilo kg kilogramm gramos grams pounds lbs pfund livres metros meter metres".split()
)
STUDY_YEARS = frozenset("L1 L2 L3 M1 M2".split())
PETS = frozenset("cat dog katze kater hund chat chatte chien chienne gato gata perro perra".split())
FAMILY_PLURALS = frozenset(
    "kids children sons daughters grandkids grandchildren cousins nephews nieces brothers sisters kinder "
    "enkel urenkel enkelkinder soehne toechter geschwister neffen nichten enfants petits-enfants neveux "
    "nieces freres soeurs hijos hijas nietos nietas bisnietos sobrinos sobrinas hermanos hermanas primos "
    "primas".split()
)
OTHER_GAMES = frozenset(
    "yams yahtzee kniffel skat poker belote tarot truco doppelkopf schafkopf jass catan catán sudoku "
    "monopoly ludo parchis mahjong blackjack schach ajedrez echecs chess scrabble domino rommé romme "
    "canasta brisca chinchon rummy molkky moelkky bowling bowled fifa tetris".split()
)
SPORT_UNITS = frozenset("overs balls wickets runs goals goles buts tore punkte punkten innings".split())
TRANSPORT = frozenset(
    "bus autobus tram tranvia train line linie ligne linea colectivo metro u-bahn s-bahn bahn".split()
)
STARS = frozenset("stars star sterne stern etoiles etoile estrellas estrella".split())
# English dice, when "dice" is the only word of dice: "the dice", "two dice", "dice roll".
ENGLISH_DICE = re.compile(
    r"\b(?:the|my|your|a|some|two|both|of|with|roll|rolled|rolling|throw|threw|our|his|her|their)\s+dice\b|"
    r"\bdice\s+(?:roll|rolls|rolled|game|games|show|showed|came|say|said|gave|are|were|is|was)\b"
)


DICE = frozenset(
    "dice dados wuerfel wuerfeln wuerfelt gewuerfelt rolled tirada".split()  # not "die", "des", "dado"
)
DIE_NOUNS = DICE | frozenset("dado wuerfel".split())  # not "die", a German article
DIE_FACES = frozenset((4, 6, 8, 10, 12, 20, 30, 100))
FACES = frozenset("faces caras seiten sides sided flaechen".split())
GOOD_ONES = frozenset(
    "gute guten schlechte hohe niedrige kleine grosse good bad high low buenas malas altas bajas bonnes "
    "mauvaises hautes basses petites grandes".split()
)
INTENSIFIERS = frozenset(
    "richtig echt ganz super voll sehr really very real muy re bien tres vraiment".split()
)
PILE_WAYS = frozenset(
    "rauf runter hoch up down aufsteigend aufsteigende absteigend absteigende montantes descendantes "
    "ascendentes descendentes ascending descending arriba abajo".split()
)
PILES_COUNTED = re.compile(
    r"\b(?:4|vier|four|quatre|cuatro)\s+(?:stapel|piles|pilas|tas|stacks)\b|\b2\s+\w+\s+(?:und|and|y|et)\s+2\b|"
    r"\b2\s+(?:stapel|piles|pilas|tas|stacks)\s+(?:going\s+|go\s+|gehen\s+|van\s+|vont\s+)?(?:up|down|rauf|runter|hoch|"
    r"arriba|abajo|montent|descendent)\b"
)
GOING = frozenset("going go gehen geht van vont".split())
EVENT_NOUNS = frozenset(
    "partie soiree match rdv session partida partido fiesta quedada spieleabend tournoi torneo turnier "
    "tournament reunion".split()  # not "juego el 15"
)
WAS = frozenset("was war were waren tenia tenias teniamos avais avait etais etait".split())
SINCE_OR_WHEN = frozenset("since seit desde depuis when als cuando quand".split())
AGE_COPULAS = frozenset("ist is bin bist sind seid war wird schon erst".split())
AGE_POSSESSIVES = frozenset("her his their my your our".split())
# Teams or groups of a size: "16 teams of 4", "8 equipos de 3", "Teams zu dritt".
GROUP_NOUNS = frozenset(
    "teams team groups group equipos equipo grupos grupo equipes equipe groupes groupe mannschaften "
    "gruppen gruppe tables mesas".split()
)
# The Spanish preterite of an event, ending in an accented ó: "se casó en el 82", "nació en el 95".
PRETERITE = re.compile(r"\b\w{2,}ó\b")
PLAY_PRETERITES = frozenset("jugo puso tiro bajo echo dejo tiró".split())
DATE_RANGE_CONTEXT = (
    frozenset(
        "finde weekend semana semaine mes mois vacaciones vacances viaje voyage fuera ausente congreso "
        "feria fiesta festival".split()
    )
    | roles.MONTHS
)
PAST_EVENT = frozenset(
    "fue fueron hubo era eran gano ganamos ganaron paso nacio murio was were happened won war waren gab "
    "fand fanden etait fut furent avait gagne".split()
)
BIRTHDAY_PREPOSITIONS = frozenset("zu zum an auf fuer vor nach seit bis".split())
DATIVE_POSSESSIVES = frozenset("meinem seinem ihrem deinem unserem eurem".split())
LABEL_LINKS = frozenset("a al la el to auf die the zu en on sur".split())
LAID = frozenset("down posees posee gelegt abgelegt puestas colocadas jugadas".split())


def _perfect_tense(scene: Scene) -> bool:
    """A German perfect or pluperfect: "haben wir ... gespielt" (a "ge-" participle after "haben")."""
    if not scene.wordset & HAVE_DE:
        return False
    return any(len(w) > 6 and w.startswith("ge") and w.endswith(("t", "en")) for w in scene.words)


# An ordinal said to be the card itself: "someone has the 7th? the card, not the date", "ich hab die
# 19te, also die Karte", "la cuarta, la carta, no la pila".
THE_CARD_ITSELF = re.compile(
    r"\b(?:the|die|la)\s+(?:card|karte|carte|carta)\s*,?\s+(?:not|nicht|pas|no)\s+(?:the|das|den|le|la|el)\s+"
    r"(?:date|datum|tag|day|jour|fecha|dia|pile|stapel|pila|stack)\b|"
    r"\b(?:also|i\s+mean|je\s+veux\s+dire|o\s+sea)\s+(?:the|die|la)\s+(?:card|karte|carte|carta)\s*(?:$|[.!,)])"
)


def _ordinal_role(n: Num, prev: list[str], nxt: list[str], scene: Scene, toks: list[Tok]) -> str | None:
    value = n.value
    if 2 <= value <= 99:
        said = THE_CARD_ITSELF.search(scene.joined, scene.at[n.last])
        if said and said.start() - scene.at[n.last] <= 30:
            return None
    if scene.words[n.first] in ("decimo", "decimos") and scene.wordset & LOTTERY_WORDS:
        return "a lottery ticket"  # "el Gordo es el 22 de diciembre, ¿compráis décimo?"
    b1 = prev[0] if prev else ""
    a1 = nxt[0] if nxt else ""
    if b1 == "zu" and value <= 12:
        return "a player count"  # Swiss "mir sind zu füfte"
    if b1 in ("happy", "feliz", "joyeux", "herzlichen") and value >= 10:
        return "an age"  # "happy 40th to my dad today"
    if value >= 10 and (
        (b1 == "s" and len(prev) > 1 and prev[1] in roles.PEOPLE)
        or (b1 in ("his", "her", "their") and value % 10 == 0)
    ):
        return "an age"  # "my nan's 90th is on sunday", "her 60th": a round birthday
    if value <= 4 and not scene.near(scene.mine_at, n):
        return "a position, not a value"
    if set(nxt[:2]) & roles.BIRTHDAY:
        return "an age"
    noun_follows = n.last + 1 < len(toks) and toks[n.last + 1].kind == "w"
    if (noun_follows and any(w in ORDINAL_NOUNS for w in nxt[:2])) or (
        nxt[:1] and toks[n.last + 1 :] and _capital_noun(n, toks)
    ):
        return "a position, not a value"
    if value <= 10 and any(w in roles.CARD_NOUNS for w in nxt[:2]):
        return "a position in a hand"
    if a1 in roles.MONTHS or b1 in roles.MONTHS or b1 in ("am", "vom", "zum", "ab", "on", "since"):
        return "a date" if value <= 31 else None
    card = (
        b1 in roles.HAVE
        or scene.near(scene.mine_at, n)
        or any(
            w in ("hand", "main", "mano", "mine", "meine", "mia", "mio", "mienne")
            and not (w == "mine" and k and nxt[k - 1] in ("at", "to"))  # "game night at mine": a place
            for k, w in enumerate(nxt[:4])
        )
    )
    if value <= 31 and not card and n.how == "ordinal" and toks[n.first].kind in ("m", "n"):
        return "a date"
    if (
        value <= 31
        and not card
        and b1 in ("the", "le", "el", "den", "der")
        and scene.wordset & roles.DAY_NAMES
    ):
        return "a date"
    return None


def _capital_noun(n: Num, toks: list[Tok]) -> bool:
    return False


PART_OF_A_SUM = "part of a sum"
DECIMAL = "a decimal, a version or a date"


def _arithmetic(nums: list[Num], toks: list[Tok], scene: Scene) -> None:
    """50-3, 7*7, fifty minus three, zehn plus zehn plus drei, half of ninety-four, dos veces cuarenta."""
    nums.sort(key=lambda n: n.first)
    by_first = {n.first: n for n in nums}
    by_last = {n.last: n for n in nums}
    words = scene.words
    chained: set[int] = set()
    for n in list(nums):
        if n.how == "arithmetic" or n.allowed in (PART_OF_A_SUM, DECIMAL) or n.first in chained:
            continue  # a price ("pagué 3,50 por una caña") is no factor
        b1 = words[n.first - 1] if n.first > 0 else ""
        b2 = words[n.first - 2] if n.first > 1 else ""
        b3 = words[n.first - 3] if n.first > 2 else ""
        # What is missing to reach a number: "le faltan treinta para cien", "il en manque 4 pour 50",
        # "es fehlen 3 bis 60".
        if b1 in MISSING or (
            b2 in MISSING and b1 in ("nur", "juste", "solo", "only", "just", "still", "noch")
        ):
            target = _reached(n.last + 1, by_first, words)
            if target is not None and target.value > n.value:
                _derived(nums, [n, target], target.value - n.value, n.first, target.last)
                continue
        # A number added to a later one: "súmale nueve a treinta", "add 4 to 50", "ajoute 3 à 40".
        if b1 in ADD_VERBS and n.last + 2 < len(words) and words[n.last + 1] in ("a", "al", "to", "zu"):
            other = by_first.get(n.last + 2)
            if other is not None and other.value >= 10 and other.allowed is None:
                _derived(nums, [n, other], other.value + n.value, n.first, other.last)
                continue
        # An equation on one's card: "my card + 10 = 60", "meine Karte minus 5 ergibt 40".
        if (
            b1 in EQUATION_SIGNS
            and b2 in CARD_WORDS
            and n.last + 2 < len(words)
            and words[n.last + 1] in EQUALS
        ):
            at = n.last + 3 if words[n.last + 1] == "would" and words[n.last + 2] == "be" else n.last + 2
            result = by_first.get(at)
            if result is not None:
                card = result.value - n.value if b1 in ("+", "plus", "mas") else result.value + n.value
                if 2 <= card <= 99:
                    result.allowed = "part of a sum"
                    n.allowed = "part of a sum"
                    nums.append(Num(card, n.first - 2, result.last, "arithmetic", odd=True))
                    continue
        # The square said before the number or the German way: "le carré de huit", "el cuadrado de
        # siete", "the square of 9", "sieben zum Quadrat".
        before_square = (
            b1 in ("de", "of", "von", "del", "du")
            and b2 in ("carre", "cuadrado", "square", "quadrat")
            and (n.first == 2 or b3 in SQUARE_ARTICLES)  # "un carré de 4 sur 4", "un cuadrado del 5"
            and (n.last + 1 == len(words) or words[n.last + 1] not in SHAPE_AFTER)
            and not scene.wordset & SQUARE_NOT_A_POWER
        )
        german_square = (
            n.last + 2 < len(words)
            and words[n.last + 1] in ("zum", "im")
            and words[n.last + 2] == "quadrat"
            and b1 != "zu"  # "wir saßen zu 6 im Quadrat": a seating
        )
        if before_square or german_square:
            # "le carré de 7 moins 1": the square starts a chain of its own.
            first, end = (n.first - 2, n.last) if before_square else (n.first, n.last + 2)
            square = Num(n.value * n.value, first, end, "arithmetic")
            value, last, used = _chain(square.value, square, by_first, words, scene)
            chained.update(m.first for m in used[1:])
            _derived(nums, [n, *used[1:]], value, first, last)
            continue
        if b1 == "of" and b2 == "square":
            continue  # "a square of 3 metres": a shape, and "square" is no factor of two
        # Roots: "wurzel aus 64", "la racine de 81", "raíz cuadrada de 49", "the square root of 36".
        if b1 in ("aus", "de", "of", "von") and (b2 in ROOTS or b3 in ROOTS):
            root = round(n.value**0.5)
            if root * root == n.value:
                _derived(nums, [n], root, n.first - (2 if b2 in ROOTS else 3), n.last)
            continue
        after = _operand_after(n.last + 2, by_first, words, skip=True)
        # Powers: "3 hoch 4", "6 elevado a 2", "2 to the power of 6", "3 puissance 4".
        power = _power_operand(n.last + 1, by_first, words)
        if power is not None and power.value <= 6:
            _derived(nums, [n, power], n.value**power.value, n.first, power.last)
            continue
        # Taking a number away from a later one: "subtract 4 from 60", "le quito 6 a 100", "zieh 3 von
        # 50 ab", "enlève 2 à 40"; and "one short of a hundred", "two shy of fifty".
        if (
            b1 in SUBTRACT_VERBS
            and n.last + 1 < len(words)
            and words[n.last + 1] in ("from", "off", "a", "al", "de", "von", "vom")
            and after is not None
            and after.value > n.value
        ):
            _derived(nums, [n, after], after.value - n.value, n.first, after.last)
            continue
        if (
            b1 in ("of", "de", "von", "aus")
            and b2 in SUM_NOUNS
            and n.last + 2 < len(words)
            and words[n.last + 1] in ("and", "y", "et", "und", "+")
            and (other := by_first.get(n.last + 2)) is not None
            and other.allowed is None
            and n.value + other.value <= 99
            and not (other.last + 1 < len(words) and words[other.last + 1] in roles.MONEY_WORDS)
        ):
            _derived(nums, [n, other], n.value + other.value, n.first, other.last)
            continue  # "la suma de 20 y 17", "the sum of 20 and 17", "die Summe aus 20 und 17"
        if (
            b1 in SUBTRACT_VERBS
            and n.last + 3 < len(words)
            and words[n.last + 1] in ("away", "weg")
            and words[n.last + 2] in ("from", "von", "vom")
            and (other := _operand_after(n.last + 3, by_first, words, skip=True)) is not None
            and other.value > n.value
        ):
            _derived(nums, [n, other], other.value - n.value, n.first, other.last)
            continue  # "take 3 away from 60", "nimm 3 weg von 60"
        if (
            n.last + 2 < len(words)
            and words[n.last + 1] in ("short", "shy")
            and words[n.last + 2] == "of"
            and (other := _operand_after(n.last + 3, by_first, words, skip=True)) is not None
            and other.value > n.value
        ):
            _derived(nums, [n, other], other.value - n.value, n.first, other.last)
            continue
        if b1 in TAKE_AWAY and n.first >= 3:
            base = next(
                (
                    by_last[k]
                    for k in range(n.first - 2, n.first - 5, -1)
                    if k in by_last and by_last[k].value > n.value
                ),
                None,
            )
            if base is not None:
                _derived(nums, [base, n], base.value - n.value, base.first, n.last)
                continue
        if (
            b1 == "half"
            and n.value <= 12
            and n.how in ("digits", "word")
            and (n.allowed == "a time" or (n.allowed is not None and b2 in HALF_PAST_BEFORE))
        ):
            continue  # "half 10 for me", "from half seven until ten": half past, said the British way
        # A unit word doubled as a digit, as on a domino: "doble siete", "doppel-sieben", "le double cinq".
        if (
            n.how == "word"
            and n.first == n.last
            and 1 <= n.value <= 9
            and (b1 in DOUBLE_DIGIT or (b1 == "-" and b2 in DOUBLE_DIGIT))
        ):
            _derived(nums, [n], n.value * 11, n.first - (1 if b1 != "-" else 2), n.last)
            continue
        if b1 in ONE_ARTICLE and b2 == "'" and b3 == "d":
            b2, b3 = "d", words[n.first - 4] if n.first > 3 else ""  # "la moitié d'une centaine"
        factor, first = _multiplier(b1, b2, b3, n.first, words[n.first - 4] if n.first > 3 else "")
        if (
            factor
            and factor < 1
            and n.last + 1 < len(words)
            and (words[n.last + 1] in COUNTED_AFTER_FRACTION or words[n.last + 1] in roles.UNITS)
        ):
            continue  # "a quarter of 80 people", "3/4 of 100 players", "un cuarto de 80 euros"
        if factor and not (n.value == 10 and _trick([b1, b2], words[n.last + 1 : n.last + 4], scene)):
            # "twice twenty-five minus one": the product starts a chain of its own.
            value, last, used = _chain(int(n.value * factor), n, by_first, words, scene)
            chained.update(m.first for m in used)
            # The words of the factor are no numbers of their own: "un cuarto de ochenta" is 20, not 4
            inside = [m for m in nums if first <= m.first and m.last < n.first]
            _derived(nums, used + inside, value, first, last)
            continue
        if n.value <= 4 and n.last + 1 < len(words) and words[n.last + 1] == "cubed":
            _derived(nums, [n], n.value**3, n.first, n.last + 1)  # "3 cubed"
            continue
        if n.last + 1 < len(words) and words[n.last + 1] in ("squared", "quadrat", "carre", "cuadrado"):
            # "twelve squared minus a hundred": the square starts a chain of its own.
            square = Num(n.value * n.value, n.first, n.last + 1, "arithmetic")
            value, last, used = _chain(square.value, square, by_first, words, scene)
            chained.update(m.first for m in used[1:])
            _derived(nums, [n, *used[1:]], value, n.first, last)
            continue
        if (
            n.value <= 4
            and n.last + 2 < len(words)
            and words[n.last + 1] in ("au", "al", "hoch")
            and words[n.last + 2] in ("cube", "cubo", "kubik")
        ):
            _derived(nums, [n], n.value**3, n.first, n.last + 2)  # "3 al cubo", "deux au cube"
            continue
        if n.last + 2 < len(words) and words[n.last + 1] == "^" and words[n.last + 2] == "2":
            _derived(nums, [n], n.value * n.value, n.first, n.last + 2)
            continue
        if (
            n.last + 2 < len(words)
            and words[n.last + 1] in ("au", "al", "hoch")
            and words[n.last + 2]
            in (
                "carre",
                "cuadrado",
                "zwei",
            )
        ):
            _derived(nums, [n], n.value * n.value, n.first, n.last + 2)
            continue
        if b1 == "(" and b2 == "sqrt":
            root = int(n.value**0.5)
            if root * root == n.value:
                _derived(nums, [n], root, n.first - 2, n.last)
            continue
        # A chain of operands: a op b [op c ...].
        value, last, used = _chain(n.value, n, by_first, words, scene)
        chained.update(m.first for m in used)
        if len(used) > 1:
            if used[0].allowed == "a pile number" or (n.first > 0 and words[n.first - 1] in roles.PILE):
                # "pile 2 + 5": not a sum but a step from the pile; a step of ten is the backwards trick
                # in any direction ("top card on pile 3 plus ten, the reverse thing").
                for m in used[1:]:
                    m.how = "offset"
                    m.allowed = "the backwards trick" if m.value == 10 else None
                continue
            _derived(nums, used, value, n.first, last)


def _chain(
    value: int, n: Num, by_first: dict[int, Num], words: list[str], scene: Scene
) -> tuple[int, int, list[Num]]:
    """Read a op b [op c ...] from the number `n`, whose value so far is `value`."""
    last, used = n.last, [n]
    while len(used) < 12:
        op_index = last + 1
        op = words[op_index] if op_index < len(words) else ""
        if (
            op in ("divided", "divise", "geteilt", "dividido", "dividida")
            and op_index + 1 < len(words)
            and words[op_index + 1] in ("by", "par", "durch", "entre", "por")
        ):
            op_index, op = op_index + 1, "/"  # "quarante-deux divisé par deux", "60 geteilt durch 2"
        sign = OPERATORS.get(op)
        if sign is None and len(used) == 1:
            # "sesenta, y súmale dos", "sixty, add two", "60 und zieh 3 ab": the step said by a verb
            k = op_index
            while k < len(words) and words[k] in ADD_FILLERS and k < op_index + 3:
                k += 1
            verb = words[k] if k < len(words) else ""
            if verb in ADD_VERBS or verb in SUB_VERBS:
                after = _operand_after(k + 1, by_first, words, skip=True)
                if (
                    after is not None
                    and not set(words[after.last + 1 : after.last + 2]) & (roles.COUNT_NOUNS | COUNT_MORE)
                    and not set(words[max(0, n.first - 2) : n.first]) & WE_ARE  # "we're 3, add 2 more"
                ):
                    op_index, op, sign = k, verb, "+" if verb in ADD_VERBS else "-"
        if (
            sign is None
            or (op == "mal" and not _german_near(scene))
            or (
                op in ("por", "veces")
                and not used[-1].how.startswith("w")
                and not (value <= 12 and op_index + 1 in by_first and by_first[op_index + 1].value <= 12)
            )
        ):
            break
        other = _operand_after(op_index + 1, by_first, words, skip=True)
        if (
            other is None
            or other.allowed == DECIMAL
            or (sign in "-+" and words[op_index + 1] in ("cuarto", "quart"))
        ):
            break
        if op == "-" and not (words[used[-1].last].isdigit() and words[other.first].isdigit()):
            break
        if (
            op in ("-", "/", "+")
            and used[-1].allowed
            and other.allowed
            and "a small number" not in (used[-1].allowed, other.allowed)
            and len(used) == 1
        ):
            break  # "1-2 cards", "3-4 minutes", "piles 1 + 2"
        if op == "+" and value <= 4 and other.value <= 4 and scene.pile_named:
            break
        if {"an idiom or a title", "counting", "a score"} & {used[-1].allowed, other.allowed}:
            break  # "4-2 para el Betis": a score, not four minus two
        digit_range = (
            op in ("-", "/")
            and used[-1].how == "digits"
            and other.how == "digits"
            and not (op == "/" and value > 31)  # "60/2" is no date and no range: half of 60
        )
        if (
            digit_range
            and other.allowed
            and (other.allowed != "a small number" or _count_follows(other, scene))
        ):
            break
        if (sign in "-/" and value == other.value) or (value, other.value) in ((24, 7), (50, 50)):
            break
        value = {
            "+": value + other.value,
            "-": value - other.value,
            "*": value * other.value,
            "/": value // other.value if other.value and value % other.value == 0 else -1,
        }[sign]
        last = other.last
        used.append(other)
    return value, last, used


ROOTS = frozenset("wurzel quadratwurzel root racine raiz sqrt".split())
# "le carré de huit" is 64; "un carré de 3 mètres", "a square of 4 by 4" are shapes.
SQUARE_ARTICLES = frozenset("le el the das au al du del is ist est es its".split())
SHAPE_AFTER = roles.UNITS | frozenset(
    "sur x por by mal fois auf times metern zentimetern centimetros metros lados seiten sides places "
    "cases m m2 cm km".split()
)
# "un carré de 9 à la belote", "un carré de 8 au poker": four of a kind
SQUARE_NOT_A_POWER = frozenset("belote poker yams".split())
SUBTRACT_VERBS = frozenset(
    "subtract subtrahier subtrahiere take quito quita quitas quitale quitamos resta restas resto restale "
    "resten restad quiten quitad "
    "enleve enleves enlevez retire retires ote otes zieh ziehe nimm".split()
)
COUNT_MORE_WORDS = frozenset("more mehr plus mas".split())
SUM_NOUNS = frozenset("sum suma somme summe".split())
POWER_WORDS = frozenset("hoch puissance elevado power ^".split())
ARTICLES_BEFORE_NUMBER = frozenset("a an un une ein einem einer".split())


def _operand_after(k: int, by_first: dict[int, Num], words: list[str], skip: bool = False) -> Num | None:
    """The number that starts at token `k`, or after an article there ("minus a hundred")."""
    found = by_first.get(k)
    if found is None and skip and k < len(words) and words[k] in ARTICLES_BEFORE_NUMBER:
        found = by_first.get(k + 1)
    return found


def _power_operand(k: int, by_first: dict[int, Num], words: list[str]) -> Num | None:
    """The exponent after "hoch", "^", "puissance", "elevado a", "to the power of"."""
    if k >= len(words) or (words[k] not in POWER_WORDS and words[k] != "to"):
        return None
    if words[k] == "to":
        if words[k + 1 : k + 4] != ["the", "power", "of"]:
            return None
        return by_first.get(k + 4)
    if words[k] == "elevado" and k + 1 < len(words) and words[k + 1] in ("a", "al"):
        return by_first.get(k + 2)
    if words[k] == "power":
        return None
    return by_first.get(k + 1)


def _count_follows(n: Num, scene: Scene) -> bool:
    if n.last + 1 < len(scene.words) and scene.words[n.last + 1] == ".":
        return False  # "100 - 3. that's all": the sentence ends, "'s" is no unit
    _, nxt = _near(scene, n.first, n.last, 0, 2)
    return bool(set(nxt) & COUNTED_NOUNS)


def _german_near(scene: Scene) -> bool:
    return not any(w in ("pas", "muy", "tan", "c'est", "es", "est") for w in scene.words)


FACTORS: dict[str, float] = {
    "half": 0.5,
    "haelfte": 0.5,
    "halb": 0.5,
    "moitie": 0.5,
    "mitad": 0.5,
    "doppelte": 2,
    "doppelt": 2,
    "double": 2,
    "doble": 2,
    "twice": 2,
    "zweimal": 2,
    "triple": 3,
    "dreifache": 3,
    "dreimal": 3,
    "quadruple": 4,
    "vierfache": 4,
    "cuadruple": 4,
    "square": 2,
}


def _multiplier(b1: str, b2: str, b3: str, first: int, b4: str = "") -> tuple[float, int]:
    if b1 in ("half", "haelfte", "moitie", "mitad"):
        return 0.5, first - 1
    if (
        b1 in ONE_ARTICLE
        and b2 in ("of", "de", "d", "von")
        and (b3 in ("half", "haelfte", "moitie", "mitad") or b3 in QUARTER)
    ):
        # "a quarter of a hundred", "la moitié d'une centaine": the article before the number
        return (0.5 if b3 not in QUARTER else 0.25), first - 3
    if b1 in ("of", "de", "d", "von") and b2 in QUARTER and b3 in ONE_ARTICLE:
        return 0.25, first - 3  # "ein Viertel von 100", "un cuarto de cien", "a quarter of 80"
    if (
        b1 in ("of", "de", "von")
        and b3 == "/"
        and b2.isdigit()
        and b4.isdigit()
        and 0 < int(b4) < int(b2) <= 10
    ):
        return int(b4) / int(b2), first - 4  # "3/4 of 100", "1/2 de 60"
    if b1 in ("of", "von", "de", "del", "wie") and b2 in FACTORS:
        return FACTORS[b2], first - 2
    if b1 == "wie" and b2 == "viel" and b3 == "so" and b4 in FACTORS:
        # "halb so viel wie 80", "doppelt so viel wie 21" ("so viel wie 6 x 9" alone is the same)
        return FACTORS[b4], first - 4
    if b1 in ("double", "twice", "doppelt", "doble", "zweimal"):
        return 2, first - 1
    # Three quarters of a number: "dreiviertel von hundert", "tres cuartos de cien", "trois quarts de cent".
    # ("dreiviertel acht" alone is a time, a quarter to eight.)
    if b1 == "von" and b2 == "dreiviertel":
        return 0.75, first - 2
    if b1 in ("of", "de", "von", "d") and b2 in QUARTERS and b3 in THREE:
        return 0.75, first - 3
    if b1 in ("triple", "dreimal", "thrice", "dreifach"):
        return 3, first - 1
    if b1 in ("quadruple", "vierfach", "cuadruple", "viermal"):
        return 4, first - 1
    if b1.endswith("mal") and len(b1) > 5:
        factor = CARDINALS["de"].get(b1[:-3])  # "fünfmal zwölf"
        if factor and factor[1] == "U":
            return factor[0], first - 1
    if b1 in TIMES_WORDS:
        times = _unit_value(b2)  # "tres veces once", "sept fois huit", "4 times 12"
        if times:
            return times, first - 2
    if b1 in BY_WORDS and (b2.startswith("multipl") or b3.startswith("multipl")):
        # "neuf multiplié par neuf", "multiply 7 by 9", "siete multiplicado por nueve"
        times = _unit_value(b3 if b2.startswith("multipl") else b2)
        if times:
            return times, first - 3
    return 0, first


TIMES_WORDS = frozenset("veces fois times mal".split())
BY_WORDS = frozenset("by par por mit".split())
DOUBLE_DIGIT = frozenset("double doble doppel".split())
QUARTERS = frozenset("quarters quarter cuartos quarts viertel".split())
QUARTER = ("quarter", "cuarto", "quart", "viertel")
COUNTED_AFTER_FRACTION = (
    roles.COUNT_NOUNS | roles.PLAYER_NOUNS | roles.PEOPLE | roles.MONEY_WORDS | MONEY | FAMILY_PLURALS
)
# Things counted after a number, not a card or a pile: "just under 100 points", "right under 100 members"
# (units, money and counts of a server or a score; not people or games: "the one right above 45 guys").
COUNTED_THINGS = (
    roles.UNITS
    | roles.MONEY_WORDS
    | frozenset(
        "points pts punkte puntos members mitglieder membres miembros messages nachrichten followers "
        "abonnenten subs subscribers views likes".split()
    )
) - CARD_OR_PILE
ONE_ARTICLE = frozenset("a an one un une una ein eine einem einer 1".split())
THREE = frozenset("three tres trois drei".split())
HALF_PAST_BEFORE = frozenset("from at by until till around about after before since".split())
MISSING = frozenset("faltan falta fehlen fehlt manque manquent missing short".split())
REACH_FILLERS = frozenset(
    "para pour bis zu to until till llegar arriver atteindre reach get a al the le la el".split()
)
EQUATION_SIGNS = frozenset("+ - plus minus mas menos moins".split())
CARD_WORDS = frozenset("card karte carte carta mine meine mienne mia mio".split())
EQUALS = frozenset(
    "= is makes ergibt gibt gleich egal fait font son da es gives equals would waere serait seria sera "
    "wird".split()
)


def _reached(k: int, by_first: dict[int, Num], words: list[str]) -> Num | None:
    """The number reached after "para", "pour", "bis", "to", "llegar a" from word `k` on."""
    for j in range(k, min(k + 4, len(words))):
        if j in by_first:
            return by_first[j] if j > k else None
        if words[j] not in REACH_FILLERS:
            return None
    return None


def _unit_value(word: str) -> int:
    """The value 2..9 of a digit or of a unit word of any of the four languages, else 0."""
    if word.isdigit():
        return int(word) if 2 <= int(word) <= 9 else 0
    if not word.isalpha():
        return 0
    for reading in read_word(word, LANGUAGES):
        if len(reading.pieces) == 1 and reading.pieces[0].kind == "U" and reading.pieces[0].value >= 2:
            return reading.pieces[0].value
    return 0


# A step from a card named by its number: "one under the 53", "eins über der 26", "une en dessous du
# 57", "una menos que el 58". The card told is the named one moved by the step; both are reported.
STEP_UP = frozenset(
    "above over after ueber nach dessus apres encima mas plus higher hoeher mehr more".split()
)
STEP_DOWN = frozenset(
    "under below before unter vor dessous avant debajo menos moins lower less weniger tiefer".split()
)
STEP_FILLERS_NAMED = frozenset("the der die dem den du de la le el que than als al del en au - par a".split())


def _step_from_named_card(nums: list[Num], scene: Scene) -> None:
    for a, b in pairwise(list(nums)):
        compared = any(w in ("als", "than", "que", "qu") for w in scene.words[a.last + 1 : b.first])
        if not (
            (1 <= a.value <= 9 or (compared and a.value <= 99))
            and (10 <= b.value <= 99 or (compared and b.value == 100))
            and (b.allowed is None or b.value == 100)
            and (
                a.allowed
                in (None, "not a card value", "a small number", "a count of things", "a count of cards")
                # "ma carte c'est 10 de moins que 75": ten less than a number, not the trick
                or (a.allowed == "the backwards trick" and compared and b.allowed is None)
            )
        ):
            continue
        between = scene.words[a.last + 1 : b.first]
        directions = [w for w in between if w in STEP_UP or w in STEP_DOWN]
        if len(directions) != 1 or not all(w in STEP_FILLERS_NAMED or w in directions for w in between):
            continue
        value = b.value + a.value if directions[0] in STEP_UP else b.value - a.value
        if 2 <= value <= 99:
            a.allowed = "the step from a named card"
            if a.value >= 10 or b.value == 100:  # "zwölf weniger als hundert": a sum said in words
                nums.append(Num(value, a.first, b.last, "arithmetic", odd=True))
            else:
                nums.append(Num(value, a.first, b.last, "offset"))
    nums.sort(key=lambda n: n.first)


TOP_AT = frozenset("at en bei auf sur a on".split())


def _step_from_pile_top(nums: list[Num], scene: Scene) -> None:
    """A pile's top said, then a step from it: "pile 3 is at 71 and i can go three lower" is 68, "la
    pila 4 está en 80 y yo puedo bajar justo 3" is 77. The step's own number is no card."""
    words = scene.words
    for a, b in pairwise(list(nums)):
        if not (
            a.how in ("digits", "word")
            and 10 <= a.value <= 99
            and a.allowed is None
            and b.how == "offset"
            and 1 <= b.value <= 9
            and a.first > 0
            and words[a.first - 1] in TOP_AT
            and set(words[max(0, a.first - 5) : a.first]) & roles.PILE
        ):
            continue
        near = set(words[max(b.first - 2, a.last + 1) : b.first]) | set(words[b.last + 1 : b.last + 3])
        up, down = bool(near & TEN_UP), bool(near & TEN_DOWN)
        if up == down:
            continue
        value = a.value + b.value if up else a.value - b.value
        if 2 <= value <= 99:
            b.allowed = "the step from a named card"
            nums.append(Num(value, b.first, b.last, "offset"))
    nums.sort(key=lambda n: n.first)


# The card right after or before one named by its number: "die nächste nach 44", "the one right after
# 38", "la siguiente al 72", "la juste avant 60". The named card is reported with its neighbour.
NEXT_WORDS = frozenset(
    "next naechste naechsten naechster suivante suivant siguiente sigue suit follows".split()
)
PREVIOUS_WORDS = frozenset("previous vorige vorherige precedente anterior".split())
CLOSE_WORDS = frozenset("right just direkt gleich juste justo".split())
AFTER_WORDS = frozenset("after nach apres despues".split())
BEFORE_WORDS = frozenset("before vor avant antes".split())
NEIGHBOUR_WORDS = NEXT_WORDS | PREVIOUS_WORDS | AFTER_WORDS | BEFORE_WORDS
# The card itself named before "after" or "before": "die nach der 9", "le premier nombre après 50".
NEIGHBOUR_HOLDERS = frozenset("die one nombre number zahl karte carte carta numero card".split())
NEIGHBOUR_HELD = CLOSE_WORDS | NEIGHBOUR_HOLDERS
NEIGHBOUR_FILLERS = (
    STEP_FILLERS_NAMED
    | AFTER_WORDS
    | BEFORE_WORDS
    | CLOSE_WORDS
    | frozenset("one card karte carte carta zahl dem des los las lo a al que".split())
)


def _neighbour_of_named_card(nums: list[Num], scene: Scene) -> None:
    for n in list(nums):
        if n.how not in ("digits", "word") or not 2 <= n.value <= 99:
            continue
        words = scene.words[max(0, n.first - 5) : n.first]
        # A small card needs its article: "die nach der 9" (10), not "after 9" (a time).
        small = n.value < 10
        if small and (words[-1:] not in (["der"], ["la"], ["le"]) or scene.pile_ref):
            continue
        if n.allowed is not None and not small:
            continue
        step = 0
        for k in range(len(words) - 1, -1, -1):
            w = words[k]
            held = k > 0 and words[k - 1] in NEIGHBOUR_HELD
            if (w in NEXT_WORDS and not small) or (w in AFTER_WORDS and held):
                step = 1
                break
            if (w in PREVIOUS_WORDS and not small) or (w in BEFORE_WORDS and held):
                step = -1
                break
            if w not in NEIGHBOUR_FILLERS:
                break
        if step and 2 <= n.value + step <= 99:
            nums.append(Num(n.value + step, n.first, n.last, "offset"))
    nums.sort(key=lambda n: n.first)


AGE_NOUNS = frozenset("age alter edad".split())
MY_AGE = re.compile(r"\b(?:my|mein|meinem|meinen|mon|mi)\s+(?:age|alter|edad)\b")
AGE_CARD_WORDS = frozenset(
    "card karte carte carta zahl number nombre numero chiffre mine meine mienne mia".split()
)
AGE_STEP_COPULAS = frozenset("es est ist is s its cest".split())
AGE_STEPS_BEFORE = {
    ("less", "than"): -1,
    ("more", "than"): 1,
    ("menos", "que"): -1,
    ("mas", "que"): 1,
    ("weniger", "als"): -1,
    ("mehr", "als"): 1,
    ("moins", "que"): -1,
    ("plus", "que"): 1,
}
AGE_STEPS = {"minus": -1, "moins": -1, "menos": -1, "weniger": -1, "-": -1, "plus": 1, "mas": 1, "+": 1}


def _age_as_card(nums: list[Num], scene: Scene) -> None:
    """One's card told as one's age: "my card's the same as my age, I'm 15", "j'ai mon âge moins 20, et
    j'ai 57 ans" (37). The age told is then the card, with the step said after "my age"."""
    m = MY_AGE.search(scene.joined)
    if not m:
        return
    after = [k for k, at in enumerate(scene.at) if at >= m.end()]
    before = [k for k, at in enumerate(scene.at) if at < m.start()]
    words = scene.words
    held = bool(before) and words[before[-1]] in roles.HAVE
    step = None
    sign = 0
    if after and words[after[0]] in AGE_STEPS:
        step = next((n for n in nums if n.first in (after[0] + 1, after[0] + 2)), None)
        sign = AGE_STEPS[words[after[0]]]
        # "es mi edad menos diez": a copula at the start, with the step said after it
        held = held or (
            step is not None and (not before or (len(before) <= 3 and words[before[-1]] in AGE_STEP_COPULAS))
        )
    elif len(before) >= 3 and (words[before[-2]], words[before[-1]]) in AGE_STEPS_BEFORE:
        # "it's 1 less than my age": the step told before "my age"
        gap = 4 if words[before[-3]] == "de" and len(before) >= 4 else 3  # "3 de moins que mon âge"
        step = next((n for n in nums if n.last == before[-gap]), None)
        sign = AGE_STEPS_BEFORE[(words[before[-2]], words[before[-1]])]
        held = held or step is not None
    if not held and not {words[k] for k in before[-7:]} & AGE_CARD_WORDS:
        return  # the card is named just before "my age": "my card's the same as my age"
    ages = [n for n in nums if n is not step and 2 <= n.value <= 120 and n.how in ("digits", "word")]
    if not ages:
        return
    age = ages[-1]
    value = age.value
    if step is not None:
        value += sign * step.value
        step.allowed = "the step from one's age"
    if 2 <= value <= 99:
        age.allowed = None
        age.value = value
        age.odd = True


PROMO = re.compile(r"^([2-9])\s*[x×]\s*([1-8])$")
PROMO_BEFORE = frozenset("al el en los las le du des im zum".split())
SHOP_WORDS = frozenset(
    "super supermercado mercado tienda oferta promo promocion shop store supermarket angebot laden "
    "supermarkt aktion magasin supermarche soldes".split()
)


def _offers(nums: list[Num], toks: list[Tok], scene: Scene) -> None:
    """A shop's offer, "pizzas al 2x1", "le 3x2 sur les bières": buy one more than you pay for."""
    for n in nums:
        if n.how != "arithmetic" or n.allowed:
            continue
        shown = scene.text[toks[n.first].start : toks[n.last].end]
        found = PROMO.match(shown)
        before = scene.words[n.first - 1] if n.first > 0 else ""
        held = set(scene.words[max(0, n.first - 3) : n.first]) & roles.HAVE  # "tengo el 2x1"
        shop = bool(scene.wordset & SHOP_WORDS)
        if (
            found
            and int(found.group(1)) == int(found.group(2)) + 1
            and (before in PROMO_BEFORE or shop)
            and not held
        ):
            n.allowed = "a shop's offer"


def _derived(nums: list[Num], parts: list[Num], value: int, first: int, last: int) -> None:
    if 2 <= value <= 99:
        nums.append(Num(value, first, last, "arithmetic", odd=True))
        for m in parts:
            m.allowed = "part of a sum"


# Unions of the word sets above, built once here rather than at every call that tests them (after
# every set they join is defined).
HAVE_BUT_ME = roles.HAVE - {"me"}
HAVE_OR_CARDS = roles.HAVE | CARDS
HAVE_OR_PLAY = roles.HAVE | PLAY_VERBS
HAVE_OR_SOME = roles.HAVE | {"algo", "alguna", "alguno"}
HAVE_OR_Y = roles.HAVE | {"y"}
CARDS_OR_HAVE_BUT_ME = CARDS | HAVE_BUT_ME
CARDS_OR_COUNTABLE = CARDS | COUNTABLE
CARD_NOUNS_OR_HAVE = roles.CARD_NOUNS | roles.HAVE
# What one says holds a number in a riddle of its digits: a card, "I have", "un truc", "the one".
CARD_NOUNS_OR_HAVE_OR_THING = CARD_NOUNS_OR_HAVE | frozenset("truc one una uno numero nummer number".split())
CARD_NOUNS_OR_PILE = roles.CARD_NOUNS | roles.PILE
CARD_NOUNS_OR_POSSESSIVES = roles.CARD_NOUNS | POSSESSIVES
TITLE_BLOCKERS = roles.HAVE | PLAY_VERBS | ASKING_WORDS
ARTICLES_OR_HAVE = roles.ARTICLES | roles.HAVE
OFFSET_OR_TOP = roles.OFFSET_WORDS | roles.TOP
UNITS_OR_COUNT_NOUNS = roles.UNITS | roles.COUNT_NOUNS
COUNTED_NOUNS = roles.COUNT_NOUNS | roles.UNITS | roles.PLAYER_NOUNS
SCORING_OR_LAID = SCORING | LAID_WORDS
FAMILY_OR_PEOPLE = FAMILY_PLURALS | roles.PEOPLE
HAND_WORDS_BUT_CARDS = HAND_WORDS - {"card", "cards", "carte", "cartes", "carta", "cartas", "karten"}


def clear_caches() -> None:
    """Forget every word read so far (the benchmark's cold runs)."""
    read_word.cache_clear()
    one_typo_away.cache_clear()
    fold.cache_clear()
    override.clear_caches()
    _idiom_keys_of.cache_clear()
