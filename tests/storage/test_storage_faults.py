"""Write faults that may pass (a locked database, a read-only one, a full disk, a lost server)
raise ``StorageFailed``, store nothing, and the same write succeeds once the fault is gone;
a step another writer took raises ``DuplicateAction`` instead, on both backends."""

import asyncio
import dataclasses
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from bot.engine import Game, Rules
from bot.storage.records import (
    DuplicateAction,
    StorageFailed,
    StoredLobbies,
    StoredLobby,
    StoredTables,
    SubRequest,
    TableStore,
)
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for
from tests.storage.helpers import BUSY_TIMEOUT, GUILD, fresh_location, store_game
from tests.storage.postgres_server import PostgresServer

RULES = Rules(play_to="hands", hands_to_play=1)
ASKED = 9  # the member asked to take a seat


@dataclass(frozen=True)
class Scene:
    """A stored table partway through its game, a member asked to take a seat in it, and a
    stored lobby in another channel."""

    table_id: int
    game: Game
    played: int
    lobby: StoredLobby
    request_id: int


async def scene(storage: Storage) -> Scene:
    game = play_random(RULES, seed=2)
    played = 20
    partway = Game.replay(RULES, seed=2, actions=game.history[:played])
    table_id = await store_game(storage, partway, seats_for(RULES))
    lobby = StoredLobby(71, GUILD, 1, RULES, seats_for(RULES)[:2])
    await storage.tables.save_lobby(lobby)
    request = SubRequest(0, table_id, 1, ASKED, None, 1_700_000_300)
    return Scene(table_id, game, played, lobby, await storage.tables.add_sub_request(request))


async def contents(
    tables: TableStore,
) -> tuple[StoredTables, StoredLobbies, tuple[SubRequest, ...]]:
    return await tables.open_tables(), await tables.open_lobbies(), await tables.sub_requests(ASKED)


Write = Callable[[TableStore, Scene], Awaitable[object]]

# Every write of the tables store, each one a table makes.
WRITES: dict[str, Write] = {
    "create_table": lambda tables, s: tables.create_table(
        guild_id=GUILD,
        channel_id=72,
        host_id=1,
        rules=RULES,
        seed=9,
        dealer=0,
        seats=seats_for(RULES),
        message_id=5,
    ),
    "append_action": lambda tables, s: tables.append_action(
        s.table_id, s.played + 1, s.game.history[s.played]
    ),
    "update_seats": lambda tables, s: tables.update_seats(
        s.table_id, (dataclasses.replace(seats_for(RULES)[0], away=True), *seats_for(RULES)[1:])
    ),
    "set_message": lambda tables, s: tables.set_message(s.table_id, 99),
    "finish_table": lambda tables, s: tables.finish_table(
        s.table_id, Game.replay(RULES, seed=2, actions=s.game.history[: s.played]), stopped=True
    ),
    "save_lobby": lambda tables, s: tables.save_lobby(dataclasses.replace(s.lobby, host_id=2)),
    "drop_lobby": lambda tables, s: tables.drop_lobby(s.lobby.channel_id),
    "add_sub_request": lambda tables, s: tables.add_sub_request(
        SubRequest(0, s.table_id, 2, ASKED, None, 1_700_000_400)
    ),
    "answer_sub_request": lambda tables, s: tables.answer_sub_request(
        s.request_id,
        "accepted",
        tuple(
            dataclasses.replace(seat, name="Nine", user_id=ASKED, bot=None)
            if seat.seat == 1
            else seat
            for seat in seats_for(RULES)
        ),
    ),
    "drop_sub_request": lambda tables, s: tables.drop_sub_request(s.request_id),
}


