"""Undo the disguises of a chat message before numbers are looked for.

`normalize` maps a message to plain lower-case text and remembers, for every character it keeps,
the offset of the original character it came from, so that spans found in the plain text point
into the message as sent. It removes Discord tokens (mentions, custom emoji, timestamps, links),
markdown marks, zero-width characters and variation selectors; turns the digits and number characters of
every script (fullwidth, mathematical, circled, Arabic-Indic...), keycaps, dice and playing-card
glyphs into ASCII digits, so that later steps never see another kind of digit; and
reads Cyrillic and Greek look-alike letters as Latin ones. Characters that needed such a change are
marked `odd`: a number written with them is disguised.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Mentions, channels, roles, custom emoji, timestamps, slash-command mentions, links.
DISCORD_TOKEN = re.compile(
    r"<(?:@[!&]?\d+|#\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFR])?|id:\w+|/[\w -]+:\d+)>"
    r"|https?://\S+|www\.\S+|discord\.gg/\S+"
)
# A custom emoji named after a card: "<:carte54:1234>", "<a:card_47:1234>". Its picture shows the card to
# everyone; its name is all the keeper sees. Other names with a number stay blank: servers have number
# emoji for polls and reactions ("react <:num_2:1234> for round two").
EMOJI_CARD = re.compile(
    r"<a?:(?:card|cards|carte|cartes|karte|karten|carta|cartas)_?(\d{1,2}):\d+>", re.IGNORECASE
)


# Chinese and Japanese numerals ("五十六", "四七"): read as the number they write, a disguise like any
# other script's digits.
CJK_DIGITS = {c: k for k, c in enumerate("〇一二三四五六七八九")}
CJK_NUMERAL = re.compile("[〇一二三四五六七八九十]+")


def _cjk_value(text: str) -> int | None:
    """五十六 56, 十二 12, 四十 40, 四七 47 (digit by digit); None for what is no number below 100."""
    if "十" in text:
        tens, _, units = text.partition("十")
        if len(tens) > 1 or len(units) > 1 or "十" in units:
            return None
        return 10 * (CJK_DIGITS[tens] if tens else 1) + (CJK_DIGITS[units] if units else 0)
    if len(text) > 2:
        return None
    return int("".join(str(CJK_DIGITS[c]) for c in text))


def _token_text(token: str) -> str:
    """What a Discord token leaves in the text: a space, or the card an emoji's name is made of."""
    m = EMOJI_CARD.fullmatch(token)
    return f" {m.group(1)} " if m else " "


# Markdown marks that never carry meaning of their own.
MARKUP = re.compile(r"\|\||\*\*|__|~~|`+|^\s*(?:#{1,3}|-#|>{1,3})\s", re.MULTILINE)

INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\ufe0e\ufe0f\u2061\u2062\u2063\u2064")
KEYCAP = "\u20e3"
NUMBER_CATEGORIES = frozenset(("Nd", "No", "Nl"))

LOOKALIKE = {
    # Cyrillic
    "а": "a",
    "в": "b",
    "е": "e",
    "ё": "e",
    "к": "k",
    "м": "m",
    "н": "h",
    "о": "o",
    "р": "p",
    "с": "c",
    "т": "t",
    "у": "y",
    "х": "x",
    "і": "i",
    "ї": "i",
    "ј": "j",
    "ѕ": "s",
    "ԁ": "d",
    "һ": "h",
    "ԛ": "q",
    "ԝ": "w",
    "ӏ": "l",
    "з": "3",
    "б": "6",
    # Greek
    "α": "a",
    "β": "b",
    "ε": "e",
    "η": "n",
    "ι": "i",
    "κ": "k",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "τ": "t",
    "υ": "u",
    "χ": "x",
    "ω": "w",
    "ζ": "z",
    "μ": "u",
    # Small capitals
    **dict(zip("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghijklmnoprstuvwyz", strict=True)),
    # Latin letters from other blocks that pass for plain ones
    "ƒ": "f",
    "ı": "i",
    "ł": "l",
    "ø": "o",
    "đ": "d",
    "ȿ": "s",
    "ɡ": "g",
    "ʏ": "y",
    "ᴏ": "o",
}

