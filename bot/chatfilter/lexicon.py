"""Number words of the four supported languages, in folded spelling (see `fold`).

Each word is a morpheme with a value and a kind: U units 1..9, T 10..19, D tens 20..90, H hundred,
C a connector (and, und, et, y). Glued and hyphenated numbers are split into these pieces by the
detector; `text_to_num` then reads the canonical spelling of a piece sequence.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

LANGUAGES = ("en", "de", "fr", "es")

Morpheme = tuple[int, str]  # (value, kind)


@lru_cache(maxsize=16384)
def fold(word: str) -> str:
    """Lower case, German umlauts as two letters (fünf -> fuenf), other accents dropped."""
    word = word.lower().replace("ß", "ss").replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _table(units: str, teens: str, tens: str) -> dict[str, Morpheme]:
    table: dict[str, Morpheme] = {}
    for value, word in enumerate(units.split(), start=1):
        for variant in word.split("/"):
            table[variant] = (value, "U")
    for value, word in enumerate(teens.split(), start=10):
        for variant in word.split("/"):
            table[variant] = (value, "T")
    for value, word in enumerate(tens.split(), start=2):
        for variant in word.split("/"):
            table[variant] = (value * 10, "D")
    return table


CARDINALS: dict[str, dict[str, Morpheme]] = {
    "en": _table(
        "one two three four five six seven eight nine",
        "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen",
        "twenty thirty forty fifty sixty seventy eighty ninety",
    ),
    "de": _table(
        "eins/ein/eine zwei/zwo drei vier fuenf/funf sechs sieben acht neun",
        "zehn elf zwoelf/zwolf dreizehn vierzehn fuenfzehn/funfzehn sechzehn siebzehn/siebenzehn "
        "achtzehn neunzehn",
        "zwanzig dreissig/dreisig/dreizig vierzig fuenfzig/funfzig sechzig siebzig/siebenzig achtzig neunzig",
    ),
    "fr": _table(
        "un/une deux trois quatre cinq six sept huit neuf",
        "dix onze douze treize quatorze quinze seize dixsept dixhuit dixneuf",
        "vingt/vingts trente quarante cinquante soixante",
    ),
    "es": _table(
        "uno/una/un dos tres cuatro cinco seis siete ocho nueve",
        "diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve",
        "veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa",
    ),
}
# Belgian and Swiss French tens, and German dialect spellings seen at Bavarian and Swiss tables.
CARDINALS["fr"].update(
    {"septante": (70, "D"), "huitante": (80, "D"), "octante": (80, "D"), "nonante": (90, "D")}
)
CARDINALS["de"].update(
    {
        "oans": (1, "U"),
        "oana": (1, "U"),
        "zwoa": (2, "U"),
        "zwoar": (2, "U"),
        "fuffzig": (50, "D"),
        "fuffzich": (50, "D"),
        "zwanzge": (20, "D"),
        "zwanzg": (20, "D"),
        "zwaenzg": (20, "D"),
        "drissg": (30, "D"),
        "vierzg": (40, "D"),
        "fuefzg": (50, "D"),
        "saechzg": (60, "D"),
        "sibezg": (70, "D"),
        "achzg": (80, "D"),
        "nuenzg": (90, "D"),
        "ra": (0, "C"),
        # Bavarian and Swiss forms: "zwoadreißg", "füfzäh", "sächzg", "nüünzg", "fuchzg".
        "dreissg": (30, "D"),
        "fuchzg": (50, "D"),
        "fuchzehn": (15, "T"),
        "fuchzig": (50, "D"),
        "sechzg": (60, "D"),
        "siebzg": (70, "D"),
        "achtzg": (80, "D"),
        "neunzg": (90, "D"),
        "neinzg": (90, "D"),
        "fuenfzg": (50, "D"),
        "fuef": (5, "U"),
        "fuemf": (5, "U"),  # "fümf", as it is said
        "fuemfzig": (50, "D"),
        "fuemfzehn": (15, "T"),
        "viazg": (40, "D"),
        "viazig": (40, "D"),
        "saechs": (6, "U"),
        "sibe": (7, "U"),
        "siebm": (7, "U"),
        "nueuen": (9, "U"),
        "zwoelfi": (12, "T"),
        "zwoeif": (12, "T"),
        "drizaeh": (13, "T"),
        "vierzaeh": (14, "T"),
        "fuefzaeh": (15, "T"),
        "fuffzehn": (15, "T"),
        "saechzaeh": (16, "T"),
        "sibezaeh": (17, "T"),
        "achtzaeh": (18, "T"),
        "nueunzaeh": (19, "T"),
    }
)

for _lang, _word in (("en", "hundred"), ("de", "hundert"), ("fr", "cent"), ("es", "cien"), ("es", "ciento")):
    CARDINALS[_lang][_word] = (100, "H")
for _lang, _word in (("en", "and"), ("de", "und"), ("fr", "et"), ("es", "y")):
    CARDINALS[_lang][_word] = (0, "C")
# Spanish 21..29 are written as one word: veinti + unit.
CARDINALS["es"]["veinti"] = (20, "D")
CARDINALS["es"]["dieci"] = (10, "P")  # prefix of 16..19 when glued oddly; read with a unit
# French eighty spelled by ear and glued: "katrevin", "katrevin dis" (quatre-vingt-dix).
for _word in ("katrevin", "katrevins", "katrevingt", "katrevingts", "quatrevin", "catrevin"):
    CARDINALS["fr"][_word] = (80, "D")

# Common misspellings seen in chat, mapped to the word they stand for.
MISSPELLED: dict[str, str] = {
    "fourty": "forty",
    "fourtey": "forty",
    "ninty": "ninety",
    "nintey": "ninety",
    "fivety": "fifty",
    "twelv": "twelve",
    "twentie": "twenty",
    "thirtie": "thirty",
    "sevn": "seven",
    "sevan": "seven",
    "eigth": "eight",
    "fiveteen": "fifteen",
    "fiddy": "fifty",
    "fitty": "fifty",
}

# Real words one typo away from a number word, never read as numbers.
NOT_TYPOS = frozenset(
    (
        "forth fifth sixth ninth tenth eighth weight height freight thirsty steven sever seven's "
        "elven eleve twin tent tweet there three's sixtyish fits fifths nines tens plenty twins "
        "twine neunte achte achter zwanzigste ninety's sixer sixes seventh trios quince quinte tente siebe "
        "eighties zweit dritt viert fuenft funft sechst siebt zweite vierter fuenfter sechster "
        "siebter neunter zehnter dies dieser neue neuen neuer neues neuem lieben siegen douce vente "
        "siento seite seiten"
    ).split()
)

# Ordinal words that name a value. Pieces before the last are cardinals ("forty-seventh").
ORDINALS: dict[str, dict[str, Morpheme]] = {
    "en": {
        **{
            w: (v, "U")
            for v, w in enumerate(
                "first second third fourth fifth sixth seventh eighth ninth".split(),
                start=1,
            )
        },
        **{
            w: (v, "T")
            for v, w in enumerate(
                (
                    "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth "
                    "eighteenth nineteenth"
                ).split(),
                start=10,
            )
        },
        **{
            w: (v * 10, "D")
            for v, w in enumerate(
                ("twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth").split(),
                start=2,
            )
        },
    },
    "fr": {"premier": (1, "U"), "premiere": (1, "U"), "second": (2, "U"), "seconde": (2, "U")},
    "es": {
        w: (v, "U" if v < 10 else "T")
        for v, w in enumerate(
            "primero segundo tercero cuarto quinto sexto septimo octavo noveno decimo".split(),
            start=1,
        )
    },
    "de": {"erste": (1, "U"), "dritte": (3, "U"), "siebte": (7, "U"), "achte": (8, "U")},
}
ORDINALS["es"].update(
    {
        "undecimo": (11, "T"),
        "duodecimo": (12, "T"),
        "vigesimo": (20, "D"),
        "trigesimo": (30, "D"),
        "cuadragesimo": (40, "D"),
        "quincuagesimo": (50, "D"),
        "sexagesimo": (60, "D"),
        "septuagesimo": (70, "D"),
        "octogesimo": (80, "D"),
        "nonagesimo": (90, "D"),
    }
)
for _unit, _value in (("primero", 1), ("segundo", 2), ("tercero", 3), ("cuarto", 4), ("quinto", 5)):
    ORDINALS["es"]["decimo" + _unit] = (10 + _value, "T")
for _unit, _value in (("sexto", 6), ("septimo", 7), ("octavo", 8), ("noveno", 9)):
    ORDINALS["es"]["decimo" + _unit] = (10 + _value, "T")
ORDINALS["es"]["decimoctavo"] = (18, "T")  # the written form drops one "o"
# The tens glued to their unit, as the Academy also writes them ("vigesimoctava", "trigesimoquinto").
_GLUED: dict[str, tuple[int, str]] = {}
_TENS = "vigesimo trigesimo cuadragesimo quincuagesimo sexagesimo septuagesimo octogesimo nonagesimo"
_UNITS = "primero segundo tercero cuarto quinto sexto septimo octavo noveno"
for _tens in _TENS.split():
    for _v, _unit in enumerate(_UNITS.split(), 1):
        _glued = _tens[:-1] + _unit if _unit == "octavo" else _tens + _unit
        _GLUED[_glued] = (ORDINALS["es"][_tens][0] + _v, "T")
ORDINALS["es"].update(_GLUED)
# The fraction words said as ordinals in everyday Spanish: "la treceava", "el quinceavo".
for _stem, _value in (
    ("once", 11), ("doce", 12), ("trece", 13), ("catorce", 14), ("quince", 15), ("dieciseis", 16),
    ("diecisiete", 17), ("dieciocho", 18), ("diecinueve", 19), ("veinte", 20),
):  # fmt: skip
    ORDINALS["es"][_stem + "avo"] = (_value, "T")
for _w in list(ORDINALS["es"]):
    ORDINALS["es"][_w[:-1] + "a"] = ORDINALS["es"][_w]
    ORDINALS["es"][_w[:-1] + "os"] = ORDINALS["es"][_w]
    ORDINALS["es"][_w[:-1] + "as"] = ORDINALS["es"][_w]
ORDINALS["es"]["primer"] = (1, "U")
ORDINALS["es"]["tercer"] = (3, "U")
for _glued, (_value, _kind) in _GLUED.items():  # "vigesimoprimer", "trigesimotercer" before a noun
    if _glued.endswith(("primero", "tercero")):
        ORDINALS["es"][_glued[:-1]] = (_value, _kind)

# Words that are numbers in one language and ordinary words in another: read as numbers only when
# the message is in that language (see detector.language_scores).
AMBIGUOUS: dict[str, str] = {
    word: lang
    for lang, words in {
        "es": "once dos tres uno una quince",
        "de": "elf ein eine acht",
        "fr": "sept cent neuf un une seize onze dix",
    }.items()
    for word in words.split()
}

# French spellings by ear that are other words on their own ("vint" came, "dis" say, "vin" wine):
# read as numbers only inside a number ("quatre-vint-dix", "vint-trois", "dis-huit"), see the detector.
BY_EAR: dict[str, Morpheme] = {
    "vint": (20, "D"),
    "vins": (20, "D"),
    "vin": (20, "D"),
    "dis": (10, "T"),
    "diz": (10, "T"),
}

# Small function words per language, to tell which language a message is in.
STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        (
            "i you he she we they it is are am the a an have has got and or of to for on in with "
            "my your me this that what who can do does play played any anyone someone not no yes "
            "pile card cards once only one when then just if but so will would lol pls please "
            "need here there minus"
        ).split()
    ),
    "de": frozenset(
        (
            "ich du er sie wir ihr es ist sind bin der die das den dem ein eine einen hab habe "
            "hat und oder mit auf fuer von zu nicht kein keine ja nein bitte mal noch schon "
            "stapel karte karten kann kannst wer jemand legen spielen gib gibt sei mir dir wenn "
            "dann aber auch so weniger"
        ).split()
    ),
    "fr": frozenset(
        (
            "je tu il elle nous vous ils le la les un une des de du et ou ai as est sont pas ne "
            "sur pour avec qui quelqu'un carte cartes pile joue jouer moi toi mais donc oui non moins"
        ).split()
    ),
    "es": frozenset(
        (
            "yo tu el ella nosotros los las un una unos de del y o tengo tiene tienes es son no "
            "si sobre para con quien alguien carta cartas pila juega jugar mi pero que por favor menos"
        ).split()
    ),
}


def sound_key(word: str) -> str:
    """How a French or Spanish number word sounds, so that "kinze", "katorse" and "sinco" meet
    "quinze", "catorce" and "cinco"."""
    word = word.replace("gt", "t").replace("qu", "k").replace("ce", "se").replace("ci", "si")
    word = word.replace("c", "k").replace("z", "s").replace("v", "b")
    # French "x" inside a word and "ss" both say "s": "soissante", "soisante" meet "soixante".
    word = word.replace("x", "s").replace("ss", "s")
    return word.replace("kue", "ke").replace("kua", "ka")  # "sinquenta" sounds like "cincuenta"


SOUNDS: dict[str, dict[str, str]] = {
    lang: {sound_key(w): w for w in CARDINALS[lang] if len(w) >= 4} for lang in ("fr", "es")
}

# Words that name a quantity: (value, kind). Kind "Q" multiplies what comes before ("four score",
# "zwei Dutzend"); read alone they are the quantity itself ("a dozen").
QUANTITIES: dict[str, tuple[int, str]] = {
    "dozen": (12, "en"),
    "dozens": (12, "en"),
    "hundred": (100, "en"),
    "hundert": (100, "de"),
    "score": (20, "en"),
    "threescore": (60, "en"),
    "fourscore": (80, "en"),
    "gross": (144, "en"),
    "dutzend": (12, "de"),
    "schock": (60, "de"),
    "douzaine": (12, "fr"),
    "douzaines": (12, "fr"),
    "dizaine": (10, "fr"),
    "dizaines": (10, "fr"),
    "centaine": (100, "fr"),
    "docena": (12, "es"),
    "docenas": (12, "es"),
    "docenita": (12, "es"),
    "centenar": (100, "es"),
    "centena": (100, "es"),
    "centenas": (100, "es"),
    "decena": (10, "es"),
    "decenas": (10, "es"),
    # a hundred years: a card only when halved and held ("half a century in my hand")
    "century": (100, "en"),
    "jahrhundert": (100, "de"),
    "siecle": (100, "fr"),
    "siglo": (100, "es"),
}
CENTURY_WORDS = frozenset(("century", "jahrhundert", "siecle", "siglo"))
# Collective nouns of French and Spanish: "une trentaine", "una veintena". Read as a number only
# when no noun follows them ("une trentaine de minutes" is a duration).
COLLECTIVES: dict[str, int] = {
    "vingtaine": 20,
    "trentaine": 30,
    "quarantaine": 40,
    "cinquantaine": 50,
    "soixantaine": 60,
    "veintena": 20,
    "treintena": 30,
    "cuarentena": 40,
    "cincuentena": 50,
}


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


# Every number word of five letters or more under itself and under each of its one-letter
# deletions: two words one typo apart share a key, so a typo is found with a few lookups.
_TYPO_INDEX: dict[str, dict[str, list[str]]] = {}
for _lang, _cardinals in CARDINALS.items():
    _index: dict[str, list[str]] = {}
    for _target in _cardinals:
        if len(_target) >= 5:
            for _key in {_target} | _deletions(_target):
                _index.setdefault(_key, []).append(_target)
    _TYPO_INDEX[_lang] = _index
# For each deletion key, the languages that have a number word under it.
TYPO_LANGS: dict[str, frozenset[str]] = {}
for _lang, _index in _TYPO_INDEX.items():
    for _key in _index:
        TYPO_LANGS[_key] = TYPO_LANGS.get(_key, frozenset()) | {_lang}
_ORDER = {lang: {w: k for k, w in enumerate(table)} for lang, table in CARDINALS.items()}


@lru_cache(maxsize=4096)
def one_typo_away(word: str, lang: str) -> str | None:
    """The number word `word` misspells by one dropped, added, swapped or changed letter."""
    if len(word) < 5 or word in NOT_TYPOS:
        return None
    return typo_of(word, {word} | _deletions(word), lang)


def typo_of(word: str, keys: set[str], lang: str) -> str | None:
    """`one_typo_away` with the word's deletion keys computed once for every language."""
    index = _TYPO_INDEX[lang]
    candidates: set[str] = set()
    for key in keys:
        found = index.get(key)
        if found:
            candidates.update(found)
    if not candidates:
        return None
    for target in sorted(candidates, key=_ORDER[lang].__getitem__):
        if abs(len(target) - len(word)) > 1 or not _distance_one(word, target):
            continue
        # Changing a letter of a short word too easily makes another word (fifty/fifth).
        if len(word) == len(target) and len(target) < 6 and sorted(word) != sorted(target):
            continue
        return target
    return None


def _distance_one(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    if len(a) < len(b):
        a, b = b, a
    return any(a[:i] + a[i + 1 :] == b for i in range(len(a)))
