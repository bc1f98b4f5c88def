"""Every command's answers in the member's language, through the fake Discord: a member
whose Discord speaks the pseudo-locale (every catalog message in brackets) opens a table,
is refused an illegal bid and card, asks a bot why, reads the house rules, the leaderboard,
their stats and the history, and is asked to confirm forgetme; no word of what they are
answered is outside brackets. A Spanish member hears the engine's refusals in Spanish."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

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


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "spades.sqlite3")
    yield opened
    await opened.close()


def shown(record: InteractionRecord) -> list[dict[str, Any]]:
    """What the member was answered, as the bodies the scan reads."""
    return [
        {"content": m.content, "embeds": m.embeds, "components": m.components}
        for m in record.responses
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
