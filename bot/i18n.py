"""The languages Deckhand writes in: English (the source), German, French and Spanish.

Messages are marked in the code with ``_()``, ``ngettext()`` and ``N_()``; ``make messages``
extracts them with Babel (``bot/locales/babel.cfg``) into ``bot/locales/deckhand.pot`` and updates each
language's ``deckhand.po``; ``make setup`` compiles those into the ``.mo`` files gettext reads
here. Plural rules come from the catalogs. The language a message is written in is the current
one of the running task (a ContextVar), set with ``using()`` around what is said to whom.

Pure: no Discord, no store. Beside the runtime, the extraction rules that plain ``_()`` calls
cannot express live here too: the slash commands' vocabulary and the games' catalog data.
"""

from __future__ import annotations

import ast
import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date
from pathlib import Path
from typing import IO, Any, Literal, get_args

from babel.dates import format_date
from babel.messages.extract import extract_python
from babel.numbers import format_decimal, format_percent

Language = Literal["en", "de", "fr", "es"]
LANGUAGES: tuple[str, ...] = get_args(Language)
SOURCE = "en"  # the language of the message ids: it needs no catalog
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
DOMAIN = "deckhand"
LOCALE_DIR = Path(__file__).resolve().with_name("locales")
# The message context of slash command, group and option names: Discord wants them lowercase,
# without spaces, at most 32 characters; the same English word elsewhere is translated freely.
COMMAND_NAME = "slash command name"

MISSING = """\
The compiled message catalogs are missing ({files}).
They are built from bot/locales/*/LC_MESSAGES/deckhand.po by the project's setup: run `make setup`
(or `.venv/bin/pybabel compile -d bot/locales -D deckhand`), then start again."""

_language: ContextVar[str] = ContextVar("deckhand_language", default=SOURCE)


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not there: the setup was not run."""


def language_of(locale: object) -> str | None:
    """Our language for a Discord locale ("de", "es-419", "en-GB", a discord.Locale ...), or None
    for a language Deckhand does not speak."""
    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    base = code.partition("-")[0]
    return base if base in LANGUAGES else None


def current() -> str:
    return _language.get()


@contextmanager
def using(language: str | None) -> Iterator[str]:
    """Write in this language until the block ends (English for one Deckhand does not speak)."""
    chosen = language if language in LANGUAGES else SOURCE
    token = _language.set(chosen)
    try:
        yield chosen
    finally:
        _language.reset(token)


def catalog_file(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def missing_catalogs() -> list[Path]:
    return [catalog_file(lang) for lang in LANGUAGES if lang != SOURCE and not catalog_file(lang).is_file()]


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    if language == SOURCE or language not in LANGUAGES:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    except FileNotFoundError:
        raise CatalogMissing(MISSING.format(files=catalog_file(language))) from None


def _(message: str) -> str:
    """The message in the current language."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message for n, by the current language's plural rule."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return translations(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message


class Text:
    """A message said later, in the language of whoever reads it: its message id (marked with
    ``N_()`` where it is written, or made by ``Text.ngettext`` for a count) and its values. A value
    is shown as it is, a Text is said too, and a function of no arguments is called then (a seat's
    name, a phrase with a plural). ``english()`` is the message in the source language, for logs."""

    __slots__ = ("count", "message", "plural", "values")

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.plural: str | None = None
        self.count = 0
        self.values = values

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **values: Any) -> Text:
        """A message that counts: its form for n by the reader's language's plural rule."""
        text = cls(singular, **values)
        text.plural, text.count = plural, n
        return text

    def said(self) -> str:
        """The message in the current language."""
        template = _(self.message) if self.plural is None else ngettext(self.message, self.plural, self.count)
        if not self.values:
            return template
        return template.format(**{name: said(value) for name, value in self.values.items()})

    def english(self) -> str:
        with using(SOURCE):
            return self.said()

    def __str__(self) -> str:
        return self.said()

    def __repr__(self) -> str:
        return f"Text({self.english()!r})"


