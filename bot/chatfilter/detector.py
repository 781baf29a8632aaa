"""The chat rule keeper of The Game: does a message share a card number?

`check(message, context)` is pure: it reads one message and returns a `Verdict`. It does not know
Discord. Policy (RULES.md, the chat section): card values are 2..99; any way of telling one is
flagged, and so are ranges, bounds and exact offsets from a pile top. Pile numbers 1..4, counts of
cards up to the hand size, the backwards trick's 10, times, durations, player counts, round and
game numbers, ages, years, percentages and the result of a finished game are talk, not hints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise

from text_to_num import text2num

from bot.chatfilter.lexicon import AMBIGUOUS, LANGUAGES, STOPWORDS, fold
from bot.chatfilter.normalize import Normalized, normalize
from bot.chatfilter.words import Piece, WordReading, read_leet, read_word

DEFAULT_HAND_SIZE = 8

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
        "difference diff apart off exactly genau exacto exactement jump"
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
PLAY_VERBS = frozenset("play lay put drop legen lege spiele spielen jouer joue juego jugar".split())
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
            "attempt class level"
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
}
COORDINATION = frozenset("or and to oder und bis ou et a o - / ,".split())
ACHT_IDIOM = re.compile(r"\b(?:gib|gebt|gibt|in|ausser|ausser)\s+acht\b|\bacht\s*(?:geben|gibst|gab|nehmen)")
ADJACENT = re.compile(
    r"\b(?:right|directly|just|exactly|immediately)\s+(?:next\s+to|above|below|under|over|after|before|"
    r"beside|on\s+top\s+of|beneath)\b|\bnext\s+to\s+the\s+(?:top|card|pile|last)\b|\badjacent\s+to\b|"
    r"\bthe\s+(?:very\s+)?next\s+(?:card|number|one|value)\s+(?:for|on|onto|to|in|after)\b|"
    r"\b(?:neighbou?r|successor|predecessor|nachfolger|vorgaenger|vorgänger|nachbarn?)\b|\b(?:direkt|genau|gleich)\s+(?:ueber|über|unter|neben|nach|vor)\b|"
    r"\b(?:juste|exactement)\s+(?:au-dessus|en\s+dessous|apres|après|avant|a\s+cote|à\s+côté)\b|"
    r"\b(?:justo|exactamente|inmediatamente)\s+(?:encima|debajo|despues|después|antes|al\s+lado)\b"
)
TARGET_NEAR = frozenset(
    "top card pile stack piles yours his hers theirs oben karte stapel carte carta pila".split()
)
OFF_BY_ONE = re.compile(r"\boff\s+by\s+(?:one|1)\b|\bone\s+off\b")
SINGLE_DIGIT = re.compile(r"\bsingle[\s-]+digits?\b|\beinstellig\w*")
TOKEN = re.compile(r"[^\W_]+|[^\w\s]")
ROMAN = re.compile(r"^(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$")
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
MIXED = re.compile(r"^(\d+)([a-z']+)$")


@dataclass(frozen=True, slots=True)
class Context:
    """What the bot knows beside the message; everything is optional."""

    hand: frozenset[int] = frozenset()
    pile_tops: tuple[int, ...] = ()
    hand_size: int = DEFAULT_HAND_SIZE
    languages: tuple[str, ...] = LANGUAGES


@dataclass(frozen=True, slots=True)
class Found:
    value: int
    start: int  # offsets in characters of the original message
    end: int


@dataclass(frozen=True, slots=True)
class Verdict:
    flag: bool
    severity: str | None  # "high", "medium", "low" or None when not flagged
    numbers: tuple[Found, ...] = ()
    reason: str = ""

    def as_dict(self) -> dict[str, object]:
        return {
            "flag": self.flag,
            "severity": self.severity,
            "numbers": [{"value": f.value, "start": f.start, "end": f.end} for f in self.numbers],
            "reason": self.reason,
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


def check(message: str, context: Context | None = None) -> Verdict:
    ctx = context or Context()
    norm = normalize(message)
    text = norm.text
    if not any(c.isalnum() for c in text):
        return CLEAN
    toks = [Tok(m.group(), m.start(), m.end(), "p") for m in TOKEN.finditer(text)]
    for t in toks:
        if t.text.isdigit():
            t.kind = "n"
        elif t.text.isalpha():
            t.kind = "w"
        elif t.text.isalnum():
            t.kind = "m"
    langs = tuple(lang for lang in ctx.languages if lang in LANGUAGES) or LANGUAGES
    nums = _numbers(norm, toks, langs, message)
    notes: list[str] = []
    adjacent = ADJACENT.search(text)
    if (adjacent and _adjacent_target(text, adjacent)) or OFF_BY_ONE.search(text):
        notes.append("an exact offset from a pile top")
    if SINGLE_DIGIT.search(text):
        notes.append("a range of values")
    if not nums and not notes:
        return CLEAN
    _judge(nums, toks, ctx, text)
    _arithmetic(nums, toks)
    flagged = [n for n in nums if n.allowed is None and (2 <= n.value <= 99 or n.how in ("offset", "decade"))]
    if not flagged and not notes:
        return Verdict(False, None, (), _allowed_reason(nums))
    found = tuple(
        Found(n.value, norm.origin[toks[n.first].start], norm.origin[toks[n.last].end - 1] + 1)
        for n in flagged
    )
    return _verdict(flagged, found, notes, toks, norm, ctx)


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
        return Verdict(True, "high", found, "names a card in the sender's hand")
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


def _allowed_reason(nums: list[Num]) -> str:
    reasons = sorted({n.allowed for n in nums if n.allowed})
    return "allowed: " + ", ".join(reasons) if reasons else "no card number"


def _adjacent_target(text: str, m: re.Match[str]) -> bool:
    """A pile, its top or a card is named just after "right next to", "directly above"..."""
    tail = TOKEN.findall(text[m.end() :])[:5]
    return any(w in TARGET_NEAR or w.isdigit() for w in tail)


# --- finding numbers -------------------------------------------------------------------------


def _language_scores(toks: list[Tok]) -> dict[str, int]:
    scores = dict.fromkeys(LANGUAGES, 0)
    for t in toks:
        if t.kind == "w":
            for lang, words in STOPWORDS.items():
                if t.text in words:
                    scores[lang] += 1
    return scores


def _numbers(norm: Normalized, toks: list[Tok], langs: tuple[str, ...], message: str) -> list[Num]:
    nums: list[Num] = []
    used: set[int] = set()
    text = norm.text
    _spelled_letters(toks, text, langs, nums, used)
    scores: dict[str, int] | None = None
    readings: dict[int, WordReading] = {}
    for i, t in enumerate(toks):
        if i in used:
            continue
        if t.kind == "w":
            options = read_word(t.text, langs)
            if not options:
                roman = _roman(t, norm, message)
                if roman:
                    nums.append(Num(roman, i, i, "roman", odd=True))
                continue
            word = fold(t.text)
            if word in AMBIGUOUS:
                if scores is None:
                    scores = _language_scores(toks)
                lang = AMBIGUOUS[word]
                best = max(v for k, v in scores.items() if k != lang)
                if scores[lang] == 0 or scores[lang] < best:
                    continue
                if word == "acht" and ACHT_IDIOM.search(text):
                    continue
                options = tuple(o for o in options if o.lang == lang) or options
            readings[i] = options[0]
        elif t.kind == "m":
            _mixed(i, t, toks, langs, nums, readings)
    _group_words(toks, readings, nums, norm)
    _digits(toks, norm, nums, used)
    nums.sort(key=lambda n: n.first)
    return nums


def _spelled_letters(
    toks: list[Tok], text: str, langs: tuple[str, ...], nums: list[Num], used: set[int]
) -> None:
    """Runs of single letters: "f o r t y  s e v e n", "s-e-v-e-n-t-y"."""
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
        if len(letters) >= 3:
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
        else:
            i += 1


def _gap_is_spacing(gap: str, allow_punct: bool = False) -> bool:
    allowed = " \t-._" if allow_punct else " \t-"
    return len(gap) <= 3 and all(c in allowed for c in gap)


def _roman(t: Tok, norm: Normalized, message: str) -> int | None:
    if len(t.text) < 2 or not all(norm.upper[t.start : t.end]):
        return None
    word = t.text.upper()
    if not ROMAN.match(word):
        return None
    # Shouting in capitals is not Roman numerals.
    letters = [c for c in message if c.isalpha()]
    if letters and sum(c.isupper() for c in letters) > 0.8 * len(letters) and len(letters) > len(word) + 3:
        return None
    total = 0
    for a, b in zip(word, word[1:] + " ", strict=True):
        value = ROMAN_VALUES[a]
        total += -value if b != " " and ROMAN_VALUES[b] > value else value
    return total if 2 <= total <= 99 else None


def _mixed(i: int, t: Tok, toks: list[Tok], langs: tuple[str, ...], nums: list[Num], readings: dict) -> None:
    """Letters and digits together: 47th, 40s, 60ish, 5min, 10er, f0rty, thr33."""
    m = MIXED.match(t.text)
    if m:
        value, tail = int(m.group(1)), m.group(2)
        if tail in ("st", "nd", "rd", "th", "te", "ten", "ter", "eme", "e", "o", "a"):
            nums.append(Num(value, i, i, "ordinal"))
            return
        if tail in ("s", "'s", "ies", "ern", "er") and value % 10 == 0 and 20 <= value <= 90:
            nums.append(Num(value, i, i, "decade"))
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
    if not t.text[0].isdigit() or not t.text[-1].isdigit() or any(c.isalpha() for c in t.text):
        found = read_leet(t.text, langs)
        if found and found[0].pieces[0].kind != "C":
            readings[i] = found[0]


def _group_words(
    toks: list[Tok], readings: dict[int, WordReading], nums: list[Num], norm: Normalized
) -> None:
    """Join neighbouring number words ("forty seven", "sieben und vierzig", "noventa y nueve")."""
    text = norm.text
    order = sorted(readings)
    k = 0
    while k < len(order):
        first = order[k]
        run = [first]
        lang = readings[first].lang
        k += 1
        while k < len(order):
            nxt = order[k]
            prev = run[-1]
            gap = text[toks[prev].end : toks[nxt].start]
            between = toks[prev + 1 : nxt]
            joined = nxt == prev + 1 and _gap_is_spacing(gap)
            hyphen = [t.text for t in between] == ["-"] and _gap_is_spacing(gap)
            if (joined or hyphen) and readings[nxt].lang == lang and not readings[prev].ordinal:
                run.append(nxt)
                k += 1
            else:
                break
        pieces: list[Piece] = []
        odd = False
        for i in run:
            pieces.extend(readings[i].pieces)
            odd = odd or readings[i].odd or _odd(norm, toks[i])
        last = readings[run[-1]]
        if all(p.kind == "C" for p in pieces):
            continue
        while pieces and pieces[-1].kind == "C":
            pieces.pop()
        while pieces and pieces[0].kind == "C":
            pieces.pop(0)
        phrase = text[toks[run[0]].start : toks[run[-1]].end]
        values = _values(tuple(pieces), lang, phrase)
        how = "ordinal" if last.ordinal else "decade" if last.decade else "word"
        if len(values) == 1:
            nums.append(Num(values[0], run[0], run[-1], how, odd=odd))
        else:
            # Not one number: each word stands alone ("vier sieben", "three and four").
            for i in run:
                for value in _values(readings[i].pieces, lang, None):
                    r = readings[i]
                    kind = "ordinal" if r.ordinal else "decade" if r.decade else "word"
                    nums.append(Num(value, i, i, kind, odd=r.odd or _odd(norm, toks[i])))


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
            out.append(value)
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
            if j < n and pieces[j].kind == "T" and p.value == 60 and lang == "fr":
                out.append(60 + pieces[j].value)
                i = j + 1
                continue
        out.append(p.value)
        i += 1
    return out


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
        ):
            used.update((i, i + 1, i + 2))
            nums.append(Num(int(t.text), i, i + 2, "digits", allowed="a time of day"))
            i += 3
            continue
        # 4.7 or 4,7: one digit on each side reads as 47.
        if (
            i + 2 < len(toks)
            and toks[i + 1].text in ".,"
            and toks[i + 2].kind == "n"
            and toks[i + 1].start == t.end
            and toks[i + 2].start == toks[i + 1].end
        ):
            left, right = t.text, toks[i + 2].text
            value = int(left + right) if len(left) == 1 and len(right) == 1 else int(left)
            nums.append(Num(value, i, i + 2, "digits", odd=True))
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
            and text[toks[j].end : toks[j + 1].start] in (" ", "")
            and (text[toks[j].end : toks[j + 1].start] == " " or toks[j].end in norm.glued_gap)
        ):
            j += 1
        in_list = (
            j + 1 < len(toks) and toks[j + 1].kind == "n" and text[toks[j].end : toks[j + 1].start] == " "
        ) or (i > 0 and toks[i - 1].kind == "n" and text[toks[i - 1].end : t.start] == " ")
        if j > i and in_list:
            j = i  # "2 3 4" is a list of digits, not one number
        if j > i:
            value = int("".join(tok.text for tok in toks[i : j + 1]))
            nums.append(Num(value, i, j, "digits", odd=True))
            i = j + 1
            continue
        nums.append(Num(int(t.text) if len(t.text) < 7 else 10**6, i, i, "digits", odd=odd))
        i += 1


# --- judging numbers in their context --------------------------------------------------------


def _words(toks: list[Tok]) -> list[str]:
    return [t.text for t in toks if t.kind == "w"]


def _word(toks: list[Tok], i: int) -> str:
    return fold(toks[i].text) if 0 <= i < len(toks) else ""


def _judge(nums: list[Num], toks: list[Tok], ctx: Context, text: str) -> None:
    for n in nums:
        if n.allowed:
            continue
        n.allowed = _allowance(n, toks, ctx, text)
    # "piles 3 and 4": a list of pile numbers.
    for a, b in pairwise(nums):
        between = [t.text for t in toks[a.last + 1 : b.first]]
        pile = a.allowed == "a pile number" or _word(toks, a.first - 1) in PILE
        if pile and not b.allowed and b.value <= 4 and between in (["and"], ["und"], ["&"], [","], ["or"]):
            b.allowed = a.allowed
    # "one or two cards", "3-4 minutes": a list shares the allowance of its last member.
    for k in range(len(nums) - 2, -1, -1):
        a, b = nums[k], nums[k + 1]
        between = [t.text for t in toks[a.last + 1 : b.first]]
        shared = (
            b.allowed
            and b.allowed != "not a card value"
            and not a.allowed
            and between
            and all(w in COORDINATION for w in between)
        )
        if shared and (b.allowed != "a count of cards" or a.value <= ctx.hand_size):
            a.allowed = b.allowed


def _allowance(n: Num, toks: list[Tok], ctx: Context, text: str) -> str | None:
    before = _word(toks, n.first - 1)
    before2 = _word(toks, n.first - 2)
    after = [_word(toks, k) for k in range(n.last + 1, min(len(toks), n.last + 5))]
    after1 = after[0] if after else ""
    if n.value > 99 or n.value < 1:
        return "not a card value"
    if (toks[n.last].end < len(text) and text[toks[n.last].end : toks[n.last].end + 1] == "%") or after1 in (
        "%",
        "percent",
        "prozent",
        "pourcent",
        "por",
    ):
        return "a percentage"
    if n.how == "ordinal":
        if n.value <= 4:
            return "a position, not a value"
        if any(w in ORDINAL_NOUNS for w in after[:2]):
            return "a position, not a value"
        if n.value <= 10 and any(w in CARDS for w in after[:2]):
            return "a position in a hand"
        return None
    if n.how == "decade":
        return None
    if n.value == 1:
        comparing = len(after) > 1 and after[1] in ("than", "als", "que", "from", "von", "de", "of")
        if (after1 in OFFSET and (after1 in PLAIN_OFFSET or comparing)) or before in ("plus", "minus", "+"):
            n.how = "offset"
            return None
        return "not a card value"
    if before in BEFORE_ALLOWED or (before == "#" and before2 in PILE):
        if before in PILE or before == "#":
            return "a pile number" if n.value <= 4 else None
        return "a round, game or seat number"
    if before in ("zu", "somos") or (before2, before) in PLAYER_COUNT:
        return "a player count"
    if before == "of" and before2 == "best":
        return "a match length"
    if (before in UP_TO or before2 + " " + before in UP_TO) and n.value <= ctx.hand_size:
        return "a count of cards"
    if before in PLAY_VERBS and n.value <= 3:
        return "a count of cards"
    last = not [w for w in after if w.isalnum()]
    if before in ("brb", "afk") or (
        before in ("in", "at")
        and last
        and n.value <= 24
        and any(w in WAITING for w in map(fold, _words(toks)))
    ):
        return "a time"
    if before in ("scored", "score", "punkte", "points"):
        return "the result of a game"
    if after1 in LEFT and any(w in DECK for w in after[1:] + [_word(toks, k) for k in range(n.first)]):
        return "cards left in the game"
    if after1 in ("wonders", "wonder"):
        return "a game's name"
    if before in PILE and n.value <= 4:
        return "a pile number"
    if n.value <= 4 and (
        after1 in PILE or (len(after) > 1 and after1 in ("st", "nd", "rd", "th") and after[1] in PILE)
    ):
        return "a pile number"
    # A count: "2 cards", "3 good cards", "two more turns", "5 of us".
    k = 0
    while k < len(after) and after[k] in SKIPPABLE:
        k += 1
    noun = after[k] if k < len(after) else ""
    if noun in CARDS:
        rest = after[k + 1 :]
        if any(w in LEFT for w in rest[:2]) or (rest[:1] == ["in"] and rest[1:2] in (["the"], ["deck"])):
            return "cards left in the game"
        if n.value <= ctx.hand_size:
            return "a count of cards"
        return None
    if noun in COUNTABLE or noun in TIME_UNITS or noun in MONEY:
        return "a count or a time"
    if (
        after1 == "of"
        and len(after) > 1
        and after[1] in ("us", "you", "them", "uns", "euch", "nous", "nosotros")
    ):
        return "a player count"
    if after1 in LEFT and (before in ("with",) or before2 in RESULT):
        return "the result of a game"
    if before == "with" and before2 in RESULT:
        return "the result of a game"
    if after1 in ("year", "years", "yo", "jahre", "ans", "anos"):
        return "an age"
    if n.value == 10 and (
        before in TRICK or any(w in TRICK for w in after[:3]) or _word(toks, n.first - 2) in TRICK
    ):
        return "the backwards trick"
    slang = (before in SLANG_BEFORE and not after1.isdigit()) or after1 in SLANG_AFTER
    if n.how == "digits" and n.value in (2, 4) and len(toks[n.first].text) == 1 and slang:
        return "slang, not a number"
    if (n.value <= 4 and before == "v") or after1 == "v":
        return "a match-up (1v1)"
    return None


def _arithmetic(nums: list[Num], toks: list[Tok]) -> None:
    """50-3, 7*7, fifty minus three, half of ninety-four, 100 minus 53."""
    by_first = {n.first: n for n in nums}
    for n in list(nums):
        before, before2 = _word(toks, n.first - 1), _word(toks, n.first - 2)
        if (
            before in ("half", "haelfte", "moitie", "mitad")
            or (before == "of" and before2 == "half")
            or (before in ("von", "de") and before2 in ("haelfte", "moitie", "mitad"))
        ):
            _derived(nums, n, n.value // 2, n.first - (2 if before in ("of", "von", "de") else 1), n.last)
            continue
        if before in ("double", "twice", "doppelt"):
            _derived(nums, n, n.value * 2, n.first - 1, n.last)
            continue
        op_index = n.last + 1
        op = _word(toks, op_index)
        if op == "divided" and _word(toks, op_index + 1) in ("by",):
            op_index += 1
            op = "/"
        if op not in OPERATORS:
            continue
        other = by_first.get(op_index + 1)
        if other is None:
            continue
        if op in ("-", "/") and n.allowed and other.allowed:
            continue  # "1-2 cards", "3-4 minutes"
        a, b, sign = n.value, other.value, OPERATORS[op]
        if (sign in "-/" and a == b) or (a, b) == (24, 7):
            n.allowed = other.allowed = "an idiom (50/50, 24/7)"
            continue
        result = {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b and a % b == 0 else -1}[sign]
        _derived(nums, n, result, n.first, other.last)


def _derived(nums: list[Num], operand: Num, value: int, first: int, last: int) -> None:
    if 2 <= value <= 99:
        nums.append(Num(value, first, last, "arithmetic", odd=True))
        for m in nums:
            if m.first >= first and m.last <= last and m.how != "arithmetic":
                m.allowed = "part of a sum"
