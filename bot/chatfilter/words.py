"""Reading single words as number pieces: exact, glued, ordinal, misspelled or in leetspeak."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.chatfilter.lexicon import (
    CARDINALS,
    MISSPELLED,
    NOT_TYPOS,
    ORDINALS,
    SOUNDS,
    TYPO_LANGS,
    fold,
    one_typo_away,
    sound_key,
    typo_of,
)


@dataclass(frozen=True, slots=True)
class Piece:
    value: int
    kind: str  # U T D H C P (see lexicon)


@dataclass(frozen=True, slots=True)
class WordReading:
    lang: str
    pieces: tuple[Piece, ...]
    ordinal: bool = False
    decade: bool = False  # "forties", "Vierzigern": a range of values
    odd: bool = False  # misspelled or leetspeak


LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s"}
)

CONNECTOR = {"en": "and", "de": "und", "fr": "et", "es": "y"}
_GERMAN_ORDINAL_ENDINGS = ("sten", "ster", "stes", "stem", "ste", "ten", "ter", "tes", "tem", "te")
_DECADE_ENDINGS = {"en": ("ies", "ish"), "de": ("ern", "er"), "fr": ("aine", "aines"), "es": ("ena",)}


LANG_ORDER = ("en", "de", "fr", "es")
ANY_CARDINAL = frozenset(w for table in CARDINALS.values() for w in table)
_STARTS = {lang: frozenset(w[:2] for w in table) for lang, table in CARDINALS.items()}
DOUBLE = re.compile(r"(.)\1")
ALL_STARTS = frozenset().union(*_STARTS.values())
TYPO_STARTS = frozenset(w[:2] for table in CARDINALS.values() for w in table if len(w) >= 5)
TYPO_ENDS = frozenset(w[-2:] for table in CARDINALS.values() for w in table if len(w) >= 5)
_ENDS = {lang: frozenset(w[-2:] for w in table) for lang, table in CARDINALS.items()}
ALL_ENDS = frozenset().union(*_ENDS.values())
# The first two sounds of French and Spanish number words: a word that starts with other sounds is
# not looked up by its sound.
SOUND_STARTS = frozenset(key[:2] for table in SOUNDS.values() for key in table)
# The first two letters a number piece, an ordinal or a decade word of any language can start with
# ("te" for "teens"; "dr", "er", "si", "ac" for German ordinals such as "dritte", "erste"): a word
# that starts otherwise is read by none of them, and the four languages are not tried one by one.
_EXTRA_STARTS = {"en": {"te"}, "de": {"dr", "er", "si", "ac"}, "fr": set(), "es": set()}
LANG_PIECE_STARTS = {
    lang: _STARTS[lang] | frozenset(w[:2] for w in ORDINALS[lang]) | _EXTRA_STARTS[lang] for lang in CARDINALS
}
PIECE_STARTS = frozenset().union(*LANG_PIECE_STARTS.values())


def _segment(word: str, lang: str) -> tuple[Piece, ...] | None:
    """Split a glued word into number pieces of one language, or None."""
    table = CARDINALS[lang]
    if word[:2] not in _STARTS[lang] or word[-2:] not in _ENDS[lang]:
        return None
    n = len(word)
    best: list[tuple[Piece, ...] | None] = [None] * (n + 1)
    best[0] = ()
    for i in range(n):
        if best[i] is None:
            continue
        for j in range(i + 2, min(n, i + 12) + 1):
            hit = table.get(word[i:j])
            if hit is None:
                continue
            candidate = (*best[i], Piece(*hit))  # type: ignore[misc]
            if best[j] is None or len(candidate) < len(best[j]):  # type: ignore[arg-type]
                best[j] = candidate
    found = best[n]
    if not found or all(p.kind == "C" for p in found) or found[0].kind == "C" or found[-1].kind == "C":
        return None
    return found


def _ordinal(word: str, lang: str) -> tuple[Piece, ...] | None:
    direct = ORDINALS[lang].get(word)
    if direct is not None:
        return (Piece(*direct),)
    if lang == "en":
        if not word.endswith(("st", "nd", "rd", "th")):
            return None
        for last, value in ORDINALS["en"].items():
            if word.endswith(last) and len(word) > len(last):
                rest = _segment(word[: -len(last)], "en")
                if rest:
                    return (*rest, Piece(*value))
        return None
    if lang == "de":
        if not word.endswith(("te", "ten", "ter", "tes", "tem")):
            return None
        for end in _GERMAN_ORDINAL_ENDINGS:
            if word.endswith(end) and len(word) > len(end) + 2:
                head = word[: -len(end)]
                for irregular, unit in (("dritt", 3), ("erst", 1), ("sieb", 7), ("ach", 8)):
                    if head.endswith(irregular):
                        rest = _segment(head[: -len(irregular)], "de") if head != irregular else ()
                        if rest is not None:
                            return (*rest, Piece(unit, "U"))
                found = _segment(head, "de")
                if found:
                    return found
        return None
    if lang == "fr":
        for end in ("iemes", "ieme"):
            if word.endswith(end):
                head = word[: -len(end)]
                if head.endswith("cinqu"):
                    head = head[:-1]
                elif head.endswith("neuv"):
                    head = head[:-1] + "f"
                # "quarantième", "trentième", "onzième": the number's final e goes before -ième.
                return _segment(head, "fr") or _segment(head + "e", "fr")
    return None


NOT_DECADES = frozenset("quincena quincenas".split())  # a fortnight; French "quinzaine" is also about 15


def _decade(word: str, lang: str) -> tuple[Piece, ...] | None:
    for end in _DECADE_ENDINGS[lang]:
        if word.endswith(end) and len(word) > len(end) + 3 and word not in NOT_DECADES:
            head = word[: -len(end)]
            for stem in (head, head + "y", head + "e", head + "a"):
                hit = CARDINALS[lang].get(stem)
                if hit is not None and hit[1] in "DT" and hit[0] >= 13:
                    return (Piece(*hit),)
    if lang == "en" and word in ("teens", "teen"):
        return (Piece(13, "T"),)
    if lang == "es" and word.endswith(("pico", "tantos", "tantas")):
        # "veintipico", "treintaitantos", "cuarentaypico": twenty-something, thirty-odd.
        head = word[: -4 if word.endswith("pico") else -6]
        for stem in (head, head[:-1]):
            hit = CARDINALS["es"].get(stem)
            if hit is not None and hit[1] == "D":
                return (Piece(*hit),)
    return None


MAX_WORD = 40  # longer than any number word; longer tokens are searched by the detector


@lru_cache(maxsize=8192)
def read_word(raw: str, langs: tuple[str, ...]) -> tuple[WordReading, ...]:
    """Every reading of one word as a number piece sequence, one per language that has one.

    Spelled right in one language, the word is read in that language only; misspellings are tried
    only when no language knows the word as it is written.
    """
    word = fold(raw)
    readings: list[WordReading] = []
    if len(word) > MAX_WORD:
        return ()
    short = len(word) < 4
    start = word[:2]
    for lang in langs if start in PIECE_STARTS or short else ():
        if short and (CONNECTOR[lang] == word or (lang == "es" and word == "i")):  # "ochenta i dos"
            readings.append(WordReading(lang, (Piece(0, "C"),)))
            continue
        if len(word) < 2 or start not in LANG_PIECE_STARTS[lang]:
            continue
        pieces = _segment(word, lang)
        if pieces and lang == "de" and len(pieces) == 2 and pieces[0].kind == "U" and pieces[1].value == 10:
            pieces = (Piece(pieces[0].value + 10, "T"),)  # "sechszehn", "siebenzehn": a teen
        if pieces:
            # German writes its numbers as one word, and Spanish 21..29; elsewhere glue is a disguise.
            glued = len(pieces) > 1 and lang != "de" and not (lang == "es" and pieces[0].value == 20)
            readings.append(WordReading(lang, pieces, odd=glued))
            continue
        pieces = _ordinal(word, lang)
        if pieces:
            readings.append(WordReading(lang, pieces, ordinal=True))
            continue
        pieces = _decade(word, lang)
        if pieces:
            readings.append(WordReading(lang, pieces, decade=True))
    if readings or len(word) < 4 or word in NOT_TYPOS:
        return tuple(readings)
    if "en" in langs and word.endswith("teen"):
        unit = CARDINALS["en"].get(word[:-4])
        if unit and unit[1] == "U" and unit[0] >= 2:  # "threeteen", "fiveteen": a teen made regular
            return (WordReading("en", (Piece(unit[0] + 10, "T"),), odd=True),)
    if word[:2] in ALL_STARTS and DOUBLE.search(word):
        held = _squeezed(word)
        if held:  # "fiiiive", "neuff", "sixxty": a letter held or doubled
            return held
    if "de" in langs and ("zich" in word or "ssich" in word or "zisch" in word):
        # Northern German says "-zich" for "-zig": "fünfzich", "dreißich", "siebenundvierzich".
        pieces = _segment(word.replace("zisch", "zig").replace("zich", "zig").replace("ssich", "ssig"), "de")
        if pieces:
            return (WordReading("de", pieces),)
    if "de" in langs and word.endswith(GERMAN_TENS_ENDS) and (tens := _german_tens(word)):
        return (WordReading("de", (Piece(*tens),), odd=True),)  # "dreißge", "nüünzgi" alone
    # One edit leaves a word of five letters or more its first two letters or its last two: a word
    # that shares neither with a number word is no typo of one, and its deletions are not made.
    if word[:2] in TYPO_STARTS or word[-2:] in TYPO_ENDS:
        keys = {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}
        near = {lang for key in keys for lang in TYPO_LANGS.get(key, ())}
    else:
        keys, near = set(), set()
    sound = sound_key(word) if len(word) >= 5 and sound_key(word[:6])[:2] in SOUND_STARTS else ""
    # A cut leaves a number word on one side: it starts as one does, or ends as one does.
    cuts = (
        [c for c in range(3, len(word) - 2) if word[:c] in ANY_CARDINAL or word[c:] in ANY_CARDINAL]
        if word[:2] in ALL_STARTS or word[-2:] in ALL_ENDS
        else []
    )
    german = (
        "de" in langs
        and ("nd" in word or "un" in word or "ud" in word or word.endswith(GERMAN_TENS_ENDS))
        and len(word) >= 7
    )
    if (
        not near
        and not cuts
        and not german
        and word not in MISSPELLED
        and not (sound and any(sound in table for table in SOUNDS.values()))
    ):
        return ()
    for lang in langs:
        fixed = MISSPELLED.get(word) if lang == "en" else None
        if fixed is None and sound and lang in SOUNDS:
            fixed = SOUNDS[lang].get(sound)
        if fixed is None and lang in near and len(word) >= 5:
            fixed = typo_of(word, keys, lang)
        if fixed is not None:
            readings.append(WordReading(lang, (Piece(*CARDINALS[lang][fixed]),), odd=True))
            continue
        if lang == "de" and german:
            found = _german_compound_typo(word)
            if found:
                readings.append(WordReading(lang, found, odd=True))
                continue
        # A glued compound with one misspelled half: "fourtyseven", "sevnteen".
        table = CARDINALS[lang]
        for cut in cuts:
            left, right = word[:cut], word[cut:]
            a, b = table.get(left), table.get(right)
            if a is None and b is None:
                continue  # one half at least is spelled right
            a = a or _typo_piece(left, lang)
            b = b or _typo_piece(right, lang)
            if a and b and a[1] == "D" and b[1] == "U":
                readings.append(WordReading(lang, (Piece(*a), Piece(*b)), odd=True))
                break
    return tuple(readings)


def _squeezed(word: str) -> tuple[WordReading, ...]:
    """The word read with its held letters let go: runs of three or more kept as two, or as one."""
    out: list[str] = []
    for c in word:
        if len(out) >= 2 and out[-1] == out[-2] == c:
            continue
        out.append(c)
    single = "".join(c for k, c in enumerate(word) if k == 0 or word[k - 1] != c)
    for variant in dict.fromkeys(("".join(out), single)):
        if variant == word or len(variant) < 3:
            continue
        found = tuple(
            WordReading(lang, pieces, odd=True) for lang in LANG_ORDER if (pieces := _segment(variant, lang))
        )
        if found:
            return found
    return ()


# How German tens end, in writing and in dialect ("dreißg", "fuchzge", "sächzg", "nüünzgi",
# "zwanzisch").
GERMAN_TENS_ENDS = (
    "zig", "ssig", "zg", "zge", "ssg", "sg", "zich", "zgi", "zga", "ssge", "ssgi", "sge", "sgi", "zisch",
    "ssisch",
)  # fmt: skip
# Units as Bavarian, Swabian, Swiss and Berlin tables say them before "a", "e", "ra" or "und" and a tens
# word ("fimfasechzge", "föifezwänzg", "eenundzwanzich"): read only there, never alone.
GERMAN_DIALECT_UNITS = {
    "ain": 1, "een": 1, "oan": 1, "ois": 1, "oin": 1, "zwee": 2, "zwoi": 2, "zwoei": 2, "drai": 3,
    "drue": 3, "drui": 3, "via": 4, "viar": 4, "fiea": 4, "fimf": 5, "fimpf": 5, "foeif": 5, "foif": 5,
    "fuenef": 5, "fuenne": 5, "sechse": 6, "sexe": 6, "sex": 6, "siem": 7, "sibn": 7, "siebn": 7,
    "siben": 7, "simm": 7, "ocht": 8, "nein": 9, "nuen": 9, "noin": 9, "nuin": 9,
}  # fmt: skip
# Tens words of those dialects the lexicon does not list ("vierzg", "sechzg" and their kin are
# there), their last vowel ("-e", "-i", "-a") taken off first.
GERMAN_DIALECT_TENS = {
    "zwoanzg": 20, "zwenzg": 20, "dryssg": 30, "draissg": 30, "driissg": 30, "fiazg": 40,
    "viarzg": 40, "fufzg": 50, "fuffzg": 50, "fimfzg": 50, "siebezg": 70, "simmzg": 70, "ochtzg": 80,
    "ochzg": 80, "nueuenzg": 90,
}  # fmt: skip


def _tens_form(word: str) -> tuple[int, str] | None:
    """A German tens word as the lexicon or the dialect table above has it, else None."""
    found = CARDINALS["de"].get(word)
    if found:
        return found if found[1] == "D" else None
    return (GERMAN_DIALECT_TENS[word], "D") if word in GERMAN_DIALECT_TENS else None


def _german_tens(word: str) -> tuple[int, str] | None:
    """A German tens word as written or said in dialect: "dreißge", "nüünzgi", "zwanzisch"."""
    if word in CARDINALS["de"]:
        return _tens_form(word)
    bare = word[:-1] if word[-1:] in ("e", "i", "a") and word[-2:-1] == "g" else word
    for said, written in (("ssisch", "ssig"), ("ssich", "ssig"), ("zisch", "zig"), ("zich", "zig")):
        if bare.endswith(said):
            # "achzich": "achzig" is no word, but "achzg" is a dialect tens; "dressich": one typo
            stem = bare[: -len(said)]
            found = (
                _tens_form(stem + written)
                or _tens_form(stem + written[:-2] + "g")
                or _typo_piece(stem + written, "de")
            )
            return found if found and found[1] == "D" else None
    found = _tens_form(bare) or _typo_piece(bare, "de")
    return found if found and found[1] == "D" else None


def _german_compound_typo(word: str) -> tuple[Piece, ...] | None:
    """Unit, "und" and tens with a typo in one part: "dreiundvirzig", "fuenfunsechzig"; Bavarian and
    Swiss link a unit to its tens by "a" or "e": "dreiafuchzge", "sächsedrissg", "nüünenüünzgi"."""
    for link in ("und", "un", "nd", "ud", "ra", "a", "e"):
        at = word.find(link, 2)
        while at >= 0:
            left, right = word[:at], word[at + len(link) :]
            if len(right) >= 4:
                a = CARDINALS["de"].get(left) or _typo_piece(left, "de")
                if not (a and a[1] == "U") and left in GERMAN_DIALECT_UNITS:
                    a = (GERMAN_DIALECT_UNITS[left], "U")
                if a and a[1] == "U" and a[0] >= 1 and (b := _german_tens(right)):
                    return (Piece(*a), Piece(0, "C"), Piece(*b))
            at = word.find(link, at + 1)
    return None


def _typo_piece(word: str, lang: str) -> tuple[int, str] | None:
    fixed = MISSPELLED.get(word) if lang == "en" else None
    fixed = fixed or one_typo_away(word, lang)
    return CARDINALS[lang][fixed] if fixed else None


def read_leet(raw: str, langs: tuple[str, ...]) -> tuple[WordReading, ...]:
    """A word written with digits for letters ("f0rty", "thr33", "s1xty")."""
    readings = []
    for variant in {raw.translate(LEET), raw.replace("1", "l").translate(LEET)}:
        if not variant.isalpha():
            continue
        for reading in read_word(variant, langs):
            if reading.pieces[0].kind != "C":
                readings.append(
                    WordReading(reading.lang, reading.pieces, reading.ordinal, reading.decade, True)
                )
        if readings:
            break
    return tuple(readings)
