"""Where tests keep their stores, and storing real engine games the way a table does."""

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.engine import Game, Rules
from bot.storage.records import SeatRecord, TableStore
from bot.storage.store import Storage
from devtools.bench.storage import seats_for
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


async def new_table(
    store: TableStore,
    channel: int = 70,
    *,
    rules: Rules | None = None,
    seed: int = 5,
    **options: int | None,
) -> int:
    """A table started in ``channel`` of ``GUILD``, hosted by member 1, its seats filled as
    the storage benchmark fills them; ``options`` (``message_id``, ``closes``,
    ``hands_limit``) go to ``create_table`` as they are. Returns its id."""
    rules = rules or Rules()
    return await store.create_table(
        guild_id=GUILD,
        channel_id=channel,
        host_id=1,
        rules=rules,
        seed=seed,
        dealer=0,
        seats=seats_for(rules),
        **options,
    )


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


# Column types as the two databases name them: those that can hold a member's id, those
# that can hold their name (or their id inside JSON), and those that can hold neither.
INTEGER_TYPES = {"bigint", "integer", "smallint"}
TEXT_TYPES = {"text", "character varying"}
NUMBER_TYPES = {"double precision", "real"}


async def columns(storage: Storage) -> dict[str, dict[str, str]]:
    """Every table of the store and its columns' types (lower case), read from the schema
    itself, so a table or column added later is listed too."""
    async with storage.db.session() as session:
        if storage.db.dialect == "sqlite":
            names = await session.fetch_all(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
            found = {}
            for (name,) in names:
                # A name the database itself listed, not a value from outside.
                info = await session.fetch_all(f"PRAGMA table_info({name})")
                found[name] = {row[1]: str(row[2]).lower() for row in info}
            return found
        rows = await session.fetch_all(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        )
    tables: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        tables.setdefault(table, {})[column] = str(kind).lower()
    return tables


async def traces(storage: Storage, user_id: int, name: str) -> list[str]:
    """``table.column`` of every column of every table that holds the member's id (an
    integer column equal to it, a text column containing it, as JSON does) or their name
    (a text column containing it, in any case)."""
    found = []
    schema = await columns(storage)
    async with storage.db.session() as session:
        for table, kinds in schema.items():
            for column, kind in kinds.items():
                if kind in INTEGER_TYPES:
                    # Cast, so that PostgreSQL compares a 32-bit column with a 64-bit id.
                    where = f"CAST({column} AS BIGINT) = :id"
                elif kind in TEXT_TYPES:
                    where = f"{column} LIKE :id_text OR lower({column}) LIKE lower(:name)"
                else:
                    assert kind in NUMBER_TYPES, f"{table}.{column} is of a type not searched"
                    continue
                count = await session.fetch_value(
                    f"SELECT count(*) FROM {table} WHERE {where}",
                    {"id": user_id, "id_text": f"%{user_id}%", "name": f"%{name}%"},
                )
                if count:
                    found.append(f"{table}.{column}")
    return found
