"""Storage speed on SQLite and PostgreSQL: durable appends a second, restoring tables by replay."""

from __future__ import annotations

import asyncio
import random
import secrets
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

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
    backend: str
    appends: int
    append_seconds: float
    writers: int
    together_seconds: float
    tables: int
    restored_actions: int
    read_seconds: float
    replay_seconds: float

    @property
    def appends_per_second(self) -> float:
        return _rate(self.appends, self.append_seconds)

    @property
    def together_per_second(self) -> float:
        return _rate(self.appends, self.together_seconds)

    @property
    def restore_seconds(self) -> float:
        return self.read_seconds + self.replay_seconds


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


# A factory of fresh, empty stores, each by a name: what one measurement runs on.
Scratch = Callable[[str], AbstractAsyncContextManager[str | Path]]


def run_storage_bench(
    appends: int,
    tables: int,
    seed: int,
    synchronous: Synchronous = "NORMAL",
    *,
    writers: int = 20,
    database_url: str | None = None,
) -> list[StorageBench]:
    """Measure SQLite on fresh files in a temporary directory (on the same disk as /tmp)
    and, given ``database_url``, PostgreSQL in scratch schemas of that database, dropped
    afterwards: its tables and data are never touched."""
    with tempfile.TemporaryDirectory(prefix="spades-bench-") as folder:

        @asynccontextmanager
        async def sqlite_file(name: str) -> AsyncIterator[Path]:
            yield Path(folder) / f"{name}.sqlite3"

        benches = [
            asyncio.run(
                _bench(
                    f"SQLite in WAL mode, synchronous={synchronous}",
                    sqlite_file,
                    appends,
                    tables,
                    seed,
                    writers,
                    synchronous,
                )
            )
        ]
    if database_url is not None:
        benches.append(asyncio.run(_bench_postgres(database_url, appends, tables, seed, writers)))
    return benches


async def _bench_postgres(
    url: str, appends: int, tables: int, seed: int, writers: int
) -> StorageBench:
    admin = await asyncpg.connect(url)
    try:
        version = await admin.fetchval("SHOW server_version")
        commit = await admin.fetchval("SHOW synchronous_commit")
        fsync = await admin.fetchval("SHOW fsync")
    finally:
        await admin.close()

    def schema(name: str) -> AbstractAsyncContextManager[str]:
        return scratch_schema(url, name)

    backend = f"PostgreSQL {version}, synchronous_commit={commit}, fsync={fsync}"
    return await _bench(backend, schema, appends, tables, seed, writers, "NORMAL")


@asynccontextmanager
async def scratch_schema(url: str, name: str) -> AsyncIterator[str]:
    """A schema of its own in ``url``'s database, dropped afterwards: the URL reaching it."""
    # A name made here, never from input: DDL takes no parameters.
    scratch = f"spades_bench_{name}_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {scratch}")
        try:
            yield with_search_path(url, scratch)
        finally:
            await conn.execute(f"DROP SCHEMA {scratch} CASCADE")
    finally:
        await conn.close()


def with_search_path(url: str, schema: str) -> str:
    """``url`` with its connections' ``search_path`` set to ``schema``: asyncpg hands the
    URL's query parameters to the server as settings."""
    parts = urlsplit(url)
    query = urlencode([*parse_qsl(parts.query), ("search_path", schema)])
    return urlunsplit(parts._replace(query=query))


async def _bench(
    backend: str,
    scratch: Scratch,
    appends: int,
    tables: int,
    seed: int,
    writers: int,
    synchronous: Synchronous,
) -> StorageBench:
    rules = Rules()
    timed: list[float] = []
    for name, at_once in (("appends", 1), ("together", writers)):
        async with scratch(name) as location:
            storage = await Storage.open(location, synchronous=synchronous)
            try:
                timed.append(await _time_appends(storage, rules, appends, seed, at_once))
            finally:
                await storage.close()

    async with scratch("restore") as location:
        storage = await Storage.open(location, synchronous=synchronous)
        try:
            await _store_started_tables(storage, rules, tables, seed)
            started = time.perf_counter()
            stored = await storage.tables.open_tables()
            read = time.perf_counter() - started
            started = time.perf_counter()
            for table in stored:
                Game.replay(
                    table.rules, seed=table.seed, actions=table.actions, dealer=table.dealer
                )
            replay = time.perf_counter() - started
        finally:
            await storage.close()
    return StorageBench(
        backend,
        appends,
        timed[0],
        writers,
        timed[1],
        len(stored),
        sum(len(table.actions) for table in stored),
        read,
        replay,
    )


async def _time_appends(
    storage: Storage, rules: Rules, count: int, seed: int, at_once: int
) -> float:
    """Seconds to append ``count`` actions of real games, each committed before its table's
    next starts, as a table applies them; ``at_once`` tables append side by side, as the
    bot's tables do."""
    queues: list[list[tuple[int, int, Action]]] = [[] for _ in range(at_once)]
    game_seed = seed
    while sum(map(len, queues)) < count:
        queue = min(queues, key=len)
        game = play_random(rules, game_seed, limit=min(count - sum(map(len, queues)), 60))
        table_id = await _create(storage, game, dealer=0)
        queue.extend((table_id, seq, action) for seq, action in enumerate(game.history, 1))
        game_seed += 1

    async def append_all(queue: list[tuple[int, int, Action]]) -> None:
        for table_id, seq, action in queue:
            await storage.tables.append_action(table_id, seq, action)

    started = time.perf_counter()
    await asyncio.gather(*(append_all(queue) for queue in queues))
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


def format_storage_bench(benches: list[StorageBench]) -> str:
    lines = []
    for bench in benches:
        lines += [
            bench.backend,
            f"  durable appends: {bench.appends:,} in {bench.append_seconds:.2f} s = "
            f"{bench.appends_per_second:,.0f} per second, one table at a time "
            "(target: at least 2,000)",
            f"  durable appends: {bench.appends:,} in {bench.together_seconds:.2f} s = "
            f"{bench.together_per_second:,.0f} per second, {bench.writers} tables at once",
            f"  restore: {bench.tables:,} unfinished tables, {bench.restored_actions:,} actions: "
            f"read {bench.read_seconds:.2f} s + replay {bench.replay_seconds:.2f} s = "
            f"{bench.restore_seconds:.2f} s (target: under 5 s)",
        ]
    return "\n".join(lines)
