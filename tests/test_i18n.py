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
