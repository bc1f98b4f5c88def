"""Fixtures: every storage test runs on a real SQLite file in the test's temporary folder and on
a real PostgreSQL server (one per session, a fresh schema per test)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.records import MemoryStore, TableStore
from bot.storage.store import Storage
from tests.storage.helpers import BACKENDS, BUSY_TIMEOUT, fresh_location


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "spades.sqlite3"


@pytest.fixture(params=BACKENDS)
async def location(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[str | Path]:
    async with fresh_location(request.param, request, db_path) as where:
        yield where


@pytest.fixture
async def storage(location: str | Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(location, busy_timeout=BUSY_TIMEOUT)
    yield opened
    await opened.close()


@pytest.fixture(params=["memory", *BACKENDS])
async def table_store(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[TableStore]:
    """Each ``TableStore``, in memory, on SQLite and on PostgreSQL: the contract tests that
    take it hold for all of them."""
    if request.param == "memory":
        yield MemoryStore()
        return
    async with fresh_location(request.param, request, db_path) as location:
        storage = await Storage.open(location)
        try:
            yield storage.tables
        finally:
            await storage.close()