# Symbols that stand for a digit and that NFKC leaves alone.
GLYPH_VALUES: dict[str, str] = {"🔟": "10", "💯": "100"}
for _i in range(10):
    GLYPH_VALUES[chr(0x2776 + _i)] = str(_i + 1)  # ❶..❿
    GLYPH_VALUES[chr(0x2780 + _i)] = str(_i + 1)  # ➀..➉
    GLYPH_VALUES[chr(0x278A + _i)] = str(_i + 1)  # ➊..➓
for _i in range(6):
    GLYPH_VALUES[chr(0x2680 + _i)] = str(_i + 1)  # dice ⚀..⚅
for _suit in (0x1F0A0, 0x1F0B0, 0x1F0C0, 0x1F0D0):  # playing cards: rank in the low nibble
    for _rank in range(2, 11):
        GLYPH_VALUES[chr(_suit + _rank)] = str(_rank)


HYPHENS = frozenset("\u2010\u2011")  # the hyphen and the non-breaking hyphen
SPECIAL = frozenset(LOOKALIKE) | HYPHENS | INVISIBLE | frozenset(GLYPH_VALUES) | {KEYCAP, "²", "ß", "ẞ", "İ"}


def _plain_letters(message: str) -> bool:
    """Only ASCII, ordinary accented letters (é, ü, ñ) and plain emoji: nothing to map, so no character
    moves."""
    lower = message.lower()
    return (
        len(lower) == len(message)
        and unicodedata.is_normalized("NFKC", message)
        and all(c.isascii() or (c.isalpha() and c not in SPECIAL) or _plain_symbol(c) for c in lower)
    )


def _plain_symbol(c: str) -> bool:
    """An emoji or a sign that is kept as it is: no digit, no mark, nothing to map or drop."""
    return (
        c not in SPECIAL
        and not unicodedata.combining(c)
        and unicodedata.category(c) not in NUMBER_CATEGORIES
        and unicodedata.normalize("NFKC", c) == c
    )


@dataclass(slots=True)
class Normalized:
    text: str
    origin: list[int]  # for each character of text, the offset of its source in the message
    odd: list[bool]  # the character was disguised (look-alike, fullwidth, keycap, glyph...)
    # the source character was upper case (for roman numerals): bytes of 0 and 1 for an ASCII message
    upper: bytes | list[bool]
    markup: bool  # spoilers, code or emphasis were removed
    glued_gap: set[int]  # positions where something invisible was removed between two characters


ASCII_UPPER = bytes(1 if 65 <= b <= 90 else 0 for b in range(256))


