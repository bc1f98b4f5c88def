"""Seats' names as the reader reads them: a bot named after its number and level is named
in the reader's language; a member's name, or a name a host gave a bot, stays as it is."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from functools import lru_cache

from bot.i18n import N_, _, current_locale, translations

# A bot's name as tables store it with its seat, in the source's English: its number (its
# seat's, counted from 1, when it sat down) and its level (``bot.storage.records.bot_name``).
# Rows stored before names were translated have the same form, so they read in the
# reader's language too.
_BOT_NAME = re.compile(r"Bot (?P<number>[1-9]) \((?P<level>easy|normal|hard)\)")
# A dummy's name as tables store it (``bot.storage.records.dummy_name``, 003:108).
_DUMMY_NAME = re.compile(r"Dummy of seat (?P<number>[1-9])")
# Who a forgotten member is in the games they played (``bot.storage.stats.FORMER_MEMBER``).
FORMER_MEMBER = N_("former member")
LEVEL_WORDS: dict[str, str] = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def player_name(name: str) -> str:
    """``name`` as the reader reads it: a bot's stored name (``Bot 2 (normal)``) in their
    language, any other name as it is."""
    return _read(translations(current_locale()), name)


# Each name as read in a catalog, kept: every picture names every seat (about 30 names a
# click when bots play). Keyed by the catalog itself, so a catalog registered anew reads
# its own words.
@lru_cache(maxsize=4096)
def _read(catalog: gettext.NullTranslations, name: str) -> str:
    found = _BOT_NAME.fullmatch(name)
    dummy = _DUMMY_NAME.fullmatch(name) if found is None else None
    if dummy is not None:
        return _("Dummy of seat {number}").format(number=dummy["number"])
    if found is None:
        return _(FORMER_MEMBER) if name == FORMER_MEMBER else name
    return _("Bot {number} ({level})").format(
        number=found["number"], level=_(LEVEL_WORDS[found["level"]])
    )


def player_names(names: Iterable[str]) -> list[str]:
    """Each of ``names`` as the reader reads it (``player_name``)."""
    return [player_name(name) for name in names]
