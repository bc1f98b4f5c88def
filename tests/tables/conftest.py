"""Fixtures for the table manager: a manual clock, an in-memory store, a recording presenter."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage.records import MemoryStore
from bot.tables import TableManager, TableSettings
from tests.doubles import ManualClock, RecordingPresenter


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def recorder() -> RecordingPresenter:
    return RecordingPresenter()


@pytest.fixture
async def manager(
    store: MemoryStore, recorder: RecordingPresenter, clock: ManualClock
) -> AsyncIterator[TableManager]:
    manager = TableManager(
        store, presenters=[recorder], settings=TableSettings(bot_delay=0), clock=clock
    )
    yield manager
    await manager.aclose()
