"""The preset options, offered by autocomplete (there are more presets than the 25 fixed
choices Discord allows an option): what a member types is matched against each preset's name
and its description in the member's language; a preset that does not exist is refused and
changes nothing; a real one works as before. Through the real client against the fake."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.client import SpadesBot
from bot.engine import PRESETS, Rules
from bot.storage.store import Storage
from cogs.tournament import PAIR_PRESETS
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import make_bot, manager

EXTENSIONS = ("cogs.spades", "cogs.houserules", "cogs.tournament")
ALONE = ["cutthroat3", "cutthroat4", "five_player"]


@pytest.fixture
async def bot(fake: FakeDiscord, storage: Storage) -> AsyncIterator[SpadesBot]:
    fake.add_user("Ada")
    async with running(make_bot(fake, storage=storage, extensions=EXTENSIONS), fake) as client:
        assert isinstance(client, SpadesBot)
        yield client


def values(choices: list[dict[str, object]]) -> list[object]:
    return [choice["value"] for choice in choices]


async def test_the_preset_options_suggest_presets_matching_what_is_typed(
    fake: FakeDiscord, bot: SpadesBot
) -> None:
    ada = manager(fake, "Ada2")
    zoe = fake.add_user("Zoé", locale="fr")
    every = await fake.autocomplete(ada, "spades", "new", focus="preset", preset="")
    assert values(every) == list(PRESETS)[:25]
    six = await fake.autocomplete(ada, "spades", "new", focus="preset", preset="SIX")
    assert values(six) == ["six_pairs", "six_threes"]
    assert six[0]["name"] == "six_pairs: Six players in three pairs"
    # The description matches too, in the member's own language; names that start with
    # what is typed come first.
    alone = await fake.autocomplete(ada, "changerules", "preset", focus="name", name="alone")
    assert values(alone) == [*ALONE, "gambling", "miser"]
    chacun = await fake.autocomplete(zoe, "spades", "new", focus="preset", preset="chacun pour")
    assert values(chacun) == [*ALONE, "gambling"]
    assert chacun[0]["name"] == "cutthroat3: Trois joueurs, chacun pour soi"
    assert await fake.autocomplete(ada, "spades", "new", focus="preset", preset="chacun") == []
    assert all(len(str(choice["name"])) <= 100 for choice in every)
    # A tournament's tables are two pairs: only those presets are offered there.
    paired = await fake.autocomplete(ada, "tournament", "new", focus="preset", preset="")
    assert values(paired) == PAIR_PRESETS[:25] and "cutthroat4" not in values(paired)


async def test_an_unknown_preset_is_refused_and_changes_nothing(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada = manager(fake, "Ada2")
    zoe = fake.add_user("Zoé", locale="fr", permissions=ada.permissions)
    opened = await fake.slash(ada, "spades", "new", preset="nope")
    assert opened.text.startswith(
        "There is no preset called `nope`. Pick one of: classic, casual, short,"
    )
    assert opened.responses[0].ephemeral
    assert bot.tables.tables == []
    changed = await fake.slash(zoe, "changerules", "preset", name="six players")
    assert changed.text.startswith("Il n'existe aucun preset nommé `six players`.")
    assert changed.responses[0].ephemeral
    assert await storage.house_rules.stored(fake.guild_id) is None


async def test_a_preset_picked_from_the_suggestions_works_as_before(
    fake: FakeDiscord, bot: SpadesBot, storage: Storage
) -> None:
    ada = manager(fake, "Ada2")
    changed = await fake.slash(ada, "changerules", "preset", name="whiz")
    assert changed.text.startswith("House rules: whiz:")
    assert await storage.house_rules.get(fake.guild_id) == Rules.preset("whiz")
    await fake.slash(ada, "spades", "new", preset="six_pairs")
    table = bot.tables.table_in(fake.channel("general").id)
    assert table.rules == Rules.preset("six_pairs")
