"""Slash commands in the member's language: discord.py's ``app_commands.Translator`` over the
catalogs (architecture decision 15). Command, group, option and choice names and
descriptions are looked up by their English text, as any message is; a translation that
breaks one of Discord's rules is left out (Discord then shows the English), so syncing the
commands never fails on a translator's slip.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LOCALE, catalog_name, translations

log = logging.getLogger(__name__)

# Discord's rule for a command's, a group's and an option's name: 1 to 32 letters, digits,
# dashes or underscores, lowercase where the script has case (a translation is lowered).
NAME = re.compile(r"[-_\w]{1,32}")
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
# Descriptions and choice names: 1 to 100 characters.
LONGEST_TEXT = 100


def command_text(message: str, locale: str, where: Where) -> str | None:
    """``message`` (a command's English name or text) in ``locale``, or ``None`` where there
    is no translation or it breaks Discord's rules for ``where``."""
    if catalog_name(locale) == DEFAULT_LOCALE:
        return None
    text = translations(locale).gettext(message)
    if text == message:
        return None
    if where in NAMES:
        # A name is its word written small: "Pik" (a suit, capitalised in German text)
        # names the command /pik.
        text = text.lower()
        fits = NAME.fullmatch(text) is not None
    else:
        fits = 1 <= len(text) <= LONGEST_TEXT
    if not fits:
        log.warning(
            "The %s translation of %r does not fit Discord's rules: %r", locale, message, text
        )
        return None
    return text


class CatalogTranslator(app_commands.Translator):
    """The tree's translator: every command string through the catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return command_text(string.message, locale.value, context.location)
