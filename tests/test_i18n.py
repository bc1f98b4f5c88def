"""The translation function: a language is in force only inside ``use_locale``, and a
language with no catalog reads the source's English, plural forms included."""

import asyncio

from bot.i18n import N_, _, current_locale, ngettext, use_locale


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
