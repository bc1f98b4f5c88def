"""Child process of the shard tests: a bot holding one of two shards, on a PostgreSQL
database shared with the other, against the fake Discord server of the parent process.

``python -m tests.discord.shard_child API GATEWAY TOKEN DATABASE_URL SHARD HEARTBEAT
[EXTENSIONS]`` (comma-separated; ``cogs.spades`` by default) prints
``ready`` once connected, then ``relay down`` and ``relay up`` as its relay of DM clicks loses
its connection and listens again (after the heartbeat file at HEARTBEAT says so), and runs
until it is killed. Its relay and its tables retry within a second, not the bot's half
minute, so that the tests of lost connections stay short.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl

from bot.client import SpadesBot
from bot.config import Settings
from bot.relay import RelayTimings
from bot.tables import TableSettings
from devtools.fake_discord import FakeAddress, running

QUICK = RelayTimings(
    take_within=1.0, first_retry=0.05, longest_retry=0.5, check_every=1.0, answer_within=1.0
)


async def serve(
    address: FakeAddress,
    database_url: str,
    shard: int,
    heartbeat: Path,
    extensions: list[str],
) -> None:
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
        table_settings=TableSettings(
            bot_delay=0, turn_timers=False, idle_close=None, retry_longest=0.5
        ),
        edit_interval=0,
        # Each process deals from its own seeds, the same in every run.
        seeds=itertools.count(1 + 1000 * shard),
        extensions=extensions,
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
        heartbeat=heartbeat,
        relay_timings=QUICK,
    )
    relay = bot.relay
    assert relay is not None and relay.on_change is not None
    told = relay.on_change

    def changed() -> None:
        told()  # the heartbeat first
        print("relay up" if relay.up else "relay down", flush=True)

    relay.on_change = changed
    async with running(bot, address):
        print("ready", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    api, gateway, token, url, shard, heartbeat = sys.argv[1:7]
    extensions = (sys.argv[7] if len(sys.argv) > 7 else "cogs.spades").split(",")
    address = FakeAddress(api, gateway, token)
    asyncio.run(serve(address, url, int(shard), Path(heartbeat), extensions))
