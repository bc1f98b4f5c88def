"""Table manager speed and size: bot-only tables playing at once, and memory per open table.

(a) ``run_play_bench`` opens many tables of ``normal`` bots with no bot delay, starts them
all, and lets them play the given number of hands concurrently through the real table
manager (locks, the executor, the in-memory store): hands and actions per second of wall
time. (c) ``run_memory_bench`` opens many tables, half lobbies with two members and half
games at a member's turn with its turn timer armed, and reports the process's resident
memory before and after. ``Pace`` is how fast (b), in ``devtools.bench.discord``, plays its
tables; it lives here so the command line can show its defaults without loading discord.py.
"""

from __future__ import annotations

import asyncio
import gc
import resource
import time
from dataclasses import dataclass
from pathlib import Path

from bot.storage.records import MemoryStore
from bot.tables import Member, TableManager, TableSettings
from devtools.bench.engine import Throughput

# Bot-only tables: the host opens them without taking a seat.
_HOST = Member(1, "Host")


@dataclass(frozen=True, slots=True)
class Pace:
    """How fast the active tables of (b) are played: seconds a bot waits before its move
    shows (the bot's own default), the range of seconds a member thinks before a click, and
    how many members arrive a second, each opening a table (``None``: one after another, as
    fast as the bot answers)."""

    bot_delay: float = TableSettings().bot_delay
    think_min: float = 1.0
    think_max: float = 3.0
    arrivals: float | None = 6.0


@dataclass(frozen=True, slots=True)
class PlayBench:
    """(a): how many bot-only tables played at once, and what they played (labelled by preset)."""

    tables: int
    run: Throughput


@dataclass(frozen=True, slots=True)
class MemoryBench:
    lobbies: int
    games: int
    rss_before: int  # bytes
    rss_after: int

    @property
    def tables(self) -> int:
        return self.lobbies + self.games

    @property
    def per_table(self) -> float:
        return (self.rss_after - self.rss_before) / self.tables


def run_play_bench(tables: int, hands: int, seed: int, preset: str = "classic") -> PlayBench:
    return asyncio.run(_play(tables, hands, seed, preset))


async def _play(count: int, hands: int, seed: int, preset: str) -> PlayBench:
    manager = TableManager(
        MemoryStore(), settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None)
    )
    try:
        tables = [
            await manager.open(channel, _HOST, preset=preset, sit=False) for channel in range(count)
        ]
        started = time.perf_counter()
        for table in tables:
            await table.start(
                _HOST.id, fill_with_bots=True, seed=seed + table.channel_id, hands=hands
            )
        await manager.settle()
        seconds = time.perf_counter() - started
    finally:
        await manager.aclose()
    games = [table.game for table in tables if table.game is not None]
    hands_played = sum(len(game.results) for game in games)
    actions = sum(len(game.history) for game in games)
    return PlayBench(count, Throughput(preset, hands_played, actions, seconds))


def run_memory_bench(tables: int, seed: int) -> MemoryBench:
    return asyncio.run(_memory(tables, seed))


async def _memory(count: int, seed: int) -> MemoryBench:
    # Real clock and timers: every game waits on its member with a timer armed, as it would
    # in a server. Nothing here lasts long enough for a timer to fire.
    manager = TableManager(MemoryStore(), settings=TableSettings(bot_delay=0))
    gc.collect()
    before = _rss()
    try:
        lobbies = games = 0
        for channel in range(count):
            host = Member(2 * channel + 1, f"Player {2 * channel + 1}")
            table = await manager.open(channel, host)
            if channel % 2:
                await table.join(Member(host.id + 1, f"Player {host.id + 1}"))
                lobbies += 1
            else:
                await table.start(host.id, fill_with_bots=True, seed=seed + channel)
                games += 1
        await manager.settle()
        gc.collect()
        after = _rss()
    finally:
        await manager.aclose()
    return MemoryBench(lobbies, games, before, after)


def _rss() -> int:
    """Resident memory of this process in bytes (Linux); elsewhere the peak so far."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        return int(statm.read_text().split()[1]) * resource.getpagesize()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def format_play_bench(bench: PlayBench) -> str:
    run = bench.run
    return (
        f"{bench.tables} bot-only tables ({run.label}) at once: {run.hands} hands,"
        f" {run.actions} actions in {run.seconds:.2f} s ="
        f" {run.hands_per_second:,.1f} hands/s, {run.actions_per_second:,.0f} actions/s"
    )


def format_memory_bench(bench: MemoryBench) -> str:
    mib = 1024 * 1024
    return (
        f"{bench.tables} open tables ({bench.lobbies} lobbies, {bench.games} games at a"
        f" member's turn): +{(bench.rss_after - bench.rss_before) / mib:,.1f} MiB resident,"
        f" {bench.per_table / 1024:,.1f} KiB per table; process {bench.rss_after / mib:,.1f} MiB"
    )
