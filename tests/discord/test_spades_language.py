"""Each member in their own language, through the fake Discord: answers follow the member's
Discord locale, or the language they chose with /spades language, which is stored; the
commands go to Discord with their translations, inside Discord's limits in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.storage.records import MemberLocale, MemoryStore
from bot.storage.store import Storage
from cogs._languages import Languages
from devtools.fake_discord import FakeDiscord, running
from devtools.pseudo import PSEUDO_LOCALE, escaped_in_bodies, install_pseudo, uninstall_pseudo
from tests.discord.spades_helpers import ONE_HAND, make_bot, manager

DM_ES = "Hecho: cuando te toque, tu mano te llega en un mensaje directo nuevo."
DM_DE = "Erledigt: Wenn du dran bist, kommt dein Blatt als neue Direktnachricht."
DM_EN = "Done: when it's your turn, your hand comes as a new DM."
# Discord's locale codes for the shipped languages.
DISCORD_LOCALES = {"es": ("es-ES", "es-419"), "pt_BR": ("pt-BR",), "fr": ("fr",), "de": ("de",)}


async def test_answers_follow_the_members_discord_then_their_choice(fake: FakeDiscord) -> None:
    ana = fake.add_user("ana", locale="es-ES")
    bo = fake.add_user("bo")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    async with running(make_bot(fake, store=store), fake):
        # Nothing chosen: the answer is in the language of Ana's Discord, and it is stored.
        assert (await fake.slash(ana, "spades", "pings", where="dm")).text.startswith(DM_ES)
        assert (await fake.slash(bo, "spades", "pings", where="dm")).text.startswith(DM_EN)
        await fake.wait_for(
            lambda: store.locales_of.get(ana.id) == MemberLocale("es-ES", None),
            "ana's Discord language stored",
        )

        # Bo chooses German: told so in German, stored, and every answer after is German.
        chosen = await fake.slash(bo, "spades", "language", language="de")
        assert chosen.text == (
            "Erledigt: Ab jetzt antworte ich dir auf Deutsch, hier und per Direktnachricht."
        )
        assert chosen.responses[0].ephemeral
        assert store.locales_of[bo.id] == MemberLocale("en-US", "de")
        assert (await fake.slash(bo, "spades", "pings", where="dm")).text.startswith(DM_DE)

        # Back to his Discord's language.
        back = await fake.slash(bo, "spades", "language", language="discord")
        assert back.text == "Done: I answer you in the language your Discord is set to."
        assert store.locales_of[bo.id] == MemberLocale("en-US", None)
        assert (await fake.slash(bo, "spades", "pings", where="dm")).text.startswith(DM_EN)


async def test_a_stored_choice_holds_after_a_restart(fake: FakeDiscord) -> None:
    bo = fake.add_user("bo")
    store = MemoryStore({fake.guild_id: ONE_HAND})
    await store.set_chosen_locale(bo.id, "es-419")
    async with running(make_bot(fake, store=store), fake):
        assert (await fake.slash(bo, "spades", "pings", where="dm")).text.startswith(DM_ES)


def _localized(command: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(kind, locale, text) of every translation in a synced command, options and choices
    included; kind is "name", "description" or "choice"."""
    found = [
        (kind, locale, text)
        for kind in ("name", "description")
        for locale, text in (command.get(f"{kind}_localizations") or {}).items()
    ]
    for choice in command.get("choices", []):
        found += [
            ("choice", loc, text) for loc, text in (choice.get("name_localizations") or {}).items()
        ]
    for option in command.get("options", []):
        found += _localized(option)
    return found


