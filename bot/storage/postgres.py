"""PostgreSQL through asyncpg: pooled connections, transactions in turn, a table of versions."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any
from urllib.parse import urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.db import (
    ConstraintViolated,
    Database,
    Migration,
    Params,
    Row,
    Session,
    StorageUnavailable,
    one_line,
    opening,
    pending,
)
from bot.storage.records import StorageFailed
from bot.storage.urls import masked, scrubbed, url_problem

log = logging.getLogger(__name__)

# Advisory lock keys: any fixed numbers, the same in every process of the bot. The first is
# held while migrating, so that processes started together migrate once; the second by every
# transaction, so that transactions take turns as they do on SQLite (a rating update or a
# house-rule change reads, then writes). Single statements, appends among them, never wait
# for it.
_MIGRATING = 0x5350_4144_0001
_TRANSACTION = 0x5350_4144_0002
# Seconds a migration's statements may take, instead of the command timeout: changing a
# large table's schema may take long, and runs once, at start-up.
_MIGRATING_WITHIN = 3600.0

# SQLSTATE classes and codes of failures that may pass: the connection (08), resources such
# as a full disk (53), the server shutting down or starting (57), I/O (58); a serialization
# failure or deadlock, a lock not granted within lock_timeout, a read-only standby.
_TRANSIENT_CLASSES = ("08", "53", "57", "58")
_TRANSIENT_CODES = ("40001", "40P01", "55P03", "25006")

# Outside string literals, quoted names and comments: a ``?``, or a ``:name`` that is not
# part of a ``::`` cast.
# A statement that only reads: it runs as it comes, with nothing to keep from running late.
_READ = re.compile(r"\s*SELECT\b", re.IGNORECASE)
_PARAMETER = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|\?|(?<!:):([A-Za-z_]\w*)")


@dataclass(frozen=True, slots=True)
class _Numbered:
    """A statement with PostgreSQL's ``$1, $2, ...`` parameters; ``names`` gives the name of
    each number for named parameters, and is empty for positional ones."""

    sql: str
    names: tuple[str, ...]

    def args(self, params: Params) -> list[Any]:
        if isinstance(params, Mapping):
            return [params[name] for name in self.names]
        return list(params)


@lru_cache(maxsize=512)
def numbered(sql: str) -> _Numbered:
    """``sql`` with ``?`` and ``:name`` parameters numbered; a name used twice is one number."""
    names: list[str] = []
    positional = 0

    def number(match: re.Match[str]) -> str:
        nonlocal positional
        if match[0] == "?":
            positional += 1
            return f"${positional}"
        if match[1] is None:
            return match[0]
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    text = _PARAMETER.sub(number, sql)
    if positional and names:
        raise ValueError(f"both ? and :name parameters in {sql!r}")
    return _Numbered(text, tuple(names))


@contextmanager
def _failures(conn: PoolConnectionProxy[asyncpg.Record] | None) -> Iterator[None]:
    """asyncpg's errors as the store's: transient ones as ``StorageFailed``."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise ConstraintViolated(one_line(error)) from error
    except asyncpg.PostgresError as error:
        code = error.sqlstate or ""
        if code.startswith(_TRANSIENT_CLASSES) or code in _TRANSIENT_CODES:
            raise StorageFailed(f"PostgreSQL: {one_line(error)}") from error
        raise
    except (OSError, TimeoutError) as error:
        raise StorageFailed(f"PostgreSQL: {one_line(error)}") from error
    except asyncpg.InterfaceError as error:
        if conn is not None and conn.is_closed():
            raise StorageFailed(f"PostgreSQL: {one_line(error)}") from error
        raise


