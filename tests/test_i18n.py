"""The message catalogs: complete, current, with matching placeholders and the languages' plural
rules; the current language and its formats; the slash commands' translator."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import discord
import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.i18n import _, ngettext, using
from bot.options import GuildOptions
from bot.translator import CommandTranslator

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def catalog(lang: str) -> Catalog:
    return read(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", lang)


def key(message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def entries(cat: Catalog) -> dict:
    return {key(m): m for m in cat if m.id}


def fields(text: str) -> set[str]:
    """The names of a str.format text's replacement fields."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_exactly_what_the_code_marks():
    """The .pot is what `make messages` extracts now: no message is missing, none is unused."""
    with (ROOT / "bot" / "locales" / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {
        (context, message if isinstance(message, str) else message[0])
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS
        )
    }
    template = set(entries(read(TEMPLATE)))
    assert found - template == set(), "marked in the code but not in the template: run `make messages`"
    assert template - found == set(), "in the template but no longer in the code: run `make messages`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_left_over(lang):
    template = entries(read(TEMPLATE))
    cat = catalog(lang)
    translations = entries(cat)
    assert set(template) - set(translations) == set(), f"{lang}: messages not in the catalog"
    assert set(translations) - set(template) == set(), f"{lang}: messages the template no longer has"
    assert not cat.obsolete, f"{lang}: obsolete messages kept in the catalog"
    for found, message in translations.items():
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert forms and all(form.strip() for form in forms), f"{lang}: {found} is not translated"
        assert "fuzzy" not in message.flags, f"{lang}: {found} is fuzzy (gettext would not use it)"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_and_markdown_match_the_message_id(lang):
    for found, message in entries(catalog(lang)).items():
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(fields(i) for i in ids))
        for form in forms:
            assert fields(form) == wanted, f"{lang}: {found}: {form!r}"
            assert form.count("**") == ids[0].count("**"), f"{lang}: bold marks differ in {form!r}"
            assert form.count("`") == ids[0].count("`"), f"{lang}: code marks differ in {form!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_has_its_languages_plural_rule_and_every_form(lang):
    cat = catalog(lang)
    rule = get_plural(Locale.parse(lang))
    assert cat.plural_forms == rule.plural_forms
    plurals = [m for m in cat if m.id and m.pluralizable]
    assert plurals
    for message in plurals:
        assert len(message.string) == rule.num_plurals and all(message.string), message.id


def test_plural_forms_come_from_the_catalogs():
    # French counts 0 with the singular; German and Spanish do not.
    counted = {}
    for lang in i18n.LANGUAGES:
        with using(lang):
            counted[lang] = [ngettext("{n} card left", "{n} cards left", n).format(n=n) for n in (0, 1, 2)]
    assert counted["en"] == ["0 cards left", "1 card left", "2 cards left"]
    assert counted["de"] == ["0 Karten übrig", "1 Karte übrig", "2 Karten übrig"]
    assert counted["fr"] == ["0 carte restante", "1 carte restante", "2 cartes restantes"]
    assert counted["es"] == ["0 cartas restantes", "1 carta restante", "2 cartas restantes"]


def test_the_current_language_is_set_by_using_and_falls_back_to_english():
    assert _("No games yet.") == "No games yet."
    with using("de"):
        assert _("No games yet.") == "Noch keine Spiele."
        with using("es"):
            assert _("No games yet.") == "Todavía no hay partidas."
        assert i18n.current() == "de"
    with using("ja"):  # a language Deckhand does not have
        assert _("No games yet.") == "No games yet."
    assert i18n.current() == "en"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("de", "de"),
        ("fr", "fr"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("en-US", "en"),
        ("en-GB", "en"),
        (discord.Locale.german, "de"),
        (discord.Locale.latin_american_spanish, "es"),
        ("ja", None),
        ("pt-BR", None),
        (None, None),
    ],
)
def test_discord_locales_map_to_our_languages(locale, lang):
    assert i18n.language_of(locale) == lang