@asynccontextmanager
async def locked(storage: Storage, location: str | Path) -> AsyncIterator[Storage]:
    """The store, while another connection holds the write lock of every table it writes."""
    if storage.db.dialect == "sqlite":
        other = sqlite3.connect(location, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield storage
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    other = await asyncpg.connect(str(location))
    try:
        async with other.transaction():
            await other.execute(
                "LOCK TABLE tables, table_seats, actions, lobbies, games, sub_requests"
                " IN ACCESS EXCLUSIVE MODE"
            )
            yield storage
    finally:
        await other.close()


@asynccontextmanager
async def read_only(storage: Storage, location: str | Path) -> AsyncIterator[Storage]:
    """The same database, refusing writes: SQLite's query-only mode on the store's own
    connection; on PostgreSQL, connections that start read-only (as a standby's do)."""
    if storage.db.dialect == "sqlite":
        async with storage.db.session() as session:
            await session.execute("PRAGMA query_only = ON")
        try:
            yield storage
        finally:
            async with storage.db.session() as session:
                await session.execute("PRAGMA query_only = OFF")
        return
    frozen = await Storage.open(f"{location}&default_transaction_read_only=on")
    try:
        yield frozen
    finally:
        await frozen.close()


Fault = Callable[[Storage, str | Path], AbstractAsyncContextManager[Storage]]
# Each fault, and what its StorageFailed says.
FAULTS: dict[str, tuple[Fault, str]] = {
    "locked": (locked, "lock"),
    "read-only": (read_only, r"read-?only"),
}


@pytest.mark.parametrize("write", list(WRITES))
@pytest.mark.parametrize("fault", list(FAULTS))
async def test_a_write_during_a_fault_that_may_pass_fails_for_now_and_stores_nothing(
    storage: Storage, location: str | Path, fault: str, write: str
) -> None:
    during, says = FAULTS[fault]
    stage = await scene(storage)
    before = await contents(storage.tables)
    async with during(storage, location) as faulty:
        with pytest.raises(StorageFailed, match=says):
            await WRITES[write](faulty.tables, stage)
    assert await contents(storage.tables) == before
    # Tried again once the fault has passed, the same write is stored.
    await WRITES[write](storage.tables, stage)
    assert await contents(storage.tables) != before


async def test_an_append_to_a_full_sqlite_file_fails_for_now_and_succeeds_with_room(
    db_path: Path,
) -> None:
    storage = await Storage.open(db_path, busy_timeout=BUSY_TIMEOUT)
    try:
        games = [play_random(RULES, seed) for seed in range(10)]
        ids = [
            await store_game(storage, Game.replay(RULES, seed=seed, actions=()), ())
            for seed in range(10)
        ]
        async with storage.db.session() as session:
            # The file may not grow past the pages it has: what a full disk does to SQLite.
            pages = await session.fetch_value("PRAGMA page_count")
            await session.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StorageFailed, match="full"):
            for table_id, game in zip(ids, games, strict=True):
                for seq, action in enumerate(game.history, 1):
                    await storage.tables.append_action(table_id, seq, action)
        async with storage.db.session() as session:
            await session.execute(f"PRAGMA max_page_count = {pages * 100}")
        await storage.tables.append_action(table_id, seq, action)
        stored = {t.table_id: t.actions for t in await storage.tables.open_tables()}
        assert stored[table_id] == tuple(game.history[:seq])
    finally:
        await storage.close()


async def test_a_write_while_the_server_is_down_fails_for_now_and_succeeds_once_it_is_back(
    postgres: PostgresServer, request: pytest.FixtureRequest, db_path: Path
) -> None:
    async with fresh_location("postgresql", request, db_path) as location:
        storage = await Storage.open(location)
        try:
            stage = await scene(storage)
            append = WRITES["append_action"]
            postgres.stop()
            try:
                with pytest.raises(StorageFailed):
                    await append(storage.tables, stage)
            finally:
                postgres.start()
            # The pool replaces the connection the restart dropped.
            await append(storage.tables, stage)
            (table,) = await storage.tables.open_tables()
            assert table.actions == tuple(stage.game.history[: stage.played + 1])
        finally:
            await storage.close()


@pytest.mark.parametrize("write", list(WRITES))
async def test_a_write_while_the_server_hangs_fails_in_time_and_succeeds_once_it_answers(
    postgres: PostgresServer, request: pytest.FixtureRequest, db_path: Path, write: str
) -> None:
    async with fresh_location("postgresql", request, db_path) as location:
        storage = await Storage.open(location, command_timeout=0.2)
        try:
            stage = await scene(storage)
            before = await contents(storage.tables)
            frozen = postgres.pause()  # connections stay open, and nothing answers
            try:
                # Generous: the statement, its rollback and the connection's reset each
                # give up after 0.2 s.
                async with asyncio.timeout(5):
                    with pytest.raises(StorageFailed, match="Timeout"):
                        await WRITES[write](storage.tables, stage)
            finally:
                postgres.resume(frozen)
            assert await contents(storage.tables) == before
            await WRITES[write](storage.tables, stage)
            assert await contents(storage.tables) != before
        finally:
            await storage.close()


async def test_two_writers_of_one_table_never_both_store_a_step(location: str | Path) -> None:
    # Two processes that both think they own the table (a shard moved) offer each step at
    # the same time, with different actions: each step is stored once, and the writer that
    # lost learns it from DuplicateAction.
    first = await Storage.open(location)
    second = await Storage.open(location)
    try:
        game = play_random(RULES, seed=8)
        table_id = await store_game(first, Game.replay(RULES, seed=8, actions=()), seats_for(RULES))
        # The game's last card: not among the actions offered by the first writer.
        other = game.history[-1]
        won = []
        for seq, action in enumerate(game.history[:30], 1):
            tried = await asyncio.gather(
                first.tables.append_action(table_id, seq, action),
                second.tables.append_action(table_id, seq, other),
                return_exceptions=True,
            )
            (lost,) = [outcome for outcome in tried if outcome is not None]
            assert isinstance(lost, DuplicateAction) and not lost.stored_same
            won.append(action if tried[0] is None else other)
        (table,) = await second.tables.open_tables()
        assert table.actions == tuple(won)
    finally:
        await first.close()
        await second.close()
