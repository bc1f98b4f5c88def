"""The translation function: a language is in force only inside ``use_locale``, and a
language with no catalog reads the source's English, plural forms included."""

import asyncio
import gettext

from bot.i18n import N_, _, current_locale, ngettext, register_catalog, use_locale
from bot.render.names import player_name


def test_a_locale_is_in_force_only_inside_its_block() -> None:
    assert current_locale() == "en"
    with use_locale("pt-BR"):
        assert current_locale() == "pt-BR"
        with use_locale(None):
            assert current_locale() == "en"
        assert current_locale() == "pt-BR"
    assert current_locale() == "en"


def test_without_a_catalog_the_words_are_the_sources() -> None:
    with use_locale("xx-YY"):
        assert _("Your turn.") == "Your turn."
        assert ngettext("{n} trick", "{n} tricks", 1) == "{n} trick"
        assert ngettext("{n} trick", "{n} tricks", 2) == "{n} tricks"
    assert N_("Marked only.") == "Marked only."


class Words(gettext.NullTranslations):
    """A catalog of a few words, for a language made up by a test."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message: str) -> str:
        return self.words.get(message, message)


def test_a_catalog_registered_or_forgotten_is_read_at_once() -> None:
    # Each language's catalog, and the names read in it, are looked up once and kept: a
    # catalog registered later (or forgotten) must still be read from the next word on.
    bot = "Bot 2 (normal)"
    with use_locale("xx-ZZ"):
        assert (_("Your turn."), player_name(bot)) == ("Your turn.", bot)
        register_catalog("xx-ZZ", Words({"Your turn.": "A ti.", "normal": "medio"}))
        try:
            assert (_("Your turn."), player_name(bot)) == ("A ti.", "Bot 2 (medio)")
            register_catalog("xx-ZZ", Words({"Your turn.": "Te toca."}))
            assert (_("Your turn."), player_name(bot)) == ("Te toca.", bot)
        finally:
            register_catalog("xx-ZZ", None)
        assert (_("Your turn."), player_name(bot)) == ("Your turn.", bot)


async def test_each_task_keeps_its_own_locale() -> None:
    async def speak(locale: str) -> str:
        with use_locale(locale):
            await asyncio.sleep(0)
            return current_locale()

    assert await asyncio.gather(speak("de"), speak("fr")) == ["de", "fr"]


def test_numbers_dates_and_lists_are_written_the_languages_way() -> None:
    import datetime

    from bot.i18n import format_datetime, format_list, format_number

    moment = datetime.datetime(2026, 3, 4, 15, 6)
    expected = {
        "en-US": ("12,345.5", "A, B, and C", "Mar 4, 2026", "3:06:00\u202fPM"),
        "es-ES": ("12.345,5", "A, B y C", "4 mar 2026", "15:06:00"),
        "pt-BR": ("12.345,5", "A, B e C", "4 de mar. de 2026", "15:06:00"),
        "fr": ("12\u202f345,5", "A, B et C", "4 mars 2026", "15:06:00"),
        "de": ("12.345,5", "A, B und C", "04.03.2026", "15:06:00"),
    }
    for locale, (number, items, day, time) in expected.items():
        with use_locale(locale):
            assert format_number(12345.5) == number
            assert format_list(["A", "B", "C"]) == items
            assert format_datetime(moment.date()) == day
            assert format_datetime(moment).startswith(day)
            assert format_datetime(moment).endswith(time)


def test_a_percentage_carries_its_sign_the_languages_way() -> None:
    from bot.i18n import format_percent

    expected = {
        "en-US": ("62.5%", "50%"),
        "es-ES": ("62,5\xa0%", "50\xa0%"),
        "pt-BR": ("62,5%", "50%"),
        "fr": ("62,5\xa0%", "50\xa0%"),
        "de": ("62,5\xa0%", "50\xa0%"),
    }
    for locale, (exact, whole) in expected.items():
        with use_locale(locale):
            assert format_percent(0.625, decimals=1) == exact
            assert format_percent(0.5) == whole


def test_no_message_holds_a_bare_percent_sign() -> None:
    """A ``%`` before a space in a message makes gettext's tools read a C placeholder and
    refuse the message's translations; percentages come formatted, sign included."""
    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES

    with (LOCALES / "spades.pot").open("rb") as template:
        catalog = read_po(template)
    bare = [m.id for m in catalog if m.id and "% " in str(m.id)]
    assert bare == []
