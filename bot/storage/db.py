"""The SQLite connection owner: WAL, foreign keys, numbered migrations and one lock for writes."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import aiosqlite

Synchronous = Literal["NORMAL", "FULL"]
# Positional (``?``) or named (``:name``) parameters; values never go into the SQL text.
Params = Sequence[Any] | Mapping[str, Any]

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class SchemaTooNew(Exception):
    """The database was written by a newer version of the bot; it is left untouched."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered schema change: ``migrations/NNNN_name.sql`` brings the schema to ``version``."""

    version: int
    name: str
    sql: str


def load_migrations() -> tuple[Migration, ...]:
    """The migration files shipped in the package, in order; numbers must run 1, 2, 3, ..."""
    folder = resources.files("bot.storage") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migration files must be numbered 0001, 0002, ...; found {versions}")
    return tuple(found)


MIGRATIONS = load_migrations()
SCHEMA_VERSION = MIGRATIONS[-1].version


class Session:
    """Statements on the connection while the caller holds the database lock."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetch_one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run an INSERT; returns the new row's id."""
        async with self._conn.execute(sql, params) as cursor:
            row_id = cursor.lastrowid
        if row_id is None:
            raise RuntimeError(f"no row id after {sql!r}")
        return row_id


class Database:
    """The one owner of the SQLite connection.

    Every use of the connection holds one asyncio lock: with a single connection, a statement
    run while another task's transaction is open would join that transaction (and a read would
    see its uncommitted rows), so statements and transactions take turns. Outside
    ``transaction()`` each statement commits on its own.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._session = Session(conn)
        self.path = path

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: Synchronous = "NORMAL") -> Database:
        """Open (creating if needed) and migrate the database at ``path``.

        ``synchronous=NORMAL`` under WAL makes a commit durable against the process being
        killed, though not against the machine losing power; ``FULL`` also syncs each commit
        to disk, at the cost of one fsync per write. Raises ``SchemaTooNew`` for a database
        from a newer version of the bot.
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level None: no implicit transactions; transaction() says BEGIN itself.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute("PRAGMA busy_timeout = 5000")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await _migrate(conn, path)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        """The connection for reads and single statements, each committed on its own."""
        async with self._lock:
            yield self._session

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        """Statements that belong together: all committed at the end, or none on an error."""
        async with self._lock:
            # IMMEDIATE takes the write lock at once, so a commit cannot fail half-way for
            # another process (a backup, the sqlite3 shell) having started writing meanwhile.
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._session
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    version: int = rows[0][0]
    return version


async def _migrate(conn: aiosqlite.Connection, path: Path) -> None:
    """Bring the schema up to ``SCHEMA_VERSION``, one migration per transaction."""
    version = await schema_version(conn)
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"{path} has schema version {version}, but this version of the bot knows only up "
            f"to {SCHEMA_VERSION}. Run the newer bot that wrote it, or point DATABASE_PATH "
            "at another file."
        )
    for migration in MIGRATIONS[version:]:
        # user_version lives in the file header and is written inside the same transaction,
        # so a migration that fails half-way leaves both the schema and the version as before.
        script = (
            f"BEGIN IMMEDIATE;\n{migration.sql}\n"
            f"PRAGMA user_version = {migration.version};\nCOMMIT;"
        )
        try:
            await conn.executescript(script)
        except sqlite3.Error:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
