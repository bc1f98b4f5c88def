"""The slash commands' translator: the catalogs' words where they keep Discord's rules, and
nothing (Discord shows the English) where a translation would break them."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import register_catalog
from bot.translator import CatalogTranslator, command_text

SLIPS = {
    "language": "sprache",
    "spaced": "zwei wörter",
    "upper": "Sprache",
    "long": "x" * 33,
    "text": "Ein Text",
    "too long": "y" * 101,
}


class Slips(gettext.NullTranslations):
    """A German catalog with a translator's slips in it."""

    def gettext(self, message: str) -> str:
        return SLIPS.get(message, message)


@pytest.fixture
def slips() -> Iterator[None]:
    register_catalog("de", Slips())
    yield
    register_catalog("de", None)


@pytest.mark.usefixtures("slips")
def test_names_and_texts_that_break_discords_rules_stay_english() -> None:
    assert command_text("language", "de", Where.command_name) == "sprache"
    assert command_text("language", "de", Where.parameter_name) == "sprache"
    # A capitalised word names a command written small; spaces or length are refused.
    assert command_text("upper", "de", Where.command_name) == "sprache"
    for message in ("spaced", "long"):
        assert command_text(message, "de", Where.command_name) is None
    assert command_text("text", "de", Where.command_description) == "Ein Text"
    assert command_text("too long", "de", Where.parameter_description) is None
    assert command_text("too long", "de", Where.choice_name) is None
    assert command_text("untranslated", "de", Where.command_description) is None


def test_english_and_languages_without_a_catalog_get_no_translation() -> None:
    assert command_text("language", "en-GB", Where.command_name) is None
    assert command_text("language", "ja", Where.command_name) is None
    assert command_text("language", "es-419", Where.command_name) == "idioma"


async def test_the_translator_answers_for_discords_locales() -> None:
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(Where.other, None)
    text = app_commands.locale_str("Where I tell you it's your turn")
    assert await translator.translate(text, discord.Locale.brazil_portuguese, context) == (
        "Onde eu aviso que é a sua vez"
    )
    assert await translator.translate(text, discord.Locale.american_english, context) is None
