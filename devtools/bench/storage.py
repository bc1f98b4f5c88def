"""Storage speed: durable action appends per second, and restoring unfinished tables by replay."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.engine import Action, Game, Rules
from bot.storage.db import Synchronous
from bot.storage.records import SeatRecord
from bot.storage.store import Storage
from bot.storage.table_store import insert_action

# A started table is at most this far into its game: up to about three hands of four players.
MAX_TABLE_ACTIONS = 170


def play_random(rules: Rules, seed: int, *, limit: int | None = None, dealer: int = 0) -> Game:
    """A game of uniformly random legal actions (seeded), played to the end or ``limit``
    actions, whichever comes first."""
    game = Game.new(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    while not game.is_over and (limit is None or len(game.history) < limit):
        game.apply(rng.choice(game.legal_actions()))
    return game


def seats_for(rules: Rules) -> tuple[SeatRecord, ...]:
    """Members in every seat but the last, which a bot holds."""
    last = rules.players - 1
    return tuple(
        SeatRecord(seat, "Bot", bot="normal")
        if seat == last
        else SeatRecord(seat, f"P{seat}", 1 + seat)
        for seat in range(rules.players)
    )


@dataclass(frozen=True, slots=True)
class StorageBench:
    synchronous: Synchronous
    appends: int
    append_seconds: float
    tables: int
    restored_actions: int
    read_seconds: float
    replay_seconds: float

    @property
    def appends_per_second(self) -> float:
        return self.appends / self.append_seconds if self.append_seconds > 0 else float("inf")

    @property
    def restore_seconds(self) -> float:
        return self.read_seconds + self.replay_seconds


def run_storage_bench(
    appends: int, tables: int, seed: int, synchronous: Synchronous = "NORMAL"
) -> StorageBench:
    """Measure on a fresh database in a temporary directory (on the same disk as /tmp)."""
    with tempfile.TemporaryDirectory(prefix="spades-bench-") as folder:
        return asyncio.run(_bench(Path(folder), appends, tables, seed, synchronous))


async def _bench(
    folder: Path, appends: int, tables: int, seed: int, synchronous: Synchronous
) -> StorageBench:
    rules = Rules()
    storage = await Storage.open(folder / "appends.sqlite3", synchronous=synchronous)
    try:
        append_seconds = await _time_appends(storage, rules, appends, seed)
    finally:
        await storage.close()

    storage = await Storage.open(folder / "restore.sqlite3", synchronous=synchronous)
    try:
        await _store_started_tables(storage, rules, tables, seed)
        started = time.perf_counter()
        stored = await storage.tables.unfinished_tables()
        read = time.perf_counter() - started
        started = time.perf_counter()
        for table in stored:
            Game.replay(table.rules, seed=table.seed, actions=table.actions, dealer=table.dealer)
        replay = time.perf_counter() - started
    finally:
        await storage.close()
    return StorageBench(
        synchronous,
        appends,
        append_seconds,
        len(stored),
        sum(len(table.actions) for table in stored),
        read,
        replay,
    )


async def _time_appends(storage: Storage, rules: Rules, count: int, seed: int) -> float:
    """Seconds to append ``count`` actions of real games one at a time, each committed before
    the next starts, as a table applies them."""
    work: list[tuple[int, int, Action]] = []
    game_seed = seed
    while len(work) < count:
        game = play_random(rules, game_seed, limit=count - len(work))
        table_id = await _create(storage, game, dealer=0)
        work.extend((table_id, seq, action) for seq, action in enumerate(game.history, 1))
        game_seed += 1
    started = time.perf_counter()
    for table_id, seq, action in work:
        await storage.tables.append_action(table_id, seq, action)
    return time.perf_counter() - started


async def _store_started_tables(storage: Storage, rules: Rules, count: int, seed: int) -> None:
    """``count`` tables partway through their games. Set-up only, so each table's actions go
    in one transaction instead of one commit each."""
    rng = random.Random(seed)
    for table_seed in range(seed, seed + count):
        dealer = table_seed % rules.players
        game = play_random(
            rules, table_seed, limit=rng.randint(1, MAX_TABLE_ACTIONS), dealer=dealer
        )
        table_id = await _create(storage, game, dealer)
        async with storage.db.transaction() as session:
            for seq, action in enumerate(game.history, 1):
                await insert_action(session, table_id, seq, action)


async def _create(storage: Storage, game: Game, dealer: int) -> int:
    return await storage.tables.create_table(
        guild_id=1,
        channel_id=1,
        host_id=1,
        rules=game.rules,
        seed=game.seed,
        dealer=dealer,
        seats=seats_for(game.rules),
    )


def format_storage_bench(bench: StorageBench) -> str:
    return "\n".join(
        [
            f"SQLite in WAL mode, synchronous={bench.synchronous}",
            f"durable appends: {bench.appends:,} in {bench.append_seconds:.2f} s = "
            f"{bench.appends_per_second:,.0f} per second (target: at least 2,000)",
            f"restore: {bench.tables:,} unfinished tables, {bench.restored_actions:,} actions: "
            f"read {bench.read_seconds:.2f} s + replay {bench.replay_seconds:.2f} s = "
            f"{bench.restore_seconds:.2f} s (target: under 5 s)",
        ]
    )