async def test_commands_are_synced_with_translations_inside_discords_limits(
    fake: FakeDiscord,
) -> None:
    async with running(make_bot(fake), fake):
        synced = fake.commands.get(None, {}) | fake.commands.get(fake.guild_id, {})
    spades = synced["spades"]
    language = next(o for o in spades["options"] if o["name"] == "language")
    assert language["name_localizations"]["es-ES"] == "idioma"
    assert language["name_localizations"]["es-419"] == "idioma"
    assert language["description_localizations"]["pt-BR"] == (
        "O idioma em que respondo a você, aqui e nas mensagens diretas"
    )
    [option] = language["options"]
    follow = next(c for c in option["choices"] if c["value"] == "discord")
    assert follow["name_localizations"]["fr"] == "Comme mon Discord est réglé"
    assert {c["name"] for c in option["choices"]} >= {"Español", "Deutsch", "Français"}

    seen_locales = set()
    for command in synced.values():
        for kind, locale, text in _localized(command):
            seen_locales.add(locale)
            if kind == "name":
                assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), text
            else:
                assert 1 <= len(text) <= 100, text
    # Every shipped language reaches Discord, under each of its Discord codes.
    assert seen_locales == {
        code for name in LANGUAGES if name != "en" for code in DISCORD_LOCALES[name]
    }


@pytest.fixture
def pseudo_locale() -> Iterator[str]:
    install_pseudo()
    yield PSEUDO_LOCALE
    uninstall_pseudo()


async def test_the_commands_converted_so_far_answer_only_in_the_pseudo_locale(
    fake: FakeDiscord, pseudo_locale: str
) -> None:
    pseudo_member = fake.add_user("psi", locale=pseudo_locale)
    english = fake.add_user("eve")
    async with running(make_bot(fake), fake):
        await fake.slash(pseudo_member, "spades", "pings", where="channel")
        await fake.slash(pseudo_member, "spades", "language", language="discord")
        assert escaped_in_bodies(body for _, _, body in fake.bodies) == []
        # The scan sees what escaped: the same answer in English is all outside brackets.
        await fake.slash(english, "spades", "pings", where="channel")
        assert "mentioned" in escaped_in_bodies(body for _, _, body in fake.bodies)


async def test_a_manager_sets_the_servers_language_for_its_tables(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    storage = await Storage.open(tmp_path / "spades.sqlite3")
    ada = manager(fake)
    fake.guild_locale = "pt-BR"
    bot = make_bot(fake, store=storage.tables, extensions=("cogs.spades", "cogs.houserules"))
    bot.storage = storage
    try:
        async with running(bot, fake):
            # The extension's module is loaded apart from this one's imports: its class is
            # another object, its Languages the same.
            languages = getattr(bot.get_cog("SpadesCog"), "languages", None)
            assert isinstance(languages, Languages)
            # Nothing chosen: the server's Discord language.
            assert await languages.guild(fake.guild_id, "pt-BR") == "pt-BR"
            done = await fake.slash(ada, "changerules", "language", language="de")
            assert done.text == "Erledigt: Ab jetzt sprechen die Tische hier Deutsch."
            assert not done.responses[0].ephemeral  # the channel reads it
            assert await storage.tables.guild_locale(fake.guild_id) == "de"
            assert await languages.guild(fake.guild_id, "pt-BR") == "de"
            back = await fake.slash(ada, "changerules", "language", language="discord")
            assert back.text == "Pronto: as mesas daqui falam o idioma do Discord deste servidor."
            assert await storage.tables.guild_locale(fake.guild_id) is None
            assert await languages.guild(fake.guild_id, "pt-BR") == "pt-BR"
    finally:
        await storage.close()


async def test_forgetme_drops_the_members_languages(fake: FakeDiscord, tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "spades.sqlite3")
    gone = fake.add_user("gone", locale="fr")
    bot = make_bot(fake, storage=storage)
    try:
        async with running(bot, fake):
            languages = getattr(bot.get_cog("SpadesCog"), "languages", None)
            assert isinstance(languages, Languages)
            await fake.slash(gone, "spades", "language", language="de")
            assert await storage.tables.member_locales() == {gone.id: MemberLocale("fr", "de")}
            asked = await fake.slash(gone, "spades", "forgetme")
            # Asked in the language chosen, German.
            await fake.click(gone, asked.responses[0], "Vergiss mich")
            assert await storage.tables.member_locales() == {}
            assert languages.member(gone.id) is None
    finally:
        await storage.close()
