"""Fixtures: every storage test runs on a real SQLite file in the test's temporary folder and on
a real PostgreSQL server (one per session, a fresh schema per test)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