class PostgresSession(Session):
    """Statements on one connection: in the caller's transaction, or (``alone``) each write
    in a transaction of its own.

    Why a write alone gets one: a statement sent to a server that has stopped answering
    waits in its connection, and runs whenever the server resumes, long after it timed out
    here and was reported not stored. In a transaction, what waits is its ``BEGIN`` or its
    statement, never run without the ``COMMIT`` that follows only an answer; the dropped
    connection rolls it back. Only a ``COMMIT`` caught in flight stays in doubt, as with a
    connection lost at that moment.
    """

    def __init__(self, conn: PoolConnectionProxy[asyncpg.Record], *, alone: bool) -> None:
        self._conn = conn
        self._alone = alone

    @asynccontextmanager
    async def _writing(self, sql: str) -> AsyncIterator[None]:
        with _failures(self._conn):
            if not self._alone or _READ.match(sql):
                yield
                return
            async with self._conn.transaction():
                yield

    async def execute(self, sql: str, params: Params = ()) -> None:
        statement = numbered(sql)
        async with self._writing(sql):
            await self._conn.execute(statement.sql, *statement.args(params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        statement = numbered(sql)
        async with self._writing(sql):
            await self._conn.executemany(statement.sql, [statement.args(row) for row in rows])

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        statement = numbered(sql)
        async with self._writing(sql):
            return list(await self._conn.fetch(statement.sql, *statement.args(params)))


class PostgresDatabase(Database):
    """A pool of connections to one PostgreSQL database, shared by every process of the bot.

    Sessions and transactions each take a connection from the pool; a connection the server
    dropped is replaced on the next use, so a restarted server costs the writes that were in
    flight (``StorageFailed``) and nothing after. A server that stops answering (hung, or
    gone without closing its connections) fails each statement, and each wait for a
    connection, after ``command_timeout`` seconds, with ``StorageFailed`` as well.
    """

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, where: str, command_timeout: float) -> None:
        self._pool = pool
        self.where = where
        self._timeout = command_timeout

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        busy_timeout: float,
        command_timeout: float,
        migrations: Sequence[Migration],
        pool_size: int = 10,
    ) -> PostgresDatabase:
        problem = url_problem(url)
        if problem is not None:
            raise StorageUnavailable(f"{problem}.")
        where = described(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                # Connecting and every statement, the server's lock waits among them.
                timeout=command_timeout,
                command_timeout=command_timeout,
                # The server's wait for a lock, as SQLite's busy timeout.
                server_settings={"lock_timeout": f"{round(busy_timeout * 1000)}ms"},
            )
        # ValueError: asyncpg's reading of a URL it cannot use.
        except (
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
            OSError,
            TimeoutError,
            ValueError,
        ) as error:
            raise _unavailable(where, url, error) from None
        failures = (asyncpg.PostgresError, OSError, TimeoutError)
        unavailable = partial(_unavailable, where, url)
        async with opening(pool.close, failures, unavailable), pool.acquire() as conn:
            await _migrate(conn, where, migrations)
        return cls(pool, where, command_timeout)

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[PoolConnectionProxy[asyncpg.Record]]:
        with _failures(None):
            conn = await self._pool.acquire(timeout=self._timeout)
        try:
            yield conn
        finally:
            try:
                await self._pool.release(conn)
            # Resetting the connection failed (a server that stopped answering): the pool
            # dropped it and opens another when needed. What the session did stands as it
            # is: a commit that went through is not reported failed.
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as error:
                log.warning("%s: a connection could not be reset: %s", self.where, one_line(error))

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        async with self._connection() as conn:
            yield PostgresSession(conn, alone=True)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        async with self._connection() as conn:
            with _failures(conn):
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _TRANSACTION)
                    yield PostgresSession(conn, alone=False)


async def _migrate(
    conn: PoolConnectionProxy[asyncpg.Record], where: str, migrations: Sequence[Migration]
) -> None:
    """Bring the schema up to date in one transaction: PostgreSQL changes schemas
    transactionally, so a migration that fails leaves the database as it was."""
    async with conn.transaction():
        await conn.execute(
            "SELECT pg_advisory_xact_lock($1)", _MIGRATING, timeout=_MIGRATING_WITHIN
        )
        # Looked up rather than created if missing, so that a database that is up to date
        # is opened without a write.
        if await conn.fetchval("SELECT to_regclass('spades_migrations')") is None:
            await conn.execute(
                "CREATE TABLE spades_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
            )
        version = await conn.fetchval("SELECT coalesce(max(version), 0) FROM spades_migrations")
        for migration in pending(migrations, version, where=where, setting="DATABASE_URL"):
            await conn.execute(migration.render("postgresql"), timeout=_MIGRATING_WITHIN)
            await conn.execute(
                "INSERT INTO spades_migrations (version, name) VALUES ($1, $2)",
                migration.version,
                migration.name,
            )


def described(url: str) -> str:
    """Which database ``url`` names, for messages: never with its password, even when the
    URL is malformed and the password would land in another part."""
    try:
        parts = urlsplit(masked(url))
        port = parts.port or 5432
    except ValueError:
        return "The PostgreSQL database in DATABASE_URL"
    user = parts.username or "default"
    name = parts.path.lstrip("/") or "the user's own"
    host = parts.hostname or "localhost"
    return f"The PostgreSQL database {name} at {host}:{port} (user {user})"


def _unavailable(where: str, url: str, error: BaseException) -> StorageUnavailable:
    """What to fix, for an error met opening the database ``where`` describes, at ``url``:
    the driver's words with the URL's password masked."""
    said = scrubbed(one_line(error), url)
    if isinstance(
        error, (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError)
    ):
        problem = "refused the user name or password"
        fix = "fix them in DATABASE_URL"
    elif isinstance(error, asyncpg.InvalidCatalogNameError):
        problem = "does not exist"
        fix = "create it (createdb), or fix its name in DATABASE_URL"
    elif isinstance(error, (OSError, TimeoutError, asyncpg.PostgresConnectionError)) or (
        isinstance(error, asyncpg.PostgresError) and (error.sqlstate or "").startswith("57")
    ):
        problem = f"cannot be reached ({said})"
        fix = "start the server, or fix the host and port in DATABASE_URL"
    elif isinstance(error, asyncpg.InsufficientPrivilegeError):
        problem = f"does not let its user create the bot's tables ({said})"
        fix = "grant the user CREATE on the schema, or use another user in DATABASE_URL"
    elif isinstance(error, ValueError):
        problem = f"is not given by a usable URL ({said})"
        fix = "write DATABASE_URL as postgresql://user:password@host:port/database"
    else:
        problem = f"cannot be opened ({said})"
        fix = "check the server and DATABASE_URL"
    return StorageUnavailable(f"{where} {problem}: {fix}.")
