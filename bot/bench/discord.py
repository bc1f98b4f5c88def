"""Interaction latency with many active tables: the real client against the fake Discord server.

``run_discord_bench`` starts the fake server on 127.0.0.1 and a ``SpadesBot`` (in-memory
store, no bot delay, the production edit coalescing), opens one table per member with three
bots, and lets every member play ``moves`` turns at once by clicking the first control in
their DM, as fast as the bot answers. It reports, over every click, the time from the
interaction's dispatch by the fake to the bot's callback reaching it: p50 and p99.

Bot, fake server and members share one process and event loop (as the bot's own tables and
presenters share its loop in production), so the numbers include that contention.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import statistics
import time
from dataclasses import dataclass

import discord.gateway
import discord.http
import yarl

from bot.client import SpadesBot
from bot.config import Settings
from bot.fake_discord import COMPONENT, FakeDiscord, FakeUser, RecordedMessage, running
from bot.storage.records import MemoryStore
from bot.tables import TableSettings

_CONTROL = re.compile(r"spades:\d+:(\d+):(?!hand$|rematch$)")
_SELECT = 3  # component type


@dataclass(frozen=True, slots=True)
class DiscordBench:
    tables: int
    clicks: int
    seconds: float
    p50_ms: float
    p99_ms: float


def run_discord_bench(tables: int, moves: int, seed: int) -> DiscordBench:
    return asyncio.run(_bench(tables, moves, seed))


async def _bench(count: int, moves: int, seed: int) -> DiscordBench:
    fake = FakeDiscord(channel_names=tuple(f"table-{n}" for n in range(count)))
    await fake.start()
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    members = [fake.add_user(f"player-{n}") for n in range(count)]
    bot = SpadesBot(
        Settings(_env_file=None),
        MemoryStore(),
        table_settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None),
        seeds=itertools.count(seed),
        extensions=["cogs.spades"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    try:
        async with running(bot, fake):
            channels = list(fake.channels.values())
            for member, channel in zip(members, channels, strict=True):
                await fake.slash(member, "spades", "new", channel=channel, bots=3)
                await fake.slash(member, "spades", "start", channel=channel)
            started = time.perf_counter()
            await asyncio.gather(*(_play(fake, member, moves) for member in members))
            seconds = time.perf_counter() - started
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
        await fake.close()
    waits = [
        (record.answered_at - record.sent_at) * 1000
        for record in fake.interactions.values()
        if record.kind == COMPONENT and record.answered_at is not None
    ]
    cuts = statistics.quantiles(waits, n=100)
    return DiscordBench(count, len(waits), seconds, statistics.median(waits), cuts[98])


async def _play(fake: FakeDiscord, member: FakeUser, moves: int) -> None:
    """Click the first control of each fresh turn in the member's DM, ``moves`` times."""
    played = [-1]  # the seq of the last control clicked

    def turn() -> RecordedMessage | None:
        dms = fake.dms(member)
        for control in dms[-1].controls() if dms else []:
            match = _CONTROL.match(control["custom_id"])
            if match is not None and int(match[1]) > played[0]:
                return dms[-1].snapshot()
        return None

    for _ in range(moves):
        message = await fake.wait_for(turn, "a turn")
        control = next(c for c in message.controls() if _CONTROL.match(c["custom_id"]))
        values = None
        if control["type"] == _SELECT:
            values = [o["value"] for o in control["options"][: control.get("min_values", 1)]]
        await fake.click(member, message, control["custom_id"], values=values)
        match = _CONTROL.match(control["custom_id"])
        assert match is not None
        played[0] = int(match[1])


def format_discord_bench(bench: DiscordBench) -> str:
    return (
        f"{bench.tables} active tables through the fake Discord server: {bench.clicks} clicks"
        f" in {bench.seconds:.2f} s; interaction to callback p50 {bench.p50_ms:.1f} ms,"
        f" p99 {bench.p99_ms:.1f} ms"
    )
