"""Fixtures: a real SQLite database in the test's temporary directory."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.store import Storage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "spades.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(db_path)
    yield opened
    await opened.close()
