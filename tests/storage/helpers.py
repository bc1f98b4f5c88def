"""Where tests keep their stores, and storing real engine games the way a table does."""

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.engine import Game
from bot.storage.records import SeatRecord
from bot.storage.store import Storage
from tests.storage.postgres_server import PostgresServer

GUILD = 10
BACKENDS = ["sqlite", "postgresql"]
# Short, so that the tests of a locked database wait little; the bot waits 5 s.
BUSY_TIMEOUT = 0.1


@asynccontextmanager
async def fresh_location(
    backend: str, request: pytest.FixtureRequest, db_path: Path
) -> AsyncIterator[str | Path]:
    """Where a test's store lives: a SQLite file, or a PostgreSQL URL whose ``search_path``
    is a schema of its own, dropped after the test."""
    if backend == "sqlite":
        yield db_path
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    # A name made here, not a value from outside: DDL takes no parameters.
    schema = f"test_{secrets.token_hex(6)}"
    await _admin(server, f"CREATE SCHEMA {schema}")
    # asyncpg hands the URL's query parameters to the server as settings.
    yield f"{server.url()}?search_path={schema}"
    # A connection of its own: the test may have restarted the server meanwhile.
    await _admin(server, f"DROP SCHEMA {schema} CASCADE")


async def _admin(server: PostgresServer, sql: str) -> None:
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def store_game(
    storage: Storage,
    game: Game,
    seats: tuple[SeatRecord, ...],
    *,
    dealer: int = 0,
    guild: int = GUILD,
    channel: int = 70,
) -> int:
    """A table for ``game`` holding every action it has accepted so far; returns its id."""
    table_id = await storage.tables.create_table(
        guild_id=guild,
        channel_id=channel,
        host_id=next((s.user_id for s in seats if s.user_id is not None), None),
        rules=game.rules,
        seed=game.seed,
        dealer=dealer,
        seats=seats,
    )
    for seq, action in enumerate(game.history, 1):
        await storage.tables.append_action(table_id, seq, action)
    return table_id


async def everything_stored(storage: Storage) -> str:
    """Every row of every table in the store, as text (what forgetting a member must leave
    no trace of them in)."""
    if storage.db.dialect == "sqlite":
        names = "SELECT name FROM sqlite_master WHERE type = 'table'"
    else:
        names = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    async with storage.db.session() as session:
        tables = [row[0] for row in await session.fetch_all(names)]
        # Names the database itself listed, not values from outside.
        rows = [await session.fetch_all(f"SELECT * FROM {name}") for name in tables]
    return "\n".join(str(tuple(row)) for table in rows for row in table)