def test_numbers_and_dates_are_written_as_each_language_writes_them():
    from datetime import date

    with using("de"):
        assert (i18n.number(4.5), i18n.number(-1.5, signed=True), i18n.day(date(2026, 11, 12))) == (
            "4,5",
            "-1,5",
            "12.11.2026",
        )
    with using("en"):
        assert (i18n.number(4.5), i18n.number(2, signed=True), i18n.percent(0.5)) == ("4.5", "+2.0", "50%")


def test_a_missing_compiled_catalog_says_to_run_the_setup(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert len(i18n.missing_catalogs()) == len(TRANSLATED)
        with pytest.raises(i18n.CatalogMissing, match="make setup"), using("de"):
            _("No games yet.")
    finally:
        monkeypatch.undo()
        i18n.translations.cache_clear()


def test_the_bot_does_not_start_without_its_compiled_catalogs(monkeypatch, tmp_path, capsys):
    from bot.app import run_bot
    from tests.conftest import make_settings

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    settings = make_settings(tmp_path / "bot.sqlite3", discord_token="some-token")
    assert run_bot(settings) == 5
    err = capsys.readouterr().err
    assert "make setup" in err and "Traceback" not in err


# ---- the slash commands' translator ----------------------------------------------------------


async def translate(text: str, locale: discord.Locale, where: Where) -> str | None:
    return await CommandTranslator().translate(locale_str(text), locale, TranslationContext(where, None))


async def test_the_translator_gives_german_command_names_and_descriptions():
    german = discord.Locale.german
    assert await translate("game", german, Where.group_name) == "spiel"
    assert await translate("new", german, Where.command_name) == "neu"
    assert await translate("hand_size", german, Where.parameter_name) == "handgröße"
    assert await translate("Open a table in this channel", german, Where.command_description) == (
        "Einen Tisch in diesem Kanal eröffnen"
    )
    assert await translate("all time", german, Where.choice_name) == "gesamte Zeit"


async def test_the_translator_leaves_english_and_unknown_locales_and_strings_alone():
    assert await translate("game", discord.Locale.american_english, Where.group_name) is None
    assert await translate("game", discord.Locale.japanese, Where.group_name) is None
    # Game titles are names, the same in every language.
    assert await translate("The Game", discord.Locale.german, Where.choice_name) is None


async def test_names_are_translated_apart_from_the_same_word_in_text():
    french = discord.Locale.french
    assert await translate("clear", french, Where.parameter_name) == "retirer"
    assert await translate("clear", french, Where.choice_name) == "vider"


# ---- the server's language and the chat rule keeper -----------------------------------------


def test_the_server_language_is_one_of_ours_or_follows_discord():
    assert GuildOptions().language is None
    assert GuildOptions(language="de").language == "de"
    with pytest.raises(ValueError):
        GuildOptions(language="klingon")


def test_the_keeper_reads_the_servers_language_and_english_unless_chosen():
    assert GuildOptions().reading_languages("de") == ("de", "en")
    assert GuildOptions().reading_languages("en") == ("en",)
    # A language the keeper does not read: every one it does, as before.
    assert GuildOptions().reading_languages(None) == ("en", "de", "fr", "es")
    assert GuildOptions(chat_languages="fr").reading_languages("de") == ("fr",)
    # Servers whose options were saved before (every language written out) keep them.
    saved = GuildOptions.model_validate({"chat_mode": "warn", "chat_languages": ["en", "de", "fr", "es"]})
    assert saved.reading_languages("de") == ("en", "de", "fr", "es")


def test_names_follow_discords_rules():
    pattern = re.compile(r"^[-_\w]{1,32}$")
    for lang in TRANSLATED:
        for (context, msgid), message in entries(catalog(lang)).items():
            if context == i18n.COMMAND_NAME:
                name = message.string
                assert pattern.match(name) and name == name.lower(), f"{lang}: {msgid} -> {name!r}"


# ---- refusals ------------------------------------------------------------------------------------

REFUSALS = ("TableError", "IllegalAction", "Text")
MARKS = ("N_", "_")


def refusal_calls(path: Path) -> list[ast.Call]:
    """Every TableError, IllegalAction and Text made in a file (their ngettext forms too)."""
    calls = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Name) and func.id in REFUSALS) or (
            isinstance(func, ast.Attribute)
            and func.attr == "ngettext"
            and isinstance(func.value, ast.Name)
            and func.value.id in REFUSALS
        ):
            calls.append(node)
    return calls


def literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_every_refusal_of_the_service_and_the_engines_is_a_message_of_the_catalogs():
    """What the table service and the rules engines refuse is a message id marked for the catalogs
    (N_ or a counted ngettext), never a bare or formatted English text; each id is in the template,
    so the catalog tests above hold it translated in every language."""
    template = {msgid for _context, msgid in entries(read(TEMPLATE))}
    constants = {}  # module constants marked with N_ (SAVE_FAILED, ...)
    files = [ROOT / "bot" / "tables.py", *sorted((ROOT / "bot" / "games").glob("*.py"))]
    for path in files:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                call = node.value
                if isinstance(call.func, ast.Name) and call.func.id == "N_" and call.args:
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            constants[target.id] = literal(call.args[0])
    seen = 0
    for path in files:
        for call in refusal_calls(path):
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            if not call.args:
                continue
            first = call.args[0]
            if isinstance(call.func, ast.Attribute):  # ngettext: the singular, then the plural
                ids = [literal(call.args[0]), literal(call.args[1])]
                if not any(ids):  # an engine's counted refusal, passed on (its forms checked there)
                    assert all(isinstance(a, ast.Attribute) for a in call.args[:2]), where
                    continue
                assert all(ids), f"{where}: a counted refusal's forms are literal texts"
                assert ids[0] in template, f"{where}: {ids[0]!r} is not in the catalogs"
                seen += 1
                continue
            assert literal(first) is None and not isinstance(first, ast.JoinedStr), (
                f"{where}: an unmarked refusal; mark it with N_() and give its values by name"
            )
            if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id in MARKS:
                text = literal(first.args[0])
                assert text in template, f"{where}: {text!r} is not in the catalogs"
                seen += 1
            elif isinstance(first, ast.Name) and first.id in constants:
                assert constants[first.id] in template, f"{where}: {first.id} is not in the catalogs"
                seen += 1
            else:  # made elsewhere: a Text, an engine's refusal explained, a marked table's entry
                assert isinstance(first, (ast.Name, ast.Call, ast.Subscript, ast.Attribute)), where
    assert seen > 60


def test_a_refusal_keeps_its_english_text_and_is_said_in_the_readers_language():
    from bot.games.base import IllegalAction, Player
    from bot.tables import TableError

    refused = TableError(i18n.N_("It is {name}'s turn, not yours."), name=lambda: "anna")
    assert str(refused) == refused.message == "It is anna's turn, not yours."
    with using("de"):
        assert refused.message == "It is anna's turn, not yours."
        assert refused.said() == "anna ist am Zug, nicht du."
    with using("es"):
        assert refused.said() == "Es el turno de anna, no el tuyo."
    illegal = IllegalAction(
        i18n.N_("it is {current}'s turn, not {player}'s"), current=Player(1), player=Player(0)
    )
    assert illegal.reason == str(illegal) == "it is player 1's turn, not player 0's"
    counted = IllegalAction.ngettext(
        "lay at least {need} card before ending the turn ({laid} laid so far)",
        "lay at least {need} cards before ending the turn ({laid} laid so far)",
        1,
        need=1,
        laid=0,
    )
    assert counted.reason == "lay at least 1 card before ending the turn (0 laid so far)"


def test_ai_seats_are_named_in_the_readers_language_and_stored_in_english():
    from bot.tables import Seat

    ai, person, handed = Seat(None, "AI 2", ai=True), Seat(7, "AI 2"), Seat(8, "ben", ai=True)
    for language, name in (("en", "AI 2"), ("de", "KI 2"), ("fr", "IA 2"), ("es", "IA 2")):
        with using(language):
            assert (ai.shown, person.shown, handed.shown) == (name, "AI 2", "ben")
    assert ai.row()["name"] == "AI 2"
