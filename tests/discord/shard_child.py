"""Child process of the shard tests: a bot holding one of two shards, on a PostgreSQL
database shared with the other, against the fake Discord server of the parent process.

``python -m tests.discord.shard_child API GATEWAY TOKEN DATABASE_URL SHARD`` prints
``ready`` once connected and runs until it is killed.
"""

from __future__ import annotations

import asyncio
import itertools
import sys

import discord.gateway
import discord.http
import yarl

from bot.client import SpadesBot
from bot.config import Settings
from bot.tables import TableSettings
from devtools.fake_discord import FakeAddress, running


async def serve(address: FakeAddress, database_url: str, shard: int) -> None:
    discord.http.Route.BASE = address.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(address.gateway_url)
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=database_url,
        shard_count=2,
        shard_ids=str(shard),
    )
    bot = SpadesBot(
        settings,
        table_settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
        edit_interval=0,
        # Each process deals from its own seeds, the same in every run.
        seeds=itertools.count(1 + 1000 * shard),
        extensions=["cogs.spades"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    async with running(bot, address):
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    api, gateway, token, url, shard = sys.argv[1:]
    asyncio.run(serve(FakeAddress(api, gateway, token), url, int(shard)))
