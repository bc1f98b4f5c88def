"""SQLite through aiosqlite: one WAL-mode connection used in turns, the version in its header."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import partial
from pathlib import Path

import aiosqlite

from bot.storage.db import (
    ConstraintViolated,
    Database,
    Migration,
    Params,
    Row,
    Session,
    StorageUnavailable,
    Synchronous,
    one_line,
    opening,
    pending,
)
from bot.storage.records import StorageFailed

# Primary result codes of failures that may pass: another process holds the lock, the disk
# is full, the file or its directory became read-only, an I/O error.
_TRANSIENT = {
    sqlite3.SQLITE_BUSY,
    sqlite3.SQLITE_LOCKED,
    sqlite3.SQLITE_NOMEM,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PROTOCOL,
}


@contextmanager
def _failures() -> Iterator[None]:
    """SQLite's errors as the store's: transient ones as ``StorageFailed``."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise ConstraintViolated(one_line(error)) from error
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode & 0xFF in _TRANSIENT:
            raise StorageFailed(f"SQLite: {one_line(error)}") from error
        raise


class SqliteSession(Session):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> None:
        with _failures():
            async with self._conn.execute(sql, params):
                pass

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        with _failures():
            await self._conn.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        with _failures():
            return list(await self._conn.execute_fetchall(sql, params))


class SqliteDatabase(Database):
    """The one owner of the SQLite connection.

    Every use of the connection holds one asyncio lock: with a single connection, a statement
    run while another task's transaction is open would join that transaction (and a read would
    see its uncommitted rows), so statements and transactions take turns. Outside
    ``transaction()`` each statement commits on its own.
    """

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._session = SqliteSession(conn)
        self.path = path

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        busy_timeout: float,
        synchronous: Synchronous,
        migrations: Sequence[Migration],
    ) -> SqliteDatabase:
        """Open (creating if needed) and migrate the database at ``path``.

        ``synchronous=NORMAL`` under WAL makes a commit durable against the process being
        killed, though not against the machine losing power; ``FULL`` also syncs each commit
        to disk, at the cost of one fsync per write.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageUnavailable(
                f"Cannot create the folder of {path} ({error.strerror}): create it, writable "
                "by the bot's user, or set DATABASE_PATH to a file in a folder it can write."
            ) from None
        # isolation_level None: no implicit transactions; transaction() says BEGIN itself.
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as error:
            # aiosqlite stops the connection's thread after a failed connect, but the thread
            # still answers that stop into this event loop: let it finish while the loop
            # runs, or it prints a traceback after the one-line refusal once the loop closed.
            await asyncio.to_thread(connecting._thread.join)
            raise _unavailable(path, error) from None
        async with opening(conn.close, (sqlite3.Error,), partial(_unavailable, path)):
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            rows = list(await conn.execute_fetchall("PRAGMA user_version"))
            version: int = rows[0][0]
            # A file from a newer bot is refused before anything (even WAL mode) is written.
            todo = pending(migrations, version, where=str(path), setting="DATABASE_PATH")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await _migrate(conn, version, todo)
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        async with self._lock:
            yield self._session

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        async with self._lock:
            # IMMEDIATE takes the write lock at once, so a commit cannot fail half-way for
            # another process (a backup, the sqlite3 shell) having started writing meanwhile.
            with _failures():
                await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._session
                with _failures():
                    await self._conn.execute("COMMIT")
            except BaseException:
                # A COMMIT that failed (the disk full, the lock busy) leaves the transaction
                # open: roll it back so that the connection is usable again.
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise


async def _migrate(conn: aiosqlite.Connection, version: int, todo: Sequence[Migration]) -> None:
    """Bring the schema from ``version`` up to date with ``todo``, one migration per
    transaction."""
    for migration in todo:
        # user_version lives in the file header and is written inside the same transaction,
        # so a migration that fails half-way leaves both the schema and the version as before.
        script = (
            f"BEGIN IMMEDIATE;\n{migration.render('sqlite')}\n"
            f"PRAGMA user_version = {migration.version};\nCOMMIT;"
        )
        try:
            await conn.executescript(script)
        except sqlite3.Error:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
    if not todo:
        # A read-only file opens and reads like any other; writing the version it already
        # has finds out at start-up instead of at the first move.
        await conn.execute(f"PRAGMA user_version = {version}")


def _unavailable(path: Path, error: BaseException) -> StorageUnavailable:
    """What to fix, for an error met opening the database at ``path``."""
    code = error.sqlite_errorcode & 0xFF if isinstance(error, sqlite3.DatabaseError) else None
    if code == sqlite3.SQLITE_NOTADB:
        problem = "is not a SQLite database"
        fix = "set DATABASE_PATH to the bot's database, or move the file away to start afresh"
    elif code == sqlite3.SQLITE_CORRUPT:
        problem = "is damaged"
        fix = "restore it from a backup, or set DATABASE_PATH to another file"
    elif code == sqlite3.SQLITE_BUSY:
        problem = "is locked by another program"
        fix = "stop the other program (or bot) using it, then start again"
    elif code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        problem = f"cannot be written ({one_line(error)})"
        fix = (
            "make the file and its folder writable by the bot's user, or set DATABASE_PATH "
            "to a place it can write"
        )
    else:
        problem = f"cannot be opened ({one_line(error)})"
        fix = "check the file and its folder, or set DATABASE_PATH to another file"
    return StorageUnavailable(f"The database file {path} {problem}: {fix}.")