class Sentence(Text):
    """A phrase said as a sentence: its first letter capitalised, a full stop after it."""

    def __init__(self, phrase: Text) -> None:
        super().__init__("{phrase}", phrase=phrase)

    def said(self) -> str:
        phrase = said(self.values["phrase"])
        return phrase[:1].upper() + phrase[1:] + "."


def said(value: Any) -> Any:
    """A value of a Text as it is shown now: a Text said, a function called, anything else as is."""
    if isinstance(value, Text):
        return value.said()
    if callable(value):
        return value()
    return value


def number(value: float, digits: int = 1, signed: bool = False) -> str:
    """A decimal number as the current language writes it (4.5, 4,5; signed: +4.5, -4.5)."""
    pattern = "#,##0." + "0" * digits
    return format_decimal(value, format=f"+{pattern};-{pattern}" if signed else pattern, locale=current())


def percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage, as the current language writes it (50%, 50 %)."""
    return format_percent(share, locale=current())


def day(value: date) -> str:
    """A date as the current language writes it, month in words (12 Nov 2026, 12.11.2026)."""
    return format_date(value, format="medium", locale=current())


# ---- extraction (pybabel extract, through bot/locales/babel.cfg) ---------------------------

NAME_NOTE = "A Discord command or option name: lowercase letters, digits, - and _ only, at most 32."
DESCRIPTION_NOTE = "A Discord command or option description: at most 100 characters."
# Strings of the games' catalog entries that are shown to people (GameSpec keyword arguments).
CATALOG_TEXTS = ("measure",)

Found = tuple[int, str, Any, list[str]]


def extract_commands(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """The Python extractor's messages, and the slash commands' vocabulary, which is written as
    plain strings and identifiers in decorators (discord.py hands every one of them to the
    Translator): command and group names and descriptions, option names (the parameters of a
    command's function and ``rename``), option descriptions and literal choice names."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in ("Group", "command"):
            for keyword in node.keywords:
                if keyword.arg == "name" and (text := _text(keyword.value)):
                    yield _name(keyword.value.lineno, text)
                elif keyword.arg == "description" and (text := _text(keyword.value)):
                    yield _description(keyword.value.lineno, text)
        elif isinstance(node, ast.Call) and _called(node) in ("describe", "rename"):
            for keyword in node.keywords:
                if text := _text(keyword.value):
                    make = _description if _called(node) == "describe" else _name
                    yield make(keyword.value.lineno, text)
        elif isinstance(node, ast.Call) and _called(node) == "Choice":
            for keyword in node.keywords:
                if keyword.arg == "name" and (text := _text(keyword.value)):
                    yield _description(keyword.value.lineno, text)
        elif isinstance(node, ast.AsyncFunctionDef) and any(
            isinstance(d, ast.Call) and _called(d) == "command" for d in node.decorator_list
        ):
            for arg in [*node.args.args, *node.args.kwonlyargs][2:]:  # after self and the interaction
                yield _name(arg.lineno, arg.arg)


def extract_catalog(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """The Python extractor's messages, and the texts of each game's catalog entry that people
    read (its measure: "cards left", ...), which are data there and translated where shown."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _called(node) == "GameSpec":
            for keyword in node.keywords:
                if keyword.arg in CATALOG_TEXTS and (text := _text(keyword.value)):
                    yield (keyword.value.lineno, "gettext", text, [f"A game's {keyword.arg}."])


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _text(value: ast.expr) -> str | None:
    """A literal string, bare or wrapped in locale_str()."""
    if isinstance(value, ast.Call) and _called(value) == "locale_str" and value.args:
        value = value.args[0]
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    return None


def _name(lineno: int, text: str) -> Found:
    return (lineno, "pgettext", (COMMAND_NAME, text), [NAME_NOTE])


def _description(lineno: int, text: str) -> Found:
    return (lineno, "gettext", text, [DESCRIPTION_NOTE])
