"""Which backend a store location names: a ``postgresql://`` URL opens PostgreSQL, anything
else the SQLite file at that path. Apart from ``db`` so that the backends, which build on
``db``, are never imported by it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.storage.db import MIGRATIONS, Database, Migration, Synchronous, is_postgres_url

# Seconds a PostgreSQL statement, or the wait for a connection, may take before it fails
# with ``StorageFailed``: a server that stops answering refuses changes as busy instead of
# freezing the tables that wait on it.
COMMAND_TIMEOUT = 10.0


async def open_database(
    location: str | Path,
    *,
    busy_timeout: float = 5.0,
    command_timeout: float = COMMAND_TIMEOUT,
    synchronous: Synchronous = "NORMAL",
    migrations: Sequence[Migration] = MIGRATIONS,
) -> Database:
    """Open and migrate the store at ``location``: a ``postgresql://`` URL, or else the path
    of a SQLite file (created with its directory when missing).

    ``busy_timeout``: seconds a statement waits for a lock another connection holds before
    it fails with ``StorageFailed``. ``command_timeout``: seconds a PostgreSQL statement may
    take before it fails with ``StorageFailed`` (SQLite's waits are its busy timeout's).
    ``synchronous`` is SQLite's (see ``SqliteDatabase``);
    PostgreSQL commits as durably as its server's ``synchronous_commit`` says. Raises
    ``StorageUnavailable`` when the store cannot be used.
    """
    # Each backend is imported only when used, so a SQLite bot never loads asyncpg.
    if is_postgres_url(location):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(
            str(location),
            busy_timeout=busy_timeout,
            command_timeout=command_timeout,
            migrations=migrations,
        )
    from bot.storage.sqlite import SqliteDatabase

    return await SqliteDatabase.open(
        Path(location), busy_timeout=busy_timeout, synchronous=synchronous, migrations=migrations
    )