def normalize(message: str) -> Normalized:
    hidden: list[tuple[int, int, str]] = []  # (start, end, replacement)
    markup = False
    if "<" in message or "http" in message or "www." in message or "discord.gg" in message:
        hidden.extend((m.start(), m.end(), _token_text(m.group())) for m in DISCORD_TOKEN.finditer(message))
    if any(c in message for c in "|*_~`#>"):
        tokens = list(hidden)
        for m in MARKUP.finditer(message):
            if tokens and any(s <= m.start() < e for s, e, _ in tokens):
                continue
            hidden.append((m.start(), m.end(), ""))
            markup = True
        # A single star is emphasis unless it stands between two numbers (7*7).
        for m in re.finditer(r"(?<!\*)\*(?!\*)", message):
            before = message[max(0, m.start() - 20) : m.start()].rstrip()[-1:]
            after = message[m.end() : m.end() + 20].lstrip()[:1]
            if not (before.isdigit() and after.isdigit()):
                hidden.append((m.start(), m.end(), ""))
                markup = True
        hidden.sort()
    if not message.isascii() and CJK_NUMERAL.search(message):
        taken = list(hidden)
        for m in CJK_NUMERAL.finditer(message):
            value = _cjk_value(m.group())
            if value is not None and not any(s < m.end() and m.start() < e for s, e, _ in taken):
                hidden.append((m.start(), m.end(), f" {value} "))
        hidden.sort()
    if not hidden and message.isascii():
        n = len(message)
        flags = message.encode("ascii").translate(ASCII_UPPER)  # 1 for A-Z, else 0
        return Normalized(message.lower(), list(range(n)), [False] * n, flags, False, set())
    if not hidden and _plain_letters(message):
        n = len(message)
        return Normalized(
            message.lower(), list(range(n)), [False] * n, [c.isupper() for c in message], False, set()
        )
    out: list[str] = []
    origin: list[int] = []
    odd: list[bool] = []
    upper: list[bool] = []
    gaps: set[int] = set()
    skip_until = 0
    spans = iter(hidden)
    next_span = next(spans, None)
    for i, ch in enumerate(message):
        if i < skip_until:
            continue
        while next_span is not None and next_span[1] <= i:
            next_span = next(spans, None)
        if next_span is not None and next_span[0] == i:
            skip_until = next_span[1]
            # A space, or the card an emoji's name tells (" 54 "): the span of two digits is the emoji's,
            # one digit's is the emoji's first character (a character keeps one origin).
            text = next_span[2]
            for k, c in enumerate(text):
                out.append(c)
                origin.append(i if 2 * k < len(text) else next_span[1] - 1)
                odd.append(c.isdigit())
                upper.append(False)
            next_span = next(spans, None)
            continue
        if ch.isascii():
            out.append(ch.lower())
            origin.append(i)
            odd.append(False)
            upper.append(ch.isupper())
            continue
        if ch in INVISIBLE or ch == KEYCAP:
            gaps.add(len(out))
            if ch == KEYCAP and odd:
                odd[-1] = True
            continue
        if ch in HYPHENS:
            # A hyphen that a phone or a word processor writes ("seventy‑six"): the plain hyphen.
            out.append("-")
            origin.append(i)
            odd.append(False)
            upper.append(False)
            continue
        if ch in GLYPH_VALUES:
            for c in GLYPH_VALUES[ch]:
                out.append(c)
                origin.append(i)
                odd.append(True)
                upper.append(False)
            continue
        low = ch.lower()
        if low in LOOKALIKE:
            out.append(LOOKALIKE[low])
            origin.append(i)
            odd.append(True)
            upper.append(ch.isupper())
            continue
        if ch == "²" and out and out[-1].isdigit() and not odd[-1]:
            # "9²": a square, not the digit 2 glued to the 9.
            for c in "^2":
                out.append(c)
                origin.append(i)
                odd.append(True)
                upper.append(False)
            continue
        plain = unicodedata.normalize("NFKC", ch)
        changed = plain != ch
        for c in plain:
            if unicodedata.combining(c):
                continue
            if not c.isascii() and unicodedata.category(c) in NUMBER_CATEGORIES:
                # Digits of every script, circled and parenthesised numbers, numerals: their value in
                # ASCII digits, so that everything after this step reads only 0-9 (a fraction, which
                # has no whole value, becomes a space).
                numeric = unicodedata.numeric(c)
                digits = str(int(numeric)) if numeric == int(numeric) else " "
                for d in digits:
                    out.append(d)
                    origin.append(i)
                    odd.append(d != " ")
                    upper.append(False)
                continue
            # Letters with accents are ordinary writing; digits and letters from other blocks are not.
            # A lower case may be longer than its capital ("İ"): every character keeps its origin.
            for low in c.lower():
                out.append(low)
                origin.append(i)
                odd.append(changed and (c.isdigit() or c.isascii()))
                upper.append(c.isupper())
        if not plain or all(unicodedata.combining(c) for c in plain):
            gaps.add(len(out))
    return Normalized("".join(out), origin, odd, upper, markup, gaps)
