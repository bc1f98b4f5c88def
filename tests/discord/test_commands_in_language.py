"""Every command's answers in the member's language, through the fake Discord: a member
whose Discord speaks the pseudo-locale (every catalog message in brackets) opens a table,
is refused an illegal bid and card, asks a bot why, reads the house rules, the leaderboard,
their stats and the history, and is asked to confirm forgetme; no word of what they are
answered is outside brackets. A Spanish member hears the engine's refusals in Spanish."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.client import EXTENSIONS as ALL_EXTENSIONS
from bot.engine import PRESETS, Rules
from bot.render.rules_text import show_value
from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord, InteractionRecord, running
from devtools.pseudo import PSEUDO_LOCALE, escaped_in_bodies, install_pseudo, uninstall_pseudo
from tests.discord.spades_helpers import ONE_HAND, make_bot

EXTENSIONS = ("cogs.spades", "cogs.houserules", "cogs.leaderboard")


@pytest.fixture
def pseudo_locale() -> Iterator[str]:
    install_pseudo()
    yield PSEUDO_LOCALE
    uninstall_pseudo()


def shown(record: InteractionRecord) -> list[dict[str, Any]]:
    """What the member was answered, as the bodies the scan reads: not the table message
    that ``/spades new`` posts as its public follow-up, which speaks the server's language
    to the whole channel (``test_spades_table_language.py`` reads it)."""
    return [
        {"content": m.content, "embeds": m.embeds, "components": m.components}
        for m in record.responses
        if m.ephemeral or m is record.responses[0]
    ]


def typed_words() -> list[str]:
    """What a member types, the same in every language: the house rules' option names and
    values, and the presets' names."""
    typed = [*Rules.model_fields, *PRESETS]
    for rules in (Rules(), ONE_HAND):
        typed += [show_value(value) for value in rules.model_dump(mode="json").values()]
    return [part for word in typed for part in word.split("_")]


async def test_every_answer_a_member_reads_is_in_their_language(
    fake: FakeDiscord, storage: Storage, pseudo_locale: str
) -> None:
    psi = fake.add_user("Psi", locale=pseudo_locale)
    rho = fake.add_user("Rho", locale=pseudo_locale)
    bot = make_bot(fake, storage=storage, extensions=EXTENSIONS)
    answers: list[InteractionRecord] = []
    async with running(bot, fake):
        answers.append(await fake.slash(psi, "spades", "new", bots=2))
        answers.append(await fake.slash(rho, "spades", "join"))
        answers.append(await fake.slash(psi, "spades", "start"))
        # Refusals: a bid no table allows, a card nobody holds while bidding, not a card.
        answers.append(await fake.slash(psi, "spades", "bid", tricks=20))
        answers.append(await fake.slash(rho, "spades", "bid", tricks=20))
        answers.append(await fake.slash(psi, "spades", "play", card="AS"))
        answers.append(await fake.slash(psi, "spades", "play", card="Z9"))
        answers.append(await fake.slash(psi, "spades", "why"))
        answers.append(await fake.slash(psi, "spades", "rules"))
        answers.append(await fake.slash(psi, "houserules", "show"))
        answers.append(await fake.slash(psi, "houserules", "options", option="bag_limit"))
        answers.append(await fake.slash(psi, "leaderboard"))
        answers.append(await fake.slash(psi, "stats"))
        answers.append(await fake.slash(psi, "history"))
        answers.append(await fake.slash(psi, "spades", "forgetme"))
    assert all(record.responses for record in answers)
    allowed = ["Psi", "Rho", "Bot", "normal", *typed_words()]
    escaped = {
        i: escaped_in_bodies(shown(record), allowed)
        for i, record in enumerate(answers)
        if escaped_in_bodies(shown(record), allowed)
    }
    assert escaped == {}, [answers[i].text for i in escaped]


async def test_the_engines_refusals_reach_a_spanish_member_in_spanish(fake: FakeDiscord) -> None:
    ana = fake.add_user("Ana", locale="es-ES")
    async with running(make_bot(fake), fake):
        await fake.slash(ana, "spades", "new", bots=3)
        started = await fake.slash(ana, "spades", "start")
        assert started.text.startswith("Las cartas están repartidas.")
        bid = await fake.slash(ana, "spades", "bid", tricks=20)
        assert bid.text.startswith(("No puedes apostar 20.", "No es tu turno: esperando a"))
        card = await fake.slash(ana, "spades", "play", card="RP")
        assert card.text == "Ahora no puedes jugar una carta: se está apostando."
        typo = await fake.slash(ana, "spades", "play", card="Z9")
        assert typo.text == "`Z9` no es una carta: prueba AP, 10C o DD."


# Discord's codes for the shipped languages, and its rule for a name.
TRANSLATED = {"es-ES", "es-419", "pt-BR", "fr", "de"}
NAME = re.compile(r"[-_\w]{1,32}")


def described(command: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option of a synced command, by its path."""
    here = f"{path} {command['name']}".strip()
    yield here, command
    for option in command.get("options", []):
        yield from described(option, here)


async def test_every_command_and_option_is_described_in_every_language_within_limits(
    fake: FakeDiscord, storage: Storage
) -> None:
    bot = make_bot(fake, storage=storage, extensions=ALL_EXTENSIONS)
    async with running(bot, fake):
        synced = fake.commands.get(None, {}) | fake.commands.get(fake.guild_id, {})
    assert {"spades", "houserules", "changerules", "leaderboard", "season", "tournament"} <= set(
        synced
    )
    untranslated, too_long = [], []
    for command in synced.values():
        for path, item in described(command):
            descriptions = item.get("description_localizations") or {}
            if set(descriptions) != TRANSLATED:
                untranslated.append(path)
            texts = [*descriptions.values()]
            texts += [
                t
                for c in item.get("choices", [])
                for t in (c.get("name_localizations") or {}).values()
            ]
            too_long += [t for t in texts if not 1 <= len(t) <= 100]
            names = (item.get("name_localizations") or {}).values()
            too_long += [n for n in names if not NAME.fullmatch(n) or n != n.lower()]
    assert untranslated == []
    assert too_long == []
