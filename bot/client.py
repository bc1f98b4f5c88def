"""The Discord client: opens storage, builds the table manager, loads the cogs, syncs commands."""

from __future__ import annotations

import logging
import pkgutil
from collections.abc import Sequence
from typing import Any

import aiohttp
import discord
from discord.ext import commands

import cogs
from bot.config import Settings
from bot.storage.records import MemoryStore, TableStore
from cogs._errors import install as install_error_handler

log = logging.getLogger(__name__)


class CannotStart(Exception):
    """The bot cannot start as configured; the message says what to fix."""


def discover_extensions() -> list[str]:
    """Every module of the ``cogs`` package except private helpers (``_ui``, ``_errors``)."""
    return [
        f"{cogs.__name__}.{module.name}"
        for module in pkgutil.iter_modules(cogs.__path__)
        if not module.name.startswith("_")
    ]


class SpadesBot(commands.Bot):
    """The bot. Everything it needs comes in through the constructor, so tests can run the
    real thing against the fake Discord server with an in-memory store and no bot delay."""

    def __init__(
        self,
        settings: Settings,
        store: TableStore,
        *,
        extensions: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        # No privileged intents: interactions carry the member who acted, and the bot never
        # reads message content.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            **options,
        )
        self.settings = settings
        self.store = store
        self.extension_names = list(discover_extensions() if extensions is None else extensions)

    async def setup_hook(self) -> None:
        install_error_handler(self.tree)
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                # One broken cog must not take the others down with it.
                log.exception("Could not load extension %s", name)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync slash commands: to the test server at once when ``GUILD_ID`` is set (global
        commands can take an hour to appear), globally otherwise."""
        if self.settings.guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("Synced %d commands", len(synced))


def run(settings: Settings) -> None:
    """Run the bot until it is stopped. Raises ``CannotStart`` for a bad token or level."""
    assert settings.discord_token is not None
    level = logging.getLevelNamesMapping().get(settings.log_level.upper())
    if level is None:
        raise CannotStart(f"LOG_LEVEL={settings.log_level} is not a logging level.")
    bot = SpadesBot(settings, MemoryStore())
    try:
        bot.run(settings.discord_token.get_secret_value(), log_level=level, root_logger=True)
    except discord.LoginFailure:
        raise CannotStart(
            "Discord refused the token. Copy the bot token again from the Developer Portal\n"
            "(Bot > Reset Token) into DISCORD_TOKEN in .env."
        ) from None
    except aiohttp.ClientConnectionError as error:
        raise CannotStart(f"Could not reach Discord: {error}") from None
