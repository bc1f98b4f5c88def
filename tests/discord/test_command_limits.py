"""Discord's limits on slash command definitions, as the fake enforces them when commands are
synced: the bot's whole command tree (every cog, every translation) fits them, and a tree
that breaks one (26 choices on an option, a capitalised name, a long description) is refused
whole with Discord's 400 Invalid Form Body."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.client import EXTENSIONS
from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import make_bot


async def test_the_bots_whole_command_tree_syncs(fake: FakeDiscord, storage: Storage) -> None:
    async with running(make_bot(fake, storage=storage, extensions=tuple(EXTENSIONS)), fake):
        synced = fake.commands[None]
        assert {"spades", "houserules", "changerules"} <= set(synced)
        # Translated too: the French names went through the same checks.
        assert synced["spades"].get("description_localizations", {}).get("fr")


def plain_bot() -> commands.Bot:
    return commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.default(),
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )


async def test_a_tree_with_26_choices_on_an_option_is_refused(fake: FakeDiscord) -> None:
    bot = plain_bot()

    @app_commands.command(description="too many to choose from")
    @app_commands.choices(pick=[app_commands.Choice(name=f"c{i}", value=str(i)) for i in range(26)])
    async def many(interaction: discord.Interaction, pick: str) -> None:
        raise AssertionError("never synced, never run")

    bot.tree.add_command(many)
    await bot.login(fake.token)
    try:
        with pytest.raises(discord.HTTPException) as refused:
            await bot.tree.sync()
    finally:
        await bot.close()
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "In 0.options.0.choices: Must be 25 or fewer in length." in refused.value.text
    assert fake.commands.get(None, {}) == {}


def raw_command(**changes: Any) -> dict[str, Any]:
    option = {"type": 3, "name": "word", "description": "a word"}
    return {"type": 1, "name": "probe", "description": "a probe", "options": [option]} | changes


@pytest.mark.parametrize(
    ("command", "where"),
    [
        (raw_command(name="Probe"), "In 0.name: Command name is invalid"),
        (raw_command(name="p" * 33), "In 0.name: Must be between 1 and 32 in length."),
        (raw_command(description=""), "In 0.description: Must be between 1 and 100 in length."),
        (
            raw_command(description_localizations={"fr": "x" * 101}),
            "In 0.description_localizations.fr: Must be between 1 and 100 in length.",
        ),
        (
            raw_command(
                options=[{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
            ),
            "In 0.options: Must be 25 or fewer in length.",
        ),
        (
            raw_command(
                options=[
                    {"type": 3, "name": "word", "description": "d", "choices": [choice]}
                    for choice in ({"name": "a", "value": "v" * 101},)
                ]
            ),
            "In 0.options.0.choices.0.value: Must be between 1 and 100 in length.",
        ),
        (
            raw_command(
                options=[
                    {"type": 3, "name": f"o{i}", "description": "d" * 100, "choices": choices}
                    for i in range(2)
                    for choices in ([{"name": "c" * 100, "value": "v" * 100}] * 20,)
                ]
            ),
            "In 0: Command exceeds maximum size (4000)",
        ),
        (
            raw_command(options=[{"type": 3, "name": "two words", "description": "d"}]),
            "In 0.options.0.name: Command name is invalid",
        ),
    ],
)
async def test_definitions_breaking_discords_limits_are_refused(
    fake: FakeDiscord, command: dict[str, Any], where: str
) -> None:
    bot = plain_bot()
    await bot.login(fake.token)
    try:
        good = raw_command(name="fine")
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.bulk_upsert_global_commands(fake.app_id, [good, command])
    finally:
        await bot.close()
    assert refused.value.status == 400 and refused.value.code == 50035
    assert where.replace("In 0", "In 1") in refused.value.text
    assert fake.commands.get(None, {}) == {}
